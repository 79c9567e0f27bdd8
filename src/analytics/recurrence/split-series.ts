/**
 * One counterparty's payments in one direction, split into series by amount and cadence (docs/analytics.md,
 * "Recurring transactions"). A series is a chain of occurrences, about one per period of a rhythm, whose amounts
 * agree (series-chain.ts); payments that fit no series are one-offs, left out without breaking it. The best
 * chain that passes the rules (series-rules.ts) becomes a series, leaves the pool, and the search repeats on the
 * rest (a phone contract and a handset loan to one network are two series).
 *
 * Chains are looked for in three modes:
 * - exact amounts: the only mode at a payee paid more than twice a week (a supermarket), where only a fixed price
 *   marks a subscription among the shopping;
 * - agreeing amounts (within 15 %, or a persisting price step): most bills, subscriptions, rent, pay;
 * - any amounts: bills that follow usage or a balance (a credit card paid in full by direct debit), taken only
 *   when timing alone is convincing and the series holds clearly more occurrences than any agreeing one.
 */
import { itemAt } from '../../lib/indexing.ts';
import { FAMILIES, periodsIn, phaseWindow } from './rhythm.ts';
import type { Family, Frequency } from './rhythm.ts';
import { bestChain, fillLate, mayLink, prepare, runsOf } from './series-chain.ts';
import type { Chain, Mode, Occurrence, Prepared } from './series-chain.ts';
import { LEAST, MIN_OCCURRENCES, MIN_PHASE_SHARE, accept, choose, crowding } from './series-rules.ts';
import type { Candidate } from './series-rules.ts';

export type { Occurrence };

export interface Series {
  /** ascending by day, at most one a day */
  occurrences: Occurrence[];
  frequency: Frequency;
}

/** With any amounts, the payee's payments are at most this many times those of its series (crowding: a quarter more). */
const ANY_AMOUNT_SLACK = 1.25;
/** …and so this share of them, at least, keeps its phase (90 % of the series' days, all but a fifth of the pool). */
const ANY_AMOUNT_POOL_PHASE = 0.7;
/**
 * A candidate crowded by other payments is worth resolving (search) only when they are few enough to be
 * another series or two of the payee, not shopping all around it.
 */
const RESOLVABLE = 1.5;
/**
 * Payments to a payee per period from which no agreeing series of that rhythm can pass `crowding` (about two
 * others per occurrence in its span), so none is searched: a shop visited weekly holds no monthly series unless
 * at a fixed price (exact mode). A series of the payee found first leaves the pool, and the rest is searched again.
 */
const CROWDED_PER_PERIOD = 3;
/** Rows per month above which a payee is shopping (more than twice a week): only fixed prices mark a series. */
const BUSY_PER_MONTH = 9;

/** What is left of a counterparty's occurrences, ascending by day, and their sizes in ascending order. */
interface Pool {
  byDay: readonly Occurrence[];
  sizes: Float64Array | readonly number[];
}

function poolOf(byDay: readonly Occurrence[]): Pool {
  const n = byDay.length;
  if (n > 32) {
    const sizes = new Float64Array(n);
    for (let i = 0; i < n; i++) sizes[i] = Math.abs(itemAt(byDay, i).amount);
    return { byDay, sizes: sizes.sort() };
  }
  // Most pools are a few payments: an insertion sort is quicker than the typed array's sort, and a small plain
  // array is much quicker to allocate than a typed one.
  const sizes: number[] = [];
  for (let i = 0; i < n; i++) {
    const size = Math.abs(itemAt(byDay, i).amount);
    let j = i;
    for (; j > 0 && (sizes[j - 1] ?? 0) > size; j--) sizes[j] = sizes[j - 1] ?? 0;
    sizes[j] = size;
  }
  return { byDay, sizes };
}

const without = (pool: Pool, taken: ReadonlySet<Occurrence>): Pool => poolOf(pool.byDay.filter((o) => !taken.has(o)));

/**
 * The pool's occurrences grouped for a mode, each group ascending by day: sizes linked one to the next (exactly
 * equal, or agreeing or a step apart), or all of them. Groups of fewer than 3 are left out.
 */
