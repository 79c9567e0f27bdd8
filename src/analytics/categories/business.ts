/**
 * Business account categories. Concepts shared with the personal list (transfers between own accounts, refunds,
 * bank charges, cash, loans, fallbacks) use the same ids so the later stages can read both lists alike.
 */
import { fixed, flexible, income } from './category.ts';
import type { Category } from './category.ts';

const incomeCategories: readonly Category[] = [
  income(
    'sales',
    'Sales and takings',
    'Payments from customers: invoices paid, BACS and Faster Payments from trading customers.',
  ),
  income(
    'card_settlements',
    'Card and online payment settlements',
    'Payouts from card acquirers, payment processors and marketplaces: Worldpay, Stripe, SumUp, Square, Zettle, Dojo, PayPal, Amazon, eBay, Shopify.',
  ),
  income('cash_deposit', 'Cash takings banked', 'Cash paid in at a branch, Post Office or deposit machine.'),
  income(
    'loan_income',
    'Loan and finance income',
    'Business loans, merchant cash advances, invoice finance drawdowns and government-backed loans (Funding Circle, iwoca, YouLend, Liberis, BBL).',
    { markers: ['loan_income'] },
  ),
  income(
    'capital_injection',
    'Owner and investor funding',
    'Money paid in by directors, owners or investors (director loans in, share capital).',
  ),
  income(
    'government_income',
    'Grants and tax repayments',
    'Government grants and HMRC repayments (VAT repayment, corporation tax refund).',
    { markers: ['tax'] },
  ),
  income('refund', 'Refunds', 'Money back from a supplier the business pays. Not income.', {
    markers: ['refund'],
    excluded: true,
  }),
  income(
    'internal_transfer_in',
    'Transfer from own account',
    'Money moved in from another account of the same customer. Not income.',
    { markers: ['internal_transfer'], excluded: true },
  ),
  income('other_income', 'Other income', 'Money in that no rule recognised, including interest received.'),
];

const fixedCategories: readonly Category[] = [
  fixed('payroll', 'Payroll', 'Wages and salaries paid to employees, payroll bureaux.'),
  fixed('hmrc_vat', 'HMRC VAT', 'VAT payments to HMRC.', { markers: ['tax'] }),
  fixed(
    'hmrc_paye',
    'HMRC PAYE and NI',
    'PAYE income tax and National Insurance paid to HMRC for employees (including CIS).',
    { markers: ['tax'] },
  ),
  fixed('hmrc_corporation_tax', 'HMRC corporation tax', 'Corporation tax payments to HMRC.', { markers: ['tax'] }),
  fixed('hmrc_other_tax', 'Other taxes', 'Other HMRC payments (self assessment, duties) and DVLA vehicle tax.', {
    markers: ['tax'],
  }),
  fixed('business_rates', 'Business rates', 'Non-domestic rates paid to a local authority.'),
  fixed('rent', 'Premises rent', 'Rent and service charges for business premises.', { markers: ['rent_mortgage'] }),
  fixed('utilities', 'Utilities', 'Gas, electricity and water for the premises.', { markers: ['utilities'] }),
  fixed(
    'telecoms_it',
    'Telecoms, IT and software',
    'Phone, broadband, hosting and software subscriptions (Xero, QuickBooks, Sage, Microsoft, Google Workspace).',
  ),
  fixed('insurance', 'Insurance', 'Business insurance premiums: liability, premises, fleet, professional indemnity.', {
    markers: ['insurance'],
  }),
  fixed(
    'loan_repayments',
    'Loan repayments',
    'Repayments of business loans, merchant cash advances and government-backed loans.',
    { markers: ['credit_repayments'] },
  ),
  fixed('credit_card_repayments', 'Credit card repayments', 'Payments to business credit and charge card accounts.', {
    markers: ['credit_repayments'],
  }),
  fixed('asset_finance', 'Asset finance and leasing', 'Hire purchase and lease payments for vehicles and equipment.', {
    markers: ['credit_repayments'],
  }),
  fixed(
    'pension_contributions',
    'Pension contributions',
    "Workplace pension contributions (NEST, The People's Pension, Smart Pension).",
    { markers: ['savings_investment'] },
  ),
  fixed(
    'debt_collection',
    'Debt collection',
    'Payments to debt collection agencies, debt purchasers and enforcement agents.',
    { markers: ['debt_collection'] },
  ),
];

const flexibleCategories: readonly Category[] = [
  flexible(
    'supplier_payments',
    'Suppliers and stock',
    'Payments to suppliers, wholesalers and for stock or materials (Booker, Costco, Bestway, trade counters).',
  ),
  flexible(
    'director_drawings',
    'Director and owner drawings',
    'Money paid out to directors or owners: drawings, dividends, director loan repayments.',
  ),
  flexible(
    'professional_services',
    'Professional services',
    'Accountants, solicitors, consultants, recruitment agencies.',
  ),
  flexible(
    'marketing',
    'Marketing and advertising',
    'Advertising and marketing: Google Ads, Facebook/Meta ads, printing, listings.',
  ),
  flexible(
    'vehicles_travel',
    'Vehicles, fuel and travel',
    'Fuel, vehicle running costs, public transport, parking, flights and hotels for business.',
  ),
  flexible(
    'equipment_supplies',
    'Equipment and supplies',
    'Office supplies, tools, equipment and general purchases (Amazon, Screwfix, Viking).',
  ),
  flexible('merchant_fees', 'Merchant and processing fees', 'Card processing, payment service and marketplace fees.'),
  flexible(
    'bank_charges',
    'Bank charges and interest',
    'Account fees, overdraft interest, unpaid item fees and other bank penalties.',
    { markers: ['bank_charges'] },
  ),
  flexible(
    'returned_direct_debit',
    'Returned direct debits',
    'Direct debits and standing orders the bank returned unpaid and their reversals.',
    { markers: ['returned_direct_debits'] },
  ),
  flexible('cash_withdrawal', 'Cash withdrawals', 'ATM and over-the-counter cash withdrawals.', {
    markers: ['cash_withdrawals'],
  }),
  flexible('transfer_out', 'Other payments out', 'Bank transfers to other parties with no better category.', {
    markers: ['debit_bank_transfer'],
  }),
  flexible(
    'internal_transfer_out',
    'Transfer to own account',
    'Money moved out to another account of the same customer. Not expenditure.',
    { markers: ['internal_transfer'], excluded: true },
  ),
  flexible('other_expenditure', 'Other expenditure', 'Money out that no rule recognised.'),
];

/** Business account categories: income first, then fixed and flexible expenditure. */
export const businessCategories: readonly Category[] = Object.freeze([
  ...incomeCategories,
  ...fixedCategories,
  ...flexibleCategories,
]);
