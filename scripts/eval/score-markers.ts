/**
 * Financial markers: the expected value of each, derived from the hand labels by the definitions of
 * docs/analytics.md ("Financial markers"), written here independently of the engine, and compared exactly.
 */
import type { Report } from '../../src/analytics/report-types.ts';
import { labelOf, type Labelled } from './score.ts';
import { inLastMonths } from './windows.ts';

export type MarkerValues = Record<string, boolean | number>;

const ids = (...xs: string[]): ReadonlySet<string> => new Set(xs);
const SPENDING = {
  mortgage_rent_indicator: ids('rent', 'mortgage'),
  insurance_indicator: ids('insurance'),
  council_tax_indicator: ids('council_tax'),
  debt_management_indicator: ids('debt_collection', 'debt_management'),
};
const SAVINGS_PAYMENTS = ids('savings_investments', 'pension_contributions');

/** Recent account: the oldest transaction is less than 3 calendar months before asOf (same day of the month). */
function isRecentAccount(l: Labelled): boolean {
  if (l.transactions.length === 0) return true;
  const oldest = Math.min(...l.transactions.map((t) => t.bookedAt));
  const limit = new Date(l.asOf * 1000);
  limit.setUTCMonth(limit.getUTCMonth() - 3);
  return oldest > limit.getTime() / 1000;
}

export function expectedMarkers(l: Labelled): MarkerValues {
  const rows = l.transactions.map((t) => ({ t, label: labelOf(l, t.id) }));
  const any = (months: number, test: (category: string, amount: number, toSavings: boolean) => boolean): boolean =>
    rows.some(
      ({ t, label }) => inLastMonths(t.bookedAt, l.asOf, months) && test(label.category, t.amount, !!label.toSavings),
    );
  const count = (category: string): number =>
    rows.filter(({ t, label }) => label.category === category && inLastMonths(t.bookedAt, l.asOf, 12)).length;
  const out: MarkerValues = {};
  for (const [marker, categories] of Object.entries(SPENDING)) {
    out[marker] = any(12, (c, amount) => categories.has(c) && amount < 0);
  }
  out.savings_investment_indicator = any(
    12,
    (c, amount, toSavings) => (SAVINGS_PAYMENTS.has(c) && amount < 0) || (c === 'internal_transfer_out' && toSavings),
  );
  out.bnpl_indicator = any(3, (c, amount) => c === 'bnpl' && amount < 0);
  out.new_debt_indicator = any(3, (c, amount) => (c === 'loan_income' || c === 'payday_loan_income') && amount > 0);
  out.direct_loan_indicator = any(6, (c, amount) => c === 'payday_loan_income' && amount > 0);
  out.recent_account_indicator = isRecentAccount(l);
  out['returned_direct_debits.num_last_12m.count'] = count('returned_direct_debit');
  out['bank_charges.num_last_12m.count'] = count('bank_charges');
  out['gambling.count'] = count('gambling');
  return out;
}

export function reportedMarkers(report: Report): MarkerValues {
  const m = report.insights.financial_markers;
  return {
    mortgage_rent_indicator: m.mortgage_rent_indicator,
    insurance_indicator: m.insurance_indicator,
    council_tax_indicator: m.council_tax_indicator,
    debt_management_indicator: m.debt_management_indicator,
    savings_investment_indicator: m.savings_investment_indicator,
    bnpl_indicator: m.bnpl_indicator,
    new_debt_indicator: m.new_debt_indicator,
    direct_loan_indicator: m.direct_loan_indicator,
    recent_account_indicator: m.recent_account_indicator,
    'returned_direct_debits.num_last_12m.count': m.returned_direct_debits.num_last_12m.count,
    'bank_charges.num_last_12m.count': m.bank_charges.num_last_12m.count,
    'gambling.count': m.gambling.count,
  };
}

export interface MarkerMismatch {
  marker: string;
  expected: boolean | number;
  got: boolean | number | undefined;
}

export function compareMarkers(expected: MarkerValues, got: MarkerValues): MarkerMismatch[] {
  return Object.entries(expected)
    .filter(([marker, value]) => got[marker] !== value)
    .map(([marker, value]) => ({ marker, expected: value, got: got[marker] }));
}
