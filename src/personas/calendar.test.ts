import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  bankHolidays,
  civilFromDay,
  dayFromCivil,
  isWorkingDay,
  isoDate,
  isoLondon,
  lastWorkingDayOfMonth,
  londonDay,
  londonTime,
  weekday,
  workingDayOnOrAfter,
  workingDayOnOrBefore,
} from './calendar.ts';

const d = (y: number, m: number, day: number): number => dayFromCivil(y, m, day);
const dates = (year: number): string[] => [...bankHolidays(year)].sort((a, b) => a - b).map(isoDate);

describe('calendar › civil days', () => {
  test('round-trips dates and knows weekdays', () => {
    for (let day = d(1999, 12, 25); day < d(2031, 1, 10); day += 13) {
      const c = civilFromDay(day);
      assert.equal(dayFromCivil(c.year, c.month, c.day), day);
    }
    assert.equal(d(1970, 1, 1), 0);
    assert.equal(weekday(d(2026, 1, 14)), 3);
    assert.equal(isoDate(d(2024, 2, 29)), '2024-02-29');
  });
});

describe('calendar › England and Wales bank holidays', () => {
  test('2025', () => {
    assert.deepEqual(dates(2025), [
      '2025-01-01',
      '2025-04-18',
      '2025-04-21',
      '2025-05-05',
      '2025-05-26',
      '2025-08-25',
      '2025-12-25',
      '2025-12-26',
    ]);
  });
  test('substitute days and one-offs', () => {
    assert.deepEqual(dates(2022), [
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
    assert.ok(bankHolidays(2020).has(d(2020, 5, 8)) && !bankHolidays(2020).has(d(2020, 5, 4)));
    assert.ok(bankHolidays(2023).has(d(2023, 5, 8)));
    assert.deepEqual(dates(2021).slice(-2), ['2021-12-27', '2021-12-28']);
    assert.deepEqual(dates(2026), [
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-04',
      '2026-05-25',
      '2026-08-31',
      '2026-12-25',
      '2026-12-28',
    ]);
  });
  test('working days move payments', () => {
    assert.ok(!isWorkingDay(d(2025, 12, 25)) && isWorkingDay(d(2025, 12, 24)));
    assert.equal(workingDayOnOrBefore(d(2025, 12, 26)), d(2025, 12, 24));
    assert.equal(workingDayOnOrAfter(d(2025, 12, 25)), d(2025, 12, 29));
    // March 2024: the 31st a Sunday, the 29th Good Friday → Thursday 28th.
    assert.equal(lastWorkingDayOfMonth(2024 * 12 + 2), d(2024, 3, 28));
    assert.equal(lastWorkingDayOfMonth(2025 * 12 + 4), d(2025, 5, 30));
    assert.equal(lastWorkingDayOfMonth(2025 * 12 + 7), d(2025, 8, 29));
  });
});

describe('calendar › Europe/London time', () => {
  test('BST starts on the last Sunday of March and ends on the last Sunday of October at 01:00 UTC', () => {
    assert.equal(londonTime(d(2025, 3, 29), 12 * 3600), Date.UTC(2025, 2, 29, 12) / 1000);
    assert.equal(londonTime(d(2025, 3, 31), 12 * 3600), Date.UTC(2025, 2, 31, 11) / 1000);
    assert.equal(londonTime(d(2025, 10, 27), 12 * 3600), Date.UTC(2025, 9, 27, 12) / 1000);
    assert.equal(londonDay(Date.UTC(2025, 5, 30, 23, 30) / 1000), d(2025, 7, 1), '00:30 BST on 1 July is July');
    assert.equal(londonDay(Date.UTC(2025, 11, 31, 23, 30) / 1000), d(2025, 12, 31));
  });
  test('ISO strings carry the London offset', () => {
    assert.equal(isoLondon(Date.UTC(2025, 5, 30, 23, 0) / 1000), '2025-07-01T00:00:00+01:00');
    assert.equal(isoLondon(Date.UTC(2025, 11, 1, 0, 0) / 1000), '2025-12-01T00:00:00+00:00');
  });
});
