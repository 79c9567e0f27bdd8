/**
 * UK working days for predicting pay and bill dates. England & Wales bank holidays (with weekend substitutes and
 * the one-off days by proclamation) are used everywhere, because Bacs, which moves salaries, benefits and direct
 * debits, does not run on them anywhere in the UK. The persona generator uses these same rules (it imports them),
 * so the engine predicts exactly the dates the generator plants.
 */
import { dayFromCivil, civilFromDay, monthStartDay, weekday } from './london.ts';

function easterSunday(year: number): number {
  // Anonymous Gregorian algorithm (Meeus/Jones/Butcher).
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayFromCivil(year, month, day);
}

function firstMonday(year: number, month: number): number {
  const first = dayFromCivil(year, month, 1);
  return first + ((8 - weekday(first)) % 7);
}

function lastMonday(year: number, month: number): number {
  const last = dayFromCivil(year, month + 1, 1) - 1;
  return last - ((weekday(last) + 6) % 7);
}

/** One-off changes by royal proclamation (gov.uk bank holiday history). */
const MOVED_EARLY_MAY: Readonly<Record<number, readonly [number, number]>> = { 1995: [5, 8], 2020: [5, 8] };
const MOVED_SPRING: Readonly<Record<number, readonly [number, number]>> = { 2002: [6, 4], 2012: [6, 4], 2022: [6, 2] };
const EXTRA_DAYS: ReadonlyArray<readonly [number, number, number]> = [
  [1999, 12, 31],
  [2002, 6, 3],
  [2011, 4, 29],
  [2012, 6, 5],
  [2022, 6, 3],
  [2022, 9, 19],
  [2023, 5, 8],
];

const holidayCache = new Map<number, ReadonlySet<number>>();

/** England & Wales bank holidays of a year (day numbers), with weekend substitutes. */
export function bankHolidays(year: number): ReadonlySet<number> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const days = new Set<number>();
  const newYear = dayFromCivil(year, 1, 1);
  const nyWeekday = weekday(newYear);
  days.add(nyWeekday === 6 ? newYear + 2 : nyWeekday === 0 ? newYear + 1 : newYear);
  const easter = easterSunday(year);
  days.add(easter - 2);
  days.add(easter + 1);
  const early = MOVED_EARLY_MAY[year];
  days.add(early ? dayFromCivil(year, early[0], early[1]) : firstMonday(year, 5));
  const spring = MOVED_SPRING[year];
  days.add(spring ? dayFromCivil(year, spring[0], spring[1]) : lastMonday(year, 5));
  days.add(lastMonday(year, 8));
  const christmas = dayFromCivil(year, 12, 25);
  const cWeekday = weekday(christmas);
  // Christmas on Saturday → Mon 27 and Tue 28; on Sunday → Boxing Day Mon 26 and Tue 27; on Friday → Mon 28.
  if (cWeekday === 6) days.add(christmas + 2).add(christmas + 3);
  else if (cWeekday === 0) days.add(christmas + 1).add(christmas + 2);
  else if (cWeekday === 5) days.add(christmas).add(christmas + 3);
  else days.add(christmas).add(christmas + 1);
  for (const [y, m, d] of EXTRA_DAYS) if (y === year) days.add(dayFromCivil(y, m, d));
  holidayCache.set(year, days);
  return days;
}

export function isWorkingDay(dayNumber: number): boolean {
  const w = weekday(dayNumber);
  return w !== 0 && w !== 6 && !bankHolidays(civilFromDay(dayNumber).year).has(dayNumber);
}

/** The day itself when it is a working day, otherwise the working day before (how salaries and benefits move). */
export function workingDayOnOrBefore(dayNumber: number): number {
  let d = dayNumber;
  while (!isWorkingDay(d)) d--;
  return d;
}

/** The day itself when it is a working day, otherwise the next one (how direct debits and standing orders move). */
export function workingDayOnOrAfter(dayNumber: number): number {
  let d = dayNumber;
  while (!isWorkingDay(d)) d++;
  return d;
}

export function lastWorkingDayOfMonth(month: number): number {
  return workingDayOnOrBefore(monthStartDay(month + 1) - 1);
}
