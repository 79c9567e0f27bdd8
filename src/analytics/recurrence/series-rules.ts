/**
 * The rules a chain of occurrences (series-chain.ts) must pass to be a series, each with why
 * (docs/analytics.md, "Recurring transactions"): `accept` judges the chain itself, `crowding` the payee's other
 * payments around it, `choose` between a series of agreeing amounts and one of any amounts.
 */
import { itemAt } from '../../lib/indexing.ts';
import { isInWindow, monthOrFourWeekly, phaseWindow } from './rhythm.ts';
import type { Family, Frequency, PhaseWindow } from './rhythm.ts';
import { isSameSize } from './series-chain.ts';
import type { Chain, Mode, Occurrence } from './series-chain.ts';
import { amountStability } from './stability.ts';

/** A chain that passed `accept`. */
export interface Candidate extends Chain {
  family: Family['name'];
  frequency: Frequency;
  phase: PhaseWindow;
  mode: Mode;
  inChain: ReadonlySet<Occurrence>;
}

/**
 * The least occurrences, per rhythm, of a series (`series`), of one whose amounts need not agree (`anyAmount`),
 * and of one with a skipped occurrence or a price step, or at a payee paid more often than the series (`bend`).
 * Three show a monthly rhythm (two payments a month apart are just two payments); a week's or a fortnight's
 * phase is matched by chance far more easily than a month's, so short rhythms need more repeats. Skips and steps
 * are what chance chains use to bridge irregular purchases, so they need a longer series to be believed. A
 * quarterly series has at most five occurrences in 13 months, and its long gaps carry evidence of their own.
 */
export const LEAST: Readonly<Record<Family['name'], { series: number; anyAmount: number; bend: number }>> = {
  weekly: { series: 5, anyAmount: 8, bend: 8 },
  fortnightly: { series: 4, anyAmount: 6, bend: 6 },
  monthly: { series: 3, anyAmount: 6, bend: 6 },
  quarterly: { series: 3, anyAmount: 4, bend: 4 },
};
export const MIN_OCCURRENCES = 3;
/** At most one skipped occurrence per four; amounts that need not agree allow one skip in all. */
const SKIPS_PER_OCCURRENCE = 1 / 4;
const MAX_SKIPPED_ANY_AMOUNT = 1;
const MAX_STEPS = 2;
/** Share of a series' occurrences that must keep its phase (rhythm.ts): one late payment in four is tolerated. */
export const MIN_PHASE_SHARE = 0.75;
/** When amounts need not agree, timing is the only evidence: at most one occurrence in ten off the phase. */
const OFF_PHASE_ANY_AMOUNT = 0.1;
/** Three purchases a month apart happen by chance (IKEA in March, April, May); three bills also agree on amount. */
const MIN_STABILITY_OF_THREE = 0.7;

/** Whether every price step has two occurrences at the old price before it and two at the new one after it. */
function stepsPersist(picks: readonly Occurrence[]): boolean {
  for (let i = 1; i < picks.length; i++) {
    const a = Math.abs(itemAt(picks, i - 1).amount);
    const b = Math.abs(itemAt(picks, i).amount);
    if (!isSameSize(a, b, 'agreeing') && (i < 2 || i > picks.length - 2)) return false;
  }
  return true;
}

/**
 * Whether a chain may be a series, and its frequency; the payee's other payments are judged by `crowding`.
 * Each rule and why:
 * - the least occurrences of LEAST, by rhythm and mode;
 * - skips (at most one per four occurrences) and price steps (at most two, each persisting) only from LEAST.bend:
 *   a skipped month or a price rise is tolerated, a chain held together by them is not a series;
 * - 75 % of the days keep one phase (rhythm.ts), 90 % when amounts need not agree: payments follow a calendar
 *   rule, chance purchases drift;
 * - three occurrences need an amount stability of at least 0.7;
 * - collections refused and shown only as a notice (attempts) hold a place in the rhythm, at most one per four
 *   occurrences (one in any series), and at least three occurrences are payments.
 */
