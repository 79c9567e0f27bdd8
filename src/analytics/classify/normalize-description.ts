/**
 * Statement text → tokens for matching and a normalised description that groups the same payee.
 * "CARD PAYMENT TO TESCO STORES 3217 ON 12 JAN", "TESCO STORES 3217      LEEDS GB" and "tesco stores" all
 * normalise to "TESCO STORES", so recurrence and trend detection see one payee.
 *
 * Written as one pass over the characters plus a pass over the tokens, without per-token regexes: it runs once
 * per distinct description and must stay far below the classifier's 5 µs per transaction budget.
 */
import { itemAt } from '../../lib/indexing.ts';
import councils from './reference/councils.json' with { type: 'json' };
import { LEGAL_FORM_TOKENS, foldToAscii } from './normalize-name.ts';
import { CHANNEL, CODE_FLAG, LEADING_CODE_WORDS, PROTECTED, TRAILING_CODES } from './statement-codes.ts';
import type { Channel } from './statement-codes.ts';

export { CHANNEL, CODE_FLAG };
export type { Channel };

/** The analysed statement text. `tokens[from..to)` are matched on; `normalized` is the grouping key. */
export interface StatementText {
  readonly tokens: readonly string[];
  readonly from: number;
  readonly to: number;
  readonly normalized: string;
  /** how the money moved, when the text says so (DD, SO, BGC, FPO, CPT, ...) */
  readonly channel: Channel;
  /** what the stripped codes say beyond the channel (CODE_FLAG bits) */
  readonly codeFlags: number;
}

