/**
 * Personal account categories. Ids are stable (clients store them); add new ones rather than renaming.
 * Fixed = contractual or hard to cut within a month (housing, bills, credit commitments); flexible = the rest.
 */
import { fixed, flexible, income } from './category.ts';
import type { Category } from './category.ts';

const incomeCategories: readonly Category[] = [
  income(
    'salary',
    'Salary',
    'Wages and salary from an employer (BGC/FPS credits naming an employer, "SALARY", "WAGES", payroll bureaux).',
    { markers: ['salary'] },
  ),
  income(
    'self_employment_income',
    'Self-employment income',
    'Payments for work as a sole trader or contractor: invoices paid, platform payouts (Uber, Deliveroo rider, Etsy, eBay seller).',
  ),
  income(
    'pension',
    'Pension',
    'State Pension (DWP "STATE PENSION"/"DWP PENSION") and occupational or private pensions (annuity providers, pension schemes).',
    { markers: ['pension'] },
  ),
  income(
    'universal_credit',
    'Universal Credit',
    'DWP Universal Credit ("DWP UC"). Paid in and out of work: the employment stage decides, from salary, whether it signals being out of work.',
    { markers: ['benefits'] },
  ),
  income('child_benefit', 'Child Benefit', 'HMRC Child Benefit ("CHB", "HMRC CHILD BENEFIT").', {
    markers: ['benefits', 'child_benefit'],
  }),
  income(
    'disability_benefits',
    'Disability and carer benefits',
    "PIP, DLA, Attendance Allowance, Carer's Allowance, Adult/Child Disability Payment (Social Security Scotland).",
    { markers: ['benefits'] },
  ),
  income(
    'out_of_work_benefits',
    'Out-of-work benefits',
    "Jobseeker's Allowance (JSA), Employment and Support Allowance (ESA), Income Support.",
    { markers: ['benefits', 'out_of_work_benefits'] },
  ),
  income(
    'tax_credits',
    'Tax credits',
    'HMRC Working Tax Credit and Child Tax Credit ("HMRC TC", "HMRC WTC", "HMRC CTC").',
    { markers: ['benefits'] },
  ),
  income('housing_benefit', 'Housing Benefit', 'Housing Benefit and council tax support paid by a local authority.', {
    markers: ['benefits'],
  }),
  income(
    'other_benefits',
    'Other benefits',
    'Other state support: Maternity Allowance, Bereavement Support, Winter Fuel Payment, cost-of-living payments, council grants.',
    { markers: ['benefits'] },
  ),
  income('tax_refund', 'Tax refund', 'Refunds of income tax or other taxes from HMRC.', { markers: ['tax'] }),
  income(
    'loan_income',
    'Loan income',
    'Money received from a mainstream lender: personal loans, car finance paid to the customer, credit-card money transfers, student loan maintenance.',
    { markers: ['loan_income'] },
  ),
  income(
    'payday_loan_income',
    'Payday loan income',
    'Money received from a payday or other high-cost short-term lender (Lending Stream, Mr Lender, Drafty, Satsuma, ...).',
    { markers: ['loan_income', 'payday_loan_income', 'high_cost_credit'] },
  ),
  income('rental_income', 'Rental income', 'Rent received from tenants or letting agents.'),
  income(
    'maintenance_received',
    'Maintenance received',
    'Child maintenance (Child Maintenance Service, CMS) or spousal maintenance received.',
  ),
  income(
    'investment_income',
    'Interest and investment income',
    'Interest paid by the bank, dividends, investment withdrawals paid to this account.',
    { markers: ['savings_investment'] },
  ),
  income(
    'gambling_winnings',
    'Gambling winnings',
    'Withdrawals and winnings paid by bookmakers, casinos and lotteries.',
    { markers: ['gambling_winnings'] },
  ),
  income(
    'transfer_in',
    'Transfers in',
    "Money from other people (not the customer's own accounts) with no better category: family, friends, splitting bills.",
  ),
  income('cash_deposit', 'Cash deposits', 'Cash paid in at a branch, Post Office or deposit machine.'),
  income(
    'refund',
    'Refunds',
    'Money back from a merchant the customer pays: returns, cancelled orders, chargebacks. Not income.',
    { markers: ['refund'], excluded: true },
  ),
  income(
    'internal_transfer_in',
    'Transfer from own account',
    'Money moved in from another account of the same customer. Not income.',
    { markers: ['internal_transfer'], excluded: true },
  ),
  income('other_income', 'Other income', 'Money in that no rule recognised.'),
];

