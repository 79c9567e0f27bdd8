/**
 * Day-to-day card spending, cash and payments to friends. The monthly budget follows what the person actually
 * has left: a fraction of the last three months' income minus commitments on that account. When income stops,
 * spending falls (and the settle pass declines what the account can no longer pay), the way a real history reads.
 */
import { last } from '../../lib/indexing.ts';
import type { Ctx } from '../context.ts';
import type { Label } from '../labels.ts';
import type { Merchant, Store } from '../merchants.ts';
import type { Rng } from '../prng.ts';
import { daysInMonth, londonDay, londonTime, monthEndDay, monthOfDay, monthStartDay, weekday } from '../calendar.ts';
import { MERCHANTS, openStore, purchasePence } from '../merchants.ts';
import { createRng } from '../prng.ts';
import { monthsOf } from '../schedules.ts';
import { BalanceTracker } from './tracker.ts';

export interface SpendMix {
  label: Label;
  /** share of the monthly budget */
  share: number;
  /** merchant ids (merchants.ts), favourite first; "local" adds the town's public transport */
  merchants: string[];
}

export interface SpendingSpec {
  acct: string;
  mix: SpendMix[];
  /** share of recent income-minus-commitments spent on flexible things */
  fraction: number;
  /** £ a month before there is any history to judge from */
  fallbackMonthly: number;
  /** £ a month spent whatever happens (food has to be bought) */
  minMonthly: number;
  /** share of the budget drawn as cash */
  cashShare: number;
  /** payments with friends and family, per month each way */
  p2p?: { perMonth: number; names: string[] };
  /** chance that a shopping purchase is refunded later */
  refundRate?: number;
  /**
   * £ the person likes to keep in the account: each month a quarter of the gap between the balance and this
   * target is added to or taken from the budget, so balances neither pile up nor run away. Leave unset for
   * accounts that sweep surplus to savings (the sweeps are the settle pass's, unseen here).
   */
  targetBalance?: number;
}

const FAVOURITE_WEIGHTS = [6, 3, 2, 1, 1, 1, 1];
const CASH_AMOUNTS = [10, 20, 20, 20, 30, 40, 50, 60, 100];
const P2P_REFS = ['DINNER', 'TICKETS', 'PETROL', 'BIRTHDAY', 'THANKS', 'HOLIDAY', 'BILLS', 'TAXI', 'PRESENT'];

/** Spending leans to weekends for groceries and eating out, to weekdays for transport. */
function weekdayFactor(label: Label, wday: number): number {
  const weekend = wday === 0 || wday === 6;
  if (label === 'groceries') return wday === 6 ? 1.4 : wday === 0 ? 1.1 : 0.9;
  if (label === 'eating_out') return wday === 5 || wday === 6 ? 1.4 : 0.85;
  if (label === 'transport') return weekend ? 0.55 : 1.2;
  return weekend ? 1.15 : 0.95;
}

function localTransport(ctx: Ctx): Merchant[] {
  return ctx.town.transport.map(([descriptor, mcc], i) => ({
    id: `local${i}`,
    brand: descriptor,
    mcc,
    label: 'transport' as Label,
    patterns: [descriptor],
    location: null,
    country: 'GB',
    min: 1.5,
    mean: 4.5,
    max: 14,
  }));
}

/** The merchants of a spend mix, in its order ("local" stands for the town's public transport). */
function mixMerchants(ctx: Ctx, ids: readonly string[]): Merchant[] {
  return ids.flatMap((id) => {
    if (id === 'local') return localTransport(ctx);
    const merchant = MERCHANTS[id];
    if (!merchant) throw new RangeError(`unknown merchant "${id}" in a spend mix`);
    return [merchant];
  });
}

/** How often the store at place `i` of a mix is chosen: favourites first, the rest alike. */
function favouriteWeight(i: number): number {
  return FAVOURITE_WEIGHTS[i] ?? last(FAVOURITE_WEIGHTS);
}

interface MixPlan {
  item: SpendMix;
  stores: Store[];
  weights: number[];
  meanPence: number;
}

/** Income minus commitments per month on the account, from the drafts written so far (all non-flexible). */
function fixedNetByMonth(ctx: Ctx, acct: string): Map<number, number> {
  const net = new Map<number, number>();
  for (const d of ctx.drafts) {
    if (d.account !== acct || d.flex) continue;
    const m = monthOfDay(londonDay(d.ts));
    net.set(m, (net.get(m) ?? 0) + d.pence);
  }
  return net;
}

