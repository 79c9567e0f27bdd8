/**
 * When regular payments fall. Schedules are anchored to fixed calendar points, never to the start of the
 * history, so a payment's date does not change when the caller asks for a longer or later history.
 */
import type { Ctx } from './context.ts';
import {
  dayFromCivil,
  daysInMonth,
  lastWorkingDayOfMonth,
  monthOfDay,
  workingDayOnOrAfter,
  workingDayOnOrBefore,
} from './calendar.ts';

export type Move = 'before' | 'after' | 'none';

function moveDay(day: number, move: Move): number {
  return move === 'before' ? workingDayOnOrBefore(day) : move === 'after' ? workingDayOnOrAfter(day) : day;
}

/** Month indexes covering the simulated period. */
export function monthsOf(ctx: Ctx): number[] {
  const out: number[] = [];
  for (let m = monthOfDay(ctx.startDay); m <= monthOfDay(ctx.endDay); m++) out.push(m);
  return out;
}

export interface Occurrence {
  /** the day the payment is due (before moving for weekends and holidays): keys random draws */
  due: number;
  /** the day it is paid */
  day: number;
  month: number;
}

/** Day `dayOfMonth` of every month (the last day when the month is shorter), moved off non-working days. */
export function monthly(ctx: Ctx, dayOfMonth: number, move: Move): Occurrence[] {
  return monthsOf(ctx).map((month) => {
    const y = Math.floor(month / 12);
    const mo = (month % 12) + 1;
    const due = dayFromCivil(y, mo, Math.min(dayOfMonth, daysInMonth(y, mo)));
    return { due, day: moveDay(due, move), month };
  });
}

/** The last working day of every month: how most UK salaries are paid. */
export function lastWorkingDays(ctx: Ctx): Occurrence[] {
  return monthsOf(ctx).map((month) => ({
    due: lastWorkingDayOfMonth(month),
    day: lastWorkingDayOfMonth(month),
    month,
  }));
}

/** Every `stepDays` days on the given weekday, phase fixed by `phase` (0 … stepDays/7 - 1). */
export function everyWeeks(ctx: Ctx, weeks: number, wday: number, phase: number, move: Move): Occurrence[] {
  const step = weeks * 7;
  // Day 0 (1970-01-01) was a Thursday; the first day with the wanted weekday, shifted by the phase.
  const anchor = ((wday - 4 + 7) % 7) + 7 * (phase % weeks);
  const first = anchor + Math.ceil((ctx.startDay - 7 - anchor) / step) * step;
  const out: Occurrence[] = [];
  for (let due = first; due <= ctx.endDay + 7; due += step) {
    out.push({ due, day: moveDay(due, move), month: monthOfDay(due) });
  }
  return out;
}

/**
 * A yearly uprating factor relative to the 2024/25 tax year: prices, pay and rents rise every April by a rate
 * drawn per year and per key (stable), so amounts in older histories are lower.
 */
export function upratedFrom2024(ctx: Ctx, key: string, taxYear: number, minRate: number, maxRate: number): number {
  let f = 1;
  for (let y = 2025; y <= taxYear; y++) f *= 1 + ctx.rng('uprate', key, y).between(minRate, maxRate);
  for (let y = taxYear + 1; y <= 2024; y++) f /= 1 + ctx.rng('uprate', key, y).between(minRate, maxRate);
  return f;
}

export function toPence(pounds: number): number {
  return Math.round(pounds * 100);
}
