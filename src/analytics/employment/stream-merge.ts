/**
 * One stream under two texts. Payer groups of the same kind and category are one stream when
 * - they interleave: a pension paid as "CR LG PENSION 7740218" some months and "CR LEGAL & GENERAL PENSION"
 *   others is recognised as two payers (one by name, one by its text), and neither half has a rhythm. Merged when
 *   they run side by side, at least one has no rhythm of its own (two regular streams are two sources: a couple's
 *   two salaries), their usual amounts are within a quarter of each other, and together they pay weekly,
 *   fortnightly, four-weekly or monthly;
 * - or one takes over from the other: the payer or the bank renames it ("SYPA PENSION" until December, "S YORKS
 *   PENSIONS AUTH" from January; "THAMES VALLEY POLICE SALARY", then "TVP SALARY"). Merged when the first has a
 *   rhythm and the second's first payment falls on one of the next two days the first's schedule expected
 *   (within its tolerance), within a quarter of its usual amount — a tenth for a salary, since a new employer
 *   that happens to pay on the old one's day usually pays a different sum (and a first, part-month salary).
 * The earliest group keys the stream (so its events keep their ids); the larger one names it, or the later one
 * when it took over.
 */
import { first, itemAt, last, valueAt } from '../../lib/indexing.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { PERIOD_DAYS, TOLERANCE_DAYS, detectCadence } from '../recurrence/cadence.ts';
import type { Cadence } from '../recurrence/cadence.ts';
import { expectedDays, learnSchedule } from '../recurrence/schedule.ts';

/** Rows of one kind, category and payer, before the stream is built. */
export interface PayerGroup {
  key: string;
  kind: string;
  payer: string;
  category: number;
  /** ledger rows, in booking order */
  rows: number[];
}

const PAY_RHYTHMS = new Set<Cadence>(['weekly', 'fortnightly', 'four_weekly', 'monthly']);
const AMOUNT_RATIO = 1.25;
const SALARY_RATIO = 1.1;

function daysOf(ledger: Ledger, rows: readonly number[]): number[] {
  const days: number[] = [];
  for (const r of rows) {
    const day = valueAt(ledger.day, r);
    if (days.length === 0 || last(days) !== day) days.push(day);
  }
  return days;
}

function medianAmount(ledger: Ledger, rows: readonly number[]): number {
  const sorted = rows.map((r) => valueAt(ledger.amount, r)).sort((a, b) => a - b);
  return itemAt(sorted, sorted.length >> 1);
}

const cadenceOf = (days: readonly number[]): Cadence => (days.length >= 2 ? detectCadence(days) : 'irregular');

/** What the joining rules read of a group, computed once per group. */
interface Shape {
  days: number[];
  cadence: Cadence;
  /** median of the first and of the last three payments */
  head: number;
  tail: number;
  firstAmount: number;
}

function shapeOf(ledger: Ledger, group: PayerGroup): Shape {
  const days = daysOf(ledger, group.rows);
  return {
    days,
    cadence: cadenceOf(days),
    head: medianAmount(ledger, group.rows.slice(0, 3)),
    tail: medianAmount(ledger, group.rows.slice(-3)),
    firstAmount: valueAt(ledger.amount, first(group.rows)),
  };
}

/** How long after a group's last payment another may still take over from it. */
function reachOf(shape: Shape): number {
  const c = shape.cadence;
  return c === 'irregular' || !PAY_RHYTHMS.has(c) ? 0 : 2 * PERIOD_DAYS[c] + TOLERANCE_DAYS[c];
}

const within = (x: number, y: number, ratio: number): boolean => Math.max(x, y) <= ratio * Math.min(x, y);

/** How b joins a (a starts first): 'interleaved', 'takes_over', or null when they are two streams. */
function joinOf(
  ledger: Ledger,
  a: PayerGroup,
  sa: Shape,
  b: PayerGroup,
  sb: Shape,
): 'interleaved' | 'takes_over' | null {
  if (a.kind !== b.kind || a.category !== b.category) return null;
  const da = sa.days;
  const db = sb.days;
  if (first(db) < last(da)) {
    if (!within(sa.tail, sb.head, AMOUNT_RATIO)) return null;
    if (sa.cadence !== 'irregular' && sb.cadence !== 'irregular') return null;
    const rows = [...a.rows, ...b.rows].sort((x, y) => x - y);
    return PAY_RHYTHMS.has(cadenceOf(daysOf(ledger, rows))) ? 'interleaved' : null;
  }
  const ca = sa.cadence;
  if (ca === 'irregular' || !PAY_RHYTHMS.has(ca)) return null;
  if (!within(sa.tail, sb.firstAmount, a.kind === 'salary' ? SALARY_RATIO : AMOUNT_RATIO)) return null;
  const tolerance = TOLERANCE_DAYS[ca];
  const expected = expectedDays(learnSchedule(da, ca, 'in'), last(da), first(db) + tolerance).slice(0, 2);
  return expected.some((d) => Math.abs(d - first(db)) <= tolerance) ? 'takes_over' : null;
}

/** The first index in `firsts` (ascending) whose value is above `day`. */
function firstAfter(firsts: readonly number[], day: number): number {
  let lo = 0;
  let hi = firsts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (itemAt(firsts, mid) > day) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The groups that may join group i, in order: those that start while it runs and have no rhythm (or any, when
 * it has none), then those that start after it within its reach. Groups are in order of their first payment, so
 * each part is a range, and a customer with many regular payers is not compared pair by pair.
 */
function candidatesOf(i: number, shapes: readonly Shape[], firsts: readonly number[], irregular: readonly number[]) {
  const sa = itemAt(shapes, i);
  const end = last(sa.days);
  const during = firstAfter(firsts, end - 1); // first index starting on or after a's last payment
  const overlapping =
    sa.cadence === 'irregular'
      ? Array.from({ length: Math.max(0, during - i - 1) }, (_, k) => i + 1 + k)
      : irregular.filter((j) => j > i && j < during);
  const after: number[] = [];
  for (let j = Math.max(during, i + 1); j < firsts.length && itemAt(firsts, j) <= end + reachOf(sa); j++) after.push(j);
  return [...overlapping, ...after];
}

/** The groups with the parts of one stream merged. */
export function mergeParts<G extends PayerGroup>(ledger: Ledger, groups: readonly G[]): G[] {
  let out = [...groups].sort((x, y) => first(x.rows) - first(y.rows));
  let shapes = out.map((g) => shapeOf(ledger, g));
  const firstsOf = () => shapes.map((sh) => first(sh.days));
  const irregularOf = () => shapes.flatMap((sh, k) => (sh.cadence === 'irregular' ? [k] : []));
  let firsts = firstsOf();
  let irregular = irregularOf();
  for (let i = 0; i < out.length; i++) {
    for (const j of candidatesOf(i, shapes, firsts, irregular)) {
      const a = itemAt(out, i);
      const b = itemAt(out, j);
      const join = joinOf(ledger, a, itemAt(shapes, i), b, itemAt(shapes, j));
      if (join === null) continue;
      const payer = join === 'takes_over' || b.rows.length > a.rows.length ? b.payer : a.payer;
      const merged = { ...a, payer, rows: [...a.rows, ...b.rows].sort((x, y) => x - y) };
      out = out.flatMap((g, k) => (k === i ? [merged] : k === j ? [] : [g]));
      shapes = out.map((_, k) => (k === i ? shapeOf(ledger, merged) : itemAt(shapes, k < j ? k : k + 1)));
      firsts = firstsOf();
      irregular = irregularOf();
      i--; // the merged group may now take in another
      break;
    }
  }
  return out;
}
