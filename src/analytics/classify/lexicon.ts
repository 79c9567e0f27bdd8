/**
 * One token trie over every known phrase: the knowledge lists, keyword rules, gambling operators, councils and
 * brands (lexicon-sources.ts). Built once at module load; a statement's tokens are scanned left to right, taking
 * the longest phrase at each position, so a description costs a handful of Map lookups whatever the size of the
 * tables.
 *
 * When two sources know the same phrase the higher rank wins: knowledge > keyword > gambling > council > brand
 * (our lists correct the generated ones; keywords beat generated brands named after ordinary words).
 *
 * Spacing is not trusted: banks and terminals insert or drop spaces between words ("WAGEDAY ADVANCE" for Wage
 * Day Advance, "LENDING STREAM" beside LENDINGSTREAM). Every phrase is also indexed with its spaces removed, and
 * the scan tries the statement's next few tokens joined, so either spelling finds the other without listing it.
 */
import { itemAt } from '../../lib/indexing.ts';
import { KIND, RANK, makeEntry } from './lexicon-entry.ts';
import type { Entry } from './lexicon-entry.ts';
import { addSourcePhrases } from './lexicon-sources.ts';
import { nameTokens } from './normalize-name.ts';
import { targetOf } from './rule-targets.ts';

export type { Entry };

interface Node {
  entry: Entry | null;
  next: Map<string, Node> | null;
}

const root = new Map<string, Node>();
/** Every phrase in the trie (for tests and diagnostics). */
export const phrases: string[] = [];

/** Phrases with their spaces removed ("WAGEDAYADVANCE"); only keys this long, shorter ones join by accident. */
const squashed = new Map<string, Entry>();
/** The squashed keys by squashHash, so the scan finds one without building strings (a list on a collision). */
const squashedByHash = new Map<number, string | string[]>();
const MIN_SQUASHED_LENGTH = 6;
/** How many statement tokens may make up one squashed phrase. */
const MAX_SQUASHED_TOKENS = 4;
let maxSquashedLength = 0;
/** The first four characters of every squashed phrase as a number (headCode): most positions begin none. */
const squashedHeads = new Set<number>();

/** One step of the hash of a squashed key, kept a small integer so Map lookups stay fast. */
function hashStep(hash: number, charCode: number): number {
  return (Math.imul(hash, 31) + charCode) & 0x3fffffff;
}

function squashHash(key: string): number {
  let hash = 0;
  for (let c = 0; c < key.length; c++) hash = hashStep(hash, key.charCodeAt(c));
  return hash;
}

/** Whether tokens[i..i+count) joined spell `key` (whose length the caller has checked). */
function spells(key: string, tokens: readonly string[], i: number, count: number): boolean {
  let at = 0;
  for (let k = i; k < i + count; k++) {
    const token = itemAt(tokens, k);
    for (let c = 0; c < token.length; c++) if (token.charCodeAt(c) !== key.charCodeAt(at++)) return false;
  }
  return true;
}

/** The squashed entry tokens[i..i+count) spell, given their hash and joined length. */
function squashedAt(tokens: readonly string[], i: number, count: number, hash: number, length: number): Entry | null {
  const keys = squashedByHash.get(hash);
  if (keys === undefined) return null;
  for (const key of typeof keys === 'string' ? [keys] : keys) {
    if (key.length === length && spells(key, tokens, i, count)) return squashed.get(key) ?? null;
  }
  return null;
}

/** Four characters of tokens[i..to) read on across tokens, as one number; -1 when the text is shorter. */
function headCode(tokens: readonly string[], i: number, to: number): number {
  let code = 0;
  let n = 0;
  for (let k = i; k < to && n < 4; k++) {
    const token = itemAt(tokens, k);
    for (let c = 0; c < token.length && n < 4; c++, n++) code = code * 64 + (token.charCodeAt(c) & 63);
  }
  return n === 4 ? code : -1;
}

