/**
 * Rule targets: what a recognised merchant, payee, MCC or keyword means, per direction and account type.
 *
 * A payee means different things depending on which way the money goes: money out to Lending Stream is a payday
 * loan repayment, money in from it is payday loan income; money in from Tesco is a refund, not income; money out
 * to Aviva is insurance, money in from Aviva is usually an annuity (pension). So every rule names a target key
 * and the key holds four category ids: Personal in/out, Business in/out. `null` means "this rule has no opinion
 * in that direction": classification goes on to the next rule (e.g. a DWP payment never explains money out).
 */

/** [personal in, personal out, business in, business out] */
export type TargetSpec = readonly [string | null, string | null, string | null, string | null];

/** Spending at a merchant: money back from it is a refund. */
function spend(personalOut: string, businessOut: string): TargetSpec {
  return ['refund', personalOut, 'refund', businessOut];
}

/** A payer of personal income (benefits, pensions): nothing to say about money out. */
function payer(personalIn: string, businessIn = 'government_income'): TargetSpec {
  return [personalIn, null, businessIn, null];
}

/** Every target key the reference tables and rules may use. Checked at module load by the classifier. */
export const TARGETS = {
  // Everyday spending
  groceries: spend('groceries', 'supplier_payments'),
  eating_out: spend('eating_out', 'vehicles_travel'),
  fuel: spend('fuel', 'vehicles_travel'),
  transport: spend('transport', 'vehicles_travel'),
  vehicle_costs: spend('vehicle_costs', 'vehicles_travel'),
  shopping: spend('shopping', 'equipment_supplies'),
  clothing: spend('clothing', 'equipment_supplies'),
  home_garden: spend('home_garden', 'equipment_supplies'),
  health_beauty: spend('health_beauty', 'other_expenditure'),
  subscriptions: spend('subscriptions', 'telecoms_it'),
  entertainment: spend('entertainment', 'other_expenditure'),
  holidays_travel: spend('holidays_travel', 'vehicles_travel'),
  charity: spend('charity', 'other_expenditure'),
  pets: spend('pets', 'other_expenditure'),
  childcare: spend('childcare', 'other_expenditure'),
  education: spend('education', 'professional_services'),
  // Bills and housing
  energy: spend('energy', 'utilities'),
  water: spend('water', 'utilities'),
  telecoms: spend('telecoms', 'telecoms_it'),
  insurance: ['other_income', 'insurance', 'other_income', 'insurance'],
  rent: ['rental_income', 'rent', 'other_income', 'rent'],
  // A letting agent passes the rent it collects on to the landlord: money in from one is rent received.
  letting_agent: ['rental_income', 'rent', 'other_income', 'rent'],
  // Housing words (HOMES, HOUSING, PROPERTIES) name a landlord or housing association only on money out: money in
  // from "TRINITY CARE HOMES" is wages or a refund, not rent received.
  housing: [null, 'rent', null, 'rent'],
  mortgage: ['loan_income', 'mortgage', 'loan_income', 'loan_repayments'],
  // A council pays people housing benefit or council tax refunds; a business gets grants from it.
  council: ['housing_benefit', 'council_tax', 'government_income', 'business_rates'],
  business_rates: ['other_income', 'tax_payments', 'government_income', 'business_rates'],
  child_maintenance: ['maintenance_received', 'child_maintenance', 'other_income', 'other_expenditure'],
  // Tax
  hmrc: ['tax_refund', 'tax_payments', 'government_income', 'hmrc_other_tax'],
  hmrc_vat: ['tax_refund', 'tax_payments', 'government_income', 'hmrc_vat'],
  hmrc_paye: ['tax_refund', 'tax_payments', 'government_income', 'hmrc_paye'],
  hmrc_corporation_tax: ['tax_refund', 'tax_payments', 'government_income', 'hmrc_corporation_tax'],
  vehicle_tax: spend('tax_payments', 'hmrc_other_tax'),
  // Credit
  loan: ['loan_income', 'loan_repayments', 'loan_income', 'loan_repayments'],
  payday_loan: ['payday_loan_income', 'payday_loan_repayments', 'loan_income', 'loan_repayments'],
  // Money in from a card issuer is a money transfer: new borrowing.
  credit_card: ['loan_income', 'credit_card_repayments', 'loan_income', 'credit_card_repayments'],
  car_finance: ['loan_income', 'car_finance', 'loan_income', 'asset_finance'],
  bnpl: ['refund', 'bnpl', 'refund', 'loan_repayments'],
  debt_collection: ['refund', 'debt_collection', 'refund', 'debt_collection'],
  debt_management: ['refund', 'debt_management', 'refund', 'other_expenditure'],
  pawnbroker: ['payday_loan_income', 'shopping', 'loan_income', 'equipment_supplies'],
  // Savings and investments held elsewhere: money back from them is the customer's own money, not income.
  savings: ['transfer_in', 'savings_investments', 'other_income', 'other_expenditure'],
  investment: ['investment_income', 'savings_investments', 'other_income', 'other_expenditure'],
  // Income
  salary: ['salary', 'transfer_out', 'sales', 'payroll'],
  employment_agency: ['salary', null, 'sales', 'professional_services'],
  pension: ['pension', 'pension_contributions', 'other_income', 'pension_contributions'],
  // Annuity and life companies: money in is a pension, money out a premium.
  pension_insurer: ['pension', 'insurance', 'other_income', 'insurance'],
  state_pension: payer('pension'),
  universal_credit: payer('universal_credit'),
  child_benefit: payer('child_benefit'),
  disability_benefits: payer('disability_benefits'),
  out_of_work_benefits: payer('out_of_work_benefits'),
  tax_credits: payer('tax_credits'),
  housing_benefit: payer('housing_benefit'),
  other_benefits: payer('other_benefits'),
  // Gambling operators pay out winnings and withdrawals.
  gambling: ['gambling_winnings', 'gambling', 'other_income', 'other_expenditure'],
  // Banking
  // A bank or building society says nothing by itself: a payment to one may be a mortgage, a loan, a card or
  // savings, which the words beside it or the transaction type tell.
  bank: [null, null, null, null],
  cash: ['cash_deposit', 'cash_withdrawal', 'cash_deposit', 'cash_withdrawal'],
  cash_deposit: ['cash_deposit', null, 'cash_deposit', null],
  bank_charges: ['refund', 'bank_charges', 'refund', 'bank_charges'],
  returned_direct_debit: [
    'returned_direct_debit',
    'returned_direct_debit',
    'returned_direct_debit',
    'returned_direct_debit',
  ],
  interest: ['investment_income', 'bank_charges', 'other_income', 'bank_charges'],
  refund: ['refund', null, 'refund', null],
  transfer: ['transfer_in', 'transfer_out', 'other_income', 'transfer_out'],
  // Only from a submitted category that says so ("Internal transfer"); the classifier's own matching is in
  // own-transfers.ts.
  own_transfer: ['internal_transfer_in', 'internal_transfer_out', 'internal_transfer_in', 'internal_transfer_out'],
  money_transfer: ['transfer_in', 'transfer_out', 'other_income', 'transfer_out'],
  // Payment processors: a business's settlements and fees; on a personal account, self-employed takings.
  payment_processor: ['self_employment_income', null, 'card_settlements', 'merchant_fees'],
  // PayPal wraps other merchants; its own meaning is weak (see reference/knowledge.ts, weak lists).
  paypal: ['transfer_in', null, 'card_settlements', null],
  marketplace: ['self_employment_income', 'shopping', 'card_settlements', 'equipment_supplies'],
  // Second-hand clothing marketplaces (Vinted, Depop): sellers are paid, buyers buy clothes.
  clothing_marketplace: ['self_employment_income', 'clothing', 'card_settlements', 'equipment_supplies'],
  delivery_app: ['self_employment_income', 'eating_out', 'card_settlements', 'merchant_fees'],
  ride_hailing: ['self_employment_income', 'transport', 'other_income', 'vehicles_travel'],
  // Business suppliers and services
  wholesaler: spend('groceries', 'supplier_payments'),
  accounting_software: spend('subscriptions', 'telecoms_it'),
  professional_services: spend('other_expenditure', 'professional_services'),
  marketing: spend('subscriptions', 'marketing'),
  workplace_pension: ['pension', 'pension_contributions', 'other_income', 'pension_contributions'],
  payroll: ['salary', 'transfer_out', 'other_income', 'payroll'],
  // Invoice words: money in is takings; a business paying an invoice pays a supplier.
  sales: ['self_employment_income', null, 'sales', 'supplier_payments'],
  director: ['transfer_in', 'transfer_out', 'capital_injection', 'director_drawings'],
  grant: payer('other_benefits'),
} as const satisfies Record<string, TargetSpec>;

export type TargetKey = keyof typeof TARGETS;

/** Whether a string names a target (for validating generated tables). */
export function isTargetKey(key: string): key is TargetKey {
  return Object.hasOwn(TARGETS, key);
}
