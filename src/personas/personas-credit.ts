/**
 * Personas carrying the financial markers lenders screen for: gambling, payday loans, buy now pay later,
 * debt collection, and an overdraft with returned direct debits and charges.
 */
import type { PersonaDef } from './generate.ts';
import { bnpl, debtCollection, paydayLoans } from './builders/credit.ts';
import { gambling } from './builders/gambling.ts';
import { householdBills, monthlyBill, rent, subscriptions } from './builders/household.ts';
import { salary, universalCredit } from './builders/income.ts';
import { spending } from './builders/spending.ts';
import { dayFromCivil } from './calendar.ts';
import { MIX_CITY, MIX_EVERYDAY, MIX_TIGHT, friends, person, tight } from './persona-kit.ts';

export const gambler: PersonaDef = {
  name: 'gambler',
  description:
    'Salaried renter in London (Camden) betting online several times a week with three bookmakers; stakes grow in number and size over the 18 months before asOf; some winnings paid back.',
  accountType: 'Personal',
  plants: [
    'salary monthly, 25th',
    'gambling stakes (MCC 7995), increasing',
    'gambling winnings',
    'rent',
    'council tax',
    'utilities',
  ],
  setup: (r) => ({
    town: 'london',
    people: [person(r)],
    accounts: [
      {
        key: 'current',
        bank: 'monzo',
        subType: 'CurrentAccount',
        type: 'Personal',
        nickname: 'Personal Account',
        opening: 700,
        policy: tight(120),
      },
    ],
  }),
  plant: (ctx) => {
    salary(ctx, {
      acct: 'current',
      employer: 'BRIGHTWATER SOLUTIONS LTD',
      ref: 'SALARY',
      frequency: 'Monthly',
      payDay: 25,
      net2024: 2948.6,
    });
    rent(ctx, 'current', { landlord: 'R GREENWOOD', ref: 'RENT FLAT 4', day: 1, monthly2024: 1250, via: 'so' });
    householdBills(ctx, 'current', {
      councilTax: { day: 1, annual2024: 1654.9 },
      energy: { payee: 'OCTOPUS ENERGY', day: 7, monthly2024: 71 },
      water: { day: 12, monthly2024: 33 },
      broadband: { payee: 'HYPEROPTIC', day: 3, monthly2024: 30 },
      mobiles: [{ payee: 'H3G', day: 26, monthly2024: 18 }],
    });
    subscriptions(ctx, 'current', ['spotify']);
    gambling(ctx, 'current', { operators: 3, stakesPerWeek: 4, escalation: 3.5, winRate: 0.12 });
    spending(ctx, {
      acct: 'current',
      mix: MIX_CITY,
      fraction: 0.7,
      fallbackMonthly: 900,
      minMonthly: 400,
      cashShare: 0.03,
      p2p: { perMonth: 1.5, names: friends(ctx.rng('friends'), 4) },
      targetBalance: 500,
    });
  },
};

export const paydayBorrower: PersonaDef = {
  name: 'payday-borrower',
  description:
    'Retail worker in Manchester who runs short before payday and borrows from high-cost short-term lenders every few months: a loan credit, then 3–6 monthly repayments taken by card or direct debit after payday.',
  accountType: 'Personal',
  plants: [
    'salary monthly, last working day',
    'payday loan credits',
    'payday loan repayments',
    'rent',
    'council tax',
    'utilities',
  ],
  setup: (r) => ({
    town: 'manchester',
    people: [person(r)],
    accounts: [
      {
        key: 'current',
        bank: 'tsb',
        subType: 'CurrentAccount',
        type: 'Personal',
        nickname: 'Spend & Save',
        opening: 250,
        policy: tight(0),
      },
    ],
  }),
  plant: (ctx) => {
    salary(ctx, {
      acct: 'current',
      employer: 'SILVERLINE RETAIL LTD',
      ref: 'SALARY',
      frequency: 'Monthly',
      payDay: 'last',
      net2024: 1482.75,
    });
    rent(ctx, 'current', { landlord: 'HOLLINGS LETTINGS', ref: 'FLAT 12 RENT', day: 1, monthly2024: 575, via: 'so' });
    householdBills(ctx, 'current', {
      councilTax: { day: 1, annual2024: 1381.5 },
      energy: { payee: 'SCOTTISH POWER', day: 4, monthly2024: 66 },
      water: { day: 6, monthly2024: 29 },
      mobiles: [{ payee: 'VODAFONE LIMITED', day: 2, monthly2024: 25 }],
    });
    paydayLoans(ctx, 'current', {
      lenders: [
        { name: 'LENDING STREAM', via: 'card' },
        { name: 'DRAFTY', via: 'dd' },
        { name: 'MONEYBOAT', via: 'card' },
      ],
      gapDays: [55, 140],
      amount: [150, 500],
      instalments: [3, 6],
      repayDay: 1,
    });
    spending(ctx, {
      acct: 'current',
      mix: MIX_TIGHT,
      fraction: 1,
      fallbackMonthly: 600,
      minMonthly: 300,
      cashShare: 0.08,
      targetBalance: 150,
    });
  },
};

