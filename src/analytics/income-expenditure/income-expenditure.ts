/**
 * The spec's Income and Expenditure: totals per month and per category over the last 12 complete months
 * (ledger/windows.ts). Income is every income category except those left out of totals (transfers between own
 * accounts, refunds); loan income is included here as its own category, so an analyst sees it, and is left out of
 * affordability and the income ratios. Expenditure is every expenditure category except transfers to own accounts,
 * as money spent (positive), after refunds are set against the spending they return (ledger/month-matrix.ts).
 * A category is listed when it has a transaction in the window; each lists every month of the window.
 */
import { itemAt } from '../../lib/indexing.ts';
import { personalCategories } from '../categories/taxonomy.ts';
import type { Category } from '../categories/taxonomy.ts';
import { yearOfMonth, monthOfMonth } from '../calendar/london.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { countOf, totalOf } from '../ledger/month-matrix.ts';
import type { MonthMatrix } from '../ledger/month-matrix.ts';
import { lastCompleteMonths } from '../ledger/windows.ts';
import { round2 } from '../money.ts';
import type { CategoryExpenditure, CategoryIncome, Expenditure, Income, MonthlyAmount } from '../report-types.ts';

/** Indices of the Personal categories that pass `keep`, in list order. */
function indicesWhere(keep: (category: Category) => boolean): readonly number[] {
  return personalCategories.flatMap((c, i) => (keep(c) ? [i] : []));
}
const inIncome = (c: Category): boolean => c.income_expenditure === 'income' && !c.excludedFromTotals;
const inExpenditure = (c: Category): boolean => c.income_expenditure === 'expenditure' && !c.excludedFromTotals;

/** Category indices that make up income / expenditure totals. */
export const INCOME_CATEGORIES: readonly number[] = indicesWhere(inIncome);
export const EXPENDITURE_CATEGORIES: readonly number[] = indicesWhere(inExpenditure);
/** Income without borrowing: what affordability and the income ratios use. */
export const EARNED_INCOME_CATEGORIES: readonly number[] = indicesWhere(
  (c) => inIncome(c) && !c.markers.includes('loan_income'),
);
export const FIXED_CATEGORIES: readonly number[] = indicesWhere(
  (c) => inExpenditure(c) && c.fixed_flexible === 'fixed',
);
export const FLEXIBLE_CATEGORIES: readonly number[] = indicesWhere(
  (c) => inExpenditure(c) && c.fixed_flexible === 'flexible',
);

export function monthTotal(matrix: MonthMatrix, categories: readonly number[], month: number): number {
  let total = 0;
  for (const c of categories) total += totalOf(matrix, c, month);
  return total;
}

function amounts(months: readonly number[], value: (month: number) => number): MonthlyAmount[] {
  return months.map((m) => ({ amount: round2(value(m)), year: yearOfMonth(m), month: monthOfMonth(m) }));
}

function active(matrix: MonthMatrix, category: number, months: readonly number[]): boolean {
  return months.some((m) => countOf(matrix, category, m) > 0);
}

export function computeIncome(ledger: Ledger, matrix: MonthMatrix): Income {
  const months = lastCompleteMonths(ledger, 12);
  const categories: CategoryIncome[] = INCOME_CATEGORIES.filter((c) => active(matrix, c, months)).map((c) => ({
    name: itemAt(personalCategories, c).name,
    monthly_amounts: amounts(months, (m) => totalOf(matrix, c, m)),
  }));
  return {
    currency: ledger.currency,
    monthly_amounts: amounts(months, (m) => monthTotal(matrix, INCOME_CATEGORIES, m)),
    categories,
  };
}

export function computeExpenditure(ledger: Ledger, matrix: MonthMatrix): Expenditure {
  const months = lastCompleteMonths(ledger, 12);
  const categories: CategoryExpenditure[] = EXPENDITURE_CATEGORIES.filter((c) => active(matrix, c, months)).map((c) => {
    const category = itemAt(personalCategories, c);
    return {
      name: category.name,
      fixed_flexible: category.fixed_flexible ?? 'flexible',
      monthly_amounts: amounts(months, (m) => totalOf(matrix, c, m)),
    };
  });
  return {
    currency: ledger.currency,
    monthly_amounts: amounts(months, (m) => monthTotal(matrix, EXPENDITURE_CATEGORIES, m)),
    categories,
  };
}
