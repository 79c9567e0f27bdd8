import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { civilFromDay, monthIndex } from '../calendar/london.ts';
import { lastWorkingDayOfMonth } from '../calendar/working-days.ts';
import { categoryOf, transactionOf } from '../ledger/ledger.ts';
import {
  CURRENT,
  SAVINGS,
  at,
  everyDays,
  ledgerOf,
  monthlyDates,
  series,
} from '../../../test/helpers/analytics-support.ts';
import type { EngineTransaction } from '../types.ts';

const ASOF = at(2026, 1, 14);

function categories(transactions: EngineTransaction[]): string[] {
  const ledger = ledgerOf(transactions, ASOF);
  return Array.from({ length: ledger.size }, (_, r) => categoryOf(ledger, r).id);
}

/** The categories of the transactions whose text starts with `text`. */
function categoriesOf(transactions: EngineTransaction[], text: string, accounts = [CURRENT]): Set<string> {
  const ledger = ledgerOf(transactions, ASOF, accounts);
  const found = new Set<string>();
  for (let r = 0; r < ledger.size; r++)
    if (transactionOf(ledger, r).description.startsWith(text)) found.add(categoryOf(ledger, r).id);
  return found;
}

/** Last working days of `count` months from (year, month). */
function lastWorkingDays(year: number, month: number, count: number): [number, number, number][] {
  return Array.from({ length: count }, (_, k) => {
    const c = civilFromDay(lastWorkingDayOfMonth(monthIndex(year, month) + k));
    return [c.year, c.month, c.day];
  });
}

/** Hourly pay: amounts with pence that move with the hours worked. */
const hourly = (base: number, swing: number) => (t: EngineTransaction, k: number) => ({
  ...t,
  amount: Math.round((base + ((k * 37) % 11) * (swing / 10) - swing / 2 + ((k * 13) % 100) / 100) * 100) / 100,
});

