/**
 * London calendar months and the report windows the scorer needs, computed with Intl (independently of the
 * engine's own calendar code). docs/analytics.md, "Months and windows": the last N months are the N complete
 * calendar months before asOf's month; the recurrence window adds asOf's month up to asOf.
 */

const london = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export interface YearMonth {
  year: number;
  /** 1–12 */
  month: number;
}

/** The London calendar date of a Unix time. */
export function londonDate(unix: number): { year: number; month: number; day: number } {
  const parts = london.formatToParts(new Date(unix * 1000));
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

/** Months since year 0, so months compare and subtract as integers. */
export function monthIndex(ym: YearMonth): number {
  return ym.year * 12 + (ym.month - 1);
}

export function londonMonthIndex(unix: number): number {
  return monthIndex(londonDate(unix));
}

export function fromMonthIndex(index: number): YearMonth {
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The N complete months before asOf's month, oldest first, as month indexes. */
export function lastMonths(asOf: number, n: number): number[] {
  const current = londonMonthIndex(asOf);
  return Array.from({ length: n }, (_, i) => current - n + i);
}

/** Whether a Unix time lies in the last N complete months before asOf's month. */
export function inLastMonths(unix: number, asOf: number, n: number): boolean {
  const m = londonMonthIndex(unix);
  const current = londonMonthIndex(asOf);
  return m >= current - n && m < current;
}

/** The recurrence window: the 12 complete months before asOf's month plus asOf's month up to asOf. */
export function inRecurrenceWindow(unix: number, asOf: number): boolean {
  return unix <= asOf && londonMonthIndex(unix) >= londonMonthIndex(asOf) - 12;
}
