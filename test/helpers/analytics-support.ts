/**
 * Builders for the engine's tests (not used by the engine): London times, transaction series and a prepared
 * ledger. Transactions and accounts come from test/helpers/analytics-builders.ts.
 */
import { classifyTransactions } from '../../src/analytics/classify/classify.ts';
import { dayFromCivil, londonMidnight } from '../../src/analytics/calendar/london.ts';
import { inferSalaries } from '../../src/analytics/employment/infer-salary.ts';
import { buildLedger } from '../../src/analytics/ledger/ledger.ts';
import type { Ledger } from '../../src/analytics/ledger/ledger.ts';
import { aTransaction, anAccount } from './analytics-builders.ts';
import type { EngineAccount, EngineTransaction } from '../../src/analytics/types.ts';

export { aTransaction, anAccount };

/** Unix seconds of a London wall-clock time (hours default to noon). */
export function at(year: number, month: number, day: number, hour = 12): number {
  return londonMidnight(dayFromCivil(year, month, day)) + hour * 3600;
}

/** The London day number of a date. */
export function dayOf(year: number, month: number, day: number): number {
  return dayFromCivil(year, month, day);
}

/** One transaction per date, with the same fields otherwise. */
export function series(
  dates: readonly (readonly [number, number, number])[],
  fields: Partial<EngineTransaction>,
): EngineTransaction[] {
  return dates.map(([y, m, d]) => aTransaction({ ...fields, bookedAt: at(y, m, d) }));
}

/** The same day of each month from (year, month) for `count` months; the day is clamped to the month's end. */
export function monthlyDates(year: number, month: number, day: number, count: number): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (let k = 0; k < count; k++) {
    const m = month - 1 + k;
    const y = year + Math.floor(m / 12);
    const mm = (m % 12) + 1;
    const last = new Date(Date.UTC(y, mm, 0)).getUTCDate();
    out.push([y, mm, Math.min(day, last)]);
  }
  return out;
}

/** Every `step` days from a date, `count` times. */
export function everyDays(
  year: number,
  month: number,
  day: number,
  step: number,
  count: number,
): [number, number, number][] {
  const start = Date.UTC(year, month - 1, day);
  return Array.from({ length: count }, (_, k) => {
    const d = new Date(start + k * step * 86_400_000);
    return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()] as [number, number, number];
  });
}

export const CURRENT = anAccount({ id: 'current', accountNumber: '20000012345678' });
export const SAVINGS = anAccount({ id: 'savings', subType: 'Savings', accountNumber: '20000087654321' });

/** Classifies and prepares the ledger as computeReport does (with salary inference). */
export function ledgerOf(
  transactions: EngineTransaction[],
  asOf: number,
  accounts: EngineAccount[] = [CURRENT],
): Ledger {
  const ledger = buildLedger(accounts, transactions, classifyTransactions(transactions, accounts), asOf);
  inferSalaries(ledger);
  return ledger;
}
