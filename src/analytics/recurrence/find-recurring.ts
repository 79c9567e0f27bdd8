/**
 * Recurring transactions (spec, Financial Patterns › recurrence; docs/analytics.md, "Recurring transactions").
 * Over the last 12 complete months and the current month to asOf, the customer's payments are grouped by
 * counterparty (the recognised payee, else the grouping key of the description, see ledger.ts) and direction, and
 * each counterparty's payments are split into series by amount and cadence (split-series.ts). A payment that fits
 * no series is a one-off and is left out without breaking the series around it.
 * Not candidates: own transfers and refunds (not the customer's income or spending), bank charges, returned
 * direct debits and cash withdrawals (NOT_CANDIDATE). A returned direct debit's re-presentation joins the payment
 * it collects again (returned-debits.ts).
 */
import { first, itemAt, valueAt } from '../../lib/indexing.ts';
import { categoryIdsWithMarker, personalCategories } from '../categories/taxonomy.ts';
import type { Marker } from '../categories/taxonomy.ts';
import { londonMidnight, monthStartDay } from '../calendar/london.ts';
import { categoryIndex, transactionOf } from '../ledger/ledger.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { round2, round4 } from '../money.ts';
import type { RecurringTransaction } from '../report-types.ts';
import { PERIOD_DAYS, TOLERANCE_DAYS } from './cadence.ts';
import { findReturns } from './returned-debits.ts';
import type { Frequency } from './rhythm.ts';
import { learnSchedule, expectedDays } from './schedule.ts';
import type { Schedule } from './schedule.ts';
import { MIN_OCCURRENCES } from './series-rules.ts';
import { splitSeries } from './split-series.ts';
import type { Occurrence, Series } from './split-series.ts';
import { amountStability, frequencyStability, moments, timeStability } from './stability.ts';

export interface RecurringGroup {
  /** direction, counterparty and first occurrence day: unique */
  key: string;
  description: string;
  direction: 'in' | 'out';
  /** ledger rows, in booking order (a re-presented direct debit's payment and re-presentation both) */
  rows: number[];
  /** the occurrence days, ascending (a re-presented direct debit counts on the day of the payment) */
  days: number[];
  cadence: Frequency;
  schedule: Schedule;
  /** mean and population variance of the signed amounts of the rows */
  mean: number;
  variance: number;
  amountStability: number;
  frequencyStability: number;
  timeStability: number;
  /** the most common category index among the rows */
  category: number;
  /** median of the last three occurrences' amounts (signed): what the next one is expected to be */
  typicalAmount: number;
  /** the next scheduled day on or after asOf's day, or null when two or more have passed unpaid (it has ended) */
  nextExpectedDay: number | null;
}

export interface Recurrence {
  groups: RecurringGroup[];
  /** the group index of each ledger row, -1 when the row is in none */
  groupOfRow: Int32Array;
}

const EXCLUDED = personalCategories.map((c) => c.excludedFromTotals);
const indicesOf = (marker: Marker): number[] => categoryIdsWithMarker('Personal', marker).map(categoryIndex);
/**
 * Never recurrence candidates (docs/analytics.md): bank charges and returned direct debits follow a failed payment
 * and are no commitment of their own; a cash withdrawal pays no counterparty (the cash machine is not the payee,
 * and £20 every few weeks is a habit of round amounts, not a series).
 */
const NOT_CANDIDATE = new Set([
  ...indicesOf('bank_charges'),
  ...indicesOf('returned_direct_debits'),
  ...indicesOf('cash_withdrawals'),
]);
const REVERSAL = new Set(indicesOf('returned_direct_debits'));
/** Income a payer sends under more than one text (joinInterleaved). */
const INCOME = new Set([...indicesOf('salary'), ...indicesOf('pension'), ...indicesOf('benefits')]);
/** Usual amounts of two texts of one income stream are within a quarter of each other (stream-merge.ts). */
const SAME_STREAM_RATIO = 1.25;

function medianOfLast(values: readonly number[], n: number): number {
  const tail = values.slice(-n).sort((a, b) => a - b);
  const mid = tail.length >> 1;
  return tail.length % 2 === 1 ? itemAt(tail, mid) : (itemAt(tail, mid - 1) + itemAt(tail, mid)) / 2;
}

