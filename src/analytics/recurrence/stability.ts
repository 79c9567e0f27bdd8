/**
 * The three stability scores of the spec's Recurring Transactions and Category Trends, each from 0 to 1:
 * - amount stability: 1.0 = identical amounts. 1 − the coefficient of variation (standard deviation ÷ mean of
 *   the absolute amounts), floored at 0: amounts that vary by 10 % of their mean score about 0.9.
 * - frequency stability: 1.0 = identical spacing. The same measure on the gaps in days between consecutive
 *   occurrences (on distinct days); one gap is trivially identical (1.0), none scores 0.
 * - time stability: 1.0 = present in each of the last 12 months. The share of the 12 complete calendar months
 *   before asOf's month with at least one occurrence (always out of 12, so a shorter history scores lower).
 */

export interface Moments {
  mean: number;
  /** population variance */
  variance: number;
}

/** A list of numbers: a plain array or a typed array. */
export type Numbers = ArrayLike<number> & Iterable<number>;

export function moments(values: Numbers): Moments {
  const n = values.length;
  if (n === 0) return { mean: 0, variance: 0 };
  let sum = 0;
  for (const value of values) sum += value;
  const mean = sum / n;
  let squares = 0;
  for (const value of values) squares += (value - mean) ** 2;
  return { mean, variance: squares / n };
}

/** 1 − coefficient of variation of the absolute values, within [0, 1]; 0 for no values or a zero mean. */
export function stabilityOf(values: Numbers): number {
  const n = values.length;
  if (n === 0) return 0;
  let sum = 0;
  for (const value of values) sum += Math.abs(value);
  const mean = sum / n;
  if (mean === 0) return 0;
  let squares = 0;
  for (const value of values) squares += (Math.abs(value) - mean) ** 2;
  return Math.min(1, Math.max(0, 1 - Math.sqrt(squares / n) / mean));
}

export function amountStability(amounts: Numbers): number {
  return stabilityOf(amounts);
}

/** From the distinct days of occurrence, ascending. */
export function frequencyStability(days: Numbers): number {
  if (days.length < 2) return 0;
  const gaps = new Float64Array(days.length - 1);
  let previous: number | null = null;
  let i = 0;
  for (const day of days) {
    if (previous !== null) gaps[i++] = day - previous;
    previous = day;
  }
  return stabilityOf(gaps);
}

/** Share of the 12 months before `asOfMonth` with at least one of `months` (month indices, any order). */
export function timeStability(months: Iterable<number>, asOfMonth: number): number {
  const present = new Set<number>();
  for (const m of months) {
    if (m >= asOfMonth - 12 && m < asOfMonth) present.add(m);
  }
  return present.size / 12;
}