const fixedCategories: readonly Category[] = [
  fixed('rent', 'Rent', 'Rent to a landlord, letting agent or housing association.', { markers: ['rent_mortgage'] }),
  fixed('mortgage', 'Mortgage', 'Mortgage payments to a bank or building society.', {
    markers: ['rent_mortgage', 'credit_repayments'],
  }),
  fixed(
    'council_tax',
    'Council tax',
    'Council tax to a local authority (and domestic rates in Northern Ireland, Land & Property Services).',
    { markers: ['council_tax'] },
  ),
  fixed(
    'energy',
    'Gas and electricity',
    'Energy suppliers: British Gas, Octopus Energy, EDF, E.ON Next, OVO, Scottish Power, heating oil, prepayment top-ups.',
    { markers: ['utilities'] },
  ),
  fixed(
    'water',
    'Water',
    'Water and sewerage companies: Thames Water, Severn Trent, United Utilities, Anglian Water, ...',
    { markers: ['utilities'] },
  ),
  fixed(
    'telecoms',
    'Phone, broadband and TV',
    'Mobile, landline, broadband and pay-TV (BT, Sky, Virgin Media, Vodafone, EE, O2, Three) and the TV Licence.',
    { markers: ['utilities'] },
  ),
  fixed('insurance', 'Insurance', 'Car, home, contents, life, pet, travel, health and gadget insurance premiums.', {
    markers: ['insurance'],
  }),
  fixed(
    'loan_repayments',
    'Loan repayments',
    'Repayments to mainstream lenders: personal loans, student loans, secured loans, guarantor loans.',
    { markers: ['credit_repayments'] },
  ),
  fixed(
    'payday_loan_repayments',
    'Payday loan repayments',
    'Repayments to payday and other high-cost short-term lenders.',
    { markers: ['credit_repayments', 'high_cost_credit'] },
  ),
  fixed(
    'credit_card_repayments',
    'Credit card repayments',
    'Payments to credit card and store card accounts (Barclaycard, Amex, Capital One, Vanquis, Aqua, NewDay, ...).',
    { markers: ['credit_repayments'] },
  ),
  fixed(
    'car_finance',
    'Car finance',
    'Hire purchase, PCP and lease payments for a vehicle (Black Horse, Close Brothers, Santander Consumer, Moneybarn, ...).',
    { markers: ['credit_repayments'] },
  ),
  fixed(
    'bnpl',
    'Buy now pay later',
    'Instalments to buy-now-pay-later providers: Klarna, Clearpay, PayPal Pay in 3, Zilch, Laybuy, Monzo Flex.',
    { markers: ['bnpl', 'credit_repayments'] },
  ),
  fixed(
    'debt_collection',
    'Debt collection',
    'Payments to debt collection agencies and debt purchasers: Lowell, Cabot, Intrum, PRA Group, Moorcroft, bailiffs.',
    { markers: ['debt_collection'] },
  ),
  fixed(
    'debt_management',
    'Debt management',
    'Payments to debt management plans, IVAs and debt charities: StepChange, PayPlan, Creditfix, Harrington Brooks.',
    { markers: ['debt_management'] },
  ),
  fixed('childcare', 'Childcare', 'Nurseries, childminders, after-school clubs, childcare account top-ups.'),
  fixed('education', 'Education', 'School and university fees, school meals and trips (ParentPay, Scopay), courses.'),
  fixed(
    'child_maintenance',
    'Child maintenance paid',
    'Child maintenance paid to the other parent or through the Child Maintenance Service.',
  ),
  fixed(
    'pension_contributions',
    'Pension contributions',
    'Personal payments into a pension (not deducted from salary): SIPPs, personal pensions.',
    { markers: ['savings_investment'] },
  ),
  fixed(
    'tax_payments',
    'Tax payments',
    'Income tax, self assessment and other payments to HMRC; vehicle tax to the DVLA.',
    { markers: ['tax'] },
  ),
];

