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

export const DAY_SECONDS = 86_400;

export interface CivilDate {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

/** Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm, exact for the proleptic Gregorian calendar). */
export function dayFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function civilFromDay(dayNumber: number): CivilDate {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** 0 = Sunday … 6 = Saturday */
export function weekday(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

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
  const last = dayFromCivil(year, month, daysInMonth(year, month));
  return last - ((weekday(last) + 6) % 7);
}

/** One-off changes by royal proclamation (gov.uk bank holiday history). */
const MOVED_EARLY_MAY: Record<number, [number, number]> = { 1995: [5, 8], 2020: [5, 8] };
const MOVED_SPRING: Record<number, [number, number]> = { 2002: [6, 4], 2012: [6, 4], 2022: [6, 2] };
const EXTRA_DAYS: ReadonlyArray<[number, number, number]> = [
  [1999, 12, 31], [2002, 6, 3], [2011, 4, 29], [2012, 6, 5], [2022, 6, 3], [2022, 9, 19], [2023, 5, 8],
];

const holidayCache = new Map<number, Set<number>>();

/** England & Wales bank holidays of a year, with weekend substitutes. */
export function bankHolidays(year: number): Set<number> {
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

export function isBankHoliday(dayNumber: number): boolean {
  return bankHolidays(civilFromDay(dayNumber).year).has(dayNumber);
}

export function isWorkingDay(dayNumber: number): boolean {
  const w = weekday(dayNumber);
  return w !== 0 && w !== 6 && !isBankHoliday(dayNumber);
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

export function lastWorkingDayOfMonth(monthIndex: number): number {
  return workingDayOnOrBefore(monthEndDay(monthIndex));
}

/** The n-th working day after a day (n ≥ 1). */
export function addWorkingDays(dayNumber: number, n: number): number {
  let d = dayNumber;
  for (let i = 0; i < n; i++) d = workingDayOnOrAfter(d + 1);
  return d;
}

const bstCache = new Map<number, [number, number]>();

/** British Summer Time runs from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October. */
function bstRange(year: number): [number, number] {
  let range = bstCache.get(year);
  if (!range) {
    const lastSunday = (month: number): number => {
      const last = dayFromCivil(year, month, 31);
      return last - weekday(last);
    };
    range = [lastSunday(3) * DAY_SECONDS + 3600, lastSunday(10) * DAY_SECONDS + 3600];
    bstCache.set(year, range);
  }
  return range;
}

// The last year looked up: most calls in a run fall in the same year as the one before.
let cachedFrom = 0;
let cachedTo = -1;
let cachedRange: [number, number] = [0, 0];

/** Seconds to add to UTC to get London wall-clock time at that instant (0 or 3600). */
export function londonOffset(unix: number): number {
  if (unix < cachedFrom || unix >= cachedTo) {
    const year = civilFromDay(Math.floor(unix / DAY_SECONDS)).year;
    cachedFrom = dayFromCivil(year, 1, 1) * DAY_SECONDS;
    cachedTo = dayFromCivil(year + 1, 1, 1) * DAY_SECONDS;
    cachedRange = bstRange(year);
  }
  return unix >= cachedRange[0] && unix < cachedRange[1] ? 3600 : 0;
}

/** Unix seconds of a London wall-clock time; in the spring-forward gap the later hour is used. */
export function londonTime(dayNumber: number, secondsOfDay: number): number {
  const naive = dayNumber * DAY_SECONDS + secondsOfDay;
  return londonOffset(naive - 3600) === 3600 ? naive - 3600 : naive;
}

/** The London day a Unix time falls on. */
export function londonDay(unix: number): number {
  return Math.floor((unix + londonOffset(unix)) / DAY_SECONDS);
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** "2026-01-11" */
export function isoDate(dayNumber: number): string {
  const c = civilFromDay(dayNumber);
  return `${c.year}-${pad2(c.month)}-${pad2(c.day)}`;
}

/** ISO 8601 with the London offset, e.g. "2026-07-01T00:00:00+01:00" (how OBIE statements carry times). */
export function isoLondon(unix: number): string {
  const offset = londonOffset(unix);
  const local = unix + offset;
  const day = Math.floor(local / DAY_SECONDS);
  const s = local - day * DAY_SECONDS;
  const time = `${pad2(Math.floor(s / 3600))}:${pad2(Math.floor((s % 3600) / 60))}:${pad2(s % 60)}`;
  return `${isoDate(day)}T${time}${offset ? '+01:00' : '+00:00'}`;
}
