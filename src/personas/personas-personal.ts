/**
 * Personal personas with ordinary finances: how they are paid and how they live. Each plant() writes the
 * commitments first and spending last (spending follows what is left).
 */
import type { PersonaDef } from './generate.ts';
import { childBenefit, privatePension, salary, statePension, universalCredit } from './builders/income.ts';
import { householdBills, mortgage, rent, subscriptions, gym } from './builders/household.ts';
import { spending } from './builders/spending.ts';
import { dayFromCivil } from './calendar.ts';
import { lastWorkingDays } from './schedules.ts';
import {
  MIX_CITY,
  MIX_EVERYDAY,
  MIX_RETIRED,
  MIX_TIGHT,
  comfortable,
  couple,
  friends,
  person,
  tight,
} from './persona-kit.ts';

export const salariedMonthly: PersonaDef = {
  name: 'salaried-monthly',
  description:
    'Renter in Leeds paid a monthly salary on the last working day (earlier when it falls on a weekend or bank holiday); bills by direct debit, rent by standing order, a savings account fed from the current account.',
  accountType: 'Personal',
  plants: [
    'salary monthly, last working day',
    'rent (standing order)',
    'council tax',
    'energy, water, broadband, mobile',
    'insurance',
    'subscriptions',
    'own transfers',
  ],
  setup: (r) => ({
    town: 'leeds',
    people: [person(r)],
    accounts: [
      {
        key: 'current',
        bank: 'hsbc',
        subType: 'CurrentAccount',
        type: 'Personal',
        nickname: 'Bank Account',
        opening: 900,
        policy: comfortable('savings', 3, 1600),
      },
      {
        key: 'savings',
        bank: 'hsbc',
        subType: 'Savings',
        type: 'Personal',
        nickname: 'Online Bonus Saver',
        opening: 2500,
        savingsRate: 0.02,
      },
    ],
  }),
  plant: (ctx) => {
    salary(ctx, {
      acct: 'current',
      employer: 'ACME LOGISTICS LTD',
      ref: 'SALARY',
      frequency: 'Monthly',
      payDay: 'last',
      net2024: 2450.12,
    });
    rent(ctx, 'current', { landlord: 'M PATEL', ref: 'RENT FLAT 2', day: 1, monthly2024: 850, via: 'so' });
    householdBills(ctx, 'current', {
      councilTax: { day: 1, annual2024: 1712.4 },
      energy: { payee: 'BRITISH GAS', day: 12, monthly2024: 96 },
      water: { day: 15, monthly2024: 38.5 },
      broadband: { payee: 'VIRGIN MEDIA', day: 8, monthly2024: 42 },
      mobiles: [{ payee: 'EE LIMITED', day: 20, monthly2024: 28 }],
      insurance: [{ payee: 'ADMIRAL INSURANCE', day: 10, monthly2024: 47.8 }],
    });
    subscriptions(ctx, 'current', ['netflix', 'spotify']);
    gym(ctx, 'current', 'PUREGYM LTD', 24.99);
    spending(ctx, {
      acct: 'current',
      mix: MIX_EVERYDAY,
      fraction: 0.8,
      fallbackMonthly: 900,
      minMonthly: 400,
      cashShare: 0.03,
      p2p: { perMonth: 1.5, names: friends(ctx.rng('friends'), 4) },
    });
  },
};

