/**
 * Affordability (endpoint 16). Decisions, Analytics: "per month of the 12 complete months before the current
 * one, income minus expenditure, where income excludes loan and payday-loan income and transfers between the
 * customer's own accounts are ignored." Income and expenditure are the same figures as the insights' (refunds set
 * against spending); only months the data covers are listed (ledger/windows.ts), oldest first.
 */
import { yearOfMonth, monthOfMonth } from '../calendar/london.ts';
import {
  EARNED_INCOME_CATEGORIES,
  EXPENDITURE_CATEGORIES,
  monthTotal,
} from '../income-expenditure/income-expenditure.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { MonthMatrix } from '../ledger/month-matrix.ts';
import { lastCompleteMonths } from '../ledger/windows.ts';
import { round2 } from '../money.ts';
import type { AffordabilityRecord } from '../report-types.ts';

export function computeAffordability(ledger: Ledger, matrix: MonthMatrix): AffordabilityRecord[] {
  return lastCompleteMonths(ledger, 12).map((m) => ({
    year: yearOfMonth(m),
    month: monthOfMonth(m),
    amount: round2(monthTotal(matrix, EARNED_INCOME_CATEGORIES, m) - monthTotal(matrix, EXPENDITURE_CATEGORIES, m)),
    currency: ledger.currency,
    affordability_type: 'TWELVE_MONTH',
    account_type: 'Personal',
  }));
}
