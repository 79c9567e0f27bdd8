/**
 * `employment.income_sources` (ours, docs/analytics.md "Employment"): every salary, pension and benefit stream
 * (income-streams.ts) last paid in the last 12 months (the 12 complete months before asOf's month, the window of
 * every other figure) or in asOf's month and recurring, so a lender sees each source of income with its
 * rhythm, its usual amount and whether it has stopped. Salaries first, then pensions, then benefits; within each,
 * the largest first.
 */
import { first, last } from '../../lib/indexing.ts';
import { londonMidnight, monthOfDay } from '../calendar/london.ts';
import { transactionOf } from '../ledger/ledger.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { dayMonthsBeforeAsOf } from '../ledger/windows.ts';
import { round2 } from '../money.ts';
import type { IncomeSource, IncomeSourceFrequency } from '../report-types.ts';
import { isRegular } from './income-streams.ts';
import type { IncomeStream } from './income-streams.ts';

/** Monthly includes pay on the last working day; quarterly and yearly streams have no value here. */
const FREQUENCY: Readonly<Record<string, IncomeSourceFrequency>> = {
  weekly: 'Weekly',
  fortnightly: 'Fortnightly',
  four_weekly: 'FourWeekly',
  monthly: 'Monthly',
};
const LISTED_RHYTHMS = new Set(['weekly', 'fortnightly', 'four_weekly', 'monthly', 'quarterly']);
const TYPE_ORDER: Readonly<Record<IncomeStream['kind'], number>> = { salary: 0, pension: 1, benefit: 2 };

function toIncomeSource(ledger: Ledger, stream: IncomeStream): IncomeSource {
  const frequency = (isRegular(stream) ? FREQUENCY[stream.cadence] : undefined) ?? 'Irregular';
  const next = frequency === 'Irregular' ? null : stream.nextExpectedDay;
  return {
    type: stream.kind,
    category: stream.categoryId,
    description: stream.payer,
    frequency,
    amount: round2(stream.typicalAmount),
    last_payment_date: londonMidnight(last(stream.days)),
    next_expected_date: next === null ? null : londonMidnight(next),
    missed: frequency !== 'Irregular' && stream.missed.length > 0,
    transaction_ids: stream.rows.map((r) => transactionOf(ledger, r).id),
  };
}

/**
 * A source recurs: it has a rhythm (weekly to quarterly), or two or more payments in the 3 months before asOf
 * (Irregular). A single payment, or a yearly one (Winter Fuel Payment), is a one-off, not a source.
 */
function isSource(stream: IncomeStream, since: number): boolean {
  if (isRegular(stream) && LISTED_RHYTHMS.has(stream.cadence)) return true;
  return stream.days.filter((d) => d >= since).length >= 2;
}

export function listIncomeSources(ledger: Ledger, streams: readonly IncomeStream[]): IncomeSource[] {
  const fromMonth = ledger.asOfMonth - 12;
  const threeMonthsAgo = dayMonthsBeforeAsOf(ledger, 3);
  return streams
    .filter((s) => monthOfDay(last(s.days)) >= fromMonth && isSource(s, threeMonthsAgo))
    .map((s) => ({ stream: s, source: toIncomeSource(ledger, s) }))
    .sort(
      (a, b) =>
        TYPE_ORDER[a.stream.kind] - TYPE_ORDER[b.stream.kind] ||
        b.source.amount - a.source.amount ||
        first(a.stream.days) - first(b.stream.days) ||
        (a.stream.key < b.stream.key ? -1 : a.stream.key > b.stream.key ? 1 : 0),
    )
    .map(({ source }) => source);
}
