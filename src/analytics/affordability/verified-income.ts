/**
 * Verified income (docs/analytics.md, "Affordability assessment", step 2): of the candidate streams
 * (income-evidence.ts), only those likely to continue count. A stream counts when it was paid in enough calendar
 * months of the last 13 (the 12 complete months and asOf's), was last paid recently for its rhythm, has no missed
 * payment, and its amounts are stable enough. One-off credits fail the months rule; loans received, own transfers,
 * refunds and the other categories the data file marks `never` are not candidates at all. Each stream carries the
 * reasons it counts or does not.
 */
import { isoDate, londonDay, londonMidnight, monthOfDay, monthIndex } from '../calendar/london.ts';
import { round2, round4 } from '../money.ts';
import type { IncomeStreamAssessment, PolicyBody } from './assessment-schema.ts';
import type { IncomeEvidence, Payment } from './income-evidence.ts';

/** Payments a year per rhythm, over 12: what one payment is worth per month. */
const PER_MONTH: Readonly<Record<string, number>> = { Weekly: 52 / 12, Fortnightly: 26 / 12, FourWeekly: 13 / 12 };
/** Days since the last payment after which a stream is no longer current: its period and about a week more. */
const RECENT_DAYS: Readonly<Record<string, number>> = {
  Weekly: 14,
  Fortnightly: 24,
  FourWeekly: 38,
  Monthly: 42,
  Irregular: 62,
};

/** 1 − coefficient of variation (population), at least 0; 1 for a single value. */
export function stabilityOf(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  if (mean <= 0) return 0;
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length;
  return Math.max(0, 1 - Math.sqrt(variance) / mean);
}

export interface IncomeWindow {
  /** asOf's London month (a month index, calendar/london.ts) */
  asOfMonth: number;
  asOfDay: number;
  /** the complete months of the window, oldest first */
  months: readonly number[];
}

function monthTotals(payments: readonly Payment[], months: readonly number[]): number[] {
  const totals = new Map<number, number>(months.map((m) => [m, 0]));
  for (const p of payments) {
    const m = monthOfDay(londonDay(p.bookedAt));
    const t = totals.get(m);
    if (t !== undefined) totals.set(m, t + p.amount);
  }
  return months.map((m) => totals.get(m) ?? 0);
}

const average = (xs: readonly number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
const pounds = (x: number) => `£${round2(x).toFixed(2)}`;

/** What the stream is worth per month, and how that was worked out. */
function monthlyValue(e: IncomeEvidence, window: IncomeWindow): { amount: number; how: string } {
  if (e.frequency !== 'Irregular') {
    const factor = PER_MONTH[e.frequency] ?? 1;
    const how =
      factor === 1
        ? `${pounds(e.typicalAmount)} a month (median of the last three payments)`
        : `${pounds(e.typicalAmount)} × ${e.frequency === 'Weekly' ? '52' : e.frequency === 'Fortnightly' ? '26' : '13'} / 12 (median of the last three payments)`;
    return { amount: e.typicalAmount * factor, how };
  }
  const totals = monthTotals(e.payments, window.months);
  const all = average(totals);
  const recent = average(totals.slice(-3));
  return {
    amount: Math.min(all, recent),
    how: `the lower of the ${totals.length}-month average ${pounds(all)} and the last three months' ${pounds(recent)}`,
  };
}

export function assessIncomeStream(
  e: IncomeEvidence,
  window: IncomeWindow,
  rules: PolicyBody['income'],
): IncomeStreamAssessment {
  const days = e.payments.map((p) => londonDay(p.bookedAt));
  const lastDay = days.length > 0 ? Math.max(...days) : window.asOfDay;
  const monthsSeen = new Set(days.map(monthOfDay).filter((m) => m >= window.asOfMonth - 12 && m <= window.asOfMonth))
    .size;
  const irregular = e.frequency === 'Irregular';
  const stability = irregular
    ? stabilityOf(monthTotals(e.payments, window.months))
    : stabilityOf(e.payments.slice(-6).map((p) => p.amount));
  const needMonths = irregular ? rules.min_months_seen_irregular : rules.min_months_seen;
  const sinceLast = window.asOfDay - lastDay;
  const recentLimit = RECENT_DAYS[e.frequency] ?? RECENT_DAYS.Irregular ?? 62;
  const failures: string[] = [];
  if (monthsSeen < needMonths)
    failures.push(`paid in ${monthsSeen} of the last 13 months; at least ${needMonths} are needed`);
  if (sinceLast > recentLimit)
    failures.push(
      `last paid ${isoDate(lastDay)}, ${sinceLast} days before the assessment; a ${e.frequency.toLowerCase()} stream must be paid within ${recentLimit}`,
    );
  if (e.missed) failures.push('a scheduled payment since the last one has not arrived');
  if (stability < rules.min_amount_stability)
    failures.push(`amount stability ${round4(stability)} is below the policy's ${rules.min_amount_stability}`);
  const value = monthlyValue(e, window);
  const counted = failures.length === 0 && value.amount > 0;
  const reasons = counted
    ? [
        `paid in ${monthsSeen} of the last 13 months`,
        `last paid ${isoDate(lastDay)}, ${sinceLast} days before the assessment`,
        `amount stability ${round4(stability)}`,
        `counted at ${value.how}`,
      ]
    : failures.length > 0
      ? failures
      : ['no income in the window'];
  return {
    description: e.description,
    type: e.type,
    category: e.category,
    frequency: e.frequency,
    counted,
    monthly_amount: counted ? round2(value.amount) : 0,
    months_seen: monthsSeen,
    last_payment_date: londonMidnight(lastDay),
    amount_stability: round4(stability),
    reasons,
    transaction_ids: e.payments.map((p) => p.id),
  };
}

/** The window of the assessment from asOf and the first month the data covers (month indices). */
export function incomeWindow(asOf: number, months: readonly { year: number; month: number }[]): IncomeWindow {
  const asOfDay = londonDay(asOf);
  return { asOfDay, asOfMonth: monthOfDay(asOfDay), months: months.map((m) => monthIndex(m.year, m.month)) };
}
