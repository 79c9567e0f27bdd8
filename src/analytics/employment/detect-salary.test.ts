import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { first, itemAt } from '../../lib/indexing.ts';
import { civilFromDay, isoDate, londonDay, monthIndex } from '../calendar/london.ts';
import { lastWorkingDayOfMonth } from '../calendar/working-days.ts';
import type { Employment } from '../report-types.ts';
import {
  aTransaction,
  at,
  everyDays,
  ledgerOf,
  monthlyDates,
  series,
} from '../../../test/helpers/analytics-support.ts';
import type { EngineTransaction } from '../types.ts';
import { detectEmployment } from './detect-salary.ts';
import { findIncomeStreams } from './income-streams.ts';

const ASOF = at(2026, 1, 14);
const SALARY = { description: 'BGC ACME LTD SALARY', type: 'BankGiroCredit', amount: 2000 };

/** Last working days of `count` months from (year, month). */
function lastWorkingDays(year: number, month: number, count: number): [number, number, number][] {
  return Array.from({ length: count }, (_, k) => {
    const c = civilFromDay(lastWorkingDayOfMonth(monthIndex(year, month) + k));
    return [c.year, c.month, c.day];
  });
}

function employment(transactions: EngineTransaction[], asOf = ASOF): Employment {
  const ledger = ledgerOf(transactions, asOf);
  return detectEmployment(ledger, findIncomeStreams(ledger));
}

const payDate = (e: Employment, i = 0): string => isoDate(londonDay(itemAt(e.expected_salary, i).expected_pay_date));

describe('employment › salaries and pay frequency', () => {
  test("monthly on the last working day: next expected on January's last working day", () => {
    const e = employment(series(lastWorkingDays(2025, 1, 12), SALARY));
    assert.equal(e.number_of_salaries, 1);
    assert.deepEqual(
      { ...first(e.expected_salary), expected_pay_date: payDate(e) },
      { amount: 2000, expected_pay_date: '2026-01-30', pay_frequency: 'Monthly' },
    );
    assert.equal(first(e.expected_salary).expected_pay_date, at(2026, 1, 30, 0));
    assert.deepEqual(
      [
        e.new_employer_indicator,
        e.possible_loss_of_income_indicator,
        e.out_of_work_benefit_indicator,
        e.child_benefits_indicator,
      ],
      [false, false, false, false],
    );
    assert.equal(e.currency, 'GBP');
  });

  test('weekly pay on Fridays crossing month ends; the amount is the median of the last three', () => {
    const pay = series(everyDays(2025, 10, 3, 7, 15), { ...SALARY, description: 'KESTREL WAGES' }).map((t, k) => ({
      ...t,
      amount: 450 + (k % 3) * 25,
    }));
    const e = employment(pay);
    assert.equal(first(e.expected_salary).pay_frequency, 'Weekly');
    assert.equal(payDate(e), '2026-01-16');
    assert.equal(first(e.expected_salary).amount, 475);
  });

  test('fortnightly on Thursdays', () => {
    const e = employment(series(everyDays(2025, 8, 7, 14, 12), { ...SALARY, description: 'PENNINE CARE , PAY' }));
    assert.equal(first(e.expected_salary).pay_frequency, 'Fortnightly');
    assert.equal(payDate(e), '2026-01-22'); // last paid Thursday 8 January
  });

  test('four-weekly pay is reported as Monthly with the 28-day date', () => {
    const e = employment(series(everyDays(2025, 1, 22, 28, 13), SALARY));
    assert.equal(first(e.expected_salary).pay_frequency, 'Monthly');
    assert.equal(payDate(e), '2026-01-21'); // last paid Wednesday 24 December
  });

  test('leap year: paid on 31 January 2024, next on Thursday 29 February', () => {
    const e = employment(series(lastWorkingDays(2023, 6, 8), SALARY), at(2024, 2, 15));
    assert.equal(payDate(e), '2024-02-29');
  });

  test('two salaries in one household are both expected', () => {
    const e = employment([
      ...series(lastWorkingDays(2025, 1, 12), SALARY),
      ...series(monthlyDates(2025, 1, 28, 12), { ...SALARY, description: 'BGC GLOBEX LTD SALARY', amount: 1500 }),
    ]);
    assert.equal(e.number_of_salaries, 2);
    assert.deepEqual(
      e.expected_salary.map((s) => s.amount),
      [1500, 2000],
    );
  });

  test('a salary with no rhythm in the last 3 months is Irregular', () => {
    const e = employment(
      series(
        [
          [2025, 10, 3],
          [2025, 10, 20],
          [2025, 11, 28],
          [2025, 12, 5],
        ],
        SALARY,
      ),
    );
    assert.equal(first(e.expected_salary).pay_frequency, 'Irregular');
  });

  test('fewer than 3 months of history: two monthly salaries are enough for a rhythm', () => {
    const e = employment([
      aTransaction({ description: 'OPENING', amount: 10, bookedAt: at(2025, 11, 12) }),
      ...series(
        [
          [2025, 11, 28],
          [2025, 12, 31],
        ],
        SALARY,
      ),
    ]);
    assert.equal(first(e.expected_salary).pay_frequency, 'Monthly');
    assert.equal(e.new_employer_indicator, false);
  });
});

