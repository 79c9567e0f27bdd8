/**
 * The best chain of a counterparty's occurrences in one rhythm (series-rules.ts decides whether it is a series).
 * Dynamic programming over the occurrences in day order: each may follow an earlier one when the gap spans one
 * period of the rhythm, or two or three when occurrences were skipped (rhythm.ts), and when their amounts may be
 * linked in the mode. A link scores 1, less a penalty for each skipped period and for a change of price, and a
 * little less for amounts and gaps that agree less well, so that of two payments in one period the one that fits
 * the series better is chosen and a one-off is left out.
 */
import { itemAt, valueAt } from '../../lib/indexing.ts';
import { periodsIn } from './rhythm.ts';
import type { Family } from './rhythm.ts';

/** One payment of a counterparty: a returned and re-presented direct debit is one occurrence on the payment's day. */
export interface Occurrence {
  day: number;
  /** signed amount of the payment */
  amount: number;
  /** ledger rows: the payment, then any re-presentation of it; none for an attempt */
  rows: number[];
  /**
   * A collection the bank refused and listed only as a notice (returned-debits.ts): no money moved, but the payee
   * did collect on that day, so it holds the series' place in its rhythm.
   */
  attempt?: true;
}

/**
 * - exact: identical amounts (to the penny);
 * - agreeing: each amount within agreeTolerance of the one before, or a step of up to STEP_RATIO (a price change);
 * - any: amounts are not compared (bills that follow usage or a balance).
 */
export type Mode = 'exact' | 'agreeing' | 'any';

export interface Chain {
  /** ascending by day */
  picks: Occurrence[];
  score: number;
  /** periods with no occurrence between the first and the last */
  skipped: number;
  /** links whose amounts differ by more than agreeTolerance (agreeing mode) */
  steps: number;
}

/** Skipping is cheaper than two price changes, so a one-period spike (10, 15, 10) is left out of the chain. */
const SKIP_PENALTY = 0.4;
const STEP_PENALTY = 0.85;
const AMOUNT_PENALTY = 0.05;
const TIMING_PENALTY = 0.1;
/** A larger change than this is another payment (a handset loan beside the phone contract), not a new price. */
const STEP_RATIO = 1.5;

/**
 * Amounts of one series agree within 15 %, and at least 50p: pence of rounding or a small usage charge on a bill;
 * a £1 allowance would join any bus fares or coffees of a few pounds.
 */
function agreeTolerance(amount: number): number {
  return Math.max(0.5, 0.15 * amount);
}

/** Whether two amounts (absolute values) agree in the mode: exactly, or within agreeTolerance. */
export function isSameSize(a: number, b: number, mode: Mode): boolean {
  const diff = Math.abs(a - b);
  return mode === 'exact' ? diff < 0.005 : diff <= agreeTolerance(Math.max(a, b));
}

const NO_LINK = -1;

/** The weight of linking two consecutive amounts (absolute values) in a mode, or NO_LINK. */
function linkOf(a: number, b: number, mode: Mode): number {
  const hi = a > b ? a : b;
  const lo = a > b ? b : a;
  const diff = hi - lo;
  if (mode === 'exact') return diff < 0.005 ? 1 : NO_LINK;
  const soft = hi === 0 ? 0 : diff >= hi ? AMOUNT_PENALTY : (AMOUNT_PENALTY * diff) / hi;
  if (mode === 'any' || diff <= agreeTolerance(hi)) return 1 - soft;
  return hi <= STEP_RATIO * lo ? 1 - STEP_PENALTY - soft : NO_LINK;
}

/** Whether two amounts (absolute values) may follow each other in a series of the mode (a price step included). */
export function mayLink(a: number, b: number, mode: Mode): boolean {
  return linkOf(a, b, mode) !== NO_LINK;
}

/** Occurrences (ascending by day) with their days and sizes as columns, searched for each rhythm in turn. */
export interface Prepared {
  occ: readonly Occurrence[];
  days: Int32Array;
  /** absolute amounts */
  sizes: Float64Array;
}

export function prepare(occ: readonly Occurrence[]): Prepared {
  const days = new Int32Array(occ.length);
  const sizes = new Float64Array(occ.length);
  for (let i = 0; i < occ.length; i++) {
    const o = itemAt(occ, i);
    days[i] = o.day;
    sizes[i] = Math.abs(o.amount);
  }
  return { occ, days, sizes };
}

/**
 * Scores and links of the search, reused from call to call (the search runs hundreds of times per report, mostly
 * on a handful of occurrences, where allocating them would cost more than the search). Never read across calls.
 */
const scratch = { score: new Float64Array(64), parent: new Int32Array(64), length: new Int32Array(64) };

/**
 * The best-scoring chain of prepared occurrences in one rhythm family, or null when it has fewer than `least`
 * occurrences (it could not be a series, and is not built). Only the earlier
 * occurrences a gap of 1 to maxPeriods periods away are looked at, through one moving pointer per range.
 */
