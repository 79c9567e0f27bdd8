/**
 * Business personas: a sole trader café and a limited-company agency, each with a current account and a
 * savings account that holds the VAT reserve.
 */
import { first } from '../lib/indexing.ts';
import type { PersonaDef } from './generate.ts';
import type { BusinessSpec } from './builders/business.ts';
import { business, ownerAndTax } from './builders/business.ts';
import { monthlyBill, rent } from './builders/household.ts';
import { spending } from './builders/spending.ts';
import { MIX_BUSINESS, person } from './persona-kit.ts';

export const soleTrader: PersonaDef = {
  name: 'business-sole-trader',
  description:
    'Sole trader café in Newcastle open Monday to Saturday: SumUp card takings paid out next working day, weekly supplier payments, one part-time employee, quarterly VAT by direct debit with a VAT reserve, self assessment in January and July, owner drawings.',
  accountType: 'Business',
  plants: [
    'card settlements (SumUp)',
    'supplier payments',
    'payroll + PAYE',
    'HMRC VAT quarterly',
    'self assessment',
    'drawings',
    'premises rent',
    'account fees',
    'own transfers (VAT reserve)',
  ],
  setup: (r) => {
    const owner = person(r);
    return {
      town: 'newcastle',
      people: [owner],
      business: {
        name: `${owner.last.toUpperCase()}'S KITCHEN`,
        legalName: `${owner.first} ${owner.last} trading as ${owner.last}'s Kitchen`,
        structure: 'UK.OBIE.Sole',
      },
      accounts: [
        {
          key: 'business',
          bank: 'natwest-business',
          subType: 'CurrentAccount',
          type: 'Business',
          nickname: 'Business Current',
          opening: 4500,
          overdraft: 2000,
          policy: { floorPence: 20000, limitPence: 200000, accountFeePence: 850 },
        },
        {
          key: 'reserve',
          bank: 'natwest-business',
          subType: 'Savings',
          type: 'Business',
          nickname: 'VAT Reserve',
          opening: 1500,
        },
      ],
    };
  },
  plant: (ctx, setup) => {
    const owner = first(setup.people);
    const ref = (k: string, n: number): string => ctx.rng('ref', k).digits(n);
    const spec: BusinessSpec = {
      acct: 'business',
      reserve: 'reserve',
      acquirer: 'sumup',
      dailySales2024: 640,
      tradingDays: [1, 2, 3, 4, 5, 6],
      suppliers: [
        { name: 'BOOKER LTD', share: 0.24 },
        { name: 'TYNESIDE COFFEE ROASTERS', share: 0.05 },
        { name: 'NORTHUMBRIA DAIRIES', share: 0.04 },
      ],
      staff: [{ name: 'L Thornton', monthly2024: 1045 }],
      payeRef: `120PA${ref('paye', 8)}`,
      vatRef: ref('vat', 9),
      owner: { name: `${owner.first[0]} ${owner.last}`, ref: 'DRAWINGS', share: 0.7, keep: 8000 },
      tax: { kind: 'self_assessment', ref: `${ref('utr', 10)}K` },
    };
    business(ctx, spec);
    rent(ctx, 'business', {
      landlord: 'A & S PROPERTIES',
      ref: 'UNIT 2 SHIELDS RD',
      day: 1,
      monthly2024: 1150,
      via: 'so',
    });
    monthlyBill(
      ctx,
      'business',
      { payee: 'BRITISH GAS LITE', ref: ref('bgl', 10), day: 14, monthly2024: 310 },
      'utilities',
    );
    monthlyBill(ctx, 'business', { payee: 'BT BUSINESS', ref: ref('bt', 9), day: 9, monthly2024: 46 }, 'telecoms_it');
    monthlyBill(ctx, 'business', { payee: 'HISCOX UK', ref: ref('hiscox', 8), day: 20, monthly2024: 39 }, 'insurance');
    spending(ctx, {
      acct: 'business',
      mix: MIX_BUSINESS,
      fraction: 0.08,
      fallbackMonthly: 500,
      minMonthly: 150,
      cashShare: 0,
    });
    ownerAndTax(ctx, spec);
  },
};

