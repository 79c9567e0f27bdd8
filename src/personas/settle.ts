/**
 * The settle pass walks the simulated period day by day, in booking order, keeping every account's balance,
 * and decides what a bank would have done: decline card spending the account cannot afford, return direct
 * debits beyond the overdraft limit (with the reversal, the fee and a re-presentation a week later), charge
 * overdraft interest, sweep surplus to savings and cover bills from savings. It is causal (it never looks
 * ahead), so the history up to a day does not depend on how far the simulation runs.
 */
import type { Ctx, Draft } from './context.ts';
import { DAY_SECONDS, civilFromDay, daysInMonth, londonDay, londonTime, workingDayOnOrAfter } from './calendar.ts';
import { fixedOutlook } from './builders/tracker.ts';
import type { SettlePolicy } from './settle-policy.ts';

export type { SettlePolicy } from './settle-policy.ts';

export interface SettleSetup {
  policies: Record<string, SettlePolicy>;
  /** annual interest rate paid monthly on savings accounts */
  savingsRates: Record<string, number>;
}

const bySeq = (a: Draft, b: Draft): number => a.ts - b.ts || a.seq - b.seq;

export function settle(ctx: Ctx, setup: SettleSetup): Draft[] {
  const nDays = ctx.endDay - ctx.startDay + 1;
  const walkDays = ctx.asOfDay - ctx.startDay + 1;
  const buckets: Draft[][] = Array.from({ length: nDays }, () => []);
  const kept: Draft[] = [];
  const balance = new Map<string, number>();
  const odArea = new Map<string, number>();
  const lastTs = new Map<string, number>();
  for (const a of ctx.accounts.values()) {
    balance.set(a.key, a.openingPence);
    odArea.set(a.key, 0);
    lastTs.set(a.key, ctx.startTs);
  }
  const place = (d: Draft): void => {
    const i = londonDay(d.ts) - ctx.startDay;
    if (i >= 0 && i < nDays) buckets[i].push(d);
  };
  for (const d of ctx.drafts) place(d);
  const outlooks = new Map<string, (day: number) => number>();
  for (const [acct, pol] of Object.entries(setup.policies)) {
    if (pol.reserveDays)
      outlooks.set(
        acct,
        fixedOutlook(
          ctx.drafts.filter((d) => d.account === acct),
          pol.reserveDays,
        ),
      );
  }

  const accrue = (acct: string, ts: number): void => {
    const bal = balance.get(acct) ?? 0;
    if (bal < 0) odArea.set(acct, (odArea.get(acct) ?? 0) + -bal * Math.max(0, ts - (lastTs.get(acct) ?? ts)));
    lastTs.set(acct, ts);
  };
  const apply = (d: Draft): void => {
    if (d.ts > ctx.asOf) return;
    accrue(d.account, d.ts);
    balance.set(d.account, (balance.get(d.account) ?? 0) + d.pence);
    kept.push(d);
  };

  // Drafts created while settling: today's are applied at once (they are bank actions, never declined),
  // later ones wait in their day's bucket.
  let today = 0;
  const now: Draft[] = [];
  ctx.sink = (d) => (londonDay(d.ts) - ctx.startDay <= today ? now.push(d) : place(d));
  const flush = (): void => {
    while (now.length) apply(now.shift() as Draft);
  };
  const chargedToday = new Set<string>();

  const pay = (d: Draft, pol: SettlePolicy): void => {
    let bal = balance.get(d.account) ?? 0;
    if (pol.topUp && pol.savings && bal + d.pence < 0) {
      const available = Math.floor((balance.get(pol.savings) ?? 0) / 1000) * 1000;
      const need = Math.ceil((-(bal + d.pence) + 5000) / 5000) * 5000;
      const amount = Math.min(need, available);
      if (amount >= 1000 && ctx.transfer(pol.savings, d.account, d.ts - 120, amount)) flush();
      bal = balance.get(d.account) ?? 0;
    }
    if (bal + d.pence >= -pol.limitPence) return apply(d);
    const day = londonDay(d.ts);
    if (d.bounce && pol.returnDirectDebits && d.kind === 'dd' && d.ts + 60 <= ctx.asOf) {
      apply(d);
      ctx.unpaid(d, d.ts + 60);
      flush();
      if (pol.charges)
        ctx.charge(d.account, londonTime(day + 1, 6 * 3600 + 900), 'unpaid_item_fee', pol.charges.unpaidFeePence, d);
      // The payee tries once more a week later; a second failure is final.
      if (d.pattern !== 'dd_represented') {
        ctx.add({
          ...d,
          ts: d.ts + 7 * DAY_SECONDS,
          valueTs: d.valueTs + 7 * DAY_SECONDS,
          pattern: 'dd_represented',
          parent: undefined,
          dropped: undefined,
        });
      }
      return;
    }
    apply(d);
    if (pol.charges && pol.limitPence > 0 && !chargedToday.has(d.account)) {
      chargedToday.add(d.account);
      ctx.charge(d.account, londonTime(day + 1, 6 * 3600), 'unarranged_od_fee', pol.charges.unarrangedFeePence);
    }
  };

  for (let i = 0; i < walkDays; i++) {
    today = i;
    const day = ctx.startDay + i;
    chargedToday.clear();
    const bucket = buckets[i].sort(bySeq);
    for (const d of bucket) {
      if (d.ts > ctx.asOf) break;
      if (d.parent?.dropped) {
        d.dropped = true;
        continue;
      }
      const pol = setup.policies[d.account];
      if (!pol || d.pence >= 0) {
        apply(d);
        continue;
      }
      if (d.flex && (balance.get(d.account) ?? 0) + d.pence < pol.floorPence + (outlooks.get(d.account)?.(day) ?? 0)) {
        d.dropped = true;
        continue;
      }
      pay(d, pol);
    }
    endOfDay(ctx, setup, day, balance);
    flush();
    const c = civilFromDay(day);
    if (c.day === daysInMonth(c.year, c.month)) {
      monthEnd(ctx, setup, day, balance, odArea, accrue);
      flush();
    }
  }
  ctx.sink = (d) => ctx.drafts.push(d);
  return kept;
}