const MONTHS = new Set(['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'SEPT', 'OCT', 'NOV', 'DEC']);
/** Numbers that are part of a brand on statements (BET 365, 888 CASINO, 118 118 MONEY). */
const BRAND_NUMBERS = new Set(['365', '888', '118']);
/** Words left dangling by a removed number or date: "ON 12 JAN", "REF 123456", "CD 1234", "12.50 GBP". */
const DANGLING = new Set([
  'ON',
  'REF',
  'REFERENCE',
  'NO',
  'NUMBER',
  'CD',
  'CARD',
  'AT',
  'GBP',
  'EUR',
  'USD',
  'DATE',
  'VALUE',
]);
/** Left over from web addresses (AMAZON.CO.UK, NETFLIX.COM): not part of the payee. */
const WEB_SUFFIXES = new Set(['COM', 'CO', 'NET', 'ORG']);
const COUNTRIES = new Set([
  'GB',
  'GBR',
  'UK',
  'IE',
  'IRL',
  'US',
  'USA',
  'NL',
  'NLD',
  'LU',
  'LUX',
  'DE',
  'DEU',
  'FR',
  'FRA',
  'ES',
  'ESP',
]);
/** Town and council short names, to drop a card terminal's location ("... LEEDS GB"). */
const PLACES: ReadonlySet<string> = new Set(councils.places);
const NON_ASCII = /[\u0080-\uffff]/g;
const APOSTROPHES = /['`]/g;

/**
 * Whether a token survives normalisation on its own merits: pure numbers (store numbers, dates, amounts,
 * references) and long alphanumeric references (4+ digits: masked card numbers, order ids) do not; short
 * mixed tokens do (O2, JET2, BET365, 1ST). Reference names go through the same test so they match.
 */
export function isKeptToken(token: string): boolean {
  let digits = 0;
  for (let i = 0; i < token.length; i++) if (isDigit(token.charCodeAt(i))) digits++;
  if (digits === 0) return !LEGAL_FORM_TOKENS.has(token);
  if (digits === token.length) return BRAND_NUMBERS.has(token);
  return digits < 4 && !isDayMonth(token);
}

/** "12JAN", "3FEB24", "12SEPT": a date written as one token. */
function isDayMonth(token: string): boolean {
  let i = 0;
  while (i < token.length && isDigit(token.charCodeAt(i))) i++;
  if (i === 0 || i > 2) return false;
  let j = i;
  while (j < token.length && !isDigit(token.charCodeAt(j))) j++;
  if (!MONTHS.has(token.slice(i, j))) return false;
  for (let k = j; k < token.length; k++) if (!isDigit(token.charCodeAt(k))) return false;
  return true;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** A–Z, a–z, 0–9. */
function isWordChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
}

// One lookup per alphabetic token instead of three Set probes.
const LEGAL = 1;
const MONTH = 2;
const DANGLES = 4;
const WORD_FLAGS = new Map<string, number>();
for (const word of LEGAL_FORM_TOKENS) WORD_FLAGS.set(word, (WORD_FLAGS.get(word) ?? 0) | LEGAL);
for (const word of MONTHS) WORD_FLAGS.set(word, (WORD_FLAGS.get(word) ?? 0) | MONTH);
for (const word of DANGLING) WORD_FLAGS.set(word, (WORD_FLAGS.get(word) ?? 0) | DANGLES);
/**
 * The lengths and first letters of those words, as `length * 32 + (first letter & 31)`: a token of another shape
 * (most of them) has no flags, found without hashing it.
 */
const LONGEST_FLAGGED = Math.max(...[...WORD_FLAGS.keys()].map((word) => word.length));
const FLAGGED_SHAPES = new Uint8Array((LONGEST_FLAGGED + 1) * 32);
for (const word of WORD_FLAGS.keys()) FLAGGED_SHAPES[word.length * 32 + (word.charCodeAt(0) & 31)] = 1;

function wordFlags(token: string): number {
  if (token.length > LONGEST_FLAGGED || FLAGGED_SHAPES[token.length * 32 + (token.charCodeAt(0) & 31)] !== 1) return 0;
  return WORD_FLAGS.get(token) ?? 0;
}
/** The longest brand number: longer numbers are dropped without a lookup. */
const LONGEST_BRAND_NUMBER = Math.max(...[...BRAND_NUMBERS].map((number) => number.length));

/**
 * The tokens of the text being analysed. Reused from call to call: the classifier reads them right away and
 * keeps only the results, which saves two arrays per distinct description (the batch's largest allocation).
 */
const scratchTokens: string[] = [];
const scratchGaps: boolean[] = [];
/** The WORD_FLAGS of each scratch token (0 for a token with digits). */
const scratchFlags: number[] = [];

/**
 * Splits, drops numbers, dates, references and legal forms; fills the scratch arrays; returns the count.
 * ASCII text is read as it is, upper-casing only the tokens that need it, so the common all-capitals statement
 * line costs no copy; text with other characters is folded first (accents, curly apostrophes) and read again.
 */
function tokenize(raw: string): number {
  const count = tokenizeAscii(raw);
  return count >= 0
    ? count
    : tokenizeAscii(
        foldToAscii(raw)
          .replace(/[\u2018\u2019]/g, "'")
          .replace(NON_ASCII, ' '),
      );
}

/** tokenize() for ASCII text; -1 at the first character outside ASCII. */
function tokenizeAscii(text: string): number {
  let count = 0;
  let gap = false; // a multi-space run or a removed number precedes the next kept token
  let droppedNumber = false;
  let droppedDay = false;
  let spaces = 0;
  const length = text.length;
  let i = 0;
  while (i < length) {
    let c = text.charCodeAt(i);
    let token: string;
    let digits = 0;
    if (isWordChar(c)) {
      const start = i;
      let lower = false;
      let apostrophe = false;
      do {
        if (c <= 57) digits++;
        else if (c >= 97) lower = true;
        i++;
        c = i < length ? text.charCodeAt(i) : 0;
        // An apostrophe inside a word joins it: SAINSBURY'S → SAINSBURYS.
        if ((c === 39 || c === 96) && i + 1 < length && isWordChar(text.charCodeAt(i + 1))) {
          apostrophe = true;
          i++;
          c = text.charCodeAt(i);
        }
      } while (isWordChar(c));
      token = text.slice(start, i);
      if (apostrophe) token = token.replace(APOSTROPHES, '');
      if (lower) token = token.toUpperCase();
      spaces = 0;
    } else {
      i++;
      if (c === 32) {
        if (++spaces >= 2) gap = true;
        continue;
      }
      if (c > 127) return -1;
      spaces = 0;
      if (c !== 38) continue;
      token = 'AND'; // "&": M&S, M & S and M AND S agree
    }
    let keep: boolean;
    let flags = 0;
    if (digits === 0) {
      flags = wordFlags(token);
      if (flags !== 0) {
        if ((flags & LEGAL) !== 0) continue;
        if (((flags & MONTH) !== 0 && droppedDay) || ((flags & DANGLES) !== 0 && droppedNumber)) {
          droppedDay = false;
          continue;
        }
      }
      keep = true;
    } else if (digits === token.length) {
      keep = token.length <= LONGEST_BRAND_NUMBER && BRAND_NUMBERS.has(token);
    } else {
      keep = digits < 4 && !isDayMonth(token);
    }
    if (!keep) {
      if (count > 0 && (itemAt(scratchFlags, count - 1) & DANGLES) !== 0) count--;
      droppedNumber = true;
      droppedDay = token.length <= 2;
      gap = true;
      continue;
    }
    scratchTokens[count] = token;
    scratchGaps[count] = gap;
    scratchFlags[count] = flags;
    count++;
    gap = false;
    droppedNumber = false;
    droppedDay = false;
  }
  return count;
}

/** A statement text's analysis in reusable storage: valid until the next call (the classifier's fast path: ByTokens). */
export interface ScratchText {
  /** shared scratch array: read only `tokens[from..to)`, and only before the next call */
  tokens: readonly string[];
  from: number;
  to: number;
  normalized: string;
  channel: Channel;
  codeFlags: number;
}

const scratchResult: ScratchText = {
  tokens: scratchTokens,
  from: 0,
  to: 0,
  normalized: '',
  channel: CHANNEL.none,
  codeFlags: 0,
};

/** Analyse one statement text. */
export function analyzeStatementText(raw: string): StatementText {
  finish(scratchTokens, scratchGaps, tokenize(raw), scratchResult);
  return { ...scratchResult, tokens: scratchTokens.slice(0, scratchResult.to) };
}

/** A hash of the scratch tokens [0, count) and the gaps before them, kept a small integer for fast Map keys. */
function scratchHash(count: number): number {
  let hash = count;
  for (let k = 0; k < count; k++) {
    const token = itemAt(scratchTokens, k);
    hash = (Math.imul(hash, 31) + (scratchGaps[k] === true ? 2 : 1)) & 0x3fffffff;
    for (let c = 0; c < token.length; c++) hash = (Math.imul(hash, 31) + token.charCodeAt(c)) & 0x3fffffff;
  }
  return hash;
}

interface TokensSeen<T> {
  tokens: readonly string[];
  gaps: readonly boolean[];
  value: T;
}

/** Whether the scratch tokens [0, count) and their gaps are those seen. */
function isScratch(seen: TokensSeen<unknown>, count: number): boolean {
  if (seen.tokens.length !== count) return false;
  for (let k = 0; k < count; k++) {
    if (seen.tokens[k] !== scratchTokens[k] || seen.gaps[k] !== scratchGaps[k]) return false;
  }
  return true;
}

/**
 * Values made once per distinct list of tokens (with the gaps before them) that statement texts split into: texts
 * that differ only in what tokenizing drops (dates, store and card numbers, references: "CPT HALIFAX HORSFORTH
 * 20NOV24 CD 4417" and "... 22NOV24 ...") share one, and the rest of the analysis runs once for them. Everything
 * after tokenizing (finish, and the lexicon scan of text-analysis.ts) reads the tokens and gaps alone. In the
 * evaluation set about nine distinct texts in ten repeat an earlier one's tokens.
 */
export class ByTokens<T> {
  readonly #seen = new Map<number, TokensSeen<T>[]>();

  /** The value for the tokens of `raw`: made by `make` from their analysis (valid during the call) when first seen. */
  get(raw: string, make: (text: ScratchText) => T): T {
    const count = tokenize(raw);
    const hash = scratchHash(count);
    let seen = this.#seen.get(hash);
    if (seen === undefined) this.#seen.set(hash, (seen = []));
    for (const entry of seen) if (isScratch(entry, count)) return entry.value;
    const tokens = scratchTokens.slice(0, count);
    const gaps = scratchGaps.slice(0, count);
    finish(scratchTokens, scratchGaps, count, scratchResult);
    const value = make(scratchResult);
    seen.push({ tokens, gaps, value });
    return value;
  }
}

/** Whether the code word at `at` begins a protected name that the text goes on with ("BP CONNECT"). */
function isProtected(kept: readonly string[], at: number, to: number): boolean {
  if (at + 1 >= to) return false;
  const tails = PROTECTED.get(itemAt(kept, at))?.get(itemAt(kept, at + 1));
  if (tails === undefined) return false;
  for (const tail of tails) {
    if (at + 2 + tail.length > to) continue;
    let k = 0;
    while (k < tail.length && kept[at + 2 + k] === tail[k]) k++;
    if (k === tail.length) return true;
  }
  return false;
}

/** Strips transaction codes at both ends and the location at the end. */
function finish(kept: readonly string[], gapBefore: readonly boolean[], count: number, out: ScratchText): void {
  let from = 0;
  let to = count;
  let channel: Channel = CHANNEL.none;
  let codeFlags = 0;

  // Leading codes, longest phrase first ("DIRECT DEBIT PAYMENT TO", "CARD PAYMENT TO", "DD"); never the last token,
  // and never when the code starts a name ("BP CONNECT", "SO ENERGY").
  for (;;) {
    let matched = 0;
    let matchedChannel: Channel = CHANNEL.none;
    let matchedFlags = 0;
    // word n of a code phrase is kept[from + n - 1]; the phrase never takes the last token
    let word = from + 1 < to ? LEADING_CODE_WORDS.get(itemAt(kept, from)) : undefined;
    for (let n = 1; word !== undefined && from + n < to; n++) {
      if (word.channel !== null && !isProtected(kept, from + n - 1, to)) {
        matched = n;
        matchedChannel = word.channel;
        matchedFlags = word.flags;
      }
      word = word.next?.get(itemAt(kept, from + n));
    }
    if (matched === 0) break;
    if (channel === CHANNEL.none) channel = matchedChannel;
    codeFlags |= matchedFlags;
    from += matched;
  }
  while (to - from > 1) {
    const word = itemAt(kept, to - 1);
    const code = TRAILING_CODES.get(word);
    if (code === undefined) break;
    if (channel === CHANNEL.none) channel = code;
    if (word === 'TFR') codeFlags |= CODE_FLAG.ownTransfer;
    to--;
  }

  let end = to;
  let sawCountry = false;
  for (;;) {
    if (end - from > 1 && COUNTRIES.has(itemAt(kept, end - 1))) sawCountry = true;
    else if (!(end - from > 1 && WEB_SUFFIXES.has(itemAt(kept, end - 1)))) break;
    end--;
  }
  if (end - from > 2 && (sawCountry || gapBefore[end - 2]) && PLACES.has(`${kept[end - 2]} ${kept[end - 1]}`)) {
    end -= 2;
  } else if (end - from > 1 && (sawCountry || gapBefore[end - 1]) && PLACES.has(itemAt(kept, end - 1))) {
    end -= 1;
  }

  out.from = from;
  out.to = to;
  // One flat string (join), not a chain of concatenations: it keys several maps per transaction downstream
  // (grouping, mirrored returns), and a flat string hashes and compares without walking the chain.
  out.normalized = kept.slice(from, end).join(' ');
  out.channel = channel;
  out.codeFlags = codeFlags;
}

/** The normalised description alone (upper-case tokens separated by single spaces; "" for empty text). */
export function normalizeDescription(raw: string): string {
  return analyzeStatementText(raw).normalized;
}
