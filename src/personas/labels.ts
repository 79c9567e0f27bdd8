/**
 * Labels: the category id (docs/categories.md, Personal and Business lists) each generated transaction should be
 * classified as. The generator knows why it wrote every line, so it can hand classifier tests the expected answer.
 */
export type Label =
  // personal income
  | 'salary'
  | 'pension'
  | 'universal_credit'
  | 'child_benefit'
  | 'payday_loan_income'
  | 'gambling_winnings'
  | 'transfer_in'
  | 'self_employment_income'
  | 'refund'
  | 'investment_income'
  | 'internal_transfer_in'
  // personal fixed outgoings
  | 'rent'
  | 'mortgage'
  | 'council_tax'
  | 'energy'
  | 'water'
  | 'telecoms'
  | 'insurance'
  | 'payday_loan_repayments'
  | 'car_finance'
  | 'bnpl'
  | 'debt_collection'
  // flexible spending
  | 'groceries'
  | 'eating_out'
  | 'fuel'
  | 'transport'
  | 'shopping'
  | 'clothing'
  | 'home_garden'
  | 'health_beauty'
  | 'subscriptions'
  | 'entertainment'
  | 'gambling'
  | 'cash_withdrawal'
  | 'bank_charges'
  | 'returned_direct_debit'
  | 'transfer_out'
  | 'internal_transfer_out'
  // business
  | 'card_settlements'
  | 'sales'
  | 'payroll'
  | 'hmrc_vat'
  | 'hmrc_paye'
  | 'hmrc_corporation_tax'
  | 'hmrc_other_tax'
  | 'utilities'
  | 'telecoms_it'
  | 'supplier_payments'
  | 'director_drawings'
  | 'equipment_supplies'
  | 'vehicles_travel';

/**
 * Finer tags than the category, for the truth: both pensions are "pension", both own-transfer directions are
 * transfers, charges come in kinds. Internal only.
 */
export type Pattern =
  | 'state_pension'
  | 'private_pension'
  | 'broadband'
  | 'mobile'
  | 'tv_licence'
  | 'unpaid_item_fee'
  | 'unarranged_od_fee'
  | 'overdraft_interest'
  | 'account_fee'
  | 'dd_returned'
  | 'dd_represented';
