/**
 * Where the assessment's income comes from: the candidate income streams, each with the facts the verification
 * rules read (verified-income.ts). This file is the one place that reads them out of the insights. The source is
 * the insights' income verification section (`insights.income_verification`, src/analytics/employment/
 * income-verification.ts, docs/decisions/0040-income-verification-section.md); a report stored before that section
 * existed (engine before 2.1.0) falls back to `employment.income_sources`, whose facts are worked out here from the
 * payments.
 */
import { personalCategories } from '../categories/taxonomy.ts';
import { londonDay, londonMidnight, monthIndex, monthOfDay, monthStartDay } from '../calendar/london.ts';
import type { Insights, VerifiedIncomeStream } from '../report-types.ts';

/** One payment: a transaction id, when it was booked (Unix seconds) and its amount (positive). */
export interface Payment {
  id: string;
  bookedAt: number;
  amount: number;
}

export interface IncomeCandidate {
  type: string;
  category: string;
  description: string;
  /** Weekly, Fortnightly, FourWeekly, Monthly, Quarterly or Irregular */
  frequency: string;
  /** what the source says the stream is worth a month */
  monthlyEquivalent: number;
  /** for an irregular stream: its total over the window's complete months ÷ their number; null when unknown */
  windowAverage: number | null;
  /** calendar months of the window's 12 complete months with a payment */
  monthsSeen: number;
  /** Unix seconds, London midnight of the last payment day */
  lastPaymentDate: number;
  /** paid within its period (plus tolerance) and no payment missed */
  active: boolean;
  missedPayments: number;
  /** 0–1, 1 = identical amounts (and timing, when the source measures it) */
  stability: number;
  /** 0–1, how sure the source is of the stream; null when the source does not say */
  confidence: number | null;
  transactionIds: string[];
}

const FREQUENCY: Readonly<Record<string, string>> = {
  weekly: 'Weekly',
  fortnightly: 'Fortnightly',
  four_weekly: 'FourWeekly',
  monthly: 'Monthly',
  last_working_day: 'Monthly',
  quarterly: 'Quarterly',
  irregular: 'Irregular',
};

/** The window: the complete months (month indices, calendar/london.ts) the report's figures cover. */
export interface CandidateWindow {
  asOfDay: number;
  months: readonly number[];
}

/** The window of a report computed as of `asOf` (Unix seconds): the months its Income lists. */
export function candidateWindow(asOf: number, insights: Insights): CandidateWindow {
  return { asOfDay: londonDay(asOf), months: insights.income.monthly_amounts.map((m) => monthIndex(m.year, m.month)) };
}

/** Unix seconds the window's first month starts (London midnight); `asOf` when the window is empty. */
export function windowStartTime(asOf: number, window: CandidateWindow): number {
  const first = window.months[0];
  return first === undefined ? asOf : londonMidnight(monthStartDay(first));
}

/** Unix seconds just before asOf's month starts (the end of the window's last complete month); `asOf` when empty. */
export function windowEndTime(asOf: number, window: CandidateWindow): number {
  const last = window.months[window.months.length - 1];
  return last === undefined ? asOf : londonMidnight(monthStartDay(last + 1)) - 1;
}

function windowAverage(payments: readonly Payment[], window: CandidateWindow): number | null {
  if (window.months.length === 0) return null;
  const inWindow = new Set(window.months);
  const total = payments
    .filter((p) => inWindow.has(monthOfDay(londonDay(p.bookedAt))))
    .reduce((t, p) => t + p.amount, 0);
  return total / window.months.length;
}

function fromVerification(
  s: VerifiedIncomeStream,
  payments: ReadonlyMap<string, Payment>,
  window: CandidateWindow,
): IncomeCandidate {
  const frequency = FREQUENCY[s.frequency] ?? 'Irregular';
  const own = s.transaction_ids.flatMap((id) => payments.get(id) ?? []);
  return {
    type: s.type,
    category: s.category,
    description: s.payer,
    frequency,
    monthlyEquivalent: s.monthly_equivalent,
    windowAverage: frequency === 'Irregular' ? windowAverage(own, window) : null,
    monthsSeen: s.months_seen,
    lastPaymentDate: s.last_payment_date,
    active: s.active,
    missedPayments: s.missed_payments,
    stability: s.stability,
    confidence: s.confidence,
    transactionIds: s.transaction_ids,
  };
}

/** 1 − coefficient of variation (population), at least 0; 1 for a single value. */
export function stabilityOf(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  if (mean <= 0) return 0;
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length;
  return Math.max(0, 1 - Math.sqrt(variance) / mean);
}

const PER_MONTH: Readonly<Record<string, number>> = { Weekly: 52 / 12, Fortnightly: 26 / 12, FourWeekly: 13 / 12 };
/** Days after the last payment a stream of each rhythm stays current: its period and about a week more. */
const CURRENT_DAYS: Readonly<Record<string, number>> = { Weekly: 14, Fortnightly: 24, FourWeekly: 38, Monthly: 42 };