describe('employment › indicators', () => {
  test("a new employer: a salary first paid within 12 months after another employer's", () => {
    const e = employment([
      ...series(lastWorkingDays(2025, 1, 4), SALARY),
      ...series(monthlyDates(2025, 6, 25, 7), { ...SALARY, description: 'BGC GLOBEX LTD SALARY', amount: 2400 }),
    ]);
    assert.equal(e.new_employer_indicator, true);
    assert.equal(e.possible_loss_of_income_indicator, false);
    assert.equal(e.number_of_salaries, 1);
  });

  test('possible loss of income: an established salary stopped and nothing replaced it', () => {
    const e = employment([
      ...series(lastWorkingDays(2025, 1, 10), SALARY),
      ...series(monthlyDates(2025, 1, 5, 12), { description: 'TESCO STORES', amount: -40 }),
    ]);
    assert.equal(e.possible_loss_of_income_indicator, true);
    assert.equal(e.number_of_salaries, 0);
  });

  test('out-of-work benefits: JSA, or Universal Credit with no salary, in the 3 months before asOf', () => {
    const uc = series(monthlyDates(2025, 6, 17, 7), { description: 'DWP UC', amount: 900 });
    assert.equal(employment(uc).out_of_work_benefit_indicator, true);
    assert.equal(
      employment([...uc, ...series(lastWorkingDays(2025, 6, 7), SALARY)]).out_of_work_benefit_indicator,
      false,
    );
    assert.equal(
      employment(series(everyDays(2025, 11, 3, 14, 5), { description: 'DWP JSA', amount: 180 }))
        .out_of_work_benefit_indicator,
      true,
    );
    assert.equal(
      employment(series(monthlyDates(2025, 1, 17, 6), { description: 'DWP UC', amount: 900 }))
        .out_of_work_benefit_indicator,
      false,
    );
  });

  test('child benefit in the 3 months before asOf', () => {
    const chb = series(everyDays(2025, 9, 1, 28, 5), { description: 'HMRC CHILD BENEFIT', amount: 176.4 });
    assert.equal(employment(chb).child_benefits_indicator, true);
    assert.equal(employment(chb, at(2026, 6, 1)).child_benefits_indicator, false);
  });
});

