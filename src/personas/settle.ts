/**
 * The settle pass walks the simulated period day by day, in booking order, keeping every account's balance,
 * and decides what a bank would have done: decline card spending the account cannot afford, return direct
 * debits beyond the overdraft limit (with the reversal, the fee and a re-presentation a week later), charge
 * overdraft interest, sweep surplus to savings and cover bills from savings. It is causal (it never looks
 * ahead), so the history up to a day does not depend on how far the simulation runs.
 */
import { itemAt } from '../lib/indexing.ts';
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
  return new Settlement(ctx, setup).run();
}

/** One settle pass: every account's balance as the days go by, and the drafts kept so far. */
class Settlement {
  private readonly ctx: Ctx;
  private readonly setup: SettleSetup;
  /** the drafts of each simulated day (index 0 is ctx.startDay), booked or waiting */
  private readonly buckets: Draft[][];
  private readonly kept: Draft[] = [];
  private readonly balance = new Map<string, number>();
  /** overdrawn pence × seconds since the last month end, for overdraft interest */
  private readonly odArea = new Map<string, number>();
  private readonly lastTs = new Map<string, number>();
  /** for accounts that keep a reserve: the bills still to come, by day */
  private readonly outlooks = new Map<string, (day: number) => number>();
  /** index of the day being settled */
  private today = 0;
  /** drafts created while settling today: bank actions, applied at once */
  private readonly now: Draft[] = [];
  private readonly chargedToday = new Set<string>();

  constructor(ctx: Ctx, setup: SettleSetup) {
    this.ctx = ctx;
    this.setup = setup;
    this.buckets = Array.from({ length: ctx.endDay - ctx.startDay + 1 }, () => []);
    for (const a of ctx.accounts.values()) {
      this.balance.set(a.key, a.openingPence);
      this.odArea.set(a.key, 0);
      this.lastTs.set(a.key, ctx.startTs);
    }
    for (const d of ctx.drafts) this.place(d);
    for (const [acct, pol] of Object.entries(setup.policies)) {
      if (pol.reserveDays)
        this.outlooks.set(
          acct,
          fixedOutlook(
            ctx.drafts.filter((d) => d.account === acct),
            pol.reserveDays,
          ),
        );
    }
  }

  run(): Draft[] {
    const ctx = this.ctx;
    // Drafts created while settling: today's are applied at once (they are bank actions, never declined),
    // later ones wait in their day's bucket.
    ctx.sink = (d) => (londonDay(d.ts) - ctx.startDay <= this.today ? this.now.push(d) : this.place(d));
    const walkDays = ctx.asOfDay - ctx.startDay + 1;
    for (let i = 0; i < walkDays; i++) this.settleDay(i);
    ctx.sink = (d) => ctx.drafts.push(d);
    return this.kept;
  }

  private place(d: Draft): void {
    // A draft outside the simulated period has no bucket and is never settled.
    const bucket = this.buckets[londonDay(d.ts) - this.ctx.startDay];
    if (bucket) bucket.push(d);
  }

  private accrue(acct: string, ts: number): void {
    const bal = this.balance.get(acct) ?? 0;
    if (bal < 0)
      this.odArea.set(acct, (this.odArea.get(acct) ?? 0) + -bal * Math.max(0, ts - (this.lastTs.get(acct) ?? ts)));
    this.lastTs.set(acct, ts);
  }

  private apply(d: Draft): void {
    if (d.ts > this.ctx.asOf) return;
    this.accrue(d.account, d.ts);
    this.balance.set(d.account, (this.balance.get(d.account) ?? 0) + d.pence);
    this.kept.push(d);
  }

  private flush(): void {
    for (let d = this.now.shift(); d !== undefined; d = this.now.shift()) this.apply(d);
  }

  private settleDay(i: number): void {
    const { ctx, setup } = this;
    this.today = i;
    const day = ctx.startDay + i;
    this.chargedToday.clear();
    for (const d of itemAt(this.buckets, i).sort(bySeq)) {
      if (d.ts > ctx.asOf) break;
      this.settleDraft(d, day);
    }
    endOfDay(ctx, setup, day, this.balance);
    this.flush();
    const c = civilFromDay(day);
    if (c.day === daysInMonth(c.year, c.month)) {
      monthEnd(ctx, setup, day, this.balance, this.odArea, (acct, ts) => this.accrue(acct, ts));
      this.flush();
    }
  }

  private settleDraft(d: Draft, day: number): void {
    if (d.parent?.dropped) {
      d.dropped = true;
      return;
    }
    const pol = this.setup.policies[d.account];
    if (!pol || d.pence >= 0) return this.apply(d);
    if (d.flex && (this.balance.get(d.account) ?? 0) + d.pence < pol.floorPence + this.reserve(d.account, day)) {
      d.dropped = true;
      return;
    }
    this.pay(d, pol);
  }

  /** What the account keeps back on `day` for bills still to come (0 for accounts without a reserve). */
  private reserve(acct: string, day: number): number {
    return this.outlooks.get(acct)?.(day) ?? 0;
  }

  /** A payment out: topped up from savings if the policy says so, then paid, returned or paid into unarranged overdraft. */
  private pay(d: Draft, pol: SettlePolicy): void {
    const ctx = this.ctx;
    let bal = this.balance.get(d.account) ?? 0;
    if (pol.topUp && pol.savings && bal + d.pence < 0) {
      const available = Math.floor((this.balance.get(pol.savings) ?? 0) / 1000) * 1000;
      const need = Math.ceil((-(bal + d.pence) + 5000) / 5000) * 5000;
      const amount = Math.min(need, available);
      if (amount >= 1000 && ctx.transfer(pol.savings, d.account, d.ts - 120, amount)) this.flush();
      bal = this.balance.get(d.account) ?? 0;
    }
    if (bal + d.pence >= -pol.limitPence) return this.apply(d);
    const day = londonDay(d.ts);
    if (d.bounce && pol.returnDirectDebits && d.kind === 'dd' && d.ts + 60 <= ctx.asOf) {
      return this.returnDirectDebit(d, pol, day);
    }
    this.apply(d);
    if (pol.charges && pol.limitPence > 0 && !this.chargedToday.has(d.account)) {
      this.chargedToday.add(d.account);
      ctx.charge(d.account, londonTime(day + 1, 6 * 3600), 'unarranged_od_fee', pol.charges.unarrangedFeePence);
    }
  }

  /** The bank returns a direct debit beyond the limit: reversal, unpaid fee, and the payee's second try. */
  private returnDirectDebit(d: Draft, pol: SettlePolicy, day: number): void {
    const ctx = this.ctx;
    this.apply(d);
    ctx.unpaid(d, d.ts + 60);
    this.flush();
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
  }
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