export const weeklyPaid: PersonaDef = {
  name: 'weekly-paid',
  description:
    'Warehouse operative in Manchester paid weekly on Friday (Thursday before Good Friday), net pay varying with overtime; rent by standing order, a lot of cash, no savings.',
  accountType: 'Personal',
  plants: [
    'salary weekly, Friday, varying (overtime)',
    'rent (standing order)',
    'council tax',
    'utilities',
    'cash withdrawals',
  ],
  setup: (r) => ({
    town: 'manchester',
    people: [person(r)],
    accounts: [
      {
        key: 'current',
        bank: 'lloyds',
        subType: 'CurrentAccount',
        type: 'Personal',
        nickname: 'Classic',
        opening: 350,
        policy: tight(120),
      },
    ],
  }),
  plant: (ctx) => {
    salary(ctx, {
      acct: 'current',
      employer: 'KESTREL DISTRIBUTION LTD',
      ref: 'WAGES WK{WK}',
      frequency: 'Weekly',
      payDay: 5,
      net2024: 468.3,
      overtime: true,
    });
    rent(ctx, 'current', { landlord: 'HOLLINGS LETTINGS', ref: 'FLAT 7 RENT', day: 1, monthly2024: 675, via: 'so' });
    householdBills(ctx, 'current', {
      councilTax: { day: 15, annual2024: 1498.2 },
      energy: { payee: 'OCTOPUS ENERGY', day: 5, monthly2024: 78 },
      water: { day: 18, monthly2024: 31 },
      mobiles: [{ payee: 'VODAFONE LIMITED', day: 22, monthly2024: 21 }],
    });
    spending(ctx, {
      acct: 'current',
      mix: MIX_TIGHT,
      fraction: 0.95,
      fallbackMonthly: 700,
      minMonthly: 350,
      cashShare: 0.22,
      targetBalance: 450,
    });
  },
};

export const fortnightlyPaid: PersonaDef = {
  name: 'fortnightly-paid',
  description:
    'Care worker in Newcastle paid every other Thursday; rent, council tax and utilities by direct debit; Disney+.',
  accountType: 'Personal',
  plants: ['salary fortnightly, Thursday', 'rent (direct debit)', 'council tax', 'utilities', 'subscriptions'],
  setup: (r) => ({
    town: 'newcastle',
    people: [person(r)],
    accounts: [
      {
        key: 'current',
        bank: 'natwest',
        subType: 'CurrentAccount',
        type: 'Personal',
        nickname: 'Select Account',
        opening: 600,
        policy: tight(100),
      },
    ],
  }),
  plant: (ctx) => {
    salary(ctx, {
      acct: 'current',
      employer: 'PENNINE CARE SERVICES LTD',
      ref: 'PAY',
      frequency: 'Fortnightly',
      payDay: 4,
      net2024: 1046.55,
    });
    rent(ctx, 'current', {
      landlord: 'RIVERSIDE VALE HOUSING',
      ref: 'RENT ACC 40211',
      day: 1,
      monthly2024: 640,
      via: 'dd',
    });
    householdBills(ctx, 'current', {
      councilTax: { day: 1, annual2024: 1640 },
      energy: { payee: 'EDF ENERGY', day: 9, monthly2024: 82 },
      water: { day: 12, monthly2024: 34 },
      broadband: { payee: 'BT GROUP PLC', day: 17, monthly2024: 37 },
      mobiles: [{ payee: 'O2 UK', day: 24, monthly2024: 19.5 }],
    });
    subscriptions(ctx, 'current', ['disney']);
    spending(ctx, {
      acct: 'current',
      mix: MIX_EVERYDAY,
      fraction: 0.95,
      fallbackMonthly: 800,
      minMonthly: 350,
      cashShare: 0.05,
      p2p: { perMonth: 1, names: friends(ctx.rng('friends'), 3) },
      targetBalance: 600,
    });
  },
};

