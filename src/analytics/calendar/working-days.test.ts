import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dayFromCivil, isoDate, monthIndex } from './london.ts';
import {
  bankHolidays,
  isWorkingDay,
  lastWorkingDayOfMonth,
  workingDayOnOrAfter,
  workingDayOnOrBefore,
} from './working-days.ts';

const day = (iso: string): number => {
  const [y, m, d] = iso.split('-').map(Number);
  assert.ok(y !== undefined && m !== undefined && d !== undefined, iso);
  return dayFromCivil(y, m, d);
};

describe('calendar › UK working days', () => {
  test('England & Wales bank holidays, with substitutes and one-offs', () => {
    const in2022 = [...bankHolidays(2022)].sort((a, b) => a - b).map(isoDate);
    assert.deepEqual(in2022, [
      '2022-01-03',
      '2022-04-15',
      '2022-04-18',
      '2022-05-02',
      '2022-06-02',
      '2022-06-03',
      '2022-08-29',
      '2022-09-19',
      '2022-12-26',
      '2022-12-27',
    ]);
    assert.ok(bankHolidays(2020).has(day('2020-05-08'))); // VE Day moved the early May holiday
    assert.ok(bankHolidays(2023).has(day('2023-05-08'))); // coronation
    assert.ok(bankHolidays(2026).has(day('2026-12-28'))); // Boxing Day on a Saturday
  });

  // [date, working day on or before, on or after]
  const cases: [string, string, string][] = [
    ['2024-03-29', '2024-03-28', '2024-04-02'], // Good Friday and Easter Monday
    ['2025-05-31', '2025-05-30', '2025-06-02'], // a Saturday
    ['2025-12-25', '2025-12-24', '2025-12-29'],
    ['2026-01-14', '2026-01-14', '2026-01-14'],
  ];
  for (const [date, before, after] of cases) {
    test(`${date}: on or before ${before}, on or after ${after}`, () => {
      assert.equal(isoDate(workingDayOnOrBefore(day(date))), before);
      assert.equal(isoDate(workingDayOnOrAfter(day(date))), after);
      assert.equal(isWorkingDay(day(date)), date === before);
    });
  }

  test('last working day of a month', () => {
    assert.equal(isoDate(lastWorkingDayOfMonth(monthIndex(2024, 3))), '2024-03-28'); // 31st a Sunday, 29th Good Friday
    assert.equal(isoDate(lastWorkingDayOfMonth(monthIndex(2024, 2))), '2024-02-29'); // leap day, a Thursday
    assert.equal(isoDate(lastWorkingDayOfMonth(monthIndex(2025, 8))), '2025-08-29'); // 31st a Sunday
    assert.equal(isoDate(lastWorkingDayOfMonth(monthIndex(2025, 12))), '2025-12-31');
  });
});