function groupsFor(pool: Pool, mode: Mode): (readonly Occurrence[])[] {
  if (mode === 'any') return [pool.byDay];
  const upper: number[] = []; // the largest size of each group, ascending
  const slot: number[] = []; // each group's index among those returned, -1 when too small
  let count = 0;
  let previous = -1;
  for (const size of pool.sizes) {
    if (previous < 0 || !mayLink(previous, size, mode)) {
      upper.push(size);
      slot.push(-1);
      count = 0;
    }
    upper[upper.length - 1] = size;
    if (++count === MIN_OCCURRENCES) slot[slot.length - 1] = 0;
    previous = size;
  }
  const groups: Occurrence[][] = [];
  slot.forEach((s, g) => {
    if (s === 0) slot[g] = groups.push([]) - 1;
  });
  if (groups.length === 0) return groups;
  for (const o of pool.byDay) {
    const size = Math.abs(o.amount);
    let lo = 0;
    let hi = upper.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((upper[mid] ?? 0) < size) lo = mid + 1;
      else hi = mid;
    }
    const g = slot[lo] ?? -1;
    if (g >= 0) groups[g]?.push(o);
  }
  return groups;
}

function isBusy(pool: readonly Occurrence[]): boolean {
  const months = (itemAt(pool, -1).day - itemAt(pool, 0).day + 1) / (365.25 / 12);
  return pool.length > BUSY_PER_MONTH * Math.max(1, months);
}

/**
 * The chain if it passes the rules, else its longest run between skips that does, when that run is long enough
 * to bend (LEAST.bend): a direct debit that failed several times in a year still shows a series in its unbroken
 * months. Shorter runs are left: three or four payments cut out of a broken chain are what chance makes.
 */
function acceptOrLongestRun(chain: Chain, prepared: Prepared, family: Family, mode: Mode): Candidate | null {
  const whole = accept(chain, family, mode);
  if (whole || chain.skipped === 0 || !skipsAreEmpty(chain, prepared, family)) return whole;
  for (const run of runsOf(chain, family, mode, LEAST[family.name].bend)) {
    const found = accept(run, family, mode);
    if (found) return found;
  }
  return null;
}

/**
 * Whether the payee was paid nothing in the periods the chain skips: the series broke in time (collections that
 * failed or stopped), not in amount (payments that went on at other sizes: a saving app's weekly sweeps, where
 * runs of similar amounts are chance).
 */
function skipsAreEmpty(chain: Chain, prepared: Prepared, family: Family): boolean {
  const { picks } = chain;
  const { days } = prepared;
  let j = 0;
  for (let i = 1; i < picks.length; i++) {
    const a = itemAt(picks, i - 1).day;
    const b = itemAt(picks, i).day;
    if (periodsIn(b - a, family) < 2) continue;
    while (j < days.length && (days[j] ?? 0) <= a) j++;
    if (j < days.length && (days[j] ?? 0) < b) return false;
  }
  return true;
}

interface Best {
  /** the best candidate that passes every rule */
  valid: Candidate | null;
  /** the best candidate that fails only the rules on the payee's other payments */
  crowded: Candidate | null;
}

const isBetter = (a: Candidate | null, b: Candidate): boolean => a === null || b.score > a.score;
const betterOf = (a: Candidate | null, b: Candidate | null): Candidate | null => (b && isBetter(a, b) ? b : a);

/** The rhythms, the one whose single gap the days' average gap fits first (where the whole group may be a series). */
function familiesFor(days: Int32Array): readonly Family[] {
  const average = span(days) / Math.max(1, days.length - 1);
  const likely = FAMILIES.findIndex((f) => average >= f.lo && average <= f.hi);
  if (likely <= 0) return FAMILIES;
  return [itemAt(FAMILIES, likely), ...FAMILIES.filter((_, i) => i !== likely)];
}

/**
 * Whether, for a weekly or fortnightly rhythm, 70 % of the days fall in one phase window of it (rhythm.ts): a series
 * of any amounts holds 90 % of its days in one, and is all but a fifth of the pool. Counted in day-of-cycle bins.
 */
