import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { civilFromDay, monthIndex } from '../calendar/london.ts';
import { lastWorkingDayOfMonth } from '../calendar/working-days.ts';
import { computeReport } from '../compute-report.ts';
import type { EventRecord } from '../report-types.ts';
import { CURRENT, aTransaction, at, everyDays, monthlyDates, series } from '../../../test/helpers/analytics-support.ts';
import type { EngineTransaction } from '../types.ts';
import { EVENT_TYPES } from './event-types.ts';

const ASOF = at(2026, 1, 14);
const SALARY = { description: 'BGC ACME LTD SALARY', type: 'BankGiroCredit', amount: 2000 };

function lastWorkingDays(year: number, month: number, count: number): [number, number, number][] {
  return Array.from({ length: count }, (_, k) => {
    const c = civilFromDay(lastWorkingDayOfMonth(monthIndex(year, month) + k));
    return [c.year, c.month, c.day];
  });
}

/** A year of salary and rent from 1 January 2025, so every month is covered. */
function base(): EngineTransaction[] {
  return [
    ...series(lastWorkingDays(2025, 1, 12), SALARY),
    ...series(monthlyDates(2025, 1, 1, 13), { description: 'SO LANDLORD RENT', type: 'StandingOrder', amount: -700 }),
  ];
}

function events(transactions: EngineTransaction[], asOf = ASOF): EventRecord[] {
  return computeReport({ accounts: [CURRENT], transactions, asOf }).events;
}

const summary = (list: EventRecord[]): string[] =>
  list.map((e) => `${e.event_type} ${e.year}-${e.month}${e.day ? `-${e.day}` : ''} ${e.amount}`);

