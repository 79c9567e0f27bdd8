/**
 * Reading a list by position when the caller has already established that the position exists (a loop
 * bound, a length check, a sorted group that is never empty, a row below a typed column's size). With
 * noUncheckedIndexedAccess on, `items[i]` is `T | undefined`; these say "this cannot be missing" once, and fail
 * loudly if a later change makes it possible, instead of a silent `!` that turns into `undefined` downstream.
 * They take arrays and typed arrays alike.
 */

/** The element at `index` (negative counts from the end, as Array.prototype.at); throws if there is none. */
export function itemAt<T>(items: ArrayLike<T>, index: number): T {
  const i = index < 0 ? items.length + index : index;
  if (!(Number.isInteger(i) && i >= 0 && i < items.length))
    throw new RangeError(`index ${index} is outside a list of ${items.length}`);
  return items[i] as T; // in range: the one place the checked read is asserted
}

/** The first element of a list the caller knows is not empty. */
export function first<T>(items: ArrayLike<T>): T {
  return itemAt(items, 0);
}

/** The last element of a list the caller knows is not empty. */
export function last<T>(items: ArrayLike<T>): T {
  return itemAt(items, -1);
}