function keepsWeekday(days: Int32Array, family: Family): boolean {
  const cycle = family.name === 'weekly' ? 7 : family.name === 'fortnightly' ? 14 : 0;
  if (cycle === 0) return true;
  const width = cycle === 7 ? 2 : 4;
  const bins = new Int32Array(cycle);
  for (let i = 0; i < days.length; i++) {
    const b = (((days[i] ?? 0) % cycle) + cycle) % cycle;
    bins[b] = (bins[b] ?? 0) + 1;
  }
  let best = 0;
  for (let start = 0; start < cycle; start++) {
    let n = 0;
    for (let k = 0; k <= width; k++) n += bins[(start + k) % cycle] ?? 0;
    best = Math.max(best, n);
  }
  return best >= ANY_AMOUNT_POOL_PHASE * days.length;
}

/** Days from the first to the last (ascending): a chain with gaps of at least `lo` has at most span / lo + 1. */
const span = (days: Int32Array): number => (days[days.length - 1] ?? 0) - (days[0] ?? 0);

/** The pool's payments per period of the rhythm, over the days from its first to its last. */
function perPeriod(pool: readonly Occurrence[], family: Family): number {
  const days = itemAt(pool, -1).day - itemAt(pool, 0).day + 1;
  return pool.length / (Math.max(days, family.period) / family.period);
}

/** The least occurrences a chain of the mode and rhythm needs (LEAST); groups that cannot hold so many are not searched. */
function leastFor(family: Family, mode: Mode): number {
  const least = LEAST[family.name];
  return mode === 'any' ? least.anyAmount : least.series;
}

/**
 * The best candidates of the modes over the pool. A chain scores at most its length, and is no longer than its
 * group nor than the group's span over the shortest gap, so groups and rhythms that cannot beat the best valid
 * candidate found so far are not searched (nor could their crowded candidates be taken: search).
 */
function bestOf(pool: Pool, modes: readonly Mode[]): Best {
  const best: Best = { valid: null, crowded: null };
  for (const mode of modes) {
    const groups = groupsFor(pool, mode).sort((a, b) => b.length - a.length);
    for (const group of groups) {
      if (best.valid && group.length <= best.valid.score) break;
      const prepared = prepare(group);
      for (const family of familiesFor(prepared.days)) {
        // A valid chain of the whole group with no skip cannot be beaten by another rhythm (whose chain of these
        // days would need a skip at every gap, single-period gaps of the rhythms being apart) nor a shorter one.
        if (best.valid && best.valid.picks.length === group.length && best.valid.score > group.length - 0.4) break;
        const least = leastFor(family, mode);
        const most = Math.min(group.length, Math.floor(span(prepared.days) / family.lo) + 1);
        if (most < least || (best.valid && most <= best.valid.score)) continue;
        // Any amounts: the series is nearly all the payee's payments, so the pool is not much denser than the rhythm
        // and most of it keeps the series' weekday (weekly, fortnightly).
        if (mode === 'any' && (group.length > ANY_AMOUNT_SLACK * most + 1 || !keepsWeekday(prepared.days, family)))
          continue;
        // Agreeing amounts: three or more payments to the payee a period leave no series that is not crowded.
        if (mode === 'agreeing' && perPeriod(pool.byDay, family) >= CROWDED_PER_PERIOD) continue;
        const chain = bestChain(prepared, family, mode, least);
        const found = chain && acceptOrLongestRun(fillLate(chain, prepared, family, mode), prepared, family, mode);
        if (!found) continue;
        const crowd = crowding(found, pool.byDay);
        if (crowd === 0) {
          if (isBetter(best.valid, found)) best.valid = found;
        } else if (crowd <= RESOLVABLE * found.picks.length && isBetter(best.crowded, found)) best.crowded = found;
      }
    }
  }
  return best;
}

interface Found extends Series {
  mode: Mode;
}

const foundOf = (c: Candidate): Found => ({ occurrences: c.picks, frequency: c.frequency, mode: c.mode });

