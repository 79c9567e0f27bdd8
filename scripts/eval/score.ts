/**
 * The evaluation's scoring functions (docs/evaluation.md defines every metric). Pure: a persona's expansion
 * (engine input + hand labels) and the engine's report in, counts out. scripts/eval.ts adds them up and prints.
 */
import { personalCategories } from '../../src/analytics/categories/taxonomy.ts';
import type { Report } from '../../src/analytics/report-types.ts';
import type { EngineTransaction } from '../../src/analytics/types.ts';
import type { TransactionLabel } from '../../test/fixtures/eval/model.ts';
import { inRecurrenceWindow, lastMonths, londonMonthIndex, monthIndex } from './windows.ts';

/** What the scorer needs of one persona: its transactions, their labels, the asOf and the account kinds. */
export interface Labelled {
  personaId: string;
  asOf: number;
  transactions: readonly EngineTransaction[];
  labels: ReadonlyMap<string, TransactionLabel>;
}

export interface Ratio {
  hit: number;
  of: number;
}

export const ratio = (r: Ratio): number => (r.of === 0 ? 1 : r.hit / r.of);
export const addRatio = (a: Ratio, b: Ratio): Ratio => ({ hit: a.hit + b.hit, of: a.of + b.of });
export const ZERO: Ratio = { hit: 0, of: 0 };

export function labelOf(l: Labelled, id: string): TransactionLabel {
  const label = l.labels.get(id);
  if (!label) throw new Error(`${l.personaId}: transaction ${id} has no label`);
  return label;
}

// ---- 1. Category agreement ----------------------------------------------------------------------------------

export interface CategoryMismatch {
  personaId: string;
  transactionId: string;
  text: string;
  amount: number;
  label: string;
  got: string;
}

export interface CategoryScore {
  byMoney: Ratio;
  byCount: Ratio;
  mismatches: CategoryMismatch[];
}

export function scoreCategories(l: Labelled, got: ReadonlyMap<string, string>): CategoryScore {
  const byMoney = { hit: 0, of: 0 };
  const byCount = { hit: 0, of: 0 };
  const mismatches: CategoryMismatch[] = [];
  for (const t of l.transactions) {
    const label = labelOf(l, t.id).category;
    const predicted = got.get(t.id) ?? '(missing)';
    const money = Math.abs(t.amount);
    byMoney.of += money;
    byCount.of += 1;
    if (predicted === label) {
      byMoney.hit += money;
      byCount.hit += 1;
    } else {
      mismatches.push({
        personaId: l.personaId,
        transactionId: t.id,
        text: t.description,
        amount: t.amount,
        label,
        got: predicted,
      });
    }
  }
  return { byMoney, byCount, mismatches };
}

export interface Confusion {
  label: string;
  got: string;
  money: number;
  count: number;
  example: string;
}

/** The confusions label → got, largest money first. */
export function topConfusions(mismatches: readonly CategoryMismatch[], n: number): Confusion[] {
  const byPair = new Map<string, Confusion>();
  for (const m of mismatches) {
    const key = `${m.label}→${m.got}`;
    const c = byPair.get(key) ?? { label: m.label, got: m.got, money: 0, count: 0, example: m.text };
    c.money += Math.abs(m.amount);
    c.count += 1;
    byPair.set(key, c);
  }
  return [...byPair.values()].sort((a, b) => b.money - a.money || b.count - a.count).slice(0, n);
}

// ---- 4. Own transfers -----------------------------------------------------------------------------------------

const OWN = new Set(['internal_transfer_in', 'internal_transfer_out']);

export interface PrecisionRecall {
  truePositives: number;
  predicted: number;
  truth: number;
}

export const precision = (p: PrecisionRecall): number => (p.predicted === 0 ? 1 : p.truePositives / p.predicted);
export const recall = (p: PrecisionRecall): number => (p.truth === 0 ? 1 : p.truePositives / p.truth);
export const addPR = (a: PrecisionRecall, b: PrecisionRecall): PrecisionRecall => ({
  truePositives: a.truePositives + b.truePositives,
  predicted: a.predicted + b.predicted,
  truth: a.truth + b.truth,
});
export const ZERO_PR: PrecisionRecall = { truePositives: 0, predicted: 0, truth: 0 };

export function scoreOwnTransfers(l: Labelled, got: ReadonlyMap<string, string>): PrecisionRecall {
  const pr = { truePositives: 0, predicted: 0, truth: 0 };
  for (const t of l.transactions) {
    const isTruth = OWN.has(labelOf(l, t.id).category);
    const isPredicted = OWN.has(got.get(t.id) ?? '');
    if (isTruth) pr.truth += 1;
    if (isPredicted) pr.predicted += 1;
    if (isTruth && isPredicted) pr.truePositives += 1;
  }
  return pr;
}

// ---- 3. Recurring series --------------------------------------------------------------------------------------

export interface Series {
  streamId: string;
  category: string;
  ids: readonly string[];
  /** a collection of the series was rejected (a returned-debit row in the stream, in or before the window) */
  rejected: boolean;
}

/** Streams labelled recurring with at least 3 transactions in the recurrence window. */
export function truthSeries(l: Labelled): Series[] {
  const byStream = new Map<string, { category: string; ids: string[] }>();
  const rejected = new Set<string>();
  for (const t of l.transactions) {
    const label = labelOf(l, t.id);
    if (label.kind === 'return') rejected.add(label.streamId);
    if (!label.recurring || !inRecurrenceWindow(t.bookedAt, l.asOf)) continue;
    const s = byStream.get(label.streamId) ?? { category: label.category, ids: [] };
    s.ids.push(t.id);
    byStream.set(label.streamId, s);
  }
  return [...byStream]
    .filter(([, s]) => s.ids.length >= 3)
    .map(([streamId, s]) => ({ streamId, ...s, rejected: rejected.has(streamId) }));
}

