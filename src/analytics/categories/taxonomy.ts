/**
 * The category taxonomy: the Personal and Business lists (endpoint 19) and the lookups the analytics use.
 * Decisions, Analytics: "Categories have stable ids, a name, income_expenditure, and for expenditure
 * fixed_flexible. Personal and Business have their own lists."
 */
import type { AccountType } from '../types.ts';
import { MARKERS } from './category.ts';
import type { Category, Marker } from './category.ts';
import { businessCategories } from './business.ts';
import { personalCategories } from './personal.ts';

export { personalCategories, businessCategories, MARKERS };
export type { Category, Marker };
export type { FixedFlexible, IncomeExpenditure } from './category.ts';

/**
 * Ids present in both lists with the same meaning, so code that handles them (the classifier's fallback,
 * transfer matching, refunds) need not branch on the account type.
 */
export const SHARED_IDS = Object.freeze({
  otherIncome: 'other_income',
  otherExpenditure: 'other_expenditure',
  internalTransferIn: 'internal_transfer_in',
  internalTransferOut: 'internal_transfer_out',
  refund: 'refund',
  bankCharges: 'bank_charges',
  returnedDirectDebit: 'returned_direct_debit',
  cashWithdrawal: 'cash_withdrawal',
  cashDeposit: 'cash_deposit',
  loanIncome: 'loan_income',
  loanRepayments: 'loan_repayments',
  creditCardRepayments: 'credit_card_repayments',
  insurance: 'insurance',
  rent: 'rent',
  debtCollection: 'debt_collection',
  transferOut: 'transfer_out',
  pensionContributions: 'pension_contributions',
});

function indexById(list: readonly Category[]): ReadonlyMap<string, Category> {
  return new Map(list.map((category) => [category.id, category]));
}

function indexByMarker(list: readonly Category[]): ReadonlyMap<Marker, readonly string[]> {
  return new Map(MARKERS.map((marker) => [marker, list.filter((c) => c.markers.includes(marker)).map((c) => c.id)]));
}

const byId = { Personal: indexById(personalCategories), Business: indexById(businessCategories) };
const byMarker = { Personal: indexByMarker(personalCategories), Business: indexByMarker(businessCategories) };

/** The category list of an account type, in display order (income, fixed, flexible). */
export function categoriesFor(accountType: AccountType): readonly Category[] {
  return accountType === 'Business' ? businessCategories : personalCategories;
}

/** The category with this id in the account type's list, or undefined. */
export function findCategory(accountType: AccountType, id: string): Category | undefined {
  return byId[accountType].get(id);
}

/** Ids of the account type's categories that feed a marker (e.g. 'gambling', 'loan_income'); may be empty. */
export function categoryIdsWithMarker(accountType: AccountType, marker: Marker): readonly string[] {
  return byMarker[accountType].get(marker) ?? [];
}

/** Whether the category (by id) feeds the marker. */
export function hasMarker(accountType: AccountType, id: string, marker: Marker): boolean {
  return findCategory(accountType, id)?.markers.includes(marker) ?? false;
}