function add(tokens: readonly string[], entry: Entry): void {
  let level = root;
  let node: Node | undefined;
  for (const token of tokens) {
    if (node) level = node.next ??= new Map(); // below the previous token's node
    node = level.get(token);
    if (!node) {
      node = { entry: null, next: null };
      level.set(token, node);
    }
  }
  if (node === undefined) return; // no tokens
  if (!node.entry) phrases.push(tokens.join(' '));
  if (!node.entry || node.entry.rank < entry.rank) node.entry = entry;
  const key = tokens.join('');
  if (key.length < MIN_SQUASHED_LENGTH) return;
  const current = squashed.get(key);
  if (!current || current.rank < entry.rank) squashed.set(key, entry);
  if (current === undefined) {
    const hash = squashHash(key);
    const others = squashedByHash.get(hash);
    squashedByHash.set(hash, others === undefined ? key : [...(typeof others === 'string' ? [others] : others), key]);
  }
  maxSquashedLength = Math.max(maxSquashedLength, key.length);
  squashedHeads.add(headCode([key], 0, 1));
}

addSourcePhrases(add);

/** The bank's fee for a returned item: returned-payment wording beside a fee word ("UNPAID DD BRITISH GAS FEE"). */
const RETURNED_ITEM_FEE = makeEntry(targetOf('bank_charges'), KIND.strong, RANK.keyword);

/** Words that make a bare council name count ("LB CAMDEN", "LEEDS CC", "CARDIFF CTAX"). */
const COUNCIL_WORDS = new Set([
  'COUNCIL',
  'CC',
  'BC',
  'DC',
  'MBC',
  'CBC',
  'RBC',
  'LBC',
  'LB',
  'RB',
  'RBK',
  'CTAX',
  'TAX',
  'NNDR',
  'RATES',
  'BOROUGH',
  'DISTRICT',
  'CORPORATION',
  'MDC',
  'CNCL',
]);

/** A cut-off "COUNCIL" at the end of a truncated text (C, CO, COU, COUN, COUNC, COUNCI). */
function isCouncilStub(token: string): boolean {
  return token.length < 7 && 'COUNCIL'.startsWith(token);
}

/** What a scan of one statement text found. */
export interface ScanResult {
  strong: Entry | null;
  /** best payee; strong payees first, then the leftmost */
  merchant: Entry | null;
  /** best payee that is not a one-word generated name (for person-to-person transfers) */
  merchantStrict: Entry | null;
  /** best keyword: highest priority, then leftmost */
  keyword: Entry | null;
  /** best keyword that speaks on every kind of payment (for when `keyword` is silent on this one) */
  keywordPlain: Entry | null;
  ownTransfer: boolean;
  /** the text's own words say it is an own transfer ("TO SAVINGS", "SAVINGS POT", "OWN ACCOUNT"); a TFR code alone does not */
  ownTransferWords: boolean;
  /** among them, words that name savings ("TO SAVINGS", "CASH ISA", "SAVINGS POT", "ROUND UP") */
  savingsWords: boolean;
  /** a fee word was found */
  fee: boolean;
}

/** Scans tokens[from..to). */
function scanTokens(tokens: readonly string[], from: number, to: number): ScanResult {
  const result: ScanResult = {
    strong: null,
    merchant: null,
    merchantStrict: null,
    keyword: null,
    keywordPlain: null,
    ownTransfer: false,
    ownTransferWords: false,
    savingsWords: false,
    fee: false,
  };
  scanInto(tokens, from, to, result);
  return result;
}

function hasCouncilWord(tokens: readonly string[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const token = itemAt(tokens, k);
    if (COUNCIL_WORDS.has(token)) return true;
    // Bacs cuts payee names to 18 characters: "BIRMINGHAM CITY CO", "GLASGOW CITY COUNC", and a reference may
    // follow ("BRISTOL CITY COUNC HB 123"); a stub of one or two letters counts only at the very end.
    if (k > from && tokens[k - 1] === 'CITY' && isCouncilStub(token) && (token.length >= 3 || k === to - 1)) {
      return true;
    }
  }
  return false;
}

/** Reused by scanInto: the match found at one position. */
const found = { entry: null as Entry | null, length: 0 };