describe('events › one scenario per event type', () => {
  // [event type, transactions, expected events (type date amount)]
  const cases: [string, () => EngineTransaction[], string[]][] = [
    [
      'SALARY_MISSING',
      () => base().filter((t) => !(t.amount === 2000 && t.bookedAt > at(2025, 11, 1) && t.bookedAt < at(2025, 12, 1))),
      // a month without salary is also a third less income over the quarter
      ['SALARY_MISSING 2025-11-28 2000', 'INCOME_DROP 2025-11 1333.33', 'INCOME_DROP 2025-12 1333.33'],
    ],
    [
      'PENSION_MISSING',
      () => [
        ...base(),
        ...series(
          everyDays(2025, 1, 8, 28, 14).filter((_, k) => k !== 9),
          { description: 'DWP STATE PENSION', amount: 900 },
        ),
      ],
      ['PENSION_MISSING 2025-9-17 900'],
    ],
    [
      'BENEFIT_MISSING',
      () => [
        ...base(),
        ...series(
          monthlyDates(2025, 1, 17, 12).filter((_, k) => k !== 7),
          { description: 'DWP UC', amount: 400 },
        ),
      ],
      ['BENEFIT_MISSING 2025-8-15 400'],
    ],
    [
      'NEW_INCOME_SOURCE',
      () => [...base(), ...series(monthlyDates(2025, 6, 10, 7), { description: 'HMRC CHILD BENEFIT', amount: 100 })],
      ['NEW_INCOME_SOURCE 2025-6-10 100'],
    ],
    [
      'INCOME_DROP',
      () => base().filter((t) => !(t.amount === 2000 && t.bookedAt > at(2025, 9, 1))),
      [
        'SALARY_MISSING 2025-9-30 2000',
        'INCOME_DROP 2025-9 1333.33',
        'SALARY_MISSING 2025-10-31 2000',
        'INCOME_DROP 2025-10 666.67',
        'SALARY_MISSING 2025-11-28 2000',
        'INCOME_DROP 2025-11 0',
        'INCOME_DROP 2025-12 0',
      ],
    ],
    [
      'LARGE_ONE_OFF_INCOME',
      () => [
        ...base(),
        aTransaction({
          description: 'FPI J SMITH GIFT',
          type: 'FasterPayment',
          amount: 3000,
          bookedAt: at(2025, 7, 3),
        }),
      ],
      ['LARGE_ONE_OFF_INCOME 2025-7-3 3000'],
    ],
    [
      'LARGE_ONE_OFF_EXPENSE',
      () => [...base(), aTransaction({ description: 'CURRYS', amount: -1500, bookedAt: at(2025, 7, 3) })],
      ['LARGE_ONE_OFF_EXPENSE 2025-7-3 1500'],
    ],
    [
      'NEW_LOAN',
      () => [...base(), aTransaction({ description: 'ZOPA BANK', amount: 900, bookedAt: at(2025, 7, 3) })],
      ['NEW_LOAN 2025-7-3 900'],
    ],
    [
      'NEW_PAYDAY_LOAN',
      () => [...base(), aTransaction({ description: 'LENDING STREAM', amount: 300, bookedAt: at(2025, 7, 3) })],
      ['NEW_PAYDAY_LOAN 2025-7-3 300'],
    ],
    [
      'NEW_BNPL',
      () => [...base(), ...series(monthlyDates(2025, 10, 1, 3), { description: 'KLARNA*ASOS', amount: -25 })],
      ['NEW_BNPL 2025-10-1 25'],
    ],
    [
      'GAMBLING_INCREASE',
      () => [
        ...base(),
        ...series(monthlyDates(2025, 5, 9, 7), { description: 'BET365', amount: -20 }),
        aTransaction({ description: 'BET365', amount: -180, bookedAt: at(2025, 12, 20) }),
      ],
      ['GAMBLING_INCREASE 2025-12 180'],
    ],
    [
      'RETURNED_DIRECT_DEBIT',
      () => [...base(), aTransaction({ description: 'UNPAID DD BRITISH GAS', amount: 80, bookedAt: at(2025, 12, 3) })],
      ['RETURNED_DIRECT_DEBIT 2025-12-3 80'],
    ],
    [
      'UNARRANGED_OVERDRAFT and BANK_CHARGES',
      () => [
        ...base(),
        aTransaction({ description: 'UNARRANGED OVERDRAFT FEE', amount: -5, bookedAt: at(2025, 12, 3) }),
        aTransaction({ description: 'OVERDRAFT INTEREST', amount: -3, bookedAt: at(2025, 12, 31) }),
      ],
      ['UNARRANGED_OVERDRAFT 2025-12-3 5', 'BANK_CHARGES 2025-12 8'],
    ],
    [
      'DEBT_COLLECTION',
      () => [...base(), ...series(monthlyDates(2025, 11, 5, 3), { description: 'LOWELL PORTFOLIO', amount: -30 })],
      ['DEBT_COLLECTION 2025-11 30', 'DEBT_COLLECTION 2025-12 30'],
    ],
    [
      'DEBT_MANAGEMENT',
      () => [...base(), aTransaction({ description: 'STEPCHANGE', amount: -100, bookedAt: at(2025, 12, 5) })],
      ['DEBT_MANAGEMENT 2025-12 100'],
    ],
  ];
  for (const [name, build, expected] of cases) {
    test(`${name}`, () => assert.deepEqual(summary(events(build())), expected));
  }

  test('a steady salary and rent raise no event', () => assert.deepEqual(events(base()), []));

  test('every type in the catalogue is covered above', () => {
    const covered = new Set(cases.flatMap(([, , expected]) => expected.map((e) => e.split(' ')[0])));
    assert.deepEqual(
      EVENT_TYPES.map((t) => t.name).filter((n) => !covered.has(n)),
      [],
    );
  });
});

