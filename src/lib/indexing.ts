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
  // `i >>> 0 === i` holds exactly for the whole numbers 0 … 2³²−1: one test instead of Number.isInteger and a sign check
  if (i >>> 0 !== i || i >= items.length) throw new RangeError(`index ${index} is outside a list of ${items.length}`);
  return items[i] as T; // in range: the one place the checked read is asserted
}

/** The numeric columns of src/analytics (ledger, month matrix, series): the typed arrays it allocates. */
export type NumericColumn = Float64Array | Int32Array | Int16Array | Uint8Array;

/**
 * The value at `index` of a numeric column (as itemAt, without negative positions); throws if there is none.
 * It is itemAt for typed arrays alone, kept apart for speed: a read site V8 has seen with a few kinds of array
 * stays fast, one that sees every kind (itemAt serves lists of objects, strings and numbers too) becomes a
 * generic lookup several times slower, and the engine reads its columns millions of times a report.
 */
export function valueAt(column: NumericColumn, index: number): number {
  if (index >>> 0 !== index || index >= column.length)
    throw new RangeError(`index ${index} is outside a column of ${column.length}`);
  return column[index] as number; // in range, as itemAt
}

/** The first element of a list the caller knows is not empty. */
export function first<T>(items: ArrayLike<T>): T {
  return itemAt(items, 0);
}

/** The last element of a list the caller knows is not empty. */
export function last<T>(items: ArrayLike<T>): T {
  return itemAt(items, -1);
}
