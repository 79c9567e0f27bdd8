/**
 * Regular income: salaries (monthly, weekly, fortnightly), the State Pension, private pensions, Universal Credit
 * and Child Benefit, each on the day and with the uprating the real payer uses.
 */
import { itemAt } from '../../lib/indexing.ts';
import type { Ctx } from '../context.ts';
import type { IncomeFrequency } from '../model.ts';
import type { Occurrence } from '../schedules.ts';
import { civilFromDay, dayFromCivil, taxYearOfDay } from '../calendar.ts';
import { everyWeeks, lastWorkingDays, monthly, toPence, upratedFrom2024 } from '../schedules.ts';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Bacs carries the originator's name in 18 characters, so long employer names arrive cut. */
export function bacsName(name: string): string {
  return name.length > 18 ? name.slice(0, 18).trimEnd() : name;
}

export interface SalarySpec {
  acct: string;
  employer: string;
  /** reference on the credit; "{MON}" becomes the pay month (JAN), "{WK}" the tax week number */
  ref: string;
  frequency: Exclude<IncomeFrequency, 'FourWeekly'>;
  /** Monthly: 'last' (last working day) or a day of the month; otherwise a weekday 0–6 */
  payDay: 'last' | number;
  /** net pay per period in the 2024/25 tax year, pounds */
  net2024: number;
  /** hourly staff: the net changes every payment with overtime */
  overtime?: boolean;
  fromDay?: number;
  /** first day with no more pay (exclusive) */
  untilDay?: number;
}

function payDayText(s: SalarySpec): string {
  if (s.frequency !== 'Monthly') return itemAt(WEEKDAYS, s.payDay as number);
  return s.payDay === 'last' ? 'last working day' : `${s.payDay} (earlier on non-working days)`;
}

function schedule(ctx: Ctx, s: SalarySpec): Occurrence[] {
  if (s.frequency === 'Monthly') return s.payDay === 'last' ? lastWorkingDays(ctx) : monthly(ctx, s.payDay, 'before');
  const weeks = s.frequency === 'Weekly' ? 1 : 2;
  return everyWeeks(ctx, weeks, s.payDay as number, ctx.rng('phase', s.employer).int(0, 1), 'before');
}

/** Tax week (1–53) of a day: weeks count from 6 April. */
function taxWeek(day: number): number {
  const ty = taxYearOfDay(day);
  return Math.floor((day - dayFromCivil(ty, 4, 6)) / 7) + 1;
}

export function salary(ctx: Ctx, s: SalarySpec): void {
  ctx.incomes.set(s.employer, { frequency: s.frequency, payDay: payDayText(s) });
  for (const o of schedule(ctx, s)) {
    if (s.fromDay !== undefined && o.day < s.fromDay) continue;
    if (s.untilDay !== undefined && o.day >= s.untilDay) continue;
    let net = s.net2024 * upratedFrom2024(ctx, s.employer, taxYearOfDay(o.due), 0.015, 0.05);
    if (s.overtime) {
      const r = ctx.rng('overtime', s.employer, o.due);
      if (r.chance(0.45)) net *= 1 + r.between(0.04, 0.3);
    }
    const ref = s.ref
      .replace('{MON}', itemAt(MONTHS, civilFromDay(o.due).month - 1))
      .replace('{WK}', String(taxWeek(o.due)));
    ctx.credit(s.acct, o.day, 'bgc', bacsName(s.employer), ref, toPence(net), 'salary', { source: s.employer });
  }
}

/** Full new State Pension, £ per week, by tax year (gov.uk benefit and pension rates). */
const STATE_PENSION_WEEKLY: Record<number, number> = {
  2016: 155.65,
  2017: 159.55,
  2018: 164.35,
  2019: 168.6,
  2020: 175.2,
  2021: 179.6,
  2022: 185.15,
  2023: 203.85,
  2024: 221.2,
  2025: 230.25,
  2026: 241.3,
};

/** Child Benefit, £ per week, eldest and each other child, by tax year (2020/21 onwards uprated by CPI). */
const CHILD_BENEFIT_WEEKLY: Record<number, [number, number]> = {
  2016: [20.7, 13.7],
  2017: [20.7, 13.7],
  2018: [20.7, 13.7],
  2019: [20.7, 13.7],
  2020: [21.05, 13.95],
  2021: [21.15, 14.0],
  2022: [21.8, 14.45],
  2023: [24.0, 15.9],
  2024: [25.6, 16.95],
  2025: [26.05, 17.25],
  2026: [27.05, 17.9],
};