export const mortgageHolder: PersonaDef = {
  name: 'mortgage-holder',
  description:
    'Couple in Bristol with a joint account: two salaries (the 28th and the last working day), a mortgage whose fixed rate ended in 2023, full set of bills and insurance, joint savings.',
  accountType: 'Personal',
  plants: [
    'two salaries, monthly',
    'mortgage (direct debit, payment rises after the fix)',
    'council tax',
    'utilities incl. TV licence',
    'insurance x3',
    'subscriptions',
    'own transfers',
    'joint parties',
  ],
  setup: (r) => ({
    town: 'bristol',
    people: couple(r),
    accounts: [
      {
        key: 'current',
        bank: 'santander',
        subType: 'CurrentAccount',
        type: 'Personal',
        nickname: 'Joint Edge',
        holders: [0, 1],
        opening: 1800,
        policy: comfortable('savings', 2, 3000),
      },
      {
        key: 'savings',
        bank: 'santander',
        subType: 'Savings',
        type: 'Personal',
        nickname: 'eSaver',
        holders: [0, 1],
        opening: 6000,
        savingsRate: 0.025,
      },
    ],
  }),
  plant: (ctx) => {
    salary(ctx, {
      acct: 'current',
      employer: 'MERIDIAN HEALTHCARE LTD',
      ref: 'SALARY {MON}',
      frequency: 'Monthly',
      payDay: 28,
      net2024: 2184.37,
    });
    salary(ctx, {
      acct: 'current',
      employer: 'HALDEN ENGINEERING LTD',
      ref: 'NET PAY',
      frequency: 'Monthly',
      payDay: 'last',
      net2024: 2761.9,
    });
    mortgage(ctx, 'current', {
      lender: 'NATIONWIDE BS',
      ref: `MORTGAGE ${ctx.rng('ref', 'mortgage').digits(10)}`,
      day: 1,
      monthly: 984.16,
      fixEnds: dayFromCivil(2023, 9, 1),
      afterFix: 1341.72,
    });
    householdBills(ctx, 'current', {
      councilTax: { day: 1, annual2024: 2248.6 },
      energy: { payee: 'OCTOPUS ENERGY', day: 14, monthly2024: 142 },
      water: { day: 20, monthly2024: 46 },
      broadband: { payee: 'SKY DIGITAL', day: 6, monthly2024: 56 },
      mobiles: [
        { payee: 'EE LIMITED', day: 16, monthly2024: 31 },
        { payee: 'VODAFONE LIMITED', day: 23, monthly2024: 24 },
      ],
      tvLicence: true,
      insurance: [
        { payee: 'ADMIRAL INSURANCE', day: 3, monthly2024: 61.4 },
        { payee: 'AVIVA INSURANCE', day: 11, monthly2024: 28.9 },
        { payee: 'LEGAL & GENERAL', day: 25, monthly2024: 19.25 },
      ],
    });
    subscriptions(ctx, 'current', ['netflix', 'prime', 'spotify']);
    spending(ctx, {
      acct: 'current',
      mix: MIX_EVERYDAY,
      fraction: 0.78,
      fallbackMonthly: 1600,
      minMonthly: 700,
      cashShare: 0.02,
      p2p: { perMonth: 1, names: friends(ctx.rng('friends'), 4) },
    });
  },
};

export const pensioner: PersonaDef = {
  name: 'pensioner',
  description:
    'Retired homeowner in Cardiff: State Pension every 4 weeks (Wednesday) and a private annuity on the 1st; council tax, utilities, home insurance; savings topped up and drawn on.',
  accountType: 'Personal',
  plants: [
    'State Pension every 4 weeks',
    'private pension monthly',
    'council tax',
    'utilities incl. TV licence',
    'insurance',
    'own transfers',
    'cash withdrawals',
  ],
  setup: (r) => ({
    town: 'cardiff',
    people: [person(r)],
    accounts: [
      {
        key: 'current',
        bank: 'nationwide',
        subType: 'CurrentAccount',
        type: 'Personal',
        nickname: 'FlexAccount',
        opening: 1400,
        policy: comfortable('savings', 6, 1500),
      },
      {
        key: 'savings',
        bank: 'nationwide',
        subType: 'Savings',
        type: 'Personal',
        nickname: 'Instant Saver',
        opening: 18000,
        savingsRate: 0.015,
      },
    ],
  }),
  plant: (ctx) => {
    statePension(ctx, 'current', { weekday: 3, share: 0.94, ni: `PN${ctx.rng('ni').digits(6)}B` });
    privatePension(ctx, 'current', { payer: 'LEGAL AND GENERAL', ref: 'ANNUITY', day: 1, monthly2024: 642.18 });
    householdBills(ctx, 'current', {
      councilTax: { day: 1, annual2024: 1836.1 },
      energy: { payee: 'E.ON NEXT', day: 18, monthly2024: 118 },
      water: { day: 7, monthly2024: 41 },
      broadband: { payee: 'BT GROUP PLC', day: 12, monthly2024: 49 },
      tvLicence: true,
      insurance: [{ payee: 'SAGA SERVICES', day: 21, monthly2024: 34.6 }],
    });
    spending(ctx, {
      acct: 'current',
      mix: MIX_RETIRED,
      fraction: 0.85,
      fallbackMonthly: 700,
      minMonthly: 300,
      cashShare: 0.22,
    });
  },
};

