/**
 * Reading an array by position when the caller has already established that the position exists
 * (a loop bound, a length check, a sorted group that is never empty). With noUncheckedIndexedAccess
 * on, `items[i]` is `T | undefined`; these say "this cannot be missing" once, and fail loudly if a
 * later change makes it possible, instead of a silent `!` that turns into `undefined` downstream.
 */

/** The element at `index` (negative counts from the end, as Array.prototype.at); throws if there is none. */
export function itemAt<T>(items: readonly T[], index: number): T {
  const item = items.at(index);
  if (item === undefined && !(index < items.length && index >= -items.length)) {
    throw new RangeError(`index ${index} is outside a list of ${items.length}`);
  }
  return item as T;
}

/** The first element of a list the caller knows is not empty. */
export function first<T>(items: readonly T[]): T {
  return itemAt(items, 0);
}

/** The last element of a list the caller knows is not empty. */
export function last<T>(items: readonly T[]): T {
  return itemAt(items, -1);
}