export function spending(ctx: Ctx, s: SpendingSpec): void {
  const plans: MixPlan[] = s.mix.map((item) => {
    const merchants = mixMerchants(ctx, item.merchants);
    const stores = merchants.map((mer, i) => openStore(mer, ctx.rng('store', s.acct, mer.id, i), ctx.town));
    const weights = stores.map((_, i) => favouriteWeight(i));
    const totalW = weights.reduce((a, b) => a + b, 0);
    const meanPence = stores.reduce((a, st, i) => a + st.merchant.mean * 100 * favouriteWeight(i), 0) / totalW;
    return { item, stores, weights, meanPence };
  });
  const atms = [0, 1].map(
    (i) =>
      `${ctx.rng('atm', i).pick(['TESCO', 'SAINSBURYS', 'CO-OP', 'NOTEMACHINE', 'EURONET'])} ${ctx.rng('atmarea', i).pick(ctx.town.areas)}`,
  );
  const net = fixedNetByMonth(ctx, s.acct);
  const firstFull =
    ctx.startDay === monthStartDay(monthOfDay(ctx.startDay)) ? monthOfDay(ctx.startDay) : monthOfDay(ctx.startDay) + 1;
  // The person sees their real balance: commitments already written, their own spending, what the bank declines.
  const tracker = new BalanceTracker(ctx, s.acct);

  for (const month of monthsOf(ctx)) {
    const from = Math.max(monthStartDay(month), ctx.startDay);
    const to = Math.min(monthEndDay(month), ctx.asOfDay);
    if (from > to) continue;
    tracker.advance(londonTime(from, 0));
    const recent = [1, 2, 3]
      .map((k) => month - k)
      .filter((m) => m >= firstFull)
      .map((m) => net.get(m) ?? 0);
    let judged = recent.length
      ? (s.fraction * recent.reduce((a, b) => a + b, 0)) / recent.length / 100
      : s.fallbackMonthly;
    if (s.targetBalance !== undefined) judged += 0.25 * (tracker.balance / 100 - s.targetBalance);
    const budgetPence = Math.max(judged, s.minMonthly) * 100;
    const dim = daysInMonth(Math.floor(month / 12), (month % 12) + 1);
    for (let day = from; day <= to; day++) {
      // All of the day's draws happen first, so what is declined never changes what else is drawn.
      const rng = ctx.rng('spend', s.acct, day);
      const wday = weekday(day);
      const wishes: Wish[] = [];
      for (const p of plans) {
        const lambda = (budgetPence * p.item.share * weekdayFactor(p.item.label, wday)) / p.meanPence / dim;
        const n = rng.poisson(lambda);
        for (let i = 0; i < n; i++) wishes.push(purchaseWish(s, p, rng));
      }
      const cashLambda = (budgetPence * s.cashShare) / 3500 / dim;
      if (cashLambda > 0 && rng.poisson(cashLambda) > 0) {
        wishes.push({
          kind: 'cash',
          seconds: rng.int(9 * 3600, 21 * 3600),
          pence: rng.pick(CASH_AMOUNTS) * 100,
          place: rng.pick(atms),
        });
      }
      if (s.p2p) wishes.push(...p2pWishes(s.p2p, dim, rng));
      wishes.sort((x, y) => x.seconds - y.seconds);
      for (const w of wishes) {
        tracker.advance(londonTime(day, w.seconds));
        if (w.pence < 0 || tracker.affords(w.pence, day)) {
          tracker.balance -= w.pence;
          write(ctx, s.acct, day, w);
        }
      }
    }
  }
}

/** Something the person wants to do on a day, written only if the account can take it. */
type Wish =
  | {
      kind: 'card';
      seconds: number;
      pence: number;
      plan: MixPlan;
      store: Store;
      rng: Rng;
      refund: { after: number; seconds: number } | null;
    }
  | { kind: 'cash'; seconds: number; pence: number; place: string }
  | { kind: 'p2p_in' | 'p2p_out'; seconds: number; pence: number; who: string; ref: string };

function purchaseWish(s: SpendingSpec, p: MixPlan, rng: Rng): Wish {
  const store = rng.weighted(p.stores, p.weights);
  const online = store.merchant.location !== null;
  const seconds = online ? rng.int(6 * 3600, 23 * 3600 + 3000) : rng.int(7 * 3600, 21 * 3600 + 1800);
  const pence = purchasePence(store.merchant, rng);
  const refundable = p.item.label === 'shopping' || p.item.label === 'clothing' || p.item.label === 'home_garden';
  const refund =
    refundable && rng.chance(s.refundRate ?? 0.03)
      ? { after: rng.int(3, 14), seconds: rng.int(2 * 3600, 6 * 3600) }
      : null;
  // A stream of its own per purchase keeps the descriptor's references independent of the day's other draws.
  return { kind: 'card', seconds, pence, plan: p, store, rng: createRng(rng.int(0, 0x7fffffff)), refund };
}

function p2pWishes(spec: NonNullable<SpendingSpec['p2p']>, dim: number, rng: Rng): Wish[] {
  const out: Wish[] = [];
  if (rng.chance(spec.perMonth / dim)) {
    out.push({
      kind: 'p2p_in',
      seconds: rng.int(8 * 3600, 22 * 3600),
      who: rng.pick(spec.names),
      ref: rng.chance(0.5) ? rng.pick(P2P_REFS) : `REF ${rng.digits(5)}`,
      pence: -(rng.int(10, 80) * 100 + (rng.chance(0.3) ? rng.int(1, 99) : 0)),
    });
  }
  if (rng.chance(spec.perMonth / dim)) {
    out.push({
      kind: 'p2p_out',
      seconds: rng.int(8 * 3600, 22 * 3600),
      who: rng.pick(spec.names),
      ref: rng.pick(P2P_REFS),
      pence: rng.int(5, 60) * 100,
    });
  }
  return out;
}

/** Writes an accepted wish (wish.pence is money out; negative for money in). */
function write(ctx: Ctx, acct: string, day: number, w: Wish): void {
  if (w.kind === 'cash') {
    ctx.cash(acct, day, w.seconds, w.place, w.pence);
  } else if (w.kind === 'p2p_in') {
    ctx.credit(acct, day, 'fpi', w.who, w.ref, -w.pence, 'transfer_in', { seconds: w.seconds });
  } else if (w.kind === 'p2p_out') {
    ctx.fasterOut(acct, day, w.who, w.ref, w.pence, 'transfer_out', { flex: true, seconds: w.seconds });
  } else if (w.kind === 'card') {
    const d = ctx.card(acct, day, w.seconds, w.store, w.pence, w.plan.item.label, w.rng);
    if (d && w.refund) {
      ctx.card(acct, day + w.refund.after, w.refund.seconds, w.store, w.pence, 'refund', w.rng, {
        refund: true,
        flex: false,
        parent: d,
      });
    }
  }
}