/** A predicted group matches a series when ≥ 50 % of its ids are the series' and it covers ≥ 50 % of them. */
export function groupMatches(group: readonly string[], series: Series): boolean {
  const own = new Set(series.ids);
  const shared = group.filter((id) => own.has(id)).length;
  return group.length > 0 && shared >= 0.5 * group.length && shared >= 0.5 * series.ids.length;
}

export interface RecurringScore {
  pr: PrecisionRecall;
  subscriptions: Ratio;
  /** recall over series with a rejected collection, and over those without */
  rejected: Ratio;
  clean: Ratio;
  /** predicted groups made mostly of fee or returned-direct-debit rows */
  feeGroups: number;
  missed: Series[];
  falseGroups: Array<{ description: string; ids: readonly string[] }>;
}

const recallOf = (series: readonly Series[], matched: ReadonlySet<Series>): Ratio => ({
  hit: series.filter((s) => matched.has(s)).length,
  of: series.length,
});

export function scoreRecurring(
  l: Labelled,
  groups: ReadonlyArray<{ description: string; transaction_ids: readonly string[] }>,
): RecurringScore {
  const truth = truthSeries(l);
  const matchedTruth = new Set<Series>();
  const falseGroups: RecurringScore['falseGroups'] = [];
  let matched = 0;
  let feeGroups = 0;
  for (const g of groups) {
    const hits = truth.filter((s) => groupMatches(g.transaction_ids, s));
    if (hits.length > 0) matched += 1;
    else falseGroups.push({ description: g.description, ids: g.transaction_ids });
    for (const s of hits) matchedTruth.add(s);
    const fees = g.transaction_ids.filter((id) => ['fee', 'return'].includes(l.labels.get(id)?.kind ?? '')).length;
    if (fees > g.transaction_ids.length / 2) feeGroups += 1;
  }
  const subs = truth.filter((s) => s.category === 'subscriptions');
  return {
    pr: { truePositives: matched, predicted: groups.length, truth: truth.length },
    subscriptions: { hit: subs.filter((s) => matchedTruth.has(s)).length, of: subs.length },
    rejected: recallOf(
      truth.filter((s) => s.rejected),
      matchedTruth,
    ),
    clean: recallOf(
      truth.filter((s) => !s.rejected),
      matchedTruth,
    ),
    feeGroups,
    missed: truth.filter((s) => !matchedTruth.has(s)),
    falseGroups,
  };
}

/** Recall of a recurring score: matched truth series ÷ truth series. */
export const recurringRecall = (r: { pr: PrecisionRecall; missed: readonly Series[] }): number =>
  r.pr.truth === 0 ? 1 : (r.pr.truth - r.missed.length) / r.pr.truth;

// ---- 6. Monthly totals ----------------------------------------------------------------------------------------

const KIND = new Map(personalCategories.map((c) => [c.id, c.income_expenditure]));
const NOT_COUNTED = new Set(['refund', 'internal_transfer_in', 'internal_transfer_out']);

export interface MonthTotals {
  monthIndex: number;
  income: number;
  expenditure: number;
}

/**
 * Expected income and expenditure of each of the 12 complete months before asOf's month, from the labels:
 * income = credits in an income category except refunds and own transfers; expenditure = debits in an
 * expenditure category except own transfers, less refunds and reversed (returned) direct debits of the month.
 */
export function expectedMonthlyTotals(l: Labelled): MonthTotals[] {
  const months = new Map(lastMonths(l.asOf, 12).map((m) => [m, { monthIndex: m, income: 0, expenditure: 0 }]));
  for (const t of l.transactions) {
    const month = months.get(londonMonthIndex(t.bookedAt));
    if (!month) continue;
    const category = labelOf(l, t.id).category;
    const kind = KIND.get(category);
    // a refund, or the reversal of a returned direct debit (a credit in an expenditure category), is set
    // against the month's spending (docs/analytics.md, "Refunds and returned direct debits")
    if (category === 'refund' && t.amount > 0) month.expenditure -= t.amount;
    else if (NOT_COUNTED.has(category)) continue;
    else if (kind === 'income' && t.amount > 0) month.income += t.amount;
    else if (kind === 'expenditure') month.expenditure -= t.amount;
  }
  return [...months.values()].map((m) => ({ ...m, income: round2(m.income), expenditure: round2(m.expenditure) }));
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** Within 1 %, or within £1 when the figure is small. */
export function isClose(expected: number, got: number): boolean {
  return Math.abs(got - expected) <= Math.max(0.01 * Math.abs(expected), 1);
}

export interface MonthResult extends MonthTotals {
  gotIncome: number;
  gotExpenditure: number;
  right: boolean;
}

export function scoreMonthlyTotals(l: Labelled, report: Report): MonthResult[] {
  const amountOf = (list: ReadonlyArray<{ year: number; month: number; amount: number }>, m: number): number =>
    list.find((a) => monthIndex(a) === m)?.amount ?? 0;
  return expectedMonthlyTotals(l).map((m) => {
    const gotIncome = amountOf(report.insights.income.monthly_amounts, m.monthIndex);
    const gotExpenditure = amountOf(report.insights.expenditure.monthly_amounts, m.monthIndex);
    const right = isClose(m.income, gotIncome) && isClose(m.expenditure, gotExpenditure);
    return { ...m, gotIncome, gotExpenditure, right };
  });
}