describe('employment › salaries the text does not name', () => {
  test('a feed with no type and a text with no code: fortnightly credits from one payer are found by structure', () => {
    const pay = series(everyDays(2025, 6, 6, 14, 16), { description: 'KINGFISHER PACKAGING', type: null }).map(
      hourly(1040, 80),
    );
    assert.deepEqual(categoriesOf(pay, 'KINGFISHER'), new Set(['salary']));
    const typed = pay.map((t) => ({ ...t, type: 'CardPayment' }));
    assert.deepEqual(categoriesOf(typed, 'KINGFISHER').has('salary'), false, 'a typed card credit is not pay');
  });

  test('weekly and four-weekly credits with no type, no code and no pay word are found by structure', () => {
    const weekly = series(everyDays(2025, 6, 6, 7, 30), { description: 'HARBOUR FOODS', type: null }).map(
      hourly(410, 60),
    );
    assert.deepEqual(categoriesOf(weekly, 'HARBOUR'), new Set(['salary']));
    const fourWeekly = series(everyDays(2025, 1, 9, 28, 13), { description: 'ASHBURN CARE 00417', type: null }).map(
      hourly(1480, 140),
    );
    assert.deepEqual(categoriesOf(fourWeekly, 'ASHBURN'), new Set(['salary']));
  });

  test('a few hours of part-time work paid weekly (under 100 a payment) is pay; irregular small sums are not', () => {
    const partTime = series(everyDays(2025, 6, 6, 7, 30), { description: 'HARBOUR FOODS', type: null }).map(
      hourly(72, 10),
    );
    assert.deepEqual(categoriesOf(partTime, 'HARBOUR'), new Set(['salary']));
    const swinging = partTime.map((t, k) => ({ ...t, amount: [36.2, 99.4, 40.1, 98.7][k % 4] ?? 0 }));
    assert.deepEqual(categoriesOf(swinging, 'HARBOUR'), new Set(['other_income']), 'small and unsteady');
    const tiny = partTime.map((t) => ({ ...t, amount: 24.5 }));
    assert.deepEqual(categoriesOf(tiny, 'HARBOUR'), new Set(['other_income']), 'under 40 a week');
  });

  test('a type that names no channel ("Credit", "Other", ReceivedCreditTransfer) is read like no type', () => {
    for (const type of ['Credit', 'Other', 'ReceivedCreditTransfer', 'CR']) {
      const pay = series(everyDays(2025, 6, 6, 7, 30), { description: 'HARBOUR FOODS', type }).map(hourly(410, 60));
      assert.deepEqual(categoriesOf(pay, 'HARBOUR'), new Set(['salary']), type);
    }
    for (const type of ['CardPayment', 'CashDeposit', 'Cheque']) {
      const pay = series(everyDays(2025, 6, 6, 7, 30), { description: 'HARBOUR FOODS', type }).map(hourly(410, 60));
      assert.equal(categoriesOf(pay, 'HARBOUR').has('salary'), false, `${type} says how the money came: not pay`);
    }
  });

  test('a firm named after people ("R J HOOPER & SONS") is an organisation, not a person', () => {
    const pay = series(everyDays(2025, 6, 6, 7, 30), { description: 'R J HOOPER & SONS', type: null }).map(
      hourly(410, 60),
    );
    assert.deepEqual(categoriesOf(pay, 'R J HOOPER'), new Set(['salary']));
    const person = pay.map((t) => ({ ...t, description: 'R J HOOPER' }));
    assert.deepEqual(categoriesOf(person, 'R J HOOPER'), new Set(['other_income']), 'a person: not pay');
  });

  test('regular Bacs credits from a payer cut to 18 characters become Salary', () => {
    const pay = series(monthlyDates(2025, 6, 15, 7), {
      description: 'QUAYSIDE HOSPITALI',
      type: 'BankGiroCredit',
      amount: 1725,
    });
    assert.deepEqual(new Set(categories(pay)), new Set(['salary']));
  });

  // [case, transactions, expected category]
  const cases: [string, EngineTransaction[], string][] = [
    [
      'a BGC code in the text',
      series(everyDays(2025, 9, 4, 14, 8), { description: 'BGC PENNINE CARE SERVI', type: null, amount: 1080 }),
      'salary',
    ],
    [
      'Bacs on the last working day of each month, no pay word',
      series(lastWorkingDays(2025, 1, 12), { description: 'BGC ACME LOGISTICS LTD', type: null, amount: 2143.87 }),
      'salary',
    ],
    [
      'Faster Payments every fortnight with hours that vary',
      series(everyDays(2025, 6, 6, 14, 16), {
        description: 'FPI TRINITY CARE HOMES REF 7781',
        type: 'FasterPayment',
        amount: 0,
      }).map(hourly(880, 300)),
      'salary',
    ],
    [
      'Faster Payments every four weeks, the type only in the text',
      series(everyDays(2025, 3, 7, 28, 11), { description: 'FASTER PAYMENT GLOBEX', type: null, amount: 0 }).map(
        hourly(1650, 120),
      ),
      'salary',
    ],
    [
      'weekly pay with overtime (amounts varying by half their mean)',
      series(everyDays(2025, 9, 5, 7, 18), { description: 'FPI KESTREL DISTRIBUTI', type: 'FasterPayment', amount: 0 })
        .map(hourly(420, 500))
        .map((t, k) => (k % 5 === 2 ? { ...t, amount: 910.4 } : t)),
      'salary',
    ],
    [
      'a person with a company word: J SMITH BUILDERS LTD',
      series(everyDays(2025, 9, 5, 7, 18), {
        description: 'FPI J SMITH BUILDERS LTD',
        type: 'FasterPayment',
        amount: 0,
      }).map(hourly(380, 60)),
      'salary',
    ],
    [
      'an allowance from an employer is pay, not a benefit',
      series(monthlyDates(2025, 1, 25, 12), {
        description: 'BGC ACME LTD CAR ALLOWANCE',
        type: 'BankGiroCredit',
        amount: 350,
      }),
      'salary',
    ],
    [
      'Faster Payments from a person',
      series(monthlyDates(2025, 6, 15, 7), { description: 'FPI J SMITH', type: 'FasterPayment', amount: 300 }),
      'transfer_in',
    ],
    [
      'cash-in-hand-like £50 every week from J SMITH',
      series(everyDays(2025, 9, 5, 7, 18), { description: 'FPI J SMITH', type: 'FasterPayment', amount: 50 }),
      'transfer_in',
    ],
    [
      'a person sending varying pay-like sums every week, no company or pay word',
      series(everyDays(2025, 9, 5, 7, 18), { description: 'FPI MR A KHAN', type: 'FasterPayment', amount: 0 }).map(
        hourly(380, 60),
      ),
      'transfer_in',
    ],
    [
      'a monthly £200 from MUM',
      series(monthlyDates(2025, 1, 3, 12), { description: 'MUM', type: 'FasterPayment', amount: 200 }),
      'transfer_in',
    ],
    [
      'the same round sum every month by Faster Payment from a name we cannot place',
      series(monthlyDates(2025, 1, 3, 12), { description: 'FPI GLOBEX', type: 'FasterPayment', amount: 1500 }),
      'transfer_in',
    ],
    [
      'two names that are common first names and surnames',
      series(monthlyDates(2025, 1, 3, 12), { description: 'FPI SARAH JONES', type: 'FasterPayment', amount: 612.5 }),
      'transfer_in',
    ],
    [
      'a letting agent paying the rent on every month',
      series(monthlyDates(2025, 1, 6, 12), {
        description: 'BGC HAWTHORN LETTINGS LTD',
        type: 'BankGiroCredit',
        amount: 812.5,
      }),
      'rental_income',
    ],
    [
      'a card credit (neither Bacs nor Faster Payment)',
      series(monthlyDates(2025, 1, 3, 12), { description: 'ACME HOLDINGS', type: 'CardPayment', amount: 1500 }),
      'other_income',
    ],
    [
      'amounts too unstable',
      series(monthlyDates(2025, 6, 15, 7), { description: 'ACME HOLDINGS', type: 'BankGiroCredit', amount: 100 }).map(
        (t, k) => ({ ...t, amount: k % 2 ? 100 : 2000 }),
      ),
      'other_income',
    ],
    [
      'monthly amounts varying as much as the weekly overtime above',
      series(monthlyDates(2025, 1, 15, 12), { description: 'ACME HOLDINGS', type: 'BankGiroCredit', amount: 0 }).map(
        (t, k) => ({ ...t, amount: [900, 1800, 1100, 2600][k % 4] ?? 0 }),
      ),
      'other_income',
    ],
    [
      'only two payments',
      series(monthlyDates(2025, 11, 15, 2), { description: 'ACME HOLDINGS', type: 'BankGiroCredit', amount: 1500 }),
      'other_income',
    ],
    [
      'small amounts',
      series(monthlyDates(2025, 6, 15, 7), { description: 'ACME HOLDINGS', type: 'BankGiroCredit', amount: 20 }),
      'other_income',
    ],
  ];
  for (const [name, transactions, expected] of cases) {
    test(`${name}: ${expected}`, () => assert.deepEqual(new Set(categories(transactions)), new Set([expected])));
  }
});

