/**
 * Dates for the generator, without the clock and without Intl (too slow for 100 000 transactions).
 *
 * A "day" is a whole number: days since 1970-01-01 of the civil date in Europe/London. Times are Unix seconds.
 * Decisions (spec): months and days are calendar months and days in Europe/London, so a salary paid at 00:30
 * BST on 1 July belongs to July even though it is 30 June in UTC.
 *
 * Working days follow the England & Wales bank holidays because Bacs (salaries, benefits, direct debits) does
 * not process on them anywhere in the UK; Scottish and Northern Irish extra holidays do not move Bacs payments.
 */

// The calendar primitives, bank holidays and London time are the analytics engine's (src/analytics/calendar):
// one set of rules for the data we generate and the engine that reads it. What only the generator needs is here.
import { civilFromDay, dayFromCivil, DAY_SECONDS, isoDate, londonOffset } from '../analytics/calendar/london.ts';
import { workingDayOnOrAfter } from '../analytics/calendar/working-days.ts';

export { civilFromDay, dayFromCivil, DAY_SECONDS, isoDate, londonDay, weekday } from '../analytics/calendar/london.ts';
export type { CivilDate } from '../analytics/calendar/london.ts';
export {
  bankHolidays,
  isWorkingDay,
  lastWorkingDayOfMonth,
  workingDayOnOrAfter,
  workingDayOnOrBefore,
} from '../analytics/calendar/working-days.ts';

export function daysInMonth(year: number, month: number): number {
  return dayFromCivil(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1) - dayFromCivil(year, month, 1);
}

/** A month as one integer (year * 12 + month - 1), convenient for arithmetic. */
export function monthOfDay(dayNumber: number): number {
  const c = civilFromDay(dayNumber);
  return c.year * 12 + c.month - 1;
}

export function monthStartDay(monthIndex: number): number {
  return dayFromCivil(Math.floor(monthIndex / 12), (monthIndex % 12) + 1, 1);
}

export function monthEndDay(monthIndex: number): number {
  return monthStartDay(monthIndex + 1) - 1;
}

/** The UK tax year a day falls in, named by the year it starts (6 April); April is used as the uprating month. */
export function taxYearOfDay(dayNumber: number): number {
  const c = civilFromDay(dayNumber);
  return c.month >= 4 ? c.year : c.year - 1;
}

/** The n-th working day after a day (n ≥ 1). */
export function addWorkingDays(dayNumber: number, n: number): number {
  let d = dayNumber;
  for (let i = 0; i < n; i++) d = workingDayOnOrAfter(d + 1);
  return d;
}

/** Unix seconds of a London wall-clock time; in the spring-forward gap the later hour is used. */
export function londonTime(dayNumber: number, secondsOfDay: number): number {
  const naive = dayNumber * DAY_SECONDS + secondsOfDay;
  return londonOffset(naive - 3600) === 3600 ? naive - 3600 : naive;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** ISO 8601 with the London offset, e.g. "2026-07-01T00:00:00+01:00" (how OBIE statements carry times). */
export function isoLondon(unix: number): string {
  const offset = londonOffset(unix);
  const local = unix + offset;
  const day = Math.floor(local / DAY_SECONDS);
  const s = local - day * DAY_SECONDS;
  const time = `${pad2(Math.floor(s / 3600))}:${pad2(Math.floor((s % 3600) / 60))}:${pad2(s % 60)}`;
  return `${isoDate(day)}T${time}${offset ? '+01:00' : '+00:00'}`;
}