export const bnplShopper: PersonaDef = {
  name: 'bnpl-shopper',
  description:
    'Hospitality worker in Glasgow buying clothes with Klarna, Clearpay and PayPal Pay in 3: every purchase becomes 3 or 4 instalments. Scottish council tax includes water. Bank of Scotland cuts texts to 18 characters.',
  accountType: 'Personal',
  plants: [
    'salary monthly, 15th',
    'BNPL instalments (Klarna, Clearpay, PayPal)',
    'rent',
    'council tax (water included)',
    'utilities',
    'subscriptions',
  ],
  setup: (r) => ({
    town: 'glasgow',
    people: [person(r)],
    accounts: [
      {
        key: 'current',
        bank: 'bank-of-scotland',
        subType: 'CurrentAccount',
        type: 'Personal',
        nickname: 'Classic',
        opening: 400,
        policy: { ...tight(10), reserveDays: 31 },
      },
    ],
  }),
  plant: (ctx) => {
    salary(ctx, {
      acct: 'current',
      employer: 'QUAYSIDE HOSPITALITY LTD',
      ref: 'WAGES',
      frequency: 'Monthly',
      payDay: 15,
      net2024: 1690.2,
    });
    rent(ctx, 'current', {
      landlord: 'A & S PROPERTIES',
      ref: '2/1 DUMBARTON RD',
      day: 16,
      monthly2024: 695,
      via: 'so',
    });
    householdBills(ctx, 'current', {
      councilTax: { day: 18, annual2024: 1640.2 },
      energy: { payee: 'SCOTTISHPOWER', day: 20, monthly2024: 72 },
      broadband: { payee: 'VIRGIN MEDIA', day: 22, monthly2024: 38 },
      mobiles: [{ payee: 'EE LIMITED', day: 17, monthly2024: 24 }],
    });
    subscriptions(ctx, 'current', ['netflix']);
    bnpl(ctx, 'current', { perMonth: 1.6 });
    spending(ctx, {
      acct: 'current',
      mix: MIX_CITY,
      fraction: 0.9,
      fallbackMonthly: 650,
      minMonthly: 300,
      cashShare: 0.03,
      targetBalance: 400,
    });
  },
};

