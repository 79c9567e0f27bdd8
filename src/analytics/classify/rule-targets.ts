/**
 * Rule targets resolved to category records once, at module load, so classifying a transaction is an array
 * index, not a lookup by id. Loading fails loudly if a target names a category the taxonomy lacks.
 */
import { findCategory } from '../categories/taxonomy.ts';
import type { Category } from '../categories/taxonomy.ts';
import { TARGETS, isTargetKey } from './targets.ts';
import type { TargetKey } from './targets.ts';

export interface ResolvedTarget {
  readonly key: TargetKey;
  /** by slot (slotFor: personal in, personal out, business in, business out); null = the rule has no opinion for that direction and account type */
  readonly categories: readonly (Category | null)[];
}

function resolve(key: TargetKey): ResolvedTarget {
  const spec = TARGETS[key];
  const categories = spec.map((id, slot) => {
    if (id === null) return null;
    const category = findCategory(slot < 2 ? 'Personal' : 'Business', id);
    if (!category) throw new Error(`rule target ${key}: no ${slot < 2 ? 'Personal' : 'Business'} category "${id}"`);
    return category;
  });
  return Object.freeze({ key, categories: Object.freeze(categories) });
}

const resolved = new Map<string, ResolvedTarget>(
  (Object.keys(TARGETS) as TargetKey[]).map((key) => [key, resolve(key)]),
);

/** The resolved target of a key; throws on an unknown key (a bug in a table, caught by the tests). */
export function targetOf(key: string): ResolvedTarget {
  const target = isTargetKey(key) ? resolved.get(key) : undefined;
  if (!target) throw new Error(`unknown rule target "${key}"`);
  return target;
}

/** The slot for an amount on an account type: positive amounts are money in. */
export function slotFor(isBusiness: boolean, amount: number): number {
  return (isBusiness ? 2 : 0) + (amount > 0 ? 0 : 1);
}
