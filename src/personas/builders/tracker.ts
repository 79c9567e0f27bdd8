/**
 * Follows one account's balance through the drafts already written, deciding as the settle pass will, so a
 * builder of flexible spending can see what the person sees: the real balance, the bills of the coming days.
 */
import type { Ctx, Draft } from '../context.ts';
import type { SettlePolicy } from '../settle-policy.ts';
import { londonDay } from '../calendar.ts';

/**
 * How much the known fixed payments of the next `days` days will take at their lowest point. Per day, money
 * out counts before money in: a bill at 03:00 is not paid by a salary landing at 04:00.
 */
export function fixedOutlook(drafts: readonly Draft[], days: number): (day: number) => number {
  const outs = new Map<number, number>();
  const ins = new Map<number, number>();
  for (const d of drafts) {
    if (d.flex) continue;
    const day = londonDay(d.ts);
    const m = d.pence < 0 ? outs : ins;
    m.set(day, (m.get(day) ?? 0) + d.pence);
  }
  const memo = new Map<number, number>();
  return (day) => {
    let r = memo.get(day);
    if (r === undefined) {
      let run = 0;
      let low = 0;
      for (let k = 1; k <= days; k++) {
        run += outs.get(day + k) ?? 0;
        if (run < low) low = run;
        run += ins.get(day + k) ?? 0;
      }
      r = -low;
      memo.set(day, r);
    }
    return r;
  };
}

export class BalanceTracker {
  balance: number;
  private readonly items: Draft[];
  private next = 0;
  private readonly policy: SettlePolicy | undefined;
  private readonly outlook: (day: number) => number;

  constructor(ctx: Ctx, acct: string) {
    this.items = ctx.drafts.filter((d) => d.account === acct).sort((a, b) => a.ts - b.ts || a.seq - b.seq);
    this.balance = ctx.account(acct).openingPence;
    this.policy = ctx.policies[acct];
    this.outlook = this.policy?.reserveDays ? fixedOutlook(this.items, this.policy.reserveDays) : () => 0;
  }

  /** Applies the drafts already written up to (not including) `ts`. */
  advance(ts: number): void {
    for (let d = this.items[this.next]; d !== undefined && d.ts < ts; d = this.items[this.next]) {
      this.next++;
      if (d.flex && d.pence < 0 && !this.affords(-d.pence, londonDay(d.ts))) continue;
      this.balance += d.pence;
    }
  }

  /** Whether flexible spending of `pence` on `day` would be accepted (no policy: always). */
  affords(pence: number, day: number): boolean {
    if (!this.policy) return true;
    return this.balance - pence >= this.policy.floorPence + this.outlook(day);
  }
}