function endOfDay(ctx: Ctx, setup: SettleSetup, day: number, balance: Map<string, number>): void {
  const dom = civilFromDay(day).day;
  for (const [acct, pol] of Object.entries(setup.policies)) {
    if (!pol.sweep || !pol.savings || dom !== pol.sweep.day) continue;
    const bal = balance.get(acct) ?? 0;
    if (bal <= pol.sweep.abovePence) continue;
    const amount = Math.floor((bal - pol.sweep.keepPence) / 1000) * 1000;
    if (amount > 0) ctx.transfer(acct, pol.savings, londonTime(day, 23 * 3600 + 40 * 60), amount);
  }
}

function monthEnd(
  ctx: Ctx,
  setup: SettleSetup,
  day: number,
  balance: Map<string, number>,
  odArea: Map<string, number>,
  accrue: (acct: string, ts: number) => void,
): void {
  const endTs = londonTime(day + 1, 0);
  const chargeDay = workingDayOnOrAfter(day + 3);
  for (const [acct, pol] of Object.entries(setup.policies)) {
    accrue(acct, endTs);
    const area = odArea.get(acct) ?? 0;
    odArea.set(acct, 0);
    if (pol.charges && area > 0) {
      const interest = Math.round(((area / DAY_SECONDS) * pol.charges.odRate) / 365);
      if (interest >= 1) ctx.charge(acct, londonTime(chargeDay, 5 * 3600), 'overdraft_interest', interest);
    }
    if (pol.accountFeePence)
      ctx.charge(acct, londonTime(workingDayOnOrAfter(day + 1), 5 * 3600 + 1200), 'account_fee', pol.accountFeePence);
  }
  for (const [acct, rate] of Object.entries(setup.savingsRates)) {
    const interest = Math.floor(((balance.get(acct) ?? 0) * rate) / 12);
    if (interest >= 1) ctx.interest(acct, londonTime(day, 23 * 3600 + 55 * 60), interest);
  }
}
