/** Calendar-month arithmetic on London day numbers. */
import { civilFromDay, daysInMonth, monthIndex, monthStartDay } from './london.ts';

/** The same day of the month `n` months later (or earlier when negative), clamped to the month's last day. */
export function addMonthsToDay(dayNumber: number, n: number): number {
  const c = civilFromDay(dayNumber);
  const target = monthIndex(c.year, c.month) + n;
  return monthStartDay(target) + Math.min(c.day, daysInMonth(target)) - 1;
}

/** The day of a month with the given day-of-month, clamped to the month's last day (the 31st of June is the 30th). */
export function dayInMonth(month: number, dayOfMonth: number): number {
  return monthStartDay(month) + Math.min(dayOfMonth, daysInMonth(month)) - 1;
}