describe('employment › pensions, benefits, loans and refunds are never inferred salaries', () => {
  const cases: [string, EngineTransaction[], string][] = [
    [
      'a State Pension by Bacs every 4 weeks',
      series(everyDays(2025, 1, 8, 28, 13), { description: 'DWP SP 12345678A', type: 'BankGiroCredit', amount: 921 }),
      'pension',
    ],
    [
      'a State Pension named in full',
      series(everyDays(2025, 1, 8, 28, 13), { description: 'BGC DWP STATE PENSION', type: null, amount: 921 }),
      'pension',
    ],
    [
      'a pension scheme cut to 18 characters',
      series(monthlyDates(2025, 1, 7, 12), {
        description: 'CIVIL SERVICE PENS',
        type: 'BankGiroCredit',
        amount: 820.4,
      }),
      'pension',
    ],
    [
      'an annuity by Faster Payment',
      series(monthlyDates(2025, 1, 7, 12), { description: 'FPI AVIVA ANNUITY', type: 'FasterPayment', amount: 310.2 }),
      'pension',
    ],
    [
      'Housing Benefit from a council cut to 18 characters, every 4 weeks',
      series(everyDays(2025, 1, 6, 28, 13), { description: 'BAC BRISTOL CITY COUNC HB 7731002', amount: 512.8 }),
      'housing_benefit',
    ],
    [
      'a small Social Security Scotland payment every 4 weeks',
      series(everyDays(2025, 1, 8, 28, 13), { description: 'BGC SOCIAL SECURITY SC SCP 8812093', amount: 106.8 }),
      'other_benefits',
    ],
    [
      'Universal Credit every month',
      series(monthlyDates(2025, 1, 17, 12), { description: 'DWP UC', type: 'BankGiroCredit', amount: 612.4 }),
      'universal_credit',
    ],
    [
      "Carer's Allowance every week",
      series(everyDays(2025, 9, 1, 7, 18), { description: 'DWP CARERS', type: 'BankGiroCredit', amount: 83.3 }),
      'disability_benefits',
    ],
    [
      'ESA every fortnight',
      series(everyDays(2025, 6, 3, 14, 14), { description: 'DWP ESA', type: 'BankGiroCredit', amount: 180.2 }),
      'out_of_work_benefits',
    ],
    [
      'a lender paying out three times',
      series(monthlyDates(2025, 9, 3, 3), { description: 'FPI LENDING STREAM', type: 'FasterPayment', amount: 400 }),
      'payday_loan_income',
    ],
    [
      'a mainstream lender by Bacs every month',
      series(monthlyDates(2025, 6, 3, 6), { description: 'BGC ZOPA BANK', type: 'BankGiroCredit', amount: 1000 }),
      'loan_income',
    ],
  ];
  for (const [name, transactions, expected] of cases) {
    test(`${name}: ${expected}`, () => assert.deepEqual(new Set(categories(transactions)), new Set([expected])));
  }

  test("a firm whose name holds a benefit's abbreviation is an employer; the abbreviation beside its office is a benefit", () => {
    for (const name of ['EXE LEISURE CTR', 'HB ELECTRICAL LTD', 'PIP STUDIOS LTD', 'ESA COMPONENTS']) {
      const pay = series(everyDays(2025, 6, 6, 7, 30), { description: name, type: null }).map(hourly(210, 30));
      assert.deepEqual(new Set(categories(pay)), new Set(['salary']), name);
    }
    for (const name of ['UC 5510293381', 'WOLVERHAMPTON CC HB 2201']) {
      const benefit = series(everyDays(2025, 6, 6, 7, 30), { description: name, type: null, amount: 95.2 });
      assert.equal(new Set(categories(benefit)).has('salary'), false, name);
    }
  });

  test('money back from a payee the customer pays stays a refund', () => {
    const transactions = [
      ...series(monthlyDates(2025, 1, 2, 12), { description: 'DD OCTOPUS ENERGY', type: 'DirectDebit', amount: -160 }),
      ...series(monthlyDates(2025, 1, 20, 12), { description: 'BGC OCTOPUS ENERGY', type: null, amount: 120.5 }),
    ];
    assert.deepEqual(categoriesOf(transactions, 'BGC OCTOPUS'), new Set(['refund']));
  });

  test('with thirty regular payers, half of them paid more than they pay back, only the other half are salaries', () => {
    const names = Array.from(
      { length: 30 },
      (_, k) => `KESTREL Z${String.fromCharCode(65 + (k % 26))}${String.fromCharCode(65 + Math.floor(k / 26))} LTD`,
    );
    const transactions = names.flatMap((name, k) => [
      ...series(monthlyDates(2025, 1, 20, 12), { description: `BGC ${name}`, type: null, amount: 450.5 + k }),
      // The customer pays every other company more than it pays back: those credits are money back.
      ...(k % 2 === 0
        ? series(monthlyDates(2025, 1, 2, 12), { description: `DD ${name}`, type: 'DirectDebit', amount: -600 })
        : []),
    ]);
    const ledger = ledgerOf(transactions, ASOF);
    const salaried = new Set<string>();
    for (let r = 0; r < ledger.size; r++) {
      if (categoryOf(ledger, r).id === 'salary') salaried.add(transactionOf(ledger, r).description);
    }
    assert.deepEqual(
      [...salaried].sort(),
      names
        .filter((_, k) => k % 2 === 1)
        .map((name) => `BGC ${name}`)
        .sort(),
    );
  });

  test('a friend settling a share of the bills the customer pays them for stays a transfer', () => {
    const transactions = [
      ...series(monthlyDates(2025, 1, 2, 12), {
        description: 'FPO TRINITY BILLS',
        type: 'FasterPayment',
        amount: -600,
      }),
      ...series(monthlyDates(2025, 1, 5, 12), {
        description: 'FPI TRINITY BILLS',
        type: 'FasterPayment',
        amount: 300.5,
      }),
    ];
    assert.deepEqual(categoriesOf(transactions, 'FPI TRINITY'), new Set(['transfer_in']));
  });

  test('a shop that is also the employer: pay far above what the customer spends there is a salary', () => {
    const transactions = [
      ...series(everyDays(2025, 1, 4, 7, 54), { description: "SAINSBURY'S S/MKTS", type: 'CardPayment', amount: -62 }),
      ...series(lastWorkingDays(2025, 1, 12), { description: 'BGC J SAINSBURY PLC', type: null, amount: 1650.4 }),
    ];
    assert.deepEqual(categoriesOf(transactions, 'BGC J SAINSBURY'), new Set(['salary']));
  });

  test('regular money from own savings stays an own transfer', () => {
    const dates = monthlyDates(2025, 1, 10, 12);
    const transactions = [
      ...series(dates, { description: 'TFR FROM 20000087654321', type: 'Transfer', amount: 500 }),
      ...series(dates, {
        accountId: 'savings',
        description: 'TFR TO 20000012345678',
        type: 'Transfer',
        amount: -500,
      }),
    ];
    assert.deepEqual(categoriesOf(transactions, 'TFR FROM', [CURRENT, SAVINGS]), new Set(['internal_transfer_in']));
  });
});