export const benefits: PersonaDef = {
  name: 'benefits',
  description:
    'Single parent in Birmingham on Universal Credit (monthly on the 17th) and Child Benefit for two children (every 4 weeks, Monday); housing association rent, reduced council tax; Halifax cuts texts to 18 characters.',
  accountType: 'Personal',
  plants: [
    'Universal Credit monthly',
    'Child Benefit every 4 weeks',
    'rent (direct debit)',
    'council tax',
    'utilities',
    'no salary',
  ],
  setup: (r) => ({
    town: 'birmingham',
    people: [person(r)],
    accounts: [
      {
        key: 'current',
        bank: 'halifax',
        subType: 'CurrentAccount',
        type: 'Personal',
        nickname: 'Current Account',
        opening: 180,
        policy: tight(90),
      },
    ],
  }),
  plant: (ctx) => {
    const ni = `JX${ctx.rng('ni').digits(6)}D`;
    universalCredit(ctx, 'current', { day: 17, monthly2024: 1083.4, ni });
    childBenefit(ctx, 'current', {
      children: 2,
      weekday: 1,
      payer: 'HMRC CHILD BENEFIT',
      ref: `CHB${ctx.rng('chb').digits(8)}`,
    });
    rent(ctx, 'current', {
      landlord: 'NORTHDALE HOMES',
      ref: `TENANCY ${ctx.rng('tenancy').digits(6)}`,
      day: 1,
      monthly2024: 468,
      via: 'dd',
    });
    householdBills(ctx, 'current', {
      councilTax: { day: 15, annual2024: 742 },
      energy: { payee: 'OVO ENERGY', day: 20, monthly2024: 74 },
      water: { day: 24, monthly2024: 27 },
      mobiles: [{ payee: 'H3G', day: 19, monthly2024: 14 }],
    });
    spending(ctx, {
      acct: 'current',
      mix: MIX_TIGHT,
      fraction: 0.95,
      fallbackMonthly: 650,
      minMonthly: 300,
      cashShare: 0.12,
      targetBalance: 350,
    });
  },
};

export const thinFile: PersonaDef = {
  name: 'thin-file',
  description:
    'First current account opened nine weeks before asOf (a thin file, under 3 months of history): a first job paid monthly, board paid to a parent, card spending.',
  accountType: 'Personal',
  plants: ['history under 3 months', 'salary monthly, last working day', 'payments to family'],
  setup: (r) => ({
    town: 'manchester',
    people: [person(r)],
    openedDaysAgo: 63,
    accounts: [
      {
        key: 'current',
        bank: 'monzo',
        subType: 'CurrentAccount',
        type: 'Personal',
        nickname: 'Personal Account',
        opening: 0,
        policy: tight(40),
      },
    ],
  }),
  plant: (ctx) => {
    const parent = `${ctx.rng('parent').pick(['A', 'D', 'K', 'M'])} ${ctx.rng('parentname').pick(['HARTLEY', 'OKAFOR', 'BRENNAN'])}`;
    ctx.credit('current', ctx.startDay, 'fpi', parent, 'NEW ACCOUNT', 30000, 'transfer_in', { seconds: 1800 });
    salary(ctx, {
      acct: 'current',
      employer: 'NORTHSTAR CONTACT CENTRES LTD',
      ref: 'SALARY',
      frequency: 'Monthly',
      payDay: 'last',
      net2024: 1718.44,
    });
    // Board goes to the parent the day after payday.
    for (const o of lastWorkingDays(ctx)) ctx.fasterOut('current', o.day + 1, parent, 'BOARD', 25000, 'transfer_out');
    subscriptions(ctx, 'current', ['spotify']);
    spending(ctx, {
      acct: 'current',
      mix: MIX_CITY,
      fraction: 0.7,
      fallbackMonthly: 250,
      minMonthly: 150,
      cashShare: 0.02,
      targetBalance: 300,
    });
  },
};

