/**
 * How often something recurs, from the days it happened on. The median gap picks the candidate rhythm; the
 * rhythm is accepted when at least 75 % of the gaps fit it (so one missed or doubled payment does not break a
 * year of them). Four-weekly and monthly both have median gaps near 28–31 days: four-weekly when at least 70 %
 * of the gaps are 27–29 days (monthly gaps wander between 28 and 34 with the calendar and working days).
 */
import { itemAt } from '../../lib/indexing.ts';

export type Cadence = 'weekly' | 'fortnightly' | 'four_weekly' | 'monthly' | 'quarterly' | 'yearly' | 'irregular';

interface Rhythm {
  cadence: Exclude<Cadence, 'irregular'>;
  /** range of the median gap, days */
  median: readonly [number, number];
  /** range a single gap may take and still fit */
  gap: readonly [number, number];
}

const RHYTHMS: readonly Rhythm[] = [
  { cadence: 'weekly', median: [6, 8], gap: [5, 9] },
  { cadence: 'fortnightly', median: [13, 15], gap: [11, 17] },
  { cadence: 'four_weekly', median: [27, 29], gap: [25, 31] },
  { cadence: 'monthly', median: [26, 35], gap: [24, 38] },
  { cadence: 'quarterly', median: [84, 98], gap: [75, 105] },
  { cadence: 'yearly', median: [350, 380], gap: [335, 395] },
];

/** Typical days between occurrences. */
export const PERIOD_DAYS: Readonly<Record<Cadence, number>> = {
  weekly: 7,
  fortnightly: 14,
  four_weekly: 28,
  monthly: 365.25 / 12,
  quarterly: 365.25 / 4,
  yearly: 365.25,
  irregular: 0,
};

/** Days either side of an expected date within which an occurrence counts as that one. */
export const TOLERANCE_DAYS: Readonly<Record<Cadence, number>> = {
  weekly: 2,
  fortnightly: 3,
  four_weekly: 4,
  monthly: 6,
  quarterly: 12,
  yearly: 20,
  irregular: 0,
};

const MIN_FIT = 0.75;
const FOUR_WEEKLY_SHARE = 0.7;

function median(sorted: readonly number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? itemAt(sorted, mid) : (itemAt(sorted, mid - 1) + itemAt(sorted, mid)) / 2;
}

function share(gaps: readonly number[], lo: number, hi: number): number {
  let fit = 0;
  for (const g of gaps) if (g >= lo && g <= hi) fit++;
  return fit / gaps.length;
}

/** The rhythm of distinct, ascending days; 'irregular' for fewer than two days or no fitting rhythm. */
export function detectCadence(days: readonly number[]): Cadence {
  if (days.length < 2) return 'irregular';
  const gaps: number[] = [];
  for (let i = 1; i < days.length; i++) gaps.push(itemAt(days, i) - itemAt(days, i - 1));
  const typical = median([...gaps].sort((a, b) => a - b));
  for (const rhythm of RHYTHMS) {
    if (typical < rhythm.median[0] || typical > rhythm.median[1]) continue;
    if (rhythm.cadence === 'four_weekly' && share(gaps, 27, 29) < FOUR_WEEKLY_SHARE) continue;
    if (share(gaps, rhythm.gap[0], rhythm.gap[1]) >= MIN_FIT) return rhythm.cadence;
  }
  return 'irregular';
}
