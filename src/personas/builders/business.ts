/**
 * A small business account: card takings settled by an acquirer (net of fees) on the next working days,
 * invoices paid by clients, suppliers paid weekly from recent takings, staff on payroll with PAYE to HMRC,
 * quarterly VAT by direct debit with a monthly VAT reserve kept in a savings account, and the owner's drawings
 * or dividends out of last month's surplus.
 */
import { itemAt } from '../../lib/indexing.ts';
import type { Ctx } from '../context.ts';
import {
  addWorkingDays,
  civilFromDay,
  dayFromCivil,
  lastWorkingDayOfMonth,
  londonDay,
  londonTime,
  monthOfDay,
  monthStartDay,
  taxYearOfDay,
  weekday,
  workingDayOnOrAfter,
} from '../calendar.ts';
import { monthsOf, upratedFrom2024 } from '../schedules.ts';
import { bacsName } from './income.ts';

export interface Acquirer {
  payer: string;
  /** working days from takings to payout */
  delay: number;
  /** fee deducted before payout */
  feeRate: number;
}

export type AcquirerName = 'sumup' | 'stripe' | 'square';

const ACQUIRERS: Readonly<Record<AcquirerName, Acquirer>> = {
  sumup: { payer: 'SUMUP PAYMENTS LTD', delay: 1, feeRate: 0.0169 },
  stripe: { payer: 'STRIPE PAYMENTS UK', delay: 2, feeRate: 0.015 },
  square: { payer: 'SQUARE EUROPE LTD', delay: 1, feeRate: 0.0175 },
};

export interface BusinessSpec {
  acct: string;
  /** savings account that holds the VAT reserve */
  reserve: string;
  acquirer: AcquirerName;
  /** £ card takings on an average trading day in 2024/25 */
  dailySales2024: number;
  /** weekdays the business trades (0 = Sunday) */
  tradingDays: number[];
  invoices?: { clients: string[]; perMonth: number; amount: [number, number] };
  suppliers: Array<{ name: string; share: number }>;
  staff: Array<{ name: string; monthly2024: number }>;
  payeRef: string;
  vatRef: string;
  /** share of last month's operating surplus paid out, and the £ balance the owner aims to leave in the account */
  owner: { name: string; ref: 'DRAWINGS' | 'DIVIDEND'; share: number; keep: number };
  tax: { kind: 'self_assessment' | 'corporation_tax'; ref: string };
}

/** Busier in summer and December, quieter in January. */
const SEASON = [0.8, 0.85, 0.95, 1, 1.05, 1.1, 1.15, 1.15, 1.0, 0.95, 1.0, 1.25];

export function business(ctx: Ctx, b: BusinessSpec): void {
  const acq = ACQUIRERS[b.acquirer];
  const salesByDay = new Map<number, number>();
  const payouts = new Map<number, number>();
  for (let day = ctx.startDay - 10; day <= ctx.endDay; day++) {
    if (!b.tradingDays.includes(weekday(day))) continue;
    const r = ctx.rng('takings', day);
    const c = civilFromDay(day);
    const gross =
      b.dailySales2024 *
      upratedFrom2024(ctx, 'takings', taxYearOfDay(day), 0.01, 0.06) *
      itemAt(SEASON, c.month - 1) *
      (weekday(day) === 6 ? 1.35 : 1) *
      Math.exp(0.25 * r.normal());
    const pence = Math.round(gross * 100);
    salesByDay.set(day, pence);
    const payDay = addWorkingDays(day, acq.delay);
    payouts.set(payDay, (payouts.get(payDay) ?? 0) + Math.round(pence * (1 - acq.feeRate)));
  }
  for (const [day, pence] of [...payouts].sort((x, y) => x[0] - y[0])) {
    ctx.credit(
      b.acct,
      day,
      'fpi',
      acq.payer,
      `PAYOUT ${ctx.rng('payoutref', day).alnum(8)}`,
      pence,
      'card_settlements',
      { seconds: 2 * 3600 + (day % 1800) },
    );
  }
  if (b.invoices) invoices(ctx, b);
  const supplied = suppliers(ctx, b, salesByDay);
  payroll(ctx, b);
  vat(ctx, b, salesByDay, supplied);
}

function invoices(ctx: Ctx, b: BusinessSpec): void {
  const inv = b.invoices;
  if (!inv) return;
  for (let day = ctx.startDay; day <= ctx.endDay; day++) {
    const r = ctx.rng('invoice', day);
    if (!r.chance(inv.perMonth / 21) || weekday(day) === 0 || weekday(day) === 6) continue;
    const client = r.pick(inv.clients);
    ctx.credit(
      b.acct,
      day,
      'fpi',
      client,
      `INV ${r.int(1000, 9999)}`,
      r.int(inv.amount[0], inv.amount[1]) * 100,
      'sales',
    );
  }
}

/** Suppliers are paid every Friday for a share of the week's takings; returns what was paid per day. */
function suppliers(ctx: Ctx, b: BusinessSpec, salesByDay: Map<number, number>): Map<number, number> {
  const paid = new Map<number, number>();
  for (let day = ctx.startDay; day <= ctx.endDay; day++) {
    if (weekday(day) !== 5) continue;
    let week = 0;
    for (let d = day - 7; d < day; d++) week += salesByDay.get(d) ?? 0;
    for (const s of b.suppliers) {
      const pence = Math.round(week * s.share * (0.85 + 0.3 * ctx.rng('supplier', s.name, day).next()));
      if (pence <= 0) continue;
      const d = ctx.fasterOut(
        b.acct,
        day,
        bacsName(s.name),
        `INV ${ctx.rng('supinv', s.name, day).digits(6)}`,
        pence,
        'supplier_payments',
      );
      if (d) paid.set(day, (paid.get(day) ?? 0) + pence);
    }
  }
  return paid;
}