export function bestChain(prepared: Prepared, family: Family, mode: Mode, least: number): Chain | null {
  const { days, sizes } = prepared;
  const n = days.length;
  if (n === 0) return null;
  if (scratch.score.length < n) {
    scratch.score = new Float64Array(2 * n);
    scratch.parent = new Int32Array(2 * n);
    scratch.length = new Int32Array(2 * n);
  }
  const { score, parent, length } = scratch;
  const { ranges, period } = family;
  const from = [0, 0, 0, 0]; // per range: the first index whose gap to j is at most its longest
  let end = 0;
  for (let j = 0; j < n; j++) {
    const dj = days[j] ?? 0;
    const aj = sizes[j] ?? 0;
    let best = 1;
    let bestParent = -1;
    for (let r = 0; r < ranges.k.length; r++) {
      const k = ranges.k[r] ?? 1;
      const shortest = ranges.shortest[r] ?? 0;
      const longest = ranges.longest[r] ?? 0;
      const expected = k * period;
      const skipCost = SKIP_PENALTY * (k - 1);
      let i = from[r] ?? 0;
      while (i < j && dj - (days[i] ?? 0) > longest) i++;
      from[r] = i;
      for (; i < j; i++) {
        const gap = dj - (days[i] ?? 0);
        if (gap < shortest) break;
        const link = linkOf(sizes[i] ?? 0, aj, mode);
        if (link === NO_LINK) continue;
        const off = Math.min(1, Math.abs(gap - expected) / period);
        const s = (score[i] ?? 0) + link - skipCost - TIMING_PENALTY * off;
        if (s > best) {
          best = s;
          bestParent = i;
        }
      }
    }
    score[j] = best;
    parent[j] = bestParent;
    length[j] = bestParent < 0 ? 1 : (length[bestParent] ?? 0) + 1;
    if (best > (score[end] ?? 0)) end = j;
  }
  if ((length[end] ?? 0) < least) return null;
  return unwind(prepared.occ, parent, end, score[end] ?? 0, family, mode);
}

function unwind(
  occ: readonly Occurrence[],
  parent: Int32Array,
  end: number,
  score: number,
  family: Family,
  mode: Mode,
): Chain {
  const picks: Occurrence[] = [];
  let skipped = 0;
  let steps = 0;
  for (let j = end; j >= 0; j = valueAt(parent, j)) {
    const o = itemAt(occ, j);
    const next = picks[picks.length - 1];
    if (next) {
      skipped += periodsIn(next.day - o.day, family) - 1;
      if (mode === 'agreeing' && !isSameSize(Math.abs(o.amount), Math.abs(next.amount), mode)) steps++;
    }
    picks.push(o);
  }
  picks.reverse();
  return { picks, score, skipped, steps };
}

/**
 * A late (or early) payment put back in its place: where the chain skips periods between two of its occurrences and
 * the payee has a payment of the chain's size within a third of a period of a skipped day, that payment is the
 * period's, collected late (a direct debit a week or two behind after a missed payment date, a card that was
 * declined and then renewed) rather than a skip with a one-off beside it. It joins the chain as taken, without
 * the skip; the phase rule (series-rules.ts) still counts it as off the series' day.
 */
export function fillLate(chain: Chain, prepared: Prepared, family: Family, mode: Mode): Chain {
  if (chain.skipped === 0 || mode === 'any') return chain;
  const { occ, days, sizes } = prepared;
  const inChain = new Set(chain.picks);
  const picks: Occurrence[] = [itemAt(chain.picks, 0)];
  let filled = 0;
  let from = 0;
  const reach = family.period / 3;
  for (let i = 1; i < chain.picks.length; i++) {
    const a = itemAt(chain.picks, i - 1);
    const b = itemAt(chain.picks, i);
    const k = periodsIn(b.day - a.day, family);
    for (let p = 1; p < k; p++) {
      const expected = a.day + ((b.day - a.day) * p) / k;
      let best = -1;
      while (from < occ.length && valueAt(days, from) <= a.day) from++;
      for (let j = from; j < occ.length && valueAt(days, j) < b.day; j++) {
        const o = itemAt(occ, j);
        const off = Math.abs(valueAt(days, j) - expected);
        if (inChain.has(o) || off > reach || !mayLink(Math.abs(a.amount), valueAt(sizes, j), mode)) continue;
        if (best < 0 || off < Math.abs(valueAt(days, best) - expected)) best = j;
      }
      if (best >= 0) {
        const o = itemAt(occ, best);
        inChain.add(o);
        picks.push(o);
        filled++;
      }
    }
    picks.push(b);
  }
  if (filled === 0) return chain;
  picks.sort((x, y) => x.day - y.day);
  return {
    picks,
    score: chain.score + filled * (1 + SKIP_PENALTY),
    skipped: chain.skipped - filled,
    steps: chain.steps,
  };
}

/**
 * The runs of a chain between its skips, longest first, each with at least `least` occurrences: when a chain as a
 * whole breaks a rule (too many skipped periods), its longest unbroken stretch may still be a series on its own.
 */
export function runsOf(chain: Chain, family: Family, mode: Mode, least: number): Chain[] {
  const runs: Chain[] = [];
  let start = 0;
  const { picks } = chain;
  for (let i = 1; i <= picks.length; i++) {
    if (i < picks.length && periodsIn(itemAt(picks, i).day - itemAt(picks, i - 1).day, family) === 1) continue;
    if (i - start >= least) {
      const run = picks.slice(start, i);
      let steps = 0;
      for (let k = 1; k < run.length; k++)
        if (
          mode === 'agreeing' &&
          !isSameSize(Math.abs(itemAt(run, k - 1).amount), Math.abs(itemAt(run, k).amount), mode)
        )
          steps++;
      runs.push({ picks: run, score: run.length - STEP_PENALTY * steps, skipped: 0, steps });
    }
    start = i;
  }
  return runs.sort((a, b) => b.picks.length - a.picks.length);
}