export function accept(chain: Chain, family: Family, mode: Mode): Candidate | null {
  const { picks } = chain;
  const n = picks.length;
  const least = LEAST[family.name];
  if (n < (mode === 'any' ? least.anyAmount : least.series)) return null;
  const attempts = picks.reduce((k, o) => k + (o.attempt ? 1 : 0), 0);
  if (attempts > Math.max(1, Math.floor(n * SKIPS_PER_OCCURRENCE)) || n - attempts < MIN_OCCURRENCES) return null;
  const bends = n >= least.bend;
  if (chain.skipped > (bends ? Math.floor(n * SKIPS_PER_OCCURRENCE) : 0)) return null;
  if (chain.steps > (bends ? MAX_STEPS : 0) || (chain.steps > 0 && !stepsPersist(picks))) return null;
  if (mode === 'any' && chain.skipped > MAX_SKIPPED_ANY_AMOUNT) return null;
  const days = picks.map((o) => o.day);
  const phase = family.name === 'monthly' ? monthOrFourWeekly(days) : phaseWindow(days, family.name);
  const { fit } = phase;
  if (fit < MIN_PHASE_SHARE * n || (mode === 'any' && n - fit > Math.floor(OFF_PHASE_ANY_AMOUNT * n))) return null;
  if (n === MIN_OCCURRENCES && amountStability(picks.map((o) => o.amount)) < MIN_STABILITY_OF_THREE) return null;
  return { ...chain, family: family.name, frequency: phase.frequency, phase, mode, inChain: new Set(picks) };
}

/**
 * How many of the payee's other payments break the rules on them (0: none do). The other payments are those in
 * the pool, neither in the chain nor `explained` (series of their own: two State Pensions to one account, a phone
 * contract beside the handset loan). Each rule and why:
 * - payments of the series' size (of its occurrence nearest in time) left out, within its span or off its phase
 *   elsewhere in the 13 months, must be fewer than half its occurrences: a price paid more often than the rhythm
 *   is a product bought often (a meal deal, a £20 cash withdrawal, a prepayment meter top-up), not a
 *   subscription; the same payment on the series' phase before or after it is the series paused (a loan repaid,
 *   then another from the same lender);
 * - other payments within the series' span: in agreeing mode, half as many as the series has (any at all for
 *   three occurrences) leave only exact amounts as evidence (exact mode finds those), since a payee paid often in
 *   between is where similar amounts a month apart happen by chance; in exact mode, as many as the series has
 *   need LEAST.bend occurrences;
 * - a short agreeing series (fewer than LEAST.bend occurrences): fewer other payments to the payee than half its
 *   occurrences, in its span or off its phase elsewhere in the 13 months: three purchases at one shop a month
 *   apart, at similar prices, happen by chance among the customer's other visits;
 * - with any amounts, at most one other payment per four occurrences, in the span or off the phase elsewhere in
 *   the 13 months: nothing but timing says these payments belong together, so they must be nearly all the payee's
 *   (payments on the phase before or after are the series paused: a student's bar job stops for the summer).
 */
export function crowding(c: Candidate, pool: readonly Occurrence[], explained?: ReadonlySet<Occurrence>): number {
  const { picks, inChain, mode } = c;
  const n = picks.length;
  const first = itemAt(picks, 0).day;
  const last = itemAt(picks, -1).day;
  const short = mode === 'agreeing' && n < LEAST[c.family].bend;
  let others = 0; // in the span, or off the phase elsewhere (any amounts, short agreeing series)
  let inSpan = 0;
  let sameSize = 0;
  let k = 0; // the chain occurrence nearest in time to the payment looked at
  for (const o of pool) {
    if (inChain.has(o) || explained?.has(o)) continue;
    const within = o.day >= first && o.day <= last;
    if (within) inSpan++;
    if ((mode === 'any' || short) && (within || !isInWindow(c.phase, o.day))) others++;
    if (mode === 'any') continue;
    while (k + 1 < n && Math.abs(itemAt(picks, k + 1).day - o.day) <= Math.abs(itemAt(picks, k).day - o.day)) k++;
    const level = Math.abs(itemAt(picks, k).amount);
    if (isSameSize(Math.abs(o.amount), level, mode) && (within || !isInWindow(c.phase, o.day))) sameSize++;
  }
  if (mode === 'any') return others <= Math.floor(n / 4) ? 0 : others;
  if (2 * sameSize >= n) return Math.max(sameSize, inSpan);
  if (mode === 'exact') return inSpan < n || n >= LEAST[c.family].bend ? 0 : inSpan;
  if (short && 2 * others >= n) return others;
  return (n === MIN_OCCURRENCES ? inSpan === 0 : 2 * inSpan < n) ? 0 : inSpan;
}

/**
 * Amount-agreeing series are preferred: a series of any amounts is taken instead only when it holds clearly more
 * occurrences (a quarter more, at least two), i.e. when amounts that follow usage split a bill that is one series.
 */
export function choose(agreeing: Candidate | null, any: Candidate | null): Candidate | null {
  if (any === null) return agreeing;
  if (agreeing === null) return any;
  const n = agreeing.picks.length;
  return any.picks.length >= n + Math.max(2, Math.ceil(n / 4)) ? any : agreeing;
}
