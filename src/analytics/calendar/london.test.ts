import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  civilFromDay,
  dayFromCivil,
  dayOfMonth,
  daysInMonth,
  isoDate,
  londonDay,
  londonMidnight,
  monthIndex,
  monthOfDay,
  monthOfMonth,
  monthStartDay,
  weekday,
  yearOfMonth,
} from './london.ts';
import { addMonthsToDay, dayInMonth } from './months.ts';

const utc = (iso: string): number => Date.parse(iso) / 1000;

describe('calendar › London days and months', () => {
  // [instant (UTC), London date]
  const cases: [string, string][] = [
    ['2025-06-30T23:30:00Z', '2025-07-01'], // 00:30 BST on 1 July belongs to July
    ['2025-01-31T23:30:00Z', '2025-01-31'], // winter: London is UTC
    ['2025-03-30T00:59:59Z', '2025-03-30'], // just before the clocks go forward
    ['2025-03-30T23:00:00Z', '2025-03-31'], // midnight BST
    ['2025-10-25T23:00:00Z', '2025-10-26'], // midnight BST on the day the clocks go back
    ['2025-10-26T23:00:00Z', '2025-10-26'], // 23:00 GMT, still the 26th
    ['2024-02-29T12:00:00Z', '2024-02-29'], // leap day
    ['2023-12-31T23:59:59Z', '2023-12-31'],
  ];
  for (const [instant, date] of cases) {
    test(`${instant} is ${date} in London`, () => assert.equal(isoDate(londonDay(utc(instant))), date));
  }

  test('London midnight starts the London day, in summer and winter', () => {
    for (const date of [
      '2025-01-15',
      '2025-07-15',
      '2025-03-30',
      '2025-03-31',
      '2025-10-26',
      '2025-10-27',
      '2024-02-29',
    ]) {
      const [y, m, d] = date.split('-').map(Number);
      assert.ok(y !== undefined && m !== undefined && d !== undefined, date);
      const midnight = londonMidnight(dayFromCivil(y, m, d));
      assert.equal(isoDate(londonDay(midnight)), date);
      assert.equal(isoDate(londonDay(midnight - 1)), isoDate(dayFromCivil(y, m, d) - 1));
    }
  });

  test('civil dates round-trip, weekdays and month lengths (leap years included)', () => {
    for (let day = dayFromCivil(1999, 12, 25); day < dayFromCivil(2030, 1, 10); day += 37) {
      const c = civilFromDay(day);
      assert.equal(dayFromCivil(c.year, c.month, c.day), day);
    }
    assert.equal(weekday(dayFromCivil(2026, 1, 14)), 3); // a Wednesday
    assert.equal(daysInMonth(monthIndex(2024, 2)), 29);
    assert.equal(daysInMonth(monthIndex(2025, 2)), 28);
    assert.equal(daysInMonth(monthIndex(2000, 2)), 29);
    assert.equal(daysInMonth(monthIndex(2100, 2)), 28);
  });

  test('month indices: month of a day, start day, year and month', () => {
    const m = monthOfDay(dayFromCivil(2024, 2, 29));
    assert.equal(m, monthIndex(2024, 2));
    assert.equal([yearOfMonth(m), monthOfMonth(m)].join('-'), '2024-2');
    assert.equal(isoDate(monthStartDay(m + 11)), '2025-01-01');
    assert.equal(dayOfMonth(dayFromCivil(2024, 2, 29)), 29);
    assert.equal(monthOfDay(dayFromCivil(2023, 12, 31)) + 1, monthOfDay(dayFromCivil(2024, 1, 1)));
  });

  // [date, months to add, expected]
  const monthCases: [string, number, string][] = [
    ['2024-01-31', 1, '2024-02-29'],
    ['2025-01-31', 1, '2025-02-28'],
    ['2026-01-14', -3, '2025-10-14'],
    ['2025-05-31', -3, '2025-02-28'],
    ['2026-01-14', -12, '2025-01-14'],
    ['2024-02-29', 12, '2025-02-28'],
  ];
  for (const [date, n, expected] of monthCases) {
    test(`${date} ${n > 0 ? '+' : ''}${n} months is ${expected}`, () => {
      const [y, m, d] = date.split('-').map(Number);
      assert.ok(y !== undefined && m !== undefined && d !== undefined, date);
      assert.equal(isoDate(addMonthsToDay(dayFromCivil(y, m, d), n)), expected);
    });
  }

  test('the 31st of a short month is its last day', () => {
    assert.equal(isoDate(dayInMonth(monthIndex(2025, 6), 31)), '2025-06-30');
    assert.equal(isoDate(dayInMonth(monthIndex(2024, 2), 30)), '2024-02-29');
  });
});