export const limitedCompany: PersonaDef = {
  name: 'business-limited',
  description:
    'Limited company (a small digital agency in London): Stripe payouts and client invoices paid by bank transfer, three employees, PAYE, quarterly VAT, corporation tax in January, dividends to the director, software by direct debit.',
  accountType: 'Business',
  plants: [
    'card settlements (Stripe)',
    'invoice income',
    'payroll + PAYE',
    'HMRC VAT quarterly',
    'corporation tax',
    'dividends',
    'premises rent',
    'account fees',
    'own transfers (VAT reserve)',
  ],
  setup: (r) => {
    const director = person(r);
    return {
      town: 'london',
      people: [director],
      business: {
        name: 'BRIGHTFIELD DIGITAL',
        legalName: 'Brightfield Digital Ltd',
        structure: 'UK.OBIE.PrivateLimitedCompany',
      },
      accounts: [
        {
          key: 'business',
          bank: 'barclays-business',
          subType: 'CurrentAccount',
          type: 'Business',
          nickname: 'Business Premium',
          opening: 12000,
          overdraft: 5000,
          policy: { floorPence: 50000, limitPence: 500000, accountFeePence: 850 },
        },
        {
          key: 'reserve',
          bank: 'barclays-business',
          subType: 'Savings',
          type: 'Business',
          nickname: 'Business Reserve',
          opening: 3000,
        },
      ],
    };
  },
  plant: (ctx, setup) => {
    const director = first(setup.people);
    const ref = (k: string, n: number): string => ctx.rng('ref', k).digits(n);
    const spec: BusinessSpec = {
      acct: 'business',
      reserve: 'reserve',
      acquirer: 'stripe',
      dailySales2024: 260,
      tradingDays: [0, 1, 2, 3, 4, 5, 6],
      invoices: {
        clients: ['HARBOUR FOODS LTD', 'KELVIN MEDIA LTD', 'NORTHWIND LEGAL LLP', 'ASHGROVE ESTATES'],
        perMonth: 3,
        amount: [900, 4800],
      },
      suppliers: [
        { name: 'J NOWAK DEVELOPMENT', share: 0.12 },
        { name: 'PIXELHOUSE STUDIO', share: 0.06 },
      ],
      staff: [
        { name: 'P Kaur', monthly2024: 2410 },
        { name: 'D Brennan', monthly2024: 2120 },
        { name: 'Z Rahman', monthly2024: 1895 },
      ],
      payeRef: `475PB${ref('paye', 8)}`,
      vatRef: ref('vat', 9),
      owner: { name: `${director.first[0]} ${director.last}`, ref: 'DIVIDEND', share: 0.5, keep: 25000 },
      tax: { kind: 'corporation_tax', ref: `${ref('utr', 10)}A00125A` },
    };
    business(ctx, spec);
    rent(ctx, 'business', { landlord: 'CAMDEN WORKS LTD', ref: 'DESK 14-16', day: 1, monthly2024: 1450, via: 'dd' });
    monthlyBill(ctx, 'business', { payee: 'XERO UK LTD', ref: ref('xero', 9), day: 8, monthly2024: 33 }, 'telecoms_it');
    monthlyBill(ctx, 'business', { payee: 'BT BUSINESS', ref: ref('bt', 9), day: 12, monthly2024: 58 }, 'telecoms_it');
    monthlyBill(ctx, 'business', { payee: 'HISCOX UK', ref: ref('hiscox', 8), day: 20, monthly2024: 61 }, 'insurance');
    spending(ctx, {
      acct: 'business',
      mix: MIX_BUSINESS.slice(1),
      fraction: 0.05,
      fallbackMonthly: 400,
      minMonthly: 100,
      cashShare: 0,
    });
    ownerAndTax(ctx, spec);
  },
};
