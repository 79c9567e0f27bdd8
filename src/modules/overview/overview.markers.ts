/**
 * The risk markers the overview shows, each read from the report's Financial Markers (or Employment) and tied to
 * the category groups that feed it (src/analytics/markers/financial-markers.ts), so the transactions behind a marker
 * are the customer's stored transactions in those categories over the marker's window.
 */
import { categoryIdsWithMarker, findCategory } from '../../analytics/categories/taxonomy.ts';
import type { Marker } from '../../analytics/categories/taxonomy.ts';
import type { Insights, MonthlyStatistics, RateStatistics } from '../../analytics/report-types.ts';
import { formatMoney, formatPercent, formatShare } from './overview.format.ts';

export interface RiskMarkerSpec {
  key: string;
  label: string;
  /** complete months before as_of's month the marker looks at */
  months: number;
  /** the categories whose transactions are behind the marker (none: a marker of balances or income streams) */
  categoryIds: readonly string[];
  raised(insights: Insights): boolean;
  detail(insights: Insights): string;
  /** the marker's count and amount over the last 12 months as the report gives them, when it has money figures */
  figures?(insights: Insights): { count: number; amount: number };
}

const rateFigures = (s: RateStatistics) => ({ count: s.count, amount: s.total_amounts.last_12m });
const occurrenceFigures = (s: MonthlyStatistics) => ({
  count: s.num_last_12m.count,
  amount: s.num_last_12m.total_amount,
});

function categoriesOf(groups: readonly Marker[], direction?: 'income' | 'expenditure'): string[] {
  return groups.flatMap((g) =>
    categoryIdsWithMarker('Personal', g).filter(
      (id) => direction === undefined || findCategory('Personal', id)?.income_expenditure === direction,
    ),
  );
}

function rate(s: RateStatistics, currency: string, what: string): string {
  if (s.count === 0) return `No ${what} in the last 12 months.`;
  return `${s.count} ${what} in the last 12 months, ${formatMoney(s.total_amounts.last_12m, currency)} (${formatPercent(s.ratio_to_income)} of income).`;
}

function occurrences(s: MonthlyStatistics, currency: string, what: string): string {
  const o = s.num_last_12m;
  if (o.count === 0) return `No ${what} in the last 12 months.`;
  return `${o.count} ${what} in the last 12 months, ${formatMoney(o.total_amount, currency)}; ${s.num_last_3m.count} in the last 3 months.`;
}

const m = (i: Insights) => i.financial_markers;

export const RISK_MARKERS: readonly RiskMarkerSpec[] = [
  {
    key: 'gambling',
    label: 'Gambling',
    months: 12,
    categoryIds: categoriesOf(['gambling'], 'expenditure'),
    raised: (i) => m(i).gambling.count > 0,
    detail: (i) => rate(m(i).gambling, m(i).currency, 'gambling payments'),
    figures: (i) => rateFigures(m(i).gambling),
  },
  {
    key: 'payday_loan',
    label: 'Payday loans',
    months: 6,
    categoryIds: categoriesOf(['payday_loan_income']),
    raised: (i) => m(i).direct_loan_indicator,
    detail: (i) => rate(m(i).payday_loan, m(i).currency, 'payday loans received'),
    figures: (i) => rateFigures(m(i).payday_loan),
  },
  {
    key: 'new_debt',
    label: 'New borrowing',
    months: 3,
    categoryIds: categoriesOf(['loan_income']),
    raised: (i) => m(i).new_debt_indicator,
    detail: (i) => rate(m(i).loan_income, m(i).currency, 'loans received'),
    figures: (i) => rateFigures(m(i).loan_income),
  },
  {
    key: 'bnpl',
    label: 'Buy now, pay later',
    months: 3,
    categoryIds: categoriesOf(['bnpl'], 'expenditure'),
    raised: (i) => m(i).bnpl_indicator,
    detail: (i) =>
      m(i).bnpl_indicator
        ? 'Buy now, pay later repayments in the last 3 months.'
        : 'No buy now, pay later repayments in the last 3 months.',
  },
  {
    key: 'debt_management',
    label: 'Debt collection or management',
    months: 12,
    categoryIds: categoriesOf(['debt_collection', 'debt_management'], 'expenditure'),
    raised: (i) => m(i).debt_management_indicator,
    detail: (i) =>
      m(i).debt_management_indicator
        ? 'Payments to debt collectors or debt management plans in the last 12 months.'
        : 'No payments to debt collectors or debt management plans in the last 12 months.',
  },
  {
    key: 'bank_charges',
    label: 'Bank charges',
    months: 12,
    categoryIds: categoriesOf(['bank_charges'], 'expenditure'),
    raised: (i) => m(i).bank_charges.num_last_12m.count > 0,
    detail: (i) => occurrences(m(i).bank_charges, m(i).currency, 'bank charges'),
    figures: (i) => occurrenceFigures(m(i).bank_charges),
  },
  {
    key: 'returned_direct_debits',
    label: 'Returned direct debits',
    months: 12,
    categoryIds: categoriesOf(['returned_direct_debits'], 'expenditure'),
    raised: (i) => m(i).returned_direct_debits.num_last_12m.count > 0,
    detail: (i) => occurrences(m(i).returned_direct_debits, m(i).currency, 'returned direct debits'),
    figures: (i) => occurrenceFigures(m(i).returned_direct_debits),
  },
  {
    key: 'cash_withdrawals',
    label: 'Cash withdrawals',
    months: 12,
    categoryIds: categoriesOf(['cash_withdrawals'], 'expenditure'),
    raised: (i) => m(i).cash_withdrawals.count > 0,
    detail: (i) => rate(m(i).cash_withdrawals, m(i).currency, 'cash withdrawals'),
    figures: (i) => rateFigures(m(i).cash_withdrawals),
  },
  {
    key: 'negative_balance',
    label: 'Overdrawn days',
    months: 12,
    categoryIds: [],
    raised: (i) => m(i).negative_balance_ratio > 0,
    detail: (i) =>
      `${formatShare(m(i).negative_balance_ratio)} of the days of the last 12 complete months ended below zero.`,
  },
  {
    key: 'possible_loss_of_income',
    label: 'Possible loss of income',
    months: 12,
    categoryIds: [],
    raised: (i) => i.employment.possible_loss_of_income_indicator,
    detail: (i) =>
      i.employment.possible_loss_of_income_indicator
        ? 'A regular income has stopped or missed a payment.'
        : 'Regular income arrives as expected.',
  },
];