/** Staff paid on the last working day; PAYE and NI for the month go to HMRC by the 22nd of the next. */
function payroll(ctx: Ctx, b: BusinessSpec): void {
  for (const month of monthsOf(ctx)) {
    const payDay = lastWorkingDayOfMonth(month);
    const ty = taxYearOfDay(payDay);
    let net = 0;
    for (const s of b.staff) {
      const pence = Math.round(s.monthly2024 * upratedFrom2024(ctx, s.name, ty, 0.02, 0.06) * 100);
      ctx.fasterOut(b.acct, payDay, s.name.toUpperCase(), 'WAGES', pence, 'payroll');
      net += pence;
    }
    if (net > 0) {
      const due = workingDayOnOrAfter(monthStartDay(month + 1) + 19);
      ctx.fasterOut(b.acct, due, 'HMRC CUMBERNAULD', b.payeRef, Math.round(net * 0.34), 'hmrc_paye');
    }
  }
}

/**
 * The owner takes a share of last month's operating surplus, more when the account holds more than they like to
 * keep and less when it holds less; income or corporation tax is paid from the same money. Call it after every
 * other builder of the account: it reads what they wrote.
 */
export function ownerAndTax(ctx: Ctx, b: BusinessSpec): void {
  const profit = operatingNetByMonth(ctx, b.acct);
  const all = new Map<number, number>();
  for (const d of ctx.drafts) {
    if (d.account !== b.acct) continue;
    const m = monthOfDay(londonDay(d.ts));
    all.set(m, (all.get(m) ?? 0) + d.pence);
  }
  let balance = ctx.account(b.acct).openingPence;
  for (const month of monthsOf(ctx)) {
    const prev = profit.get(month - 1) ?? 0;
    let out = 0;
    const c = civilFromDay(monthStartDay(month));
    // Self assessment is paid on 31 January and 31 July; corporation tax nine months and a day after a March year end.
    const taxMonth = b.tax.kind === 'self_assessment' ? c.month === 1 || c.month === 7 : c.month === 1;
    const tax = taxMonth && prev > 0 ? Math.round(prev * (b.tax.kind === 'self_assessment' ? 1.1 : 2)) : 0;
    if (tax > 0) {
      const label = b.tax.kind === 'self_assessment' ? 'hmrc_other_tax' : 'hmrc_corporation_tax';
      const payDay = workingDayOnOrAfter(dayFromCivil(c.year, c.month, c.month === 1 ? 28 : 29));
      out += ctx.fasterOut(b.acct, payDay, 'HMRC CUMBERNAULD', b.tax.ref, tax, label)?.pence ?? 0;
    }
    const wanted = Math.max(0, prev) * b.owner.share + 0.5 * (balance - b.owner.keep * 100) - tax;
    const drawings = Math.round(Math.max(0, wanted) / 10000) * 10000;
    if (drawings > 0) {
      const day = workingDayOnOrAfter(monthStartDay(month) + 27);
      out +=
        ctx.fasterOut(b.acct, day, b.owner.name.toUpperCase(), b.owner.ref, drawings, 'director_drawings')?.pence ?? 0;
    }
    balance += (all.get(month) ?? 0) + out;
  }
}

/** Trading money in minus money out per month, leaving out the owner, tax and reserve moves. */
function operatingNetByMonth(ctx: Ctx, acct: string): Map<number, number> {
  const skip = new Set([
    'director_drawings',
    'hmrc_other_tax',
    'hmrc_corporation_tax',
    'internal_transfer_in',
    'internal_transfer_out',
  ]);
  const net = new Map<number, number>();
  for (const d of ctx.drafts) {
    if (d.account !== acct || skip.has(d.label)) continue;
    const m = monthOfDay(londonDay(d.ts));
    net.set(m, (net.get(m) ?? 0) + d.pence);
  }
  return net;
}

/**
 * VAT quarters end in March, June, September and December; the return is due a month and seven days later and
 * HMRC collects the direct debit three working days after that. A little less than the VAT in each month's
 * takings goes to the reserve and comes back just before the collection (the rest is paid from the account).
 */
function vat(ctx: Ctx, b: BusinessSpec, salesByDay: Map<number, number>, supplied: Map<number, number>): void {
  let reserve = 0;
  for (const month of monthsOf(ctx)) {
    let sales = 0;
    for (let d = monthStartDay(month - 1); d < monthStartDay(month); d++) sales += salesByDay.get(d) ?? 0;
    const moveDay = workingDayOnOrAfter(monthStartDay(month) + 1);
    const toReserve = Math.round(((sales / 6) * 0.7) / 100) * 100;
    if (toReserve > 0 && ctx.transfer(b.acct, b.reserve, londonTime(moveDay, 9 * 3600), toReserve))
      reserve += toReserve;
    if ((month % 12) % 3 !== 1) continue;
    // the quarter ended with the previous month
    let qSales = 0;
    let qSupplies = 0;
    for (let d = monthStartDay(month - 3); d < monthStartDay(month); d++) {
      qSales += salesByDay.get(d) ?? 0;
      qSupplies += supplied.get(d) ?? 0;
    }
    const due = Math.round((qSales - qSupplies * 0.8) / 6);
    if (due <= 0) continue;
    const collect = addWorkingDays(workingDayOnOrAfter(monthStartDay(month + 1) + 6), 3);
    const back = Math.min(due, reserve);
    if (back > 0 && ctx.transfer(b.reserve, b.acct, londonTime(collect - 1, 10 * 3600), back)) reserve -= back;
    ctx.directDebit(b.acct, collect, 'HMRC VAT', b.vatRef, due, 'hmrc_vat');
  }
}