export const newEmployer: PersonaDef = {
  name: 'new-employer',
  description:
    'Engineer in Leeds who changed jobs eight months before asOf: the old employer paid on the last working day, the new one pays more on the 25th.',
  accountType: 'Personal',
  plants: ['salary source changes (new employer)', 'rent', 'council tax', 'utilities', 'own transfers'],
  setup: (r) => ({
    town: 'leeds',
    people: [person(r)],
    accounts: [
      {
        key: 'current',
        bank: 'first-direct',
        subType: 'CurrentAccount',
        type: 'Personal',
        nickname: '1st Account',
        opening: 1100,
        policy: comfortable('savings', 27, 1800),
      },
      {
        key: 'savings',
        bank: 'first-direct',
        subType: 'Savings',
        type: 'Personal',
        nickname: 'Savings Account',
        opening: 3000,
        savingsRate: 0.02,
      },
    ],
  }),
  plant: (ctx) => {
    const switchDay = ctx.asOfDay - 240;
    ctx.newEmployer = { previous: 'WESTFIELD PRECISION LTD', current: 'HALDEN ENGINEERING LTD' };
    salary(ctx, {
      acct: 'current',
      employer: 'WESTFIELD PRECISION LTD',
      ref: 'SALARY',
      frequency: 'Monthly',
      payDay: 'last',
      net2024: 2315.6,
      untilDay: switchDay,
    });
    salary(ctx, {
      acct: 'current',
      employer: 'HALDEN ENGINEERING LTD',
      ref: 'PAYROLL {MON}',
      frequency: 'Monthly',
      payDay: 25,
      net2024: 2688.05,
      fromDay: switchDay + 10,
    });
    rent(ctx, 'current', { landlord: 'R GREENWOOD', ref: '14 CARDIGAN RD', day: 1, monthly2024: 925, via: 'so' });
    householdBills(ctx, 'current', {
      councilTax: { day: 1, annual2024: 1712.4 },
      energy: { payee: 'OCTOPUS ENERGY', day: 4, monthly2024: 88 },
      water: { day: 15, monthly2024: 38.5 },
      broadband: { payee: 'PLUSNET', day: 21, monthly2024: 31 },
      mobiles: [{ payee: 'EE LIMITED', day: 11, monthly2024: 26 }],
    });
    subscriptions(ctx, 'current', ['netflix']);
    spending(ctx, {
      acct: 'current',
      mix: MIX_EVERYDAY,
      fraction: 0.8,
      fallbackMonthly: 900,
      minMonthly: 400,
      cashShare: 0.03,
    });
  },
};

export const lossOfIncome: PersonaDef = {
  name: 'loss-of-income',
  description:
    'Print worker in Leeds whose salary stopped two months before asOf: no pay since, spending falls, bills are covered from savings.',
  accountType: 'Personal',
  plants: [
    'salary monthly, stops 2 months before asOf',
    'rent',
    'council tax',
    'utilities',
    'own transfers (savings drawn down)',
  ],
  setup: (r) => ({
    town: 'leeds',
    people: [person(r)],
    accounts: [
      {
        key: 'current',
        bank: 'barclays',
        subType: 'CurrentAccount',
        type: 'Personal',
        nickname: 'Bank Account',
        opening: 800,
        policy: comfortable('savings', 4, 1400),
      },
      {
        key: 'savings',
        bank: 'barclays',
        subType: 'Savings',
        type: 'Personal',
        nickname: 'Rainy Day Saver',
        opening: 4000,
        savingsRate: 0.02,
      },
    ],
  }),
  plant: (ctx) => {
    ctx.lossOfIncome = 'LINDEN PRINT & PACKAGING LTD';
    salary(ctx, {
      acct: 'current',
      employer: 'LINDEN PRINT & PACKAGING LTD',
      ref: 'SALARY',
      frequency: 'Monthly',
      payDay: 'last',
      net2024: 2052.3,
      untilDay: ctx.asOfDay - 61,
    });
    rent(ctx, 'current', { landlord: 'A & S PROPERTIES', ref: 'FLAT 3 RENT', day: 1, monthly2024: 780, via: 'so' });
    householdBills(ctx, 'current', {
      councilTax: { day: 1, annual2024: 1712.4 },
      energy: { payee: 'BRITISH GAS', day: 10, monthly2024: 84 },
      water: { day: 15, monthly2024: 36 },
      mobiles: [{ payee: 'O2 UK', day: 14, monthly2024: 22 }],
    });
    spending(ctx, {
      acct: 'current',
      mix: MIX_EVERYDAY,
      fraction: 0.8,
      fallbackMonthly: 800,
      minMonthly: 350,
      cashShare: 0.04,
    });
  },
};
