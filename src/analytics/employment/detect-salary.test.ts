import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { first, itemAt } from '../../lib/indexing.ts';
import { civilFromDay, isoDate, londonDay, monthIndex } from '../calendar/london.ts';
import { lastWorkingDayOfMonth } from '../calendar/working-days.ts';
import type { Employment } from '../report-types.ts';
import { aTransaction, at, everyDays, ledgerOf, monthlyDates, series } from '../test-support.ts';
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
