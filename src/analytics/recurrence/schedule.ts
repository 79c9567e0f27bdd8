/**
 * When a recurring payment is next expected, learnt from its last (up to) six occurrences:
 * - monthly, quarterly and yearly: on the last working day of the month when most occurrences were, otherwise on
 *   the most common day of the month (the 31st becomes the month's last day);
 * - weekly, fortnightly and four-weekly: every 7, 14 or 28 days from the last occurrence, on the most common
 *   weekday (a Thursday payment before Good Friday does not move the rhythm).
 * Money in moves to the working day before a weekend or bank holiday (as Bacs pays salaries, pensions and
 * benefits); money out moves to the working day after (as direct debits and standing orders are collected).
 */
import { first, itemAt } from '../../lib/indexing.ts';
import { dayOfMonth, monthOfDay, weekday } from '../calendar/london.ts';
import { dayInMonth } from '../calendar/months.ts';
import { lastWorkingDayOfMonth, workingDayOnOrAfter, workingDayOnOrBefore } from '../calendar/working-days.ts';
import type { Cadence } from './cadence.ts';

export interface Schedule {
  cadence: Exclude<Cadence, 'irregular'>;
  /** money in moves earlier off non-working days, money out later */
  direction: 'in' | 'out';
  /** monthly-type rules */
  lastWorkingDay: boolean;
  dayOfMonth: number;
  stepMonths: number;
  /** weekday-type rules: a nominal occurrence day and the period */
  anchor: number;
  period: number;
}

const RECENT = 6;

function mode(values: readonly number[]): { value: number; share: number } {
  const counts = new Map<number, number>();
  let value = first(values);
  let best = 0;
  for (const v of values) {
    const n = (counts.get(v) ?? 0) + 1;
    counts.set(v, n);
    if (n > best || (n === best && v > value)) {
      best = n;
      value = v;
    }
  }
  return { value, share: best / values.length };
}

/** The schedule of distinct ascending occurrence days with a known cadence. */
export function learnSchedule(
  days: readonly number[],
  cadence: Exclude<Cadence, 'irregular'>,
  direction: 'in' | 'out',
): Schedule {
  const recent = days.slice(-RECENT);
  const last = itemAt(days, -1);
  const schedule: Schedule = {
    cadence,
    direction,
    lastWorkingDay: false,
    dayOfMonth: dayOfMonth(last),
    stepMonths: 0,
    anchor: last,
    period: 0,
  };
  if (cadence === 'monthly' || cadence === 'quarterly' || cadence === 'yearly') {
    schedule.stepMonths = cadence === 'monthly' ? 1 : cadence === 'quarterly' ? 3 : 12;
    const byDay = mode(recent.map(dayOfMonth));
    let onLast = 0;
    for (const d of recent) if (d === lastWorkingDayOfMonth(monthOfDay(d))) onLast++;
    schedule.lastWorkingDay = onLast / recent.length >= 2 / 3 && byDay.share < 2 / 3;
    schedule.dayOfMonth = byDay.value;
    return schedule;
  }
  schedule.period = cadence === 'weekly' ? 7 : cadence === 'fortnightly' ? 14 : 28;
  const usual = mode(recent.map(weekday)).value;
  // Put the anchor on the usual weekday: the nearest such day to the last occurrence.
  let shift = (usual - weekday(last) + 7) % 7;
  if (shift > 3) shift -= 7;
  schedule.anchor = last + shift;
  return schedule;
}

function adjust(schedule: Schedule, day: number): number {
  return schedule.direction === 'in' ? workingDayOnOrBefore(day) : workingDayOnOrAfter(day);
}

/** Expected occurrence days d with from < d ≤ to, ascending. */
export function expectedDays(schedule: Schedule, from: number, to: number): number[] {
  const out: number[] = [];
  if (to <= from) return out;
  if (schedule.stepMonths > 0) {
    const anchorMonth = monthOfDay(schedule.anchor);
    const step = schedule.stepMonths;
    // Months on the schedule's step from the anchor, one either side of the range for days that move across a month end.
    const first = monthOfDay(from) - 1;
    let m = anchorMonth + Math.ceil((first - anchorMonth) / step) * step;
    for (; m <= monthOfDay(to) + 1; m += step) {
      const d = schedule.lastWorkingDay
        ? lastWorkingDayOfMonth(m)
        : adjust(schedule, dayInMonth(m, schedule.dayOfMonth));
      if (d > from && d <= to) out.push(d);
    }
    return out;
  }
  const p = schedule.period;
  for (let k = Math.ceil((from - 3 - schedule.anchor) / p); schedule.anchor + k * p <= to + 3; k++) {
    const d = adjust(schedule, schedule.anchor + k * p);
    if (d > from && d <= to && (out.length === 0 || out[out.length - 1] !== d)) out.push(d);
  }
  return out;
}
