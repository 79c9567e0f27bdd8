/**
 * Days and months in Europe/London without Date objects or Intl (too slow per transaction).
 * Decisions, Wire conventions: "Months and days are calendar months in Europe/London", so a salary paid at
 * 00:30 BST on 1 July belongs to July although it is 30 June in UTC.
 *
 * A day is a whole number: days since 1970-01-01 of the London civil date. A month is one integer,
 * year * 12 + (month - 1), so month arithmetic is plain addition. Times are Unix seconds.
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

export function monthIndex(year: number, month: number): number {
  return year * 12 + month - 1;
}

export function yearOfMonth(index: number): number {
  return Math.floor(index / 12);
}

/** 1–12 */
export function monthOfMonth(index: number): number {
  return index - Math.floor(index / 12) * 12 + 1;
}

export function monthStartDay(index: number): number {
  return dayFromCivil(yearOfMonth(index), monthOfMonth(index), 1);
}

export function daysInMonth(index: number): number {
  return monthStartDay(index + 1) - monthStartDay(index);
}

// The last month looked up: consecutive calls mostly fall in the same month.
let cachedMonth = 0;
let cachedMonthFrom = 0;
let cachedMonthTo = -1;

/** The month a day falls in. */
export function monthOfDay(dayNumber: number): number {
  if (dayNumber < cachedMonthFrom || dayNumber >= cachedMonthTo) {
    const c = civilFromDay(dayNumber);
    cachedMonth = monthIndex(c.year, c.month);
    cachedMonthFrom = dayNumber - c.day + 1;
    cachedMonthTo = monthStartDay(cachedMonth + 1);
  }
  return cachedMonth;
}

/** Day of the month, 1–31. */
export function dayOfMonth(dayNumber: number): number {
  return dayNumber - monthStartDay(monthOfDay(dayNumber)) + 1;
}

const bstCache = new Map<number, readonly [number, number]>();

/** British Summer Time: from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October. */
function bstRange(year: number): readonly [number, number] {
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

let cachedYearFrom = 0;
let cachedYearTo = -1;
let cachedRange: readonly [number, number] = [0, 0];

/** Seconds to add to UTC to get London wall-clock time at that instant (0 or 3600). */
export function londonOffset(unix: number): number {
  if (unix < cachedYearFrom || unix >= cachedYearTo) {
    const year = civilFromDay(Math.floor(unix / DAY_SECONDS)).year;
    cachedYearFrom = dayFromCivil(year, 1, 1) * DAY_SECONDS;
    cachedYearTo = dayFromCivil(year + 1, 1, 1) * DAY_SECONDS;
    cachedRange = bstRange(year);
  }
  return unix >= cachedRange[0] && unix < cachedRange[1] ? 3600 : 0;
}

/** The London day a Unix time falls on. */
export function londonDay(unix: number): number {
  return Math.floor((unix + londonOffset(unix)) / DAY_SECONDS);
}

/** Unix seconds of London midnight starting a day. */
export function londonMidnight(dayNumber: number): number {
  const naive = dayNumber * DAY_SECONDS;
  // Midnight is never inside a transition (they happen at 01:00 UTC), so the offset an hour before is the one in force.
  return naive - londonOffset(naive - 3600);
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** "2026-01-11" */
export function isoDate(dayNumber: number): string {
  const c = civilFromDay(dayNumber);
  return `${c.year}-${pad2(c.month)}-${pad2(c.day)}`;
}
