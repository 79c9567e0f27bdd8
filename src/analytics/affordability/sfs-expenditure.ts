/**
 * Spending grouped as the Standard Financial Statement (docs/analytics.md, "Affordability assessment", step 1).
 * The figures are the insights' own (Expenditure's categories and months, refunds set against spending), summed
 * under the heading data/sfs-categories.json gives each category. Per heading: the monthly average over the
 * window, the last three complete months, stability (1 − coefficient of variation of the monthly totals), and the
 * committed part: contractual categories whole, and in the other categories the recurring payments of a fixed amount
 * still expected (Financial Patterns' recurrence, turned into a monthly amount and capped at the category's average).
 */
import { personalCategories } from '../categories/taxonomy.ts';
import { round2, round4 } from '../money.ts';
import type { Insights, MonthlyAmount } from '../report-types.ts';
import type { CategoryShare, CommittedItem, Heading, PolicyBody } from './assessment-schema.ts';
import { EXPENDITURE_MAP, SFS_HEADINGS } from './sfs-map.ts';
import type { ExpenditureMapping } from './sfs-map.ts';
import { stabilityOf } from './income-evidence.ts';

const ID_BY_NAME = new Map(personalCategories.map((c) => [c.name, c.id]));
const PER_MONTH: Readonly<Record<string, number>> = {
  weekly: 52 / 12,
  fortnightly: 26 / 12,
  four_weekly: 13 / 12,
  monthly: 1,
  quarterly: 1 / 3,
};

/** One category's spending in the window, with its mapping; amounts are unrounded sums of the report's months. */
export interface CategorySpending {
  category: string;
  mapping: ExpenditureMapping;
  months: MonthlyAmount[];
  average: number;
  last3Average: number;
  /** the committed part per month */
  committed: number;
}

/** amount_stability_of_transaction at or above which a recurring series' amount is taken as fixed */
const FIXED_AMOUNT = 0.95;
const average = (xs: readonly number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

/** Recurring outgoing series still expected (they have a next expected date), with their monthly amounts. */
export function committedItems(insights: Insights, policy: PolicyBody): CommittedItem[] {
  const variable = new Set(policy.variable_rate_categories);
  return insights.financial_patterns.recurrence.flatMap((r) => {
    const factor = r.frequency === undefined ? undefined : PER_MONTH[r.frequency];
    const mapping = r.category === undefined ? undefined : EXPENDITURE_MAP.get(r.category);
    if (r.average_amount >= 0 || r.next_expected_date === undefined || factor === undefined || !mapping) return [];
    if (mapping.heading === null || r.category === undefined || r.frequency === undefined) return [];
    // Outside the contractual categories, only a fixed amount on a schedule looks like a contract (a gym, a
    // streaming service); a weekly supermarket shop on the same day is a habit, not a commitment.
    if (mapping.class !== 'committed' && r.amount_stability_of_transaction < FIXED_AMOUNT) return [];
    return [
      {
        description: r.description,
        category: r.category,
        heading: mapping.heading,
        frequency: r.frequency,
        monthly_amount: round2(-r.average_amount * factor),
        variable_rate: variable.has(r.category),
        transaction_ids: r.transaction_ids,
      },
    ];
  });
}

export function categorySpending(insights: Insights, items: readonly CommittedItem[]): CategorySpending[] {
  const recurring = new Map<string, number>();
  for (const item of items) recurring.set(item.category, (recurring.get(item.category) ?? 0) + item.monthly_amount);
  return insights.expenditure.categories.flatMap((c) => {
    const category = ID_BY_NAME.get(c.name);
    const mapping = category === undefined ? undefined : EXPENDITURE_MAP.get(category);
    if (category === undefined || !mapping || mapping.class === 'excluded') return [];
    const amounts = c.monthly_amounts.map((m) => m.amount);
    const avg = average(amounts);
    const last3Average = average(amounts.slice(-3));
    const committed =
      mapping.class === 'committed' ? Math.max(avg, 0) : Math.min(Math.max(avg, 0), recurring.get(category) ?? 0);
    return [{ category, mapping, months: c.monthly_amounts, average: avg, last3Average, committed }];
  });
}

function share(s: CategorySpending, ids: ReadonlyMap<string, readonly string[]>): CategoryShare {
  return {
    category: s.category,
    class: s.mapping.class,
    monthly_average: round2(s.average),
    last_3_months_average: round2(s.last3Average),
    transaction_ids: [...(ids.get(s.category) ?? [])],
  };
}

/** The headings in the Standard Financial Statement's order; a heading with no spending is listed with zeros. */
export function sfsHeadings(
  spending: readonly CategorySpending[],
  months: readonly MonthlyAmount[],
  ids: ReadonlyMap<string, readonly string[]> = new Map(),
): Heading[] {
  return SFS_HEADINGS.map(({ id, name }) => {
    const under = spending.filter((s) => s.mapping.heading === id);
    const totals = months.map((m, i) => under.reduce((t, s) => t + (s.months[i]?.amount ?? 0), 0));
    const monthlyAverage = average(totals);
    const committed = under.reduce((t, s) => t + s.committed, 0);
    const last3 = months.slice(-3).map((m, k) => ({
      year: m.year,
      month: m.month,
      amount: round2(totals[totals.length - Math.min(3, months.length) + k] ?? 0),
    }));
    return {
      id,
      name,
      monthly_average: round2(monthlyAverage),
      last_3_months: last3,
      last_3_months_average: round2(average(last3.map((m) => m.amount))),
      stability: round4(stabilityOf(totals)),
      committed_monthly: round2(committed),
      flexible_monthly: round2(Math.max(0, monthlyAverage - committed)),
      categories: under.map((s) => share(s, ids)),
    };
  });
}
