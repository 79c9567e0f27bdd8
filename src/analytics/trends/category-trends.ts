/**
 * The spec's Category Trends (financial_patterns.by_category), for every income and expenditure category with a
 * transaction in the last 12 complete months (transfers between own accounts and refunds left out). Over the
 * months of that window the data covers:
 * - min, mean, max, variance: of the category's monthly totals (months without any count as 0; population variance);
 * - frequency: transactions per month; continuity: the longest run of consecutive months with a transaction;
 * - recency: whole months from the last month with a transaction to asOf's month (0 = this month);
 * - amount stability: 1 − coefficient of variation of the monthly totals of the months with transactions;
 *   frequency stability: the same on the gaps in days between its transactions (distinct days);
 *   time stability: months of the last 12 with a transaction ÷ 12 (recurrence/stability.ts).
 */
import { itemAt, valueAt } from '../../lib/indexing.ts';
import { personalCategories } from '../categories/taxonomy.ts';
import { EXPENDITURE_CATEGORIES, INCOME_CATEGORIES } from '../income-expenditure/income-expenditure.ts';
import { CATEGORY_COUNT, addAt } from '../ledger/ledger.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { countOf, totalOf } from '../ledger/month-matrix.ts';
import type { MonthMatrix } from '../ledger/month-matrix.ts';
import { lastCompleteMonths } from '../ledger/windows.ts';
import { round2, round4 } from '../money.ts';
import { moments, stabilityOf } from '../recurrence/stability.ts';
import type { CategoryTrend } from '../report-types.ts';
import { monthStartDay } from '../calendar/london.ts';

/** Gaps in days between distinct transaction days per category, in the window. */
function gapStabilities(ledger: Ledger, fromDay: number, toDay: number): Float64Array {
  const lastDay = new Int32Array(CATEGORY_COUNT).fill(-1);
  const n = new Float64Array(CATEGORY_COUNT);
  const sum = new Float64Array(CATEGORY_COUNT);
  const squares = new Float64Array(CATEGORY_COUNT);
  for (let r = 0; r < ledger.size; r++) {
    const day = valueAt(ledger.day, r);
    if (day < fromDay || day >= toDay) continue;
    const c = valueAt(ledger.category, r);
    const previous = valueAt(lastDay, c);
    if (previous === day) continue;
    if (previous >= 0) {
      const gap = day - previous;
      addAt(n, c, 1);
      addAt(sum, c, gap);
      addAt(squares, c, gap * gap);
    }
    lastDay[c] = day;
  }
  const result = new Float64Array(CATEGORY_COUNT);
  for (const [c, count] of n.entries()) {
    if (count === 0) continue;
    const mean = valueAt(sum, c) / count;
    const variance = Math.max(0, valueAt(squares, c) / count - mean * mean);
    result[c] = Math.min(1, Math.max(0, 1 - Math.sqrt(variance) / mean));
  }
  return result;
}

/** The last month with a transaction of each category, over the whole history. */
function lastMonths(ledger: Ledger): Int32Array {
  const last = new Int32Array(CATEGORY_COUNT).fill(-1);
  for (let r = 0; r < ledger.size; r++) last[valueAt(ledger.category, r)] = valueAt(ledger.month, r);
  return last;
}

export function computeCategoryTrends(ledger: Ledger, matrix: MonthMatrix): CategoryTrend[] {
  const months = lastCompleteMonths(ledger, 12);
  const [firstMonth] = months;
  if (firstMonth === undefined) return [];
  const gaps = gapStabilities(ledger, monthStartDay(firstMonth), monthStartDay(ledger.asOfMonth));
  const last = lastMonths(ledger);
  const trends: CategoryTrend[] = [];
  for (const c of [...INCOME_CATEGORIES, ...EXPENDITURE_CATEGORIES]) {
    const byMonth = months.map((month) => ({
      month,
      total: totalOf(matrix, c, month),
      count: countOf(matrix, c, month),
    }));
    const totals = byMonth.map((m) => m.total);
    const transactions = byMonth.reduce((sum, m) => sum + m.count, 0);
    if (transactions === 0) continue;
    let run = 0;
    let continuity = 0;
    for (const { count } of byMonth) {
      run = count > 0 ? run + 1 : 0;
      continuity = Math.max(continuity, run);
    }
    const { mean, variance } = moments(totals);
    const active = byMonth.filter((m) => m.count > 0);
    trends.push({
      category: itemAt(personalCategories, c).name,
      min: round2(Math.min(...totals)),
      mean: round2(mean),
      max: round2(Math.max(...totals)),
      variance: round2(variance),
      frequency: round4(transactions / months.length),
      continuity,
      recency: ledger.asOfMonth - valueAt(last, c),
      amount_stability_of_category: round4(stabilityOf(active.map((m) => m.total))),
      frequency_stability_of_category: round4(valueAt(gaps, c)),
      time_stability_of_category: round4(active.filter((m) => m.month >= ledger.asOfMonth - 12).length / 12),
    });
  }
  return trends;
}
