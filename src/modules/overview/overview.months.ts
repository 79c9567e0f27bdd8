/**
 * Monthly income against expenditure: the report's own months (endpoint 15, its last 12 complete months). Months
 * before them are not totalled here from the stored transactions: the pages show only figures the API serves
 * (docs/decisions/0042-figures-from-the-api.md).
 */
import type { InsightsBody } from '../reports/index.ts';
import type { OverviewMonth } from './overview.types.ts';

/** Month index (year × 12 + month − 1) of a month. */
const monthKey = (year: number, month: number): number => year * 12 + month - 1;

/** The report's own months, oldest first. */
export function reportMonths(insights: InsightsBody): OverviewMonth[] {
  const months = new Map<number, OverviewMonth>();
  const at = (year: number, month: number): OverviewMonth => {
    const key = monthKey(year, month);
    let found = months.get(key);
    if (!found) months.set(key, (found = { year, month, income: 0, expenditure: 0 }));
    return found;
  };
  for (const a of insights.income.monthly_amounts) at(a.year, a.month).income = a.amount;
  for (const a of insights.expenditure.monthly_amounts) at(a.year, a.month).expenditure = a.amount;
  return [...months.entries()].sort(([a], [b]) => a - b).map(([, v]) => v);
}
