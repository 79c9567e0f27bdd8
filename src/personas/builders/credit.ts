/**
 * Credit markers lenders look for: payday loans (a credit from a high-cost lender, then repayments taken from
 * the card around payday), buy-now-pay-later instalments, and payments to debt collectors.
 */
import type { Ctx } from '../context.ts';
import type { Merchant } from '../merchants.ts';
import { civilFromDay, dayFromCivil, daysInMonth, workingDayOnOrAfter } from '../calendar.ts';
import { monthly } from '../schedules.ts';

export interface PaydayLender {
  name: string;
  /** continuous payment authority on the debit card, or direct debit */
  via: 'card' | 'dd';
}

export interface PaydaySpec {
  lenders: PaydayLender[];
  /** days between loans */
  gapDays: [number, number];
  /** £ borrowed */
  amount: [number, number];
  instalments: [number, number];
  /** repayments are due on this day of the month (after payday), moved to the next working day */
  repayDay: number;
}

function lenderMerchant(name: string): Merchant {
  return {
    id: `lender-${name}`,
    brand: name,
    mcc: '6012',
    label: 'payday_loan_repayments',
    patterns: [name],
    location: 'LONDON',
    country: 'GB',
    min: 0,
    mean: 0,
    max: 0,
  };
}

/** Due day `day` of the month `k` months after `from`'s month. */
function dueAfter(from: number, k: number, day: number): number {
  const c = civilFromDay(from);
  const mi = c.year * 12 + c.month - 1 + k;
  const y = Math.floor(mi / 12);
  const m = (mi % 12) + 1;
  return dayFromCivil(y, m, Math.min(day, daysInMonth(y, m)));
}

/**
 * Loans follow each other from a fixed point in 2017, so the same loans appear whatever history is asked for.
 * Cost: the FCA cap allows 0.8 % a day and 100 % in total; these loans cost about 25 % a month of term.
 */
export function paydayLoans(ctx: Ctx, acct: string, s: PaydaySpec): void {
  let day = dayFromCivil(2017, 1, 9) + ctx.rng('payday', 'first').int(0, 40);
  for (let k = 0; day <= ctx.endDay; k++) {
    const r = ctx.rng('payday', k);
    const next = day + r.int(s.gapDays[0], s.gapDays[1]);
    if (day >= ctx.startDay - 200) {
      const lender = r.pick(s.lenders);
      const principal = r.int(s.amount[0] / 10, s.amount[1] / 10) * 1000;
      const n = r.int(s.instalments[0], s.instalments[1]);
      const total = Math.round(Math.min(2, 1 + 0.25 * n) * principal);
      const each = Math.floor(total / n);
      const loanRef = `LOAN ${r.digits(7)}`;
      ctx.credit(acct, day, 'fpi', lender.name, loanRef, principal, 'payday_loan_income', { source: lender.name });
      const store = { merchant: lenderMerchant(lender.name), pattern: lender.name };
      const firstMonth = civilFromDay(day).day < s.repayDay - 7 ? 0 : 1;
      for (let i = 0; i < n; i++) {
        const due = workingDayOnOrAfter(dueAfter(day, firstMonth + i, s.repayDay));
        const pence = i === n - 1 ? total - each * (n - 1) : each;
        if (lender.via === 'card') {
          ctx.card(acct, due, 6 * 3600 + r.int(0, 3600), store, pence, 'payday_loan_repayments', r, { flex: false });
        } else {
          ctx.directDebit(acct, due, lender.name, loanRef, pence, 'payday_loan_repayments');
        }
      }
    }
    day = next;
  }
}

interface BnplProvider {
  name: string;
  instalments: number;
  everyDays: number;
  prefix: string;
  location: string;
  country: string;
}

const PROVIDERS: BnplProvider[] = [
  { name: 'Klarna', instalments: 3, everyDays: 30, prefix: 'KLARNA*', location: 'STOCKHOLM', country: 'SE' },
  { name: 'Clearpay', instalments: 4, everyDays: 14, prefix: 'CLEARPAY*', location: 'LONDON', country: 'GB' },
  {
    name: 'PayPal Pay in 3',
    instalments: 3,
    everyDays: 30,
    prefix: 'PAYPAL *PAYIN3 ',
    location: 'LUXEMBOURG',
    country: 'LU',
  },
];

const RETAILERS = ['ASOS.COM', 'BOOHOO.COM', 'JD SPORTS', 'NEW LOOK', 'SHEIN', 'ZALANDO', 'PRETTYLITTLETHING'];

/** Buy now, pay later: each purchase is split into instalments taken from the card on a fixed rhythm. */
export function bnpl(ctx: Ctx, acct: string, opts: { perMonth: number; providers?: string[] }): void {
  const providers = PROVIDERS.filter((p) => !opts.providers || opts.providers.includes(p.name));
  // Purchases made shortly before the history starts still have instalments inside it.
  for (let day = ctx.startDay - 70; day <= ctx.endDay; day++) {
    const r = ctx.rng('bnpl', day);
    if (!r.chance(opts.perMonth / 30.4)) continue;
    const p = r.pick(providers);
    const retailer = r.pick(RETAILERS);
    const total = r.int(30, 220) * 100 - (r.chance(0.6) ? 1 : 0);
    const each = Math.floor(total / p.instalments);
    const merchant: Merchant = {
      id: `bnpl-${p.name}`,
      brand: p.name,
      mcc: '5691',
      label: 'bnpl',
      patterns: [`${p.prefix}${retailer}`],
      location: p.location,
      country: p.country,
      min: 0,
      mean: 0,
      max: 0,
    };
    const store = { merchant, pattern: `${p.prefix}${retailer}` };
    const seconds = r.int(8 * 3600, 22 * 3600);
    // The first instalment is paid at checkout and can be declined; the later ones follow only if it went through.
    const first = ctx.card(acct, day, seconds, store, total - each * (p.instalments - 1), 'bnpl', r);
    for (let i = 1; i < p.instalments; i++) {
      ctx.card(acct, day + i * p.everyDays, 5 * 3600 + i * 60, store, each, 'bnpl', r, {
        flex: false,
        parent: first ?? undefined,
      });
    }
  }
}

export interface CollectionPlan {
  agency: string;
  ref: string;
  day: number;
  /** £ a month */
  monthly: number;
  /** the arrangement starts on this absolute day */
  from: number;
  via: 'so' | 'dd';
}

/** Token monthly payments to debt purchasers (Lowell, Cabot …), as agreed in a repayment arrangement. */
export function debtCollection(ctx: Ctx, acct: string, plans: CollectionPlan[]): void {
  for (const p of plans) {
    for (const o of monthly(ctx, p.day, 'after')) {
      if (o.due < p.from) continue;
      const pence = Math.round(p.monthly * 100);
      if (p.via === 'so') ctx.standingOrder(acct, o.day, p.agency, p.ref, pence, 'debt_collection');
      else ctx.directDebit(acct, o.day, p.agency, p.ref, pence, 'debt_collection');
    }
  }
}
