/**
 * The spec's Financial Markers, every member, over the last 3, 6 and 12 complete months (ledger/windows.ts).
 * Category groups come from the taxonomy's marker groups (categories/category.ts), never hard-coded ids, so a new
 * category joins its markers by declaring them. Definitions in words: docs/analytics.md, "Financial markers".
 */
import { valueAt } from '../../lib/indexing.ts';
import { categoryIdsWithMarker, findCategory } from '../categories/taxonomy.ts';
import type { Marker } from '../categories/taxonomy.ts';
import { monthStartDay } from '../calendar/london.ts';
import {
  EARNED_INCOME_CATEGORIES,
  FIXED_CATEGORIES,
  FLEXIBLE_CATEGORIES,
  monthTotal,
} from '../income-expenditure/income-expenditure.ts';
import { categoryIndex, transactionOf } from '../ledger/ledger.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { sumOver } from '../ledger/month-matrix.ts';
import type { MonthMatrix } from '../ledger/month-matrix.ts';
import { dayMonthsBeforeAsOf } from '../ledger/windows.ts';
import { round2, round4, safeDivide } from '../money.ts';
import type { Recurrence } from '../recurrence/find-recurring.ts';
import type { FinancialMarkers } from '../report-types.ts';
import type { BalanceHistory } from '../forecast/balance-history.ts';
import { negativeShare } from '../forecast/balance-history.ts';
import { markerContext, monthlyStatistics, rateStatistics } from './statistics.ts';
import type { MarkerContext } from './statistics.ts';

/** Category indices of a marker group; `direction` keeps only income or only expenditure categories. */
export function markerCategories(marker: Marker, direction?: 'income' | 'expenditure'): number[] {
  return categoryIdsWithMarker('Personal', marker)
    .filter((id) => direction === undefined || findCategory('Personal', id)?.income_expenditure === direction)
    .map(categoryIndex);
}

const INTERNAL_IN = categoryIndex('internal_transfer_in');
const INTERNAL_OUT = categoryIndex('internal_transfer_out');
const EARNED = new Set(EARNED_INCOME_CATEGORIES);

function any(ctx: MarkerContext, categories: readonly number[], months: readonly number[]): boolean {
  return sumOver(ctx.matrix, categories, months).count > 0;
}

/**
 * Money moved into one of the customer's own savings accounts within the window counts as saving: seen arriving
 * on a Savings or ISA account, or leaving with words that say savings when that account is not in the data.
 */
function savedToOwnAccount(ledger: Ledger, fromDay: number, toDay: number): boolean {
  for (let r = 0; r < ledger.size; r++) {
    const day = valueAt(ledger.day, r);
    if (day < fromDay || day >= toDay) continue;
    if (valueAt(ledger.category, r) === INTERNAL_OUT && valueAt(ledger.toSavings, r) === 1) return true;
    if (valueAt(ledger.category, r) !== INTERNAL_IN) continue;
    const subType = ledger.accounts.get(transactionOf(ledger, r).accountId)?.subType.toLowerCase() ?? '';
    if (subType.includes('saving') || subType.includes('isa')) return true;
  }
  return false;
}

/** Income without loans from recurring groups, over the 12 complete months. */
function recurringIncome(ledger: Ledger, recurrence: Recurrence, fromDay: number, toDay: number): number {
  let total = 0;
  for (let r = 0; r < ledger.size; r++) {
    const day = valueAt(ledger.day, r);
    if (valueAt(recurrence.groupOfRow, r) < 0 || day < fromDay || day >= toDay) continue;
    const amount = valueAt(ledger.amount, r);
    if (amount > 0 && EARNED.has(valueAt(ledger.category, r))) total += amount;
  }
  return total;
}

export function computeFinancialMarkers(
  ledger: Ledger,
  matrix: MonthMatrix,
  recurrence: Recurrence,
  history: BalanceHistory,
): FinancialMarkers {
  const windowFrom = monthStartDay(ledger.asOfMonth - 12);
  const windowTo = monthStartDay(ledger.asOfMonth);
  const coveredFrom = Math.max(windowFrom, monthStartDay(ledger.firstCoveredMonth));
  const ctx = markerContext(ledger, matrix, recurringIncome(ledger, recurrence, coveredFrom, windowTo));
  const { months3, months6, months12 } = ctx;
  const out = (marker: Marker): number[] => markerCategories(marker, 'expenditure');
  const average = (categories: readonly number[]): number =>
    safeDivide(
      months12.reduce((sum, m) => sum + monthTotal(matrix, categories, m), 0),
      months12.length,
    );

  return {
    currency: ledger.currency,
    new_debt_indicator: any(ctx, markerCategories('loan_income'), months3),
    debt_management_indicator: any(ctx, [...out('debt_collection'), ...out('debt_management')], months12),
    recent_account_indicator: ledger.size === 0 || ledger.firstDay > dayMonthsBeforeAsOf(ledger, 3),
    mortgage_rent_indicator: any(ctx, out('rent_mortgage'), months12),
    insurance_indicator: any(ctx, out('insurance'), months12),
    council_tax_indicator: any(ctx, out('council_tax'), months12),
    savings_investment_indicator:
      any(ctx, out('savings_investment'), months12) || savedToOwnAccount(ledger, coveredFrom, windowTo),
    direct_loan_indicator: any(ctx, markerCategories('payday_loan_income'), months6),
    bnpl_indicator: any(ctx, out('bnpl'), months3),
    negative_balance_ratio: round4(months12.length === 0 ? 0 : negativeShare(history, coveredFrom, windowTo - 1)),
    bank_charges: monthlyStatistics(ctx, out('bank_charges')),
    returned_direct_debits: monthlyStatistics(ctx, out('returned_direct_debits')),
    utility_payments: monthlyStatistics(ctx, out('utilities')),
    credit_repayments: rateStatistics(ctx, out('credit_repayments')),
    debit_bank_transfer: rateStatistics(ctx, out('debit_bank_transfer')),
    gambling: rateStatistics(ctx, out('gambling')),
    cash_withdrawals: rateStatistics(ctx, out('cash_withdrawals')),
    loan_income: rateStatistics(ctx, markerCategories('loan_income')),
    payday_loan: rateStatistics(ctx, markerCategories('payday_loan_income')),
    summary_averages: {
      average_fixed_exp: round2(average(FIXED_CATEGORIES)),
      average_flexible_exp: round2(average(FLEXIBLE_CATEGORIES)),
      average_income: round2(ctx.averageIncome),
    },
  };
}
