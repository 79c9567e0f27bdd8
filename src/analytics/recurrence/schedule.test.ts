import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { last } from '../../lib/indexing.ts';
import { dayFromCivil, isoDate, monthIndex } from '../calendar/london.ts';
import { lastWorkingDayOfMonth, workingDayOnOrBefore } from '../calendar/working-days.ts';
import { expectedDays, learnSchedule } from './schedule.ts';

const d = (y: number, m: number, day: number): number => dayFromCivil(y, m, day);
const iso = (days: number[]): string[] => days.map(isoDate);

describe('recurrence › schedule', () => {
  test('a salary on the last working day: the next ones follow the rule (Good Friday 2024, February)', () => {
    const paid = Array.from({ length: 6 }, (_, k) => lastWorkingDayOfMonth(monthIndex(2023, 9) + k));
    const s = learnSchedule(paid, 'monthly', 'in');
    assert.equal(s.lastWorkingDay, true);
    assert.equal(isoDate(last(paid)), '2024-02-29');
    assert.deepEqual(iso(expectedDays(s, last(paid), d(2024, 4, 30))), ['2024-03-28', '2024-04-30']);
    assert.deepEqual(iso(expectedDays(s, d(2024, 1, 31), d(2024, 3, 31))), ['2024-02-29', '2024-03-28']);
  });

  test('pay on the 25th moves to the working day before a weekend; the rule stays the 25th', () => {
    const paid = [d(2025, 7, 25), d(2025, 8, 22), d(2025, 9, 25), d(2025, 10, 24), d(2025, 11, 25), d(2025, 12, 24)];
    const s = learnSchedule(paid, 'monthly', 'in');
    assert.equal(s.lastWorkingDay, false);
    assert.equal(s.dayOfMonth, 25);
    assert.deepEqual(iso(expectedDays(s, d(2025, 12, 31), d(2026, 5, 31))), [
      '2026-01-23',
      '2026-02-25',
      '2026-03-25',
      '2026-04-24',
      '2026-05-22',
    ]);
  });

  test('a direct debit on the 1st moves to the working day after', () => {
    const s = learnSchedule([d(2025, 9, 1), d(2025, 10, 1), d(2025, 11, 3), d(2025, 12, 1)], 'monthly', 'out');
    assert.deepEqual(iso(expectedDays(s, d(2025, 12, 1), d(2026, 3, 31))), ['2026-01-02', '2026-02-02', '2026-03-02']);
  });

  test('weekly pay on Fridays crosses month ends and keeps Friday after a Thursday before Good Friday', () => {
    const paid = [d(2024, 3, 8), d(2024, 3, 15), d(2024, 3, 22), d(2024, 3, 28)];
    const s = learnSchedule(paid, 'weekly', 'in');
    assert.deepEqual(iso(expectedDays(s, d(2024, 3, 28), d(2024, 4, 20))), ['2024-04-05', '2024-04-12', '2024-04-19']);
  });

  test('four-weekly payments on Wednesdays step 28 days', () => {
    const paid = [d(2025, 10, 22), d(2025, 11, 19), d(2025, 12, 17)];
    const s = learnSchedule(paid, 'four_weekly', 'in');
    assert.deepEqual(iso(expectedDays(s, d(2025, 12, 17), d(2026, 3, 1))), ['2026-01-14', '2026-02-11']);
  });

  test('monthly on the 31st is the last day of shorter months, moved before a weekend', () => {
    const s = learnSchedule([d(2025, 1, 31), d(2025, 3, 31), d(2025, 5, 30)], 'monthly', 'in');
    assert.equal(s.dayOfMonth, 31);
    assert.deepEqual(iso(expectedDays(s, d(2025, 5, 30), d(2025, 9, 30))), [
      '2025-06-30',
      '2025-07-31',
      '2025-08-29',
      iso([workingDayOnOrBefore(d(2025, 9, 30))])[0],
    ]);
  });
});
