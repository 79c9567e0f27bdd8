/**
 * Monthly income against expenditure over up to 24 months. The report (endpoint 15) gives the last 12 complete
 * months; the 12 before them come from the stored categorised transactions, totalled with the engine's category
 * sets (src/analytics/income-expenditure/income-expenditure.ts: income and expenditure categories that count in
 * totals). The one difference, said in docs/decisions/0035-affordability-pdf.md: in those earlier months refunds
 * are not set against the spending they return, so their expenditure can be a little higher than the engine would
 * say. Each month says where it comes from.
 */
import { personalCategories } from '../../analytics/categories/taxonomy.ts';
import { round2 } from '../../analytics/money.ts';
import type { InsightsBody } from '../reports/index.ts';
import type { MonthCategoryTotalRow } from './overview.repo.ts';
import type { OverviewMonth } from './overview.types.ts';

export const CHART_MONTHS = 24;

const INCOME = new Set(
  personalCategories.filter((c) => c.income_expenditure === 'income' && !c.excludedFromTotals).map((c) => c.id),
);
const EXPENDITURE = new Set(
  personalCategories.filter((c) => c.income_expenditure === 'expenditure' && !c.excludedFromTotals).map((c) => c.id),
);

/** Month index (year × 12 + month − 1) of a month. */
export const monthKey = (year: number, month: number): number => year * 12 + month - 1;

/** The report's own months, oldest first. */
export function reportMonths(insights: InsightsBody): OverviewMonth[] {
  const months = new Map<number, OverviewMonth>();
  const at = (year: number, month: number): OverviewMonth => {
    const key = monthKey(year, month);
    let found = months.get(key);
    if (!found) months.set(key, (found = { year, month, income: 0, expenditure: 0, source: 'report' }));
    return found;
  };
  for (const a of insights.income.monthly_amounts) at(a.year, a.month).income = a.amount;
  for (const a of insights.expenditure.monthly_amounts) at(a.year, a.month).expenditure = a.amount;
  return [...months.entries()].sort(([a], [b]) => a - b).map(([, v]) => v);
}

/**
 * Complete months from `firstMonth` (the first month the data covers in full) up to, not including, the report's
 * first month, totalled from `rows`; then the report's months; at most CHART_MONTHS, the latest.
 */
export function monthsOverTwoYears(
  report: readonly OverviewMonth[],
  rows: readonly MonthCategoryTotalRow[],
  firstMonth: number,
): OverviewMonth[] {
  const firstReport = report[0];
  const earlier: OverviewMonth[] = [];
  if (firstReport) {
    const end = monthKey(firstReport.year, firstReport.month);
    for (let m = Math.max(firstMonth, end - (CHART_MONTHS - report.length)); m < end; m++) {
      const label = `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
      let income = 0;
      let expenditure = 0;
      for (const r of rows) {
        if (r.month !== label) continue;
        if (INCOME.has(r.category_id)) income += Number(r.total);
        else if (EXPENDITURE.has(r.category_id)) expenditure -= Number(r.total);
      }
      earlier.push({
        year: Math.floor(m / 12),
        month: (m % 12) + 1,
        income: round2(income),
        expenditure: round2(expenditure),
        source: 'transactions',
      });
    }
  }
  return [...earlier, ...report].slice(-CHART_MONTHS);
}
