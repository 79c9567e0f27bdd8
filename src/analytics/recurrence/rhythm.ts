/**
 * The rhythms a series of payments is looked for in (split-series.ts), and how well its days keep one phase.
 *
 * Gaps: a single period may take the gap range of cadence.ts (weekly 5–9 days, fortnightly 11–17, monthly and
 * four-weekly 24–38, quarterly 75–105). A gap of two or three periods (one or two occurrences skipped) fits when
 * it is within `slack` days of 2 or 3 periods: a payment moved off a weekend or made late moves one day of the
 * series, not the rhythm, so the slack does not grow with the number of periods.
 *
 * Phase: UK payments keep a place in the calendar. Card subscriptions renew on the same day of the month (a day or
 * three later when the card was declined or the merchant batches), direct debits are collected on the due day or
 * the next working day (up to four days later over Easter), salaries and benefits are paid on the day or the
 * working day before, weekly and four-weekly payments keep their weekday. So the days of a true series fall within a
 * narrow window of the month (monthly, quarterly) or of the cycle (day number modulo 7, 14 or 28), while three or
 * four purchases that happen to be a month apart drift through it.
 */
import { itemAt } from '../../lib/indexing.ts';
import { dayOfMonth } from '../calendar/london.ts';
import { PERIOD_DAYS } from './cadence.ts';

/** The cadences a series is reported with (docs/analytics.md; annual payments cannot be seen in 13 months). */
export type Frequency = 'weekly' | 'fortnightly' | 'four_weekly' | 'monthly' | 'quarterly';

/** A rhythm family; 'monthly' also holds four-weekly series, told apart by their phase (monthOrFourWeekly). */
export interface Family {
  name: 'weekly' | 'fortnightly' | 'monthly' | 'quarterly';
  period: number;
  /** the range a single gap may take */
  lo: number;
  hi: number;
  /** days either side of 2 or 3 periods a gap over skipped occurrences may take */
  slack: number;
  /** the most periods one gap may span */
  maxPeriods: number;
  /** the gaps (whole days, inclusive) spanning 1, 2 … maxPeriods periods, as columns: periods, shortest, longest */
  ranges: { k: readonly number[]; shortest: readonly number[]; longest: readonly number[] };
}

function familyOf(name: Family['name'], lo: number, hi: number, slack: number, maxPeriods: number): Family {
  const period = PERIOD_DAYS[name];
  const k = Array.from({ length: maxPeriods }, (_, i) => i + 1);
  const shortest = k.map((p) => (p === 1 ? lo : Math.ceil(p * period - slack)));
  const longest = k.map((p) => (p === 1 ? hi : Math.floor(p * period + slack)));
  return { name, period, lo, hi, slack, maxPeriods, ranges: { k, shortest, longest } };
}

/**
 * Monthly gaps may span up to three months (council tax: ten instalments, none in February and March); the others
 * two periods: a gap of three weeks or six weeks is as likely a customer's irregular habit as two missed payments.
 */
export const FAMILIES: readonly Family[] = [
  familyOf('weekly', 5, 9, 2, 2),
  familyOf('fortnightly', 11, 17, 3, 2),
  familyOf('monthly', 24, 38, 8, 3),
  familyOf('quarterly', 75, 105, 15, 2),
];

/** How many periods a gap of `gap` days spans in the family (1 to 3), or 0 when it fits none. */
export function periodsIn(gap: number, family: Family): number {
  if (gap >= family.lo && gap <= family.hi) return 1;
  for (let k = 2; k <= family.maxPeriods; k++) if (Math.abs(gap - k * family.period) <= family.slack) return k;
  return 0;
}

interface PhaseModel {
  /** the length of the cycle, days */
  cycle: number;
  /** the place of a day in the cycle */
  of: (day: number) => number;
  /** the width of the window the days of a series keep to, days */
  width: number;
}

const modulo = (n: number, m: number): number => ((n % m) + m) % m;

/**
 * Windows: weekly 2 days (a bank holiday moves a payment by one), fortnightly 4, four-weekly 6, monthly 8 (the 1st
 * falling on Good Friday is collected on the 5th; a card subscription wanders ±3 days), quarterly 10.
 */
const PHASES: Readonly<Record<Frequency, PhaseModel>> = {
  weekly: { cycle: 7, of: (d) => modulo(d, 7), width: 2 },
  fortnightly: { cycle: 14, of: (d) => modulo(d, 14), width: 4 },
  four_weekly: { cycle: 28, of: (d) => modulo(d, 28), width: 6 },
  monthly: { cycle: PERIOD_DAYS.monthly, of: dayOfMonth, width: 8 },
  quarterly: { cycle: PERIOD_DAYS.monthly, of: dayOfMonth, width: 10 },
};

/** The window of the phase cycle most of a series' days fall in, and how many do. */
export interface PhaseWindow {
  frequency: Frequency;
  /** the window's first place in the cycle */
  start: number;
  /** days of the series within it */
  fit: number;
}

/** The window of the cadence's phase model holding the most days (the cycle wraps round; ties: the earliest). */
export function phaseWindow(days: readonly number[], frequency: Frequency): PhaseWindow {
  const { cycle, of, width } = PHASES[frequency];
  const n = days.length;
  const phases = new Float64Array(n);
  for (let i = 0; i < n; i++) phases[i] = modulo(of(days[i] ?? 0), cycle);
  phases.sort();
  const at = (i: number): number => (i < n ? (phases[i] ?? 0) : (phases[i - n] ?? 0) + cycle);
  let bestStart = 0;
  let bestFit = 0;
  let end = 0; // one past the last phase within the window starting at phases[start]
  for (let start = 0; start < n; start++) {
    if (end < start) end = start;
    while (end < start + n && at(end) - at(start) <= width) end++;
    if (end - start > bestFit) {
      bestStart = at(start);
      bestFit = end - start;
    }
  }
  return { frequency, start: bestStart, fit: bestFit };
}

/** Whether a day falls in the window: a payment of the series' schedule would be on it. */
export function isInWindow(window: PhaseWindow, day: number): boolean {
  const { cycle, of, width } = PHASES[window.frequency];
  return modulo(of(day) - window.start, cycle) <= width;
}

/** Four-weekly gaps are 27–29 days, monthly ones wander between 28 and 31 with the calendar (cadence.ts). */
const FOUR_WEEKLY_SHARE = 0.7;

/**
 * A month-like series is four-weekly when its days keep a 28-day phase better than a day of the month (a
 * four-weekly payment moves through the month, about two days a month); on a tie (a short series), when at least
 * 70 % of its single-period gaps are 27–29 days.
 */
export function monthOrFourWeekly(days: readonly number[]): PhaseWindow {
  const monthly = phaseWindow(days, 'monthly');
  const fourWeekly = phaseWindow(days, 'four_weekly');
  if (fourWeekly.fit !== monthly.fit) return fourWeekly.fit > monthly.fit ? fourWeekly : monthly;
  let single = 0;
  let near28 = 0;
  for (let i = 1; i < days.length; i++) {
    const gap = itemAt(days, i) - itemAt(days, i - 1);
    if (gap > 38) continue;
    single++;
    if (gap >= 27 && gap <= 29) near28++;
  }
  return single > 0 && near28 / single >= FOUR_WEEKLY_SHARE ? fourWeekly : monthly;
}