export const debtCollectionPersona: PersonaDef = {
  name: 'debt-collection',
  description:
    'Part-time food-factory worker in Leeds topped up by Universal Credit, paying old debts in monthly instalments to Lowell (since 2019) and Cabot (since mid-2022).',
  accountType: 'Personal',
  plants: [
    'salary weekly, Friday',
    'Universal Credit monthly',
    'debt collection (Lowell, Cabot)',
    'rent',
    'council tax',
    'utilities',
  ],
  setup: (r) => ({
    town: 'leeds',
    people: [person(r)],
    accounts: [
      {
        key: 'current',
        bank: 'lloyds',
        subType: 'CurrentAccount',
        type: 'Personal',
        nickname: 'Classic Account',
        opening: 150,
        policy: tight(140),
      },
    ],
  }),
  plant: (ctx) => {
    salary(ctx, {
      acct: 'current',
      employer: 'CALDER VALLEY FOODS LTD',
      ref: 'WAGES',
      frequency: 'Weekly',
      payDay: 5,
      net2024: 262.4,
      overtime: true,
    });
    universalCredit(ctx, 'current', { day: 9, monthly2024: 412.6, ni: `NZ${ctx.rng('ni').digits(6)}A` });
    rent(ctx, 'current', {
      landlord: 'NORTHDALE HOMES',
      ref: `RENT ${ctx.rng('tenancy').digits(6)}`,
      day: 1,
      monthly2024: 455,
      via: 'so',
    });
    householdBills(ctx, 'current', {
      councilTax: { day: 15, annual2024: 1027.5 },
      energy: { payee: 'BRITISH GAS', day: 12, monthly2024: 68 },
      water: { day: 18, monthly2024: 28 },
      mobiles: [{ payee: 'H3G', day: 22, monthly2024: 12 }],
    });
    debtCollection(ctx, 'current', [
      {
        agency: 'LOWELL PORTFOLIO I',
        ref: ctx.rng('ref', 'lowell').digits(9),
        day: 5,
        monthly: 25,
        from: dayFromCivil(2019, 3, 5),
        via: 'so',
      },
      {
        agency: 'CABOT FINANCIAL UK',
        ref: `CFS${ctx.rng('ref', 'cabot').digits(8)}`,
        day: 20,
        monthly: 15,
        from: dayFromCivil(2022, 6, 20),
        via: 'dd',
      },
    ]);
    spending(ctx, {
      acct: 'current',
      mix: MIX_TIGHT,
      fraction: 0.95,
      fallbackMonthly: 550,
      minMonthly: 280,
      cashShare: 0.12,
      targetBalance: 400,
    });
  },
};

export const overdrawn: PersonaDef = {
  name: 'overdrawn',
  description:
    'Nursery worker in Bristol who lives in a £500 arranged overdraft: overdraft interest every month, direct debits late in the month (car finance above all) returned unpaid (reversal, fee, re-presented a week later), unarranged overdraft fees when a standing order takes the account past the limit.',
  accountType: 'Personal',
  plants: [
    'salary monthly, last working day',
    'overdraft use',
    'car finance',
    'returned direct debits',
    'bank charges (interest, unpaid item, unarranged fees)',
    'rent',
    'council tax',
    'utilities',
    'insurance',
  ],
  setup: (r) => ({
    town: 'bristol',
    people: [person(r)],
    accounts: [
      {
        key: 'current',
        bank: 'barclays',
        subType: 'CurrentAccount',
        type: 'Personal',
        nickname: 'Bank Account',
        opening: -120,
        overdraft: 500,
        policy: {
          floorPence: -25000,
          limitPence: 50000,
          returnDirectDebits: true,
          reserveDays: 2,
          charges: { odRate: 0.3979, unpaidFeePence: 1200, unarrangedFeePence: 600 },
        },
      },
    ],
  }),
  plant: (ctx) => {
    salary(ctx, {
      acct: 'current',
      employer: 'OAKTREE NURSERIES LTD',
      ref: 'SALARY',
      frequency: 'Monthly',
      payDay: 'last',
      net2024: 1618.8,
    });
    rent(ctx, 'current', { landlord: 'M PATEL', ref: 'RENT 9 NORTH ST', day: 1, monthly2024: 795, via: 'so' });
    householdBills(ctx, 'current', {
      councilTax: { day: 5, annual2024: 1498.2 },
      energy: { payee: 'BRITISH GAS', day: 24, monthly2024: 72 },
      water: { day: 26, monthly2024: 31 },
      broadband: { payee: 'TALKTALK', day: 23, monthly2024: 29 },
      mobiles: [{ payee: 'EE LIMITED', day: 27, monthly2024: 23 }],
      insurance: [{ payee: 'HASTINGS DIRECT', day: 25, monthly2024: 44 }],
    });
    // Car finance collected just before payday, when the account is at its lowest: the one that bounces.
    monthlyBill(
      ctx,
      'current',
      { payee: 'MOTONOVO FINANCE', ref: `AGR${ctx.rng('ref', 'motonovo').digits(7)}`, day: 26, monthly2024: 214.4 },
      'car_finance',
      undefined,
      [0, 0],
    );
    spending(ctx, {
      acct: 'current',
      mix: MIX_EVERYDAY,
      fraction: 1.03,
      fallbackMonthly: 700,
      minMonthly: 350,
      cashShare: 0.05,
      targetBalance: -200,
    });
  },
};
