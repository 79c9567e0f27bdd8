/**
 * The spec's Occurrence, Monthly Statistics and Rate Statistics, over groups of categories. Markers count
 * incidents at face value: amounts are the absolute amounts of the transactions in the categories (before refunds
 * are set against them), and income is the income without loans (EARNED_INCOME_CATEGORIES). Ratios are
 * percentages (the spec says so for Rate Statistics; Occurrence follows it) and 0 when there is no income.
 */
import { EARNED_INCOME_CATEGORIES } from '../income-expenditure/income-expenditure.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { sumOver } from '../ledger/month-matrix.ts';
import type { MonthMatrix } from '../ledger/month-matrix.ts';
import { lastCompleteMonths, windowTimes } from '../ledger/windows.ts';
import { round2, round4, safeDivide } from '../money.ts';
import type { MonthlyStatistics, Occurrence, RateStatistics } from '../report-types.ts';

export interface MarkerContext {
  ledger: Ledger;
  matrix: MonthMatrix;
  /** the last 3, 6 and 12 complete months the data covers */
  months3: number[];
  months6: number[];
  months12: number[];
  /** average monthly income without loans, and the part of it from recurring income, over months12 */
  averageIncome: number;
  averageRecurringIncome: number;
}

export function markerContext(ledger: Ledger, matrix: MonthMatrix, recurringIncome12: number): MarkerContext {
  const months12 = lastCompleteMonths(ledger, 12);
  const income = sumOver(matrix, EARNED_INCOME_CATEGORIES, months12).total;
  return {
    ledger,
    matrix,
    months3: lastCompleteMonths(ledger, 3),
    months6: lastCompleteMonths(ledger, 6),
    months12,
    averageIncome: safeDivide(income, months12.length),
    averageRecurringIncome: safeDivide(recurringIncome12, months12.length),
  };
}

function occurrence(ctx: MarkerContext, categories: readonly number[], n: number, months: number[]): Occurrence {
  const { count, gross } = sumOver(ctx.matrix, categories, months);
  const income = sumOver(ctx.matrix, EARNED_INCOME_CATEGORIES, months).total;
  const { from, to } = windowTimes(ctx.ledger, n);
  return {
    timestamp_from: from,
    timestamp_to: to,
    count,
    ratio_to_income: round4(100 * safeDivide(gross, income)),
    total_amount: round2(gross),
  };
}

export function monthlyStatistics(ctx: MarkerContext, categories: readonly number[]): MonthlyStatistics {
  return {
    num_last_3m: occurrence(ctx, categories, 3, ctx.months3),
    num_last_6m: occurrence(ctx, categories, 6, ctx.months6),
    num_last_12m: occurrence(ctx, categories, 12, ctx.months12),
  };
}

/**
 * rate_of_change: the average per month over the last 3 complete months against the average over the last 12,
 * as a percentage change; pred_next_month (deprecated): the last-3-month average.
 */
export function rateStatistics(ctx: MarkerContext, categories: readonly number[]): RateStatistics {
  const year = sumOver(ctx.matrix, categories, ctx.months12);
  const quarter = sumOver(ctx.matrix, categories, ctx.months3);
  const average12 = safeDivide(year.gross, ctx.months12.length);
  const average3 = safeDivide(quarter.gross, ctx.months3.length);
  return {
    rate_of_change: round4(average12 === 0 ? 0 : 100 * (average3 / average12 - 1)),
    pred_next_month: round2(average3),
    ratio_to_income: round4(100 * safeDivide(average12, ctx.averageIncome)),
    ratio_to_recurring_income: round4(100 * safeDivide(average12, ctx.averageRecurringIncome)),
    count: year.count,
    total_amounts: { last_12m: round2(year.gross) },
  };
}