const flexibleCategories: readonly Category[] = [
  flexible(
    'groceries',
    'Groceries',
    "Supermarkets and food shops: Tesco, Sainsbury's, Asda, Morrisons, Aldi, Lidl, Co-op, Iceland, Ocado.",
  ),
  flexible(
    'eating_out',
    'Eating out and takeaways',
    'Restaurants, pubs, cafés, fast food and delivery apps (Deliveroo, Just Eat, Uber Eats).',
  ),
  flexible('fuel', 'Fuel', 'Petrol stations and electric vehicle charging.'),
  flexible(
    'transport',
    'Transport',
    'Public transport, trains, TfL, buses, taxis and ride-hailing, parking, tolls and congestion charges.',
  ),
  flexible('vehicle_costs', 'Vehicle costs', 'Servicing, repairs, MOT, tyres, car parts, breakdown cover.'),
  flexible(
    'shopping',
    'Shopping',
    'General retail and online marketplaces: Amazon, eBay, Argos, department stores, electronics.',
  ),
  flexible(
    'clothing',
    'Clothing and shoes',
    'Clothes, shoes and accessories: Next, Primark, ASOS, Shein, Zara, M&S clothing.',
  ),
  flexible(
    'home_garden',
    'Home and garden',
    'DIY, furniture, homeware and gardening: B&Q, IKEA, Wickes, Screwfix, Dunelm; household services.',
  ),
  flexible(
    'health_beauty',
    'Health and beauty',
    'Pharmacies, opticians, dentists, private healthcare, hairdressers and beauty: Boots, Superdrug, Specsavers.',
  ),
  flexible(
    'subscriptions',
    'Subscriptions',
    'Streaming, software and memberships: Netflix, Spotify, Disney+, Apple, Google, Amazon Prime, gyms.',
  ),
  flexible(
    'entertainment',
    'Entertainment and leisure',
    'Cinema, concerts, events, games, hobbies, sports and days out.',
  ),
  flexible(
    'holidays_travel',
    'Holidays and travel',
    'Flights, hotels, holiday companies, travel agents and foreign exchange.',
  ),
  flexible(
    'savings_investments',
    'Savings and investments',
    'Money put into savings or investment accounts held elsewhere: ISAs, Premium Bonds, Moneybox, Plum, Vanguard.',
    { markers: ['savings_investment'] },
  ),
  flexible(
    'gambling',
    'Gambling',
    'Bookmakers, betting exchanges, casinos, bingo, lotteries and gaming sites: Bet365, Sky Bet, Paddy Power, William Hill, National Lottery.',
    { markers: ['gambling'] },
  ),
  flexible('cash_withdrawal', 'Cash withdrawals', 'ATM and over-the-counter cash withdrawals, cashback.', {
    markers: ['cash_withdrawals'],
  }),
  flexible(
    'bank_charges',
    'Bank charges and interest',
    'Bank penalties and charges: unarranged overdraft fees, unpaid item fees, overdraft interest, account fees.',
    { markers: ['bank_charges'] },
  ),
  flexible(
    'returned_direct_debit',
    'Returned direct debits',
    'Direct debits and standing orders the bank returned unpaid ("UNPAID DD", "RETURNED DD") and their reversals.',
    { markers: ['returned_direct_debits'] },
  ),
  flexible('charity', 'Charity', 'Donations to charities and fundraising platforms (JustGiving, GoFundMe).'),
  flexible('pets', 'Pets', 'Pet shops, vets, pet food and grooming: Pets at Home, vets.'),
  flexible(
    'transfer_out',
    'Transfers out',
    "Payments to other people (not the customer's own accounts) with no better category.",
    { markers: ['debit_bank_transfer'] },
  ),
  flexible(
    'internal_transfer_out',
    'Transfer to own account',
    'Money moved out to another account of the same customer. Not expenditure.',
    { markers: ['internal_transfer'], excluded: true },
  ),
  flexible('other_expenditure', 'Other expenditure', 'Money out that no rule recognised.'),
];

/** Personal account categories: income first, then fixed and flexible expenditure. */
export const personalCategories: readonly Category[] = Object.freeze([
  ...incomeCategories,
  ...fixedCategories,
  ...flexibleCategories,
]);
