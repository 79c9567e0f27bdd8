/**
 * The shape of a transaction category and the financial-marker groups the analytics read from it.
 * Categories are plain data: the lists live in personal.ts and business.ts, lookups in taxonomy.ts.
 */

/** Spec, Transaction category: income or expenditure. */
export type IncomeExpenditure = 'income' | 'expenditure';

/** Spec, Category Expenditure: whether the expenditure is fixed or flexible. */
export type FixedFlexible = 'fixed' | 'flexible';

/**
 * Groups the later stages (financial markers, employment, affordability) read instead of hard-coding
 * category ids. Named after the spec's Financial Markers and Employment members where one exists.
 */
export const MARKERS = [
  'salary',
  'pension',
  'benefits',
  'out_of_work_benefits',
  'child_benefit',
  'loan_income',
  'payday_loan_income',
  'credit_repayments',
  'high_cost_credit',
  'bnpl',
  'debt_collection',
  'debt_management',
  'gambling',
  'gambling_winnings',
  'rent_mortgage',
  'insurance',
  'council_tax',
  'savings_investment',
  'utilities',
  'bank_charges',
  'returned_direct_debits',
  'cash_withdrawals',
  'debit_bank_transfer',
  'internal_transfer',
  'refund',
  'tax',
] as const;

export type Marker = (typeof MARKERS)[number];

/** One category of a list (Personal or Business). */
export interface Category {
  /** stable snake_case id; never renamed once published (clients store it) */
  readonly id: string;
  /** human name, as served by endpoint 19 and used as Category Income/Expenditure `name` */
  readonly name: string;
  readonly income_expenditure: IncomeExpenditure;
  /** set for expenditure only */
  readonly fixed_flexible?: FixedFlexible;
  /** the marker groups this category feeds; empty for most */
  readonly markers: readonly Marker[];
  /**
   * True when amounts in this category are not the customer's income or spending (own-account transfers,
   * refunds): income/expenditure totals and affordability leave them out.
   */
  readonly excludedFromTotals: boolean;
  /** what goes in it, for docs/categories.md */
  readonly description: string;
}

interface Options {
  markers?: readonly Marker[];
  excluded?: boolean;
}

function make(
  id: string,
  name: string,
  incomeExpenditure: IncomeExpenditure,
  fixedFlexible: FixedFlexible | undefined,
  description: string,
  options: Options,
): Category {
  const category: Category = {
    id,
    name,
    income_expenditure: incomeExpenditure,
    ...(fixedFlexible === undefined ? {} : { fixed_flexible: fixedFlexible }),
    markers: Object.freeze([...(options.markers ?? [])]),
    excludedFromTotals: options.excluded ?? false,
    description,
  };
  return Object.freeze(category);
}

/** An income category. */
export function income(id: string, name: string, description: string, options: Options = {}): Category {
  return make(id, name, 'income', undefined, description, options);
}

/** A fixed expenditure category (committed, hard to cut at short notice). */
export function fixed(id: string, name: string, description: string, options: Options = {}): Category {
  return make(id, name, 'expenditure', 'fixed', description, options);
}

/** A flexible expenditure category (discretionary or variable). */
export function flexible(id: string, name: string, description: string, options: Options = {}): Category {
  return make(id, name, 'expenditure', 'flexible', description, options);
}