/**
 * A table value for the tax year, and the growth to multiply it by: 1 inside the table; outside it, the nearest
 * year's value extrapolated at 3 % a year. The tables cover every year between their first and last.
 */
function rate<T>(table: Record<number, T>, taxYear: number): { value: T; growth: number } {
  const years = Object.keys(table).map(Number);
  const lo = Math.min(...years);
  const hi = Math.max(...years);
  const y = Math.min(hi, Math.max(lo, taxYear));
  const value = table[y];
  if (value === undefined) throw new RangeError(`rate table has no entry for ${y}`);
  return { value, growth: Math.pow(1.03, taxYear - y) };
}

/** State Pension: every 4 weeks in arrears on a weekday fixed by the NI number, earlier on bank holidays. */
export function statePension(ctx: Ctx, acct: string, opts: { weekday: number; share: number; ni: string }): void {
  ctx.incomes.set('DWP STATE PENSION', { frequency: 'FourWeekly', payDay: itemAt(WEEKDAYS, opts.weekday) });
  for (const o of everyWeeks(ctx, 4, opts.weekday, ctx.rng('phase', 'sp').int(0, 3), 'before')) {
    const { value, growth } = rate(STATE_PENSION_WEEKLY, taxYearOfDay(o.due));
    const weekly = value * growth * opts.share;
    ctx.credit(acct, o.day, 'bgc', 'DWP SP', opts.ni, toPence(weekly * 4), 'pension', {
      source: 'DWP STATE PENSION',
      pattern: 'state_pension',
    });
  }
}

/** A private or workplace pension (annuity) paid monthly, uprated each April. */
export function privatePension(
  ctx: Ctx,
  acct: string,
  opts: { payer: string; ref: string; day: number; monthly2024: number },
): void {
  ctx.incomes.set(opts.payer, { frequency: 'Monthly', payDay: `${opts.day} (earlier on non-working days)` });
  for (const o of monthly(ctx, opts.day, 'before')) {
    const amount = opts.monthly2024 * upratedFrom2024(ctx, opts.payer, taxYearOfDay(o.due), 0.02, 0.05);
    ctx.credit(acct, o.day, 'bgc', bacsName(opts.payer), opts.ref, toPence(amount), 'pension', {
      source: opts.payer,
      pattern: 'private_pension',
    });
  }
}

/**
 * Universal Credit: monthly on the assessment day, earlier when it is not a working day. The award changes from
 * month to month (earnings, deductions), so amounts vary.
 */
export function universalCredit(ctx: Ctx, acct: string, opts: { day: number; monthly2024: number; ni: string }): void {
  ctx.incomes.set('DWP UNIVERSAL CREDIT', {
    frequency: 'Monthly',
    payDay: `${opts.day} (earlier on non-working days)`,
  });
  for (const o of monthly(ctx, opts.day, 'before')) {
    const base = opts.monthly2024 * upratedFrom2024(ctx, 'uc', taxYearOfDay(o.due), 0.02, 0.07);
    const amount = base * (1 + ctx.rng('uc', o.due).between(-0.08, 0.05));
    ctx.credit(acct, o.day, 'bgc', 'DWP UC', opts.ni, toPence(amount), 'universal_credit', {
      source: 'DWP UNIVERSAL CREDIT',
    });
  }
}

/** Child Benefit: every 4 weeks on a Monday (Tuesday for some claims), earlier on bank holidays. */
export function childBenefit(
  ctx: Ctx,
  acct: string,
  opts: { children: number; weekday: 1 | 2; ref: string; payer: string },
): void {
  ctx.incomes.set('HMRC CHILD BENEFIT', { frequency: 'FourWeekly', payDay: itemAt(WEEKDAYS, opts.weekday) });
  for (const o of everyWeeks(ctx, 4, opts.weekday, ctx.rng('phase', 'chb').int(0, 3), 'before')) {
    const {
      value: [eldest, other],
      growth,
    } = rate(CHILD_BENEFIT_WEEKLY, taxYearOfDay(o.due));
    const weekly = eldest * growth + other * growth * (opts.children - 1);
    ctx.credit(acct, o.day, 'bgc', opts.payer, opts.ref, toPence(weekly * 4), 'child_benefit', {
      source: 'HMRC CHILD BENEFIT',
    });
  }
}