/** The longest phrase starting at tokens[i], exact or with its spacing changed, into `found`. */
function matchAt(tokens: readonly string[], i: number, to: number, councilWord: boolean): void {
  found.entry = null;
  found.length = 0;
  let node = root.get(itemAt(tokens, i));
  for (let j = i; node !== undefined;) {
    const candidate = node.entry;
    if (candidate !== null && (!candidate.needsCouncilWord || councilWord)) {
      found.entry = candidate;
      found.length = j - i + 1;
    }
    j++;
    if (j >= to || node.next === null) break;
    node = node.next.get(itemAt(tokens, j));
  }
  // The same tokens joined: a longer joined match wins, an equal one leaves the exact match.
  const most = Math.min(MAX_SQUASHED_TOKENS, to - i);
  if (found.length >= most || !squashedHeads.has(headCode(tokens, i, to))) return;
  let hash = 0;
  let length = 0;
  for (let k = 0; k < most; k++) {
    const token = itemAt(tokens, i + k);
    for (let c = 0; c < token.length; c++) hash = hashStep(hash, token.charCodeAt(c));
    length += token.length;
    if (length > maxSquashedLength) break;
    if (k < found.length || length < MIN_SQUASHED_LENGTH) continue;
    const candidate = squashedAt(tokens, i, k + 1, hash, length);
    if (candidate !== null && (!candidate.needsCouncilWord || councilWord)) {
      found.entry = candidate;
      found.length = k + 1;
    }
  }
}

/** Scans tokens[from..to) into `result`, whose members must start empty (null, false). */
export function scanInto(tokens: readonly string[], from: number, to: number, result: ScanResult): void {
  const councilWord = hasCouncilWord(tokens, from, to);
  let i = from;
  while (i < to) {
    matchAt(tokens, i, to, councilWord);
    if (found.entry === null) {
      const word = runTogetherWord(itemAt(tokens, i));
      if (word !== null) record(result, word);
      i++;
      continue;
    }
    record(result, found.entry);
    i += found.length;
  }
  if (result.fee && result.strong?.target.key === 'returned_direct_debit') result.strong = RETURNED_ITEM_FEE;
}

/** The shortest token worth splitting, the shortest keyword found inside one, and the least left beside it. */
const MIN_RUN_TOGETHER = 8;
const MIN_INNER_WORD = 5;
const MIN_REST = 5;

/**
 * A keyword at the end of a token that matched nothing: a payee written without spaces ("COUNTYFIBRE",
 * "WESTCOUNTRYBROADBAND", "SOUTHWESTWATER") keeps its known product word. Only keyword entries (product,
 * property and bill words of the keyword rules and reference/product-words.json), of at least five letters, with
 * at least five letters before them: names of payees already match run together through the squashed index
 * (matchAt), and shorter words sit inside too many ordinary ones ("AUTOMOBILE" is no phone contract).
 */
function runTogetherWord(token: string): Entry | null {
  if (token.length < MIN_RUN_TOGETHER) return null;
  for (let start = MIN_REST; start <= token.length - MIN_INNER_WORD; start++) {
    const entry = root.get(token.slice(start))?.entry;
    if (entry && entry.kind === KIND.keyword && !entry.needsCouncilWord) return entry;
  }
  return null;
}

function record(result: ScanResult, entry: Entry): void {
  if (entry.ownTransfer) {
    result.ownTransfer = result.ownTransferWords = true;
    if (entry.target.key === 'savings') result.savingsWords = true;
  }
  if (entry.fee) result.fee = true;
  if (entry.kind === KIND.strong) {
    result.strong ??= entry;
  } else if (entry.kind === KIND.keyword) {
    if (result.keyword === null || entry.priority > result.keyword.priority) result.keyword = entry;
    if (entry.notOn === 0 && (result.keywordPlain === null || entry.priority > result.keywordPlain.priority)) {
      result.keywordPlain = entry;
    }
  } else {
    if (result.merchant === null || (result.merchant.weak && !entry.weak)) result.merchant = entry;
    if (!entry.personLike && (result.merchantStrict === null || (result.merchantStrict.weak && !entry.weak))) {
      result.merchantStrict = entry;
    }
  }
}

/** The payee a phrase names on its own ("BP"), or null. */
export function payeeNamed(phrase: string): Entry | null {
  const tokens = nameTokens(phrase);
  return scanTokens(tokens, 0, tokens.length).merchant;
}