/**
 * The series among a pool, best first. A candidate crowded by the payee's other payments that scores better than
 * every valid one is taken when those others are series of their own: the rest of the pool is searched first, and
 * the series it holds no longer count against it. This is tried once, and not at a busy payee, whose other
 * payments are shopping.
 */
function search(occurrences: readonly Occurrence[], resolveCrowding: boolean): Found[] {
  const found: Found[] = [];
  let pool = poolOf(occurrences);
  let mayResolve = resolveCrowding;
  while (pool.byDay.length >= MIN_OCCURRENCES) {
    const busy = isBusy(pool.byDay);
    // Exact amounts are searched at a busy payee, or when agreeing ones find nothing: where an agreeing series
    // exists it scores at least as well as any exact chain in its group.
    let agreeing = bestOf(pool, busy ? ['exact'] : ['agreeing']);
    if (!busy && agreeing.valid === null) {
      const exact = bestOf(pool, ['exact']);
      agreeing = { valid: exact.valid, crowded: betterOf(agreeing.crowded, exact.crowded) };
    }
    // A series of any amounts must beat an agreeing one by a margin (choose): skip the search when it cannot.
    const n = agreeing.valid?.picks.length ?? 0;
    const anyMayWin = !busy && (n === 0 || n + Math.max(2, Math.ceil(n / 4)) <= pool.byDay.length);
    const any: Best = anyMayWin ? bestOf(pool, ['any']) : { valid: null, crowded: null };
    const valid = choose(agreeing.valid, any.valid);
    const crowded = betterOf(agreeing.crowded, any.crowded);
    // Agreeing amounts are preferred to any amounts (choose), so a crowded agreeing candidate is tried first too.
    const preferred = crowded && (isBetter(valid, crowded) || (valid?.mode === 'any' && crowded.mode !== 'any'));
    if (mayResolve && !busy && crowded && preferred) {
      mayResolve = false;
      const rest = search(without(pool, crowded.inChain).byDay, false);
      if (rest.length > 0 && crowding(crowded, pool.byDay, new Set(rest.flatMap((s) => s.occurrences))) === 0)
        return [...found, foundOf(crowded), ...rest];
    }
    if (valid === null) break;
    found.push(foundOf(valid));
    pool = without(pool, valid.inChain);
  }
  return found;
}

/**
 * Whether a later series continues an earlier one after a pause (a student's bar job after the summer, a second
 * loan from the same lender repaid like the first): the same rhythm, the days of both in one phase, and the
 * amounts either side of the pause agreeing (or free, for a series of any amounts).
 */
function resumes(earlier: Found, later: Found): boolean {
  if (earlier.frequency !== later.frequency) return false;
  const before = Math.abs(itemAt(earlier.occurrences, -1).amount);
  const after = Math.abs(itemAt(later.occurrences, 0).amount);
  const any = earlier.mode === 'any' || later.mode === 'any';
  if (!any && !mayLink(before, after, 'agreeing')) return false;
  const days = [...earlier.occurrences, ...later.occurrences].map((o) => o.day);
  return phaseWindow(days, earlier.frequency).fit >= MIN_PHASE_SHARE * days.length;
}

/** The series among one counterparty's occurrences in one direction (ascending by day), a paused one joined up. */
export function splitSeries(occurrences: readonly Occurrence[]): Series[] {
  const found = search(occurrences, true).sort((a, b) => itemAt(a.occurrences, 0).day - itemAt(b.occurrences, 0).day);
  const joined: Found[] = [];
  for (const s of found) {
    const i = joined.findIndex((e) => itemAt(e.occurrences, -1).day < itemAt(s.occurrences, 0).day && resumes(e, s));
    const earlier = joined[i];
    if (earlier)
      joined[i] = {
        ...earlier,
        occurrences: [...earlier.occurrences, ...s.occurrences],
        mode: s.mode === 'any' ? 'any' : earlier.mode,
      };
    else joined.push(s);
  }
  return joined.map(({ occurrences, frequency }) => ({ occurrences, frequency }));
}
