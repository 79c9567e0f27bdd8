import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { itemAt } from '../../lib/indexing.ts';
import { dayFromCivil, monthIndex } from '../calendar/london.ts';
import { lastWorkingDayOfMonth } from '../calendar/working-days.ts';
import { FAMILIES, isInWindow, monthOrFourWeekly, periodsIn, phaseWindow } from './rhythm.ts';
import type { Family } from './rhythm.ts';

const familyNamed = (name: Family['name']): Family => itemAt(FAMILIES, FAMILIES.map((f) => f.name).indexOf(name));
const d = (y: number, m: number, day: number): number => dayFromCivil(y, m, day);

describe('recurrence › rhythm', () => {
  // [family, gap in days, periods it spans (0: none)]
  const gaps: [Family['name'], number, number][] = [
    ['weekly', 7, 1],
    ['weekly', 10, 0],
    ['weekly', 14, 2],
    ['weekly', 21, 0], // two weekly payments missed in a row: an irregular habit as likely
    ['fortnightly', 28, 2],
    ['monthly', 28, 1],
    ['monthly', 35, 1],
    ['monthly', 45, 0],
    ['monthly', 61, 2],
    ['monthly', 90, 3], // council tax: none in February and March
    ['quarterly', 91, 1],
    ['quarterly', 182, 2],
  ];
  for (const [name, gap, periods] of gaps) {
    test(`a gap of ${gap} days spans ${periods} ${name} period(s)`, () =>
      assert.equal(periodsIn(gap, familyNamed(name)), periods));
  }

  test('a monthly phase: a direct debit on the 1st moved to the 4th still keeps it; the 20th does not', () => {
    const days = [d(2025, 1, 1), d(2025, 2, 3), d(2025, 3, 3), d(2025, 4, 1), d(2025, 5, 1), d(2025, 6, 2)];
    const window = phaseWindow(days, 'monthly');
    assert.equal(window.fit, 6);
    assert.ok(isInWindow(window, d(2025, 9, 4)));
    assert.ok(!isInWindow(window, d(2025, 9, 20)));
  });

  test('the phase wraps round the month end: the last working day of each month keeps one phase', () => {
    const days = Array.from({ length: 12 }, (_, k) => lastWorkingDayOfMonth(monthIndex(2025, 1) + k));
    assert.equal(phaseWindow(days, 'monthly').fit, 12);
  });

  test('purchases that happen to be a month apart drift through the month', () => {
    const days = [d(2025, 1, 3), d(2025, 2, 6), d(2025, 3, 14), d(2025, 4, 20), d(2025, 5, 24), d(2025, 6, 30)];
    assert.ok(phaseWindow(days, 'monthly').fit < 0.75 * days.length);
  });

  test('four-weekly payments move through the month and keep a 28-day phase; monthly ones the day of the month', () => {
    const fourWeekly = Array.from({ length: 13 }, (_, k) => d(2025, 1, 8) + 28 * k);
    assert.equal(monthOrFourWeekly(fourWeekly).frequency, 'four_weekly');
    const monthly = Array.from({ length: 13 }, (_, k) => d(2025, 1 + k, 28));
    assert.equal(monthOrFourWeekly(monthly).frequency, 'monthly');
  });
});