describe('events › records', () => {
  const transactions = [
    ...base(),
    aTransaction({ id: 'loan-1', description: 'LENDING STREAM', amount: 300, bookedAt: at(2025, 7, 3) }),
    aTransaction({ id: 'loan-2', description: 'LENDING STREAM', amount: 450, bookedAt: at(2025, 10, 3) }),
  ];

  test("carry the spec's members, the transaction in transaction_id, and the change against the previous event of the type", () => {
    const [first, second] = events(transactions);
    assert.ok(first && second, 'two events');
    assert.deepEqual(Object.keys(second).sort(), [
      'account_type',
      'amount',
      'currency',
      'day',
      'description',
      'event_type',
      'granularity',
      'id',
      'is_alert',
      'is_event',
      'month',
      'percentage_change',
      'transaction_id',
      'year',
    ]);
    assert.equal(second.transaction_id, 'loan-2');
    assert.equal(second.percentage_change, 50);
    assert.equal(first.percentage_change, undefined);
    assert.equal(second.granularity, 'DAILY');
    assert.deepEqual(
      [second.is_alert, second.is_event, second.account_type, second.currency],
      [true, false, 'Personal', 'GBP'],
    );
    assert.ok(Number.isSafeInteger(second.id) && second.id > 0);
  });

  test('ids are stable when asOf moves on, and distinct between events', () => {
    const now = events(transactions).map((e) => e.id);
    const later = events(transactions, at(2026, 2, 20)).map((e) => e.id);
    assert.deepEqual(later.slice(0, now.length), now);
    assert.equal(new Set(now).size, now.length);
  });

  test("only the 12 complete months before asOf's month and this month are returned", () => {
    const loans = events(transactions, at(2026, 8, 14)).filter((e) => e.event_type === 'NEW_PAYDAY_LOAN');
    assert.deepEqual(
      loans.map((e) => e.transaction_id),
      ['loan-2'],
    );
    assert.equal(loans[0]?.percentage_change, 50); // still against the earlier one, now outside the window
  });
});

describe('events › pensions and benefits have their own events', () => {
  const rent = () =>
    series(monthlyDates(2025, 1, 1, 13), { description: 'SO LANDLORD RENT', type: 'StandingOrder', amount: -500 });
  const incomeEvents = (list: EventRecord[]): string[] =>
    summary(list.filter((e) => e.event_type !== 'INCOME_DROP' && e.event_type !== 'LARGE_ONE_OFF_INCOME'));

  test('a State Pension paid every 28 days that stops: PENSION_MISSING three times, never SALARY_MISSING', () => {
    const pension = series(everyDays(2025, 1, 8, 28, 10), {
      description: 'DWP SP 12345678A',
      type: 'BankGiroCredit',
      amount: 921,
    });
    assert.deepEqual(incomeEvents(events([...rent(), ...pension])), [
      'PENSION_MISSING 2025-10-15 921',
      'PENSION_MISSING 2025-11-12 921',
      'PENSION_MISSING 2025-12-10 921',
    ]);
  });

  test('the same for a State Pension in other words, by Bacs code only', () => {
    const pension = series(everyDays(2025, 1, 8, 28, 10), { description: 'BGC STATE PENSION', amount: 921 });
    assert.deepEqual(
      events([...rent(), ...pension])
        .filter((e) => e.event_type.endsWith('_MISSING'))
        .map((e) => e.event_type),
      ['PENSION_MISSING', 'PENSION_MISSING', 'PENSION_MISSING'],
    );
  });

  test('Universal Credit every month that stops: BENEFIT_MISSING', () => {
    const uc = series(monthlyDates(2025, 1, 17, 9), { description: 'DWP UC', type: 'BankGiroCredit', amount: 612.4 });
    assert.deepEqual(incomeEvents(events([...rent(), ...uc])), [
      'BENEFIT_MISSING 2025-10-17 612.4',
      'BENEFIT_MISSING 2025-11-17 612.4',
      'BENEFIT_MISSING 2025-12-17 612.4',
    ]);
  });

  test('a new pension after the data begins is a new income source', () => {
    const pension = series(everyDays(2025, 6, 4, 28, 8), { description: 'DWP SP 12345678A', amount: 921 });
    assert.deepEqual(incomeEvents(events([...base(), ...pension])), ['NEW_INCOME_SOURCE 2025-6-4 921']);
  });

  test('a salary the text does not name that stops: SALARY_MISSING, from the inferred salary stream', () => {
    const pay = series(everyDays(2025, 1, 3, 14, 20), {
      description: 'FPI TRINITY CARE HOMES REF 7781',
      type: 'FasterPayment',
      amount: 0,
    }).map((t, k) => ({ ...t, amount: [812.4, 905.15, 868.02][k % 3] ?? 0 }));
    assert.deepEqual(
      events([...rent(), ...pay])
        .filter((e) => e.event_type.endsWith('_MISSING'))
        .map((e) => `${e.event_type} ${e.year}-${e.month}-${e.day}`),
      ['SALARY_MISSING 2025-10-10', 'SALARY_MISSING 2025-10-24', 'SALARY_MISSING 2025-11-7'],
    );
  });
});
