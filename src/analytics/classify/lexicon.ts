/**
 * One token trie over every known phrase: curated payees, keyword rules, gambling operators, councils and
 * brands. Built once at module load; a statement's tokens are scanned left to right, taking the longest phrase
 * at each position, so a description costs a handful of Map lookups whatever the size of the tables.
 *
 * When two sources know the same phrase the higher rank wins: curated > keyword > gambling > council > brand
 * (the curated lists correct the generated ones; keywords beat generated brands named after ordinary words).
 */
import { first, itemAt } from '../../lib/indexing.ts';
import brands from './reference/brands.json' with { type: 'json' };
import councils from './reference/councils.json' with { type: 'json' };
import gambling from './reference/gambling-operators.json' with { type: 'json' };
import { curatedGroups } from './reference/curated.ts';
import { isPersonName } from './reference/person-names.ts';
import { keywordRules } from './keyword-rules.ts';
import { isKeptToken } from './normalize-description.ts';
import { nameTokens } from './normalize-name.ts';
import { targetOf } from './rule-targets.ts';
import type { ResolvedTarget } from './rule-targets.ts';

export const KIND = { merchant: 0, keyword: 1, strong: 2 } as const;
type Kind = (typeof KIND)[keyof typeof KIND];

const RANK = { brand: 1, council: 2, gambling: 3, keyword: 4, curated: 5 } as const;

/** A phrase's meaning. */
export interface Entry {
  readonly target: ResolvedTarget;
  readonly kind: Kind;
  /** display name of the payee; null for keywords */
  readonly merchant: string | null;
  /** a payment intermediary: any other payee in the same text wins */
  readonly weak: boolean;
  /** a one-word generated name, or a curated one that is a common surname: ignored on person-to-person payments */
  readonly personLike: boolean;
  /** a council's bare place name: counts only beside a council word */
  readonly needsCouncilWord: boolean;
  /** own-transfer wording ("TO SAVINGS") */
  readonly ownTransfer: boolean;
  readonly rank: number;
}

interface Node {
  entry: Entry | null;
  next: Map<string, Node> | null;
}

const root = new Map<string, Node>();
/** Every phrase in the trie (for tests and diagnostics). */
export const phrases: string[] = [];

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
}

/**
 * Tokens of a reference name as statement text would produce them; null when normalisation would drop part of
 * it ("VETS 4 PETS" loses the 4 on a statement too, so only the VETS4PETS spelling can match).
 */
function phraseTokens(name: string): string[] | null {
  const tokens = nameTokens(name);
  return tokens.every(isKeptToken) ? tokens : null;
}

function entry(target: ResolvedTarget, kind: Kind, rank: number, extra: Partial<Entry> = {}): Entry {
  return Object.freeze({
    target,
    kind,
    rank,
    merchant: null,
    weak: false,
    personLike: false,
    needsCouncilWord: false,
    ownTransfer: false,
    ...extra,
  });
}

for (const group of curatedGroups) {
  const target = targetOf(group.target);
  for (const line of group.names) {
    const parts = line.split('|');
    const head = first(parts); // split always returns at least one part
    const variants = parts.slice(1);
    const displayOnly = head.startsWith('~');
    const display = displayOnly ? head.slice(1) : head;
    const value = entry(target, KIND.merchant, RANK.curated, { merchant: display, weak: group.weak ?? false });
    const surnameValue = entry(target, KIND.merchant, RANK.curated, {
      merchant: display,
      weak: group.weak ?? false,
      personLike: true,
    });
    for (const name of displayOnly ? variants : [display, ...variants]) {
      const tokens = phraseTokens(name);
      if (tokens) add(tokens, tokens.length === 1 && isPersonName(first(tokens)) ? surnameValue : value);
    }
  }
}

for (const rule of keywordRules) {
  const value = entry(targetOf(rule.target), rule.strong ? KIND.strong : KIND.keyword, RANK.keyword, {
    ownTransfer: rule.ownTransfer ?? false,
  });
  for (const phrase of rule.phrases) {
    const tokens = phraseTokens(phrase);
    if (tokens) add(tokens, value);
  }
}

const gamblingTarget = targetOf('gambling');
for (const [name, display] of gambling.entries as [string, string][]) {
  const tokens = name.split(' ');
  add(
    tokens,
    entry(gamblingTarget, KIND.merchant, RANK.gambling, { merchant: display, personLike: tokens.length === 1 }),
  );
}

const councilTarget = targetOf('council');
for (const [display, full, bare] of councils.councils as [string, string[], string[]][]) {
  const value = entry(councilTarget, KIND.merchant, RANK.council, { merchant: display });
  for (const name of full) add(name.split(' '), value);
  const bareValue = entry(councilTarget, KIND.merchant, RANK.council, { merchant: display, needsCouncilWord: true });
  for (const name of bare) add(name.split(' '), bareValue);
}

for (const [name, display, key] of brands.entries as [string, string, string][]) {
  const tokens = name.split(' ');
  add(tokens, entry(targetOf(key), KIND.merchant, RANK.brand, { merchant: display, personLike: tokens.length === 1 }));
}

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
  keyword: Entry | null;
  ownTransfer: boolean;
}

/** Scans tokens[from..to). */
export function scanTokens(tokens: readonly string[], from: number, to: number): ScanResult {
  const result: ScanResult = { strong: null, merchant: null, merchantStrict: null, keyword: null, ownTransfer: false };
  scanInto(tokens, from, to, result);
  return result;
}

/** Scans tokens[from..to) into `result`, whose members must start empty (null, false). */
export function scanInto(tokens: readonly string[], from: number, to: number, result: ScanResult): void {
  let councilWord = false;
  for (let k = from; k < to; k++) {
    if (COUNCIL_WORDS.has(itemAt(tokens, k))) {
      councilWord = true;
      break;
    }
  }
  // Bacs cuts payee names to 18 characters: "BIRMINGHAM CITY CO", "GLASGOW CITY COUNC".
  if (!councilWord && to - from >= 2 && tokens[to - 2] === 'CITY' && isCouncilStub(itemAt(tokens, to - 1))) {
    councilWord = true;
  }
  let i = from;
  while (i < to) {
    let node = root.get(itemAt(tokens, i));
    let best: Entry | null = null;
    let bestLength = 0;
    for (let j = i; node !== undefined;) {
      const candidate = node.entry;
      if (candidate !== null && (!candidate.needsCouncilWord || councilWord)) {
        best = candidate;
        bestLength = j - i + 1;
      }
      j++;
      if (j >= to || node.next === null) break;
      node = node.next.get(itemAt(tokens, j));
    }
    if (best === null) {
      i++;
      continue;
    }
    record(result, best);
    i += bestLength;
  }
}

function record(result: ScanResult, found: Entry): void {
  if (found.ownTransfer) result.ownTransfer = true;
  if (found.kind === KIND.strong) {
    result.strong ??= found;
  } else if (found.kind === KIND.keyword) {
    result.keyword ??= found;
  } else {
    if (result.merchant === null || (result.merchant.weak && !found.weak)) result.merchant = found;
    if (!found.personLike && (result.merchantStrict === null || (result.merchantStrict.weak && !found.weak))) {
      result.merchantStrict = found;
    }
  }
}