describe('employment › income sources (ours)', () => {
  const date = (seconds: number | null): string | null => (seconds === null ? null : isoDate(londonDay(seconds)));
  const summary = (e: Employment): string[] =>
    (e.income_sources ?? []).map(
      (s) =>
        `${s.type} ${s.category} ${s.description} ${s.frequency} ${s.amount} last ${date(s.last_payment_date)} next ${date(s.next_expected_date)}${s.missed ? ' missed' : ''} ×${s.transaction_ids.length}`,
    );

  test('salaries, pensions and benefits of the last 12 months, each with its rhythm, in type then amount order', () => {
    const transactions = [
      ...series(lastWorkingDays(2025, 1, 12), { description: 'BGC ACME LOGISTICS LTD', type: null, amount: 2143.87 }),
      ...series(everyDays(2025, 6, 6, 14, 16), {
        description: 'FPI TRINITY CARE HOMES REF 7781',
        type: 'FasterPayment',
        amount: 0,
      }).map((t, k) => ({ ...t, amount: [812.4, 905.15, 868.02][k % 3] ?? 0 })),
      ...series(everyDays(2025, 1, 8, 28, 14), {
        description: 'DWP SP 12345678A',
        type: 'BankGiroCredit',
        amount: 921,
      }),
      ...series(monthlyDates(2025, 1, 17, 9), { description: 'DWP UC', type: 'BankGiroCredit', amount: 400 }),
      ...series(everyDays(2025, 1, 6, 28, 14), { description: 'HMRC CHILD BENEFIT', amount: 102.4 }),
      // paid and stopped more than 12 months before asOf: not listed
      ...series(monthlyDates(2024, 6, 3, 6), { description: 'DWP PIP', type: 'BankGiroCredit', amount: 300 }),
    ];
    const e = employment(transactions);
    assert.deepEqual(summary(e), [
      'salary salary ACME LOGISTICS Monthly 2143.87 last 2025-12-31 next 2026-01-30 ×12',
      'salary salary TRINITY CARE HOMES Fortnightly 868.02 last 2026-01-02 next 2026-01-16 ×16',
      'pension pension DWP State Pension FourWeekly 921 last 2026-01-07 next 2026-02-04 ×14',
      'benefit universal_credit DWP Universal Credit Monthly 400 last 2025-09-17 next 2026-01-16 missed ×9',
      'benefit child_benefit HMRC Child Benefit FourWeekly 102.4 last 2026-01-05 next 2026-02-02 ×14',
    ]);
    const pension = e.income_sources?.find((s) => s.type === 'pension');
    assert.deepEqual(
      pension?.transaction_ids,
      transactions.filter((t) => t.description === 'DWP SP 12345678A').map((t) => t.id),
    );
    assert.equal(pension?.last_payment_date, at(2026, 1, 7, 0));
    assert.equal(e.number_of_salaries, 2);
  });

  test('four-weekly pay is FourWeekly here (Monthly in expected_salary); recent payments with no rhythm are Irregular', () => {
    const e = employment([
      ...series(everyDays(2025, 1, 22, 28, 13), SALARY),
      ...series(
        [
          [2025, 10, 20],
          [2025, 11, 2],
          [2025, 12, 29],
        ],
        { description: 'DWP PIP', type: 'BankGiroCredit', amount: 190 },
      ),
    ]);
    assert.deepEqual(
      (e.income_sources ?? []).map((s) => [s.type, s.frequency, s.next_expected_date === null, s.missed]),
      [
        ['salary', 'FourWeekly', false, false],
        ['benefit', 'Irregular', true, false],
      ],
    );
    assert.equal(first(e.expected_salary).pay_frequency, 'Monthly');
  });

  test('one-off payments are not sources: a single Cold Weather Payment, a yearly Winter Fuel Payment', () => {
    const e = employment([
      ...series(lastWorkingDays(2025, 1, 12), SALARY),
      aTransaction({ description: 'DWP COLD WEATHER PAYMENT', amount: 25, bookedAt: at(2025, 2, 10) }),
      ...series(
        [
          [2024, 11, 25],
          [2025, 11, 24],
        ],
        { description: 'DWP WINTER FUEL LM119203C', type: 'BankGiroCredit', amount: 200 },
      ),
    ]);
    assert.deepEqual(
      (e.income_sources ?? []).map((s) => s.type),
      ['salary'],
    );
  });

  test("a couple's two State Pensions from one payer are two streams, told apart by their references", () => {
    const e = employment([
      ...series(everyDays(2025, 1, 7, 28, 14), { description: 'BGC DWP SP NY542199C SP', amount: 705.8 }),
      ...series(everyDays(2025, 1, 9, 28, 14), { description: 'BGC STATE PENSION NY602311B', amount: 921 }),
    ]);
    assert.deepEqual(summary(e), [
      'pension pension DWP State Pension FourWeekly 921 last 2026-01-08 next 2026-02-05 ×14',
      'pension pension DWP State Pension FourWeekly 705.8 last 2026-01-06 next 2026-02-03 ×14',
    ]);
  });

  test('one pension under two texts, interleaved or renamed, is one stream', () => {
    const dates = monthlyDates(2025, 1, 28, 12);
    const e = employment([
      ...series(dates, { description: 'CR LG PENSION 7740218', amount: 312.55 }).map((t, k) =>
        k % 3 === 1 ? { ...t, description: 'CR LEGAL & GENERAL PENSION' } : t,
      ),
      ...series(lastWorkingDays(2025, 1, 6), { description: 'CR SYPA PENSION 0028113', amount: 699.91 }),
      ...series(lastWorkingDays(2025, 7, 6), { description: 'CR S YORKS PENSIONS AUTH', amount: 699.91 }),
    ]);
    assert.deepEqual(
      (e.income_sources ?? []).map((s) => `${s.description} ${s.frequency} ×${s.transaction_ids.length}`),
      ['S YORKS PENSIONS AUTH Monthly ×12', 'LG PENSION Monthly ×12'],
    );
  });

  test('a salary whose payer is renamed is one stream, not a new employer; a new employer paying more is', () => {
    const renamed = employment([
      ...series(monthlyDates(2025, 1, 20, 7), { ...SALARY, description: 'BGC THAMES VALLEY POLICE SALARY' }),
      ...series(monthlyDates(2025, 8, 20, 5), { ...SALARY, description: 'BGC TVP SALARY' }),
    ]);
    assert.deepEqual(
      [renamed.new_employer_indicator, renamed.income_sources?.map((s) => s.description)],
      [false, ['TVP']],
    );
    const changed = employment([
      ...series(monthlyDates(2025, 1, 20, 7), { ...SALARY, description: 'BGC THAMES VALLEY POLICE SALARY' }),
      ...series(monthlyDates(2025, 8, 20, 5), { ...SALARY, description: 'BGC GLOBEX LTD SALARY', amount: 2400 }),
    ]);
    assert.equal(changed.new_employer_indicator, true);
    assert.equal(changed.income_sources?.length, 2);
  });

  test('a reference that changes once (a new payroll number) does not split a stream', () => {
    const e = employment([
      ...series(lastWorkingDays(2025, 1, 6), { ...SALARY, description: 'BGC ACME LTD SALARY 1002345' }),
      ...series(lastWorkingDays(2025, 7, 6), { ...SALARY, description: 'BGC ACME LTD SALARY 2008761' }),
    ]);
    assert.deepEqual(
      (e.income_sources ?? []).map((s) => [s.frequency, s.transaction_ids.length, s.missed]),
      [['Monthly', 12, false]],
    );
  });

  test('a State Pension is never a salary: no expected salary, no loss of income when it stops', () => {
    const e = employment(
      series(everyDays(2025, 1, 8, 28, 10), { description: 'DWP SP 12345678A', type: 'BankGiroCredit', amount: 921 }),
    );
    assert.deepEqual(
      [e.number_of_salaries, e.possible_loss_of_income_indicator, e.income_sources?.[0]?.missed],
      [0, false, true],
    );
  });
});