/** A report stored before the income verification section: the employment's income sources, facts from payments. */
function fromIncomeSources(
  insights: Insights,
  payments: ReadonlyMap<string, Payment>,
  window: CandidateWindow,
): IncomeCandidate[] {
  const inWindow = new Set(window.months);
  return (insights.employment.income_sources ?? []).map((s) => {
    const own = s.transaction_ids.flatMap((id) => payments.get(id) ?? []);
    const days = own.map((p) => londonDay(p.bookedAt));
    const lastDay = londonDay(s.last_payment_date);
    const irregular = s.frequency === 'Irregular';
    return {
      type: s.type,
      category: s.category,
      description: s.description,
      frequency: s.frequency,
      monthlyEquivalent: s.amount * (PER_MONTH[s.frequency] ?? 1),
      windowAverage: irregular ? windowAverage(own, window) : null,
      monthsSeen: new Set(days.map(monthOfDay).filter((m) => inWindow.has(m))).size,
      lastPaymentDate: s.last_payment_date,
      active: !s.missed && window.asOfDay - lastDay <= (CURRENT_DAYS[s.frequency] ?? 62),
      missedPayments: s.missed ? 1 : 0,
      stability: stabilityOf(own.slice(-6).map((p) => p.amount)),
      confidence: null,
      transactionIds: s.transaction_ids,
    };
  });
}

/** Income categories with no single payer, counted from their payments when no stream covers them. */
export const CATEGORY_INCOME_IDS: readonly string[] = [
  'self_employment_income',
  'rental_income',
  'maintenance_received',
];
const CATEGORY_TYPE: Readonly<Record<string, string>> = {
  self_employment_income: 'self_employed',
  rental_income: 'rental',
  maintenance_received: 'maintenance',
};
/** An irregular stream is current when paid in the last 45 days (as the income verification section's). */
const IRREGULAR_CURRENT_DAYS = 45;

/** A category's payments as one irregular stream: its monthly totals over the window give its figures. */
function fromCategory(category: string, payments: readonly Payment[], window: CandidateWindow): IncomeCandidate {
  const totals = new Map<number, number>(window.months.map((m) => [m, 0]));
  for (const p of payments) {
    const m = monthOfDay(londonDay(p.bookedAt));
    const t = totals.get(m);
    if (t !== undefined) totals.set(m, t + p.amount);
  }
  const monthly = [...totals.values()];
  const lastDay = Math.max(...payments.map((p) => londonDay(p.bookedAt)));
  return {
    type: CATEGORY_TYPE[category] ?? 'other',
    category,
    description: personalCategories.find((c) => c.id === category)?.name ?? category,
    frequency: 'Irregular',
    monthlyEquivalent: monthly.slice(-3).reduce((a, b) => a + b, 0) / 3,
    windowAverage: windowAverage(payments, window),
    monthsSeen: monthly.filter((t) => t > 0).length,
    lastPaymentDate: londonMidnight(lastDay),
    active: window.asOfDay - lastDay <= IRREGULAR_CURRENT_DAYS,
    missedPayments: 0,
    stability: stabilityOf(monthly),
    confidence: null,
    transactionIds: [...payments].sort((a, b) => a.bookedAt - b.bookedAt).map((p) => p.id),
  };
}

/**
 * The candidate streams. `payments` resolves the streams' transaction ids to the customer's payments (ids it does
 * not know are left out); only irregular streams and old reports need them. `byCategory` holds the payments of
 * CATEGORY_INCOME_IDS in the window: such income, when no stream of the source covers its category, is one
 * candidate of its own (self-employment paid by many clients has no single payer).
 */
export function incomeCandidatesFrom(
  insights: Insights,
  payments: ReadonlyMap<string, Payment>,
  byCategory: ReadonlyMap<string, readonly Payment[]>,
  window: CandidateWindow,
): IncomeCandidate[] {
  const section = insights.income_verification;
  const streams = section
    ? section.streams.map((s) => fromVerification(s, payments, window))
    : fromIncomeSources(insights, payments, window);
  const covered = new Set(streams.map((s) => s.category));
  for (const category of CATEGORY_INCOME_IDS) {
    const found = byCategory.get(category) ?? [];
    if (!covered.has(category) && found.length > 0) streams.push(fromCategory(category, found, window));
  }
  return streams;
}

/** The transaction ids whose payments `incomeCandidatesFrom` reads. */
export function paymentIdsNeeded(insights: Insights): string[] {
  const section = insights.income_verification;
  if (section) return section.streams.filter((s) => s.frequency === 'irregular').flatMap((s) => s.transaction_ids);
  return (insights.employment.income_sources ?? []).flatMap((s) => s.transaction_ids);
}
