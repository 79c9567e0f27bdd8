/**
 * Generic product and property words (reference/product-words.json): the words small providers trade under
 * ("… BROADBAND", "… MOBILE LTD", "… LETTINGS", "… ESTATES"), kept as data with their source. Loaded and checked at
 * module load; a malformed file fails loudly. keyword-rules.ts places each group among its rules.
 */
import data from './reference/product-words.json' with { type: 'json' };
import { isTargetKey } from './targets.ts';
import type { TargetKey } from './targets.ts';

/** The kinds of payment keyword-rules.ts names (PAYMENT there; listed here so the two files do not import each other). */
const KINDS = ['card', 'directDebit', 'transfer'] as const;
type PaymentKind = (typeof KINDS)[number];

/** A keyword rule (keyword-rules.ts, KeywordRule) read from the file. */
export interface ProductWordRule {
  readonly target: TargetKey;
  readonly phrases: readonly string[];
  readonly notOn?: readonly PaymentKind[];
  readonly priority?: number;
}

interface RawRule {
  target: string;
  words: string[];
  notOn?: string[];
  priority?: number;
  why?: string;
}

function ruleOf(group: string, raw: RawRule): ProductWordRule {
  if (!isTargetKey(raw.target)) throw new Error(`product-words.json, ${group}: unknown target ${raw.target}`);
  if (!Array.isArray(raw.words) || raw.words.length === 0 || raw.words.some((w) => w !== w.toUpperCase().trim()))
    throw new Error(`product-words.json, ${group}: words must be a non-empty list of upper-case phrases`);
  const notOn = (raw.notOn ?? []).map((k) => {
    const kind = KINDS.find((x) => x === k);
    if (kind === undefined) throw new Error(`product-words.json, ${group}: unknown payment kind ${k}`);
    return kind;
  });
  return {
    target: raw.target,
    phrases: raw.words,
    ...(notOn.length > 0 ? { notOn } : {}),
    ...(raw.priority === undefined ? {} : { priority: raw.priority }),
  };
}

const groups: Readonly<Record<string, readonly RawRule[]>> = data.groups;

/** The rules of one group of the file ("telecoms", "letting", "housing"). */
export function productWordRules(group: 'telecoms' | 'letting' | 'housing'): ProductWordRule[] {
  const raw = groups[group];
  if (raw === undefined) throw new Error(`product-words.json: no group ${group}`);
  return raw.map((r) => ruleOf(group, r));
}

/** Where the words come from (reference/README.md lists it). */
export const productWordsSource: string = data.source;
