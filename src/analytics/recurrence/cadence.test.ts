import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { itemAt } from '../../lib/indexing.ts';
import { dayFromCivil, monthIndex } from '../calendar/london.ts';
import { lastWorkingDayOfMonth } from '../calendar/working-days.ts';
import { detectCadence } from './cadence.ts';
import type { Cadence } from './cadence.ts';

const every = (step: number, n: number, start = dayFromCivil(2025, 1, 3)): number[] =>
  Array.from({ length: n }, (_, k) => start + k * step);
const lastWorkingDays = (n: number): number[] =>
  Array.from({ length: n }, (_, k) => lastWorkingDayOfMonth(monthIndex(2024, 1) + k));
const dayOfEachMonth = (d: number, n: number): number[] =>
  Array.from({ length: n }, (_, k) => dayFromCivil(2024, 1 + k, d));

describe('recurrence › cadence', () => {
  // [name, days, cadence]
  const cases: [string, number[], Cadence][] = [
    ['every Friday', every(7, 20), 'weekly'],
    ['every other Thursday', every(14, 10), 'fortnightly'],
    ['every 4 weeks (State Pension, Child Benefit)', every(28, 13), 'four_weekly'],
    ['the last working day of each month, February included', lastWorkingDays(14), 'monthly'],
    ['the 1st of each month', dayOfEachMonth(1, 12), 'monthly'],
    ['quarterly', every(91, 5), 'quarterly'],
    ['monthly with one month missed', [...dayOfEachMonth(15, 5), ...dayOfEachMonth(15, 12).slice(6)], 'monthly'],
    [
      'weekly with a Thursday before Good Friday',
      [...every(7, 6), itemAt(every(7, 7), 6) - 1, ...every(7, 12).slice(7)],
      'weekly',
    ],
    ['every few days (a supermarket)', [0, 2, 3, 7, 8, 12, 13, 14, 19, 22].map((d) => d + 20_000), 'irregular'],
    ['one day only', [20_000], 'irregular'],
    ['two days a month apart', [20_000, 20_031], 'monthly'],
    ['random gaps', [20_000, 20_009, 20_050, 20_061, 20_130, 20_140], 'irregular'],
  ];
  for (const [name, days, cadence] of cases) {
    test(`${name} → ${cadence}`, () => assert.equal(detectCadence(days), cadence));
  }
});
