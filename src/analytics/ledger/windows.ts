/**
 * The time windows every figure uses (docs/analytics.md, "Months and windows"). Decisions, Analytics:
 * affordability covers "the 12 complete months before the current one"; the insights use the same rule, so
 * "the last N months" are the N complete calendar months before asOf's month. Months before the data begins
 * are not reported (no data is not the same as zero); months inside the data with no transactions are zero.
 */
import { addMonthsToDay } from '../calendar/months.ts';
import { londonMidnight, monthStartDay } from '../calendar/london.ts';
import type { Ledger } from './ledger.ts';

/** The complete months of the last `n` before asOf's month that the data covers, oldest first. */
export function lastCompleteMonths(ledger: Ledger, n: number): number[] {
  const months: number[] = [];
  for (let m = Math.max(ledger.asOfMonth - n, ledger.firstCoveredMonth); m < ledger.asOfMonth; m++) months.push(m);
  return months;
}

/** Unix seconds of London midnight starting a month. */
function monthStartTime(month: number): number {
  return londonMidnight(monthStartDay(month));
}

/** [from, to] Unix seconds (inclusive) of the last `n` complete months before asOf's month. */
export function windowTimes(ledger: Ledger, n: number): { from: number; to: number } {
  return { from: monthStartTime(ledger.asOfMonth - n), to: monthStartTime(ledger.asOfMonth) - 1 };
}

/** The London day `n` calendar months before asOf's day (the 31st becomes the month's last day when it has none). */
export function dayMonthsBeforeAsOf(ledger: Ledger, n: number): number {
  return addMonthsToDay(ledger.asOfDay, -n);
}