function mostCommon(values: Iterable<number>): number {
  const counts = new Map<number, number>();
  let best = -1;
  let bestCount = 0;
  for (const v of values) {
    const n = (counts.get(v) ?? 0) + 1;
    counts.set(v, n);
    if (n > bestCount) {
      best = v;
      bestCount = n;
    }
  }
  return best;
}

/** The counterparty and direction of a row as one number: the recognised payee, else the grouping key. */
function counterpartyOf(ledger: Ledger, r: number): number {
  const merchant = ledger.merchantId[r] ?? -1;
  const party = merchant >= 0 ? merchant * 2 : (ledger.groupId[r] ?? 0) * 2 + 1;
  return party * 2 + ((ledger.amount[r] ?? 0) > 0 ? 0 : 1);
}

/** The first ledger row (rows are in booking order) on or after a day. */
function firstRowOnOrAfter(ledger: Ledger, day: number): number {
  let lo = 0;
  let hi = ledger.size;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((ledger.day[mid] ?? 0) < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Each counterparty's occurrences in day order, where there are at least MIN_OCCURRENCES (fewer are no series), a
 * re-presentation joined to the payment it collects again.
 */
function occurrencesByCounterparty(ledger: Ledger): Map<number, Occurrence[]> {
  const fromRow = firstRowOnOrAfter(ledger, monthStartDay(ledger.asOfMonth - 12));
  const candidate = new Uint8Array(ledger.size);
  let reversals = false;
  for (let r = fromRow; r < ledger.size; r++) {
    const c = ledger.category[r] ?? 0;
    candidate[r] = ledger.amount[r] !== 0 && !EXCLUDED[c] && !NOT_CANDIDATE.has(c) ? 1 : 0;
    reversals ||= REVERSAL.has(c);
  }
  const { represents, notices } = reversals
    ? findReturns(
        ledger,
        fromRow,
        candidate,
        (r) => REVERSAL.has(ledger.category[r] ?? 0),
        (r) => counterpartyOf(ledger, r),
      )
    : { represents: new Map<number, number>(), notices: [] };
  // Rows by counterparty first; occurrences only where there are enough for a series (most payees have one or two).
  const rowsOf = new Map<number, number[]>();
  for (let r = fromRow; r < ledger.size; r++) {
    if (!candidate[r] || represents.has(r)) continue;
    const key = counterpartyOf(ledger, r);
    const rows = rowsOf.get(key);
    if (rows) rows.push(r);
    else rowsOf.set(key, [r]);
  }
  const attemptsOf = noticesByPayee(ledger, notices, rowsOf);
  const occurrenceOf = new Map<number, Occurrence>();
  const byCounterparty = new Map<number, Occurrence[]>();
  for (const [key, rows] of rowsOf) {
    const attempts = attemptsOf.get(key) ?? [];
    if (rows.length < MIN_OCCURRENCES) continue;
    const occurrences = rows.map((r): Occurrence => ({
      day: ledger.day[r] ?? 0,
      amount: ledger.amount[r] ?? 0,
      rows: [r],
    }));
    if (represents.size > 0) occurrences.forEach((o) => occurrenceOf.set(itemAt(o.rows, 0), o));
    if (attempts.length > 0) {
      for (const r of attempts) {
        const day = valueAt(ledger.day, r);
        // a £0.00 notice asked for what the series asks: the amount of the payee's payment nearest in time
        const asked = valueAt(ledger.amount, r) === 0 ? -nearestAmount(ledger, rows, day) : valueAt(ledger.amount, r);
        occurrences.push({ day, amount: -asked, rows: [], attempt: true });
      }
      occurrences.sort((a, b) => a.day - b.day);
    }
    byCounterparty.set(key, occurrences);
  }
  for (const [r, collected] of [...represents].sort((a, b) => a[0] - b[0])) {
    let payment = collected;
    for (let p = represents.get(payment); p !== undefined; p = represents.get(p)) payment = p;
    occurrenceOf.get(payment)?.rows.push(r);
  }
  return byCounterparty;
}

/** The amount of the row (of `rows`, in day order) booked nearest to `day`. */
function nearestAmount(ledger: Ledger, rows: readonly number[], day: number): number {
  let best = itemAt(rows, 0);
  for (const r of rows) {
    if (Math.abs(valueAt(ledger.day, r) - day) < Math.abs(valueAt(ledger.day, best) - day)) best = r;
  }
  return valueAt(ledger.amount, best);
}

/** Words of a notice that say the collection was refused, not who the payee is ("UNPAID DD", "RETURNED D D", "RTN"). */
const NOTICE_WORDS = new Set([
  'UNPAID',
  'UNP',
  'RETURNED',
  'RETURN',
  'RTN',
  'RTD',
  'REFER',
  'REFERRED',
  'REVERSAL',
  'DD',
  'D',
  'DIRECT',
  'DEBIT',
  'DR',
  'RD',
]);

/**
 * The payee (counterparty key, money out) of each notice of a refused collection that has rows of its own: the
 * payee it names when recognised, else the payee whose grouping key is the notice's without the notice words
 * ("UNPAID DD HILLSIDE LEISURE CLUB", "HILLSIDE LEISURE CLUB DD RTN" → "HILLSIDE LEISURE CLUB").
 */
function noticesByPayee(
  ledger: Ledger,
  notices: readonly number[],
  rowsOf: ReadonlyMap<number, number[]>,
): Map<number, number[]> {
  const byPayee = new Map<number, number[]>();
  if (notices.length === 0) return byPayee;
  let outGroups: Map<string, number> | null = null;
  for (const r of notices) {
    const merchant = valueAt(ledger.merchantId, r);
    let key = -1;
    if (merchant >= 0) key = merchant * 4 + 1;
    else {
      outGroups ??= outGroupIds(ledger, rowsOf);
      const words = itemAt(ledger.group, r)
        .split(' ')
        .filter((w) => w !== '' && !NOTICE_WORDS.has(w));
      const id = words.length > 0 ? outGroups.get(words.join(' ')) : undefined;
      if (id !== undefined) key = (id * 2 + 1) * 2 + 1;
    }
    if (key < 0 || !rowsOf.has(key)) continue;
    const list = byPayee.get(key);
    if (list) list.push(r);
    else byPayee.set(key, [r]);
  }
  return byPayee;
}

/** Grouping key → id of the unrecognised payees the customer pays that have rows in recurrence. */
function outGroupIds(ledger: Ledger, rowsOf: ReadonlyMap<number, number[]>): Map<string, number> {
  const ids = new Map<string, number>();
  for (const [key, rows] of rowsOf) {
    if (key % 4 !== 3) continue; // unrecognised (odd party), money out
    const r = itemAt(rows, 0);
    ids.set(itemAt(ledger.group, r), valueAt(ledger.groupId, r));
  }
  return ids;
}

/** The next scheduled day on or after asOf's day, or null when two or more scheduled days passed unpaid since the last. */
function nextExpected(ledger: Ledger, schedule: Schedule, days: readonly number[], cadence: Frequency): number | null {
  const period = PERIOD_DAYS[cadence];
  const after = itemAt(days, -1) + Math.floor(period / 2);
  // One skipped occurrence is part of a series (split-series.ts); two in a row since the last say it has ended.
  // (The second scheduled day after `after` is within two periods and a week, weekends and holidays included.)
  const passed = Math.min(ledger.asOfDay - TOLERANCE_DAYS[cadence], after + Math.ceil(2 * period) + 7);
  if (expectedDays(schedule, after, passed).length >= 2) return null;
  const from = Math.max(after, ledger.asOfDay - 1);
  return expectedDays(schedule, from, from + Math.ceil(period) + 7)[0] ?? null;
}

function groupOf(ledger: Ledger, series: Series): RecurringGroup {
  const { occurrences, frequency } = series;
  const rows = occurrences.flatMap((o) => o.rows).sort((a, b) => a - b);
  const days = occurrences.map((o) => o.day);
  const amounts = rows.map((r) => valueAt(ledger.amount, r));
  const lastRow = itemAt(rows, -1);
  const direction = valueAt(ledger.amount, first(rows)) > 0 ? 'in' : 'out';
  const description = itemAt(ledger.merchant, lastRow) ?? itemAt(ledger.group, lastRow);
  const schedule = learnSchedule(days, frequency, direction);
  const { mean, variance } = moments(amounts);
  return {
    key: `${direction}|${description}|${first(days)}`,
    description,
    direction,
    rows,
    days,
    cadence: frequency,
    schedule,
    mean,
    variance,
    amountStability: amountStability(amounts),
    frequencyStability: frequencyStability(days),
    timeStability: timeStability(
      rows.map((r) => valueAt(ledger.month, r)),
      ledger.asOfMonth,
    ),
    category: mostCommon(rows.map((r) => valueAt(ledger.category, r))),
    typicalAmount: medianOfLast(
      occurrences.map((o) => o.amount),
      3,
    ),
    nextExpectedDay: nextExpected(ledger, schedule, days, frequency),
  };
}

const covered = (series: readonly Series[]): number => series.reduce((n, s) => n + s.occurrences.length, 0);

function median(values: number[]): number {
  values.sort((a, b) => a - b);
  return medianOfLast(values, values.length);
}

/**
 * One income stream under two texts: a pension paid as "… PENSION PAYROLL" some months and "… PENSION FUND"
 * others is two counterparties (two grouping keys) and neither half keeps a rhythm. Two counterparties of money in
 * whose rows are the same income category (salary, pension, a benefit) are one pool when either has payments in no
 * series, their usual amounts are within a quarter of each other, and together they hold more payments in series
 * than the two apart (the rule income streams follow: employment/stream-merge.ts).
 * Two regular streams (a couple's two salaries) each keep their series and are never joined.
 */
function joinInterleaved(ledger: Ledger, byCounterparty: Map<number, Occurrence[]>): void {
  const byCategory = new Map<number, number[]>();
  for (const [key, occurrences] of byCounterparty) {
    if (key % 2 !== 0) continue;
    const category = mostCommon(occurrences.flatMap((o) => o.rows.map((r) => valueAt(ledger.category, r))));
    if (!INCOME.has(category)) continue;
    const keys = byCategory.get(category);
    if (keys) keys.push(key);
    else byCategory.set(category, [key]);
  }
  for (const keys of byCategory.values()) {
    if (keys.length < 2) continue;
    const found = new Map(keys.map((k) => [k, covered(splitSeries(byCounterparty.get(k) ?? []))]));
    for (let i = 0; i < keys.length; i++) {
      for (let j = i + 1; j < keys.length; j++) {
        const a = byCounterparty.get(itemAt(keys, i));
        const b = byCounterparty.get(itemAt(keys, j));
        if (!a || !b) continue;
        const inA = found.get(itemAt(keys, i)) ?? 0;
        const inB = found.get(itemAt(keys, j)) ?? 0;
        if (inA === a.length && inB === b.length) continue;
        const ma = median(a.map((o) => Math.abs(o.amount)));
        const mb = median(b.map((o) => Math.abs(o.amount)));
        if (Math.max(ma, mb) > SAME_STREAM_RATIO * Math.min(ma, mb)) continue;
        const joined = [...a, ...b].sort((x, y) => x.day - y.day);
        const inJoined = covered(splitSeries(joined));
        if (inJoined <= inA + inB || 2 * inJoined < joined.length) continue;
        byCounterparty.set(itemAt(keys, i), joined);
        byCounterparty.delete(itemAt(keys, j));
        found.set(itemAt(keys, i), inJoined);
      }
    }
  }
}

export function findRecurring(ledger: Ledger): Recurrence {
  const groups: RecurringGroup[] = [];
  const byCounterparty = occurrencesByCounterparty(ledger);
  joinInterleaved(ledger, byCounterparty);
  for (const occurrences of byCounterparty.values()) {
    for (const series of splitSeries(occurrences)) groups.push(groupOf(ledger, series));
  }
  groups.sort(
    (a, b) =>
      (a.direction === b.direction ? 0 : a.direction === 'in' ? -1 : 1) ||
      Math.abs(b.mean) - Math.abs(a.mean) ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  const groupOfRow = new Int32Array(ledger.size).fill(-1);
  groups.forEach((g, i) => {
    for (const r of g.rows) groupOfRow[r] = i;
  });
  return { groups, groupOfRow };
}

/** The spec's Recurring Transactions records, with our members after the spec's (docs/analytics.md). */
export function toRecurringTransactions(ledger: Ledger, recurrence: Recurrence): RecurringTransaction[] {
  return recurrence.groups.map((g) => ({
    description: g.description,
    average_amount: round2(g.mean),
    amount_variance: round2(g.variance),
    transaction_ids: g.rows.map((r) => transactionOf(ledger, r).id),
    amount_stability_of_transaction: round4(g.amountStability),
    frequency_stability_of_transaction: round4(g.frequencyStability),
    time_stability_of_transaction: round4(g.timeStability),
    category: itemAt(personalCategories, g.category).id,
    frequency: g.cadence,
    ...(g.nextExpectedDay === null
      ? {}
      : { next_expected_date: londonMidnight(g.nextExpectedDay), next_expected_amount: round2(g.typicalAmount) }),
  }));
}
