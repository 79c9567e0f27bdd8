/**
 * Income streams: salaries, pensions and benefits, each payer followed over the whole history. A stream is the
 * money in of one kind (salary, pension, or one benefit category) from one payer: the recognised payer name, or
 * the grouping key without pay words ("KESTREL DISTRIBUTI WAGES WK23" → "KESTREL DISTRIBUTI"). Payments on the
 * same day add up to one payment. One payer paying two people (a couple's two State Pensions) is two streams,
 * told apart by the reference each payment carries (stream-references.ts); one stream under two texts is one
 * stream (stream-merge.ts). A stream with two or more payment
 * days and a rhythm (cadence.ts) is regular and has a schedule (schedule.ts) from which the next payment and any
 * missed ones are read.
 */
import { first, itemAt, valueAt } from '../../lib/indexing.ts';
import { dayOfMonth, monthOfDay } from '../calendar/london.ts';
import { dayInMonth } from '../calendar/months.ts';
import { workingDayOnOrBefore } from '../calendar/working-days.ts';
import { hasMarker, personalCategories } from '../categories/taxonomy.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { PERIOD_DAYS, TOLERANCE_DAYS, detectCadence } from '../recurrence/cadence.ts';
import type { Cadence } from '../recurrence/cadence.ts';
import { expectedDays, learnSchedule } from '../recurrence/schedule.ts';
import type { Schedule } from '../recurrence/schedule.ts';
import { mergeParts } from './stream-merge.ts';
import type { PayerGroup } from './stream-merge.ts';
import { splitByReference } from './stream-references.ts';

export type StreamKind = 'salary' | 'pension' | 'benefit';
/** The further kinds only the income verification section follows (income-verification.ts). */
export type OtherStreamKind = 'rental' | 'self_employed' | 'other';

export interface IncomeStream<K extends string = StreamKind> {
  kind: K;
  /** kind, category and payer: unique per stream */
  key: string;
  payer: string;
  categoryId: string;
  /** ledger rows of the payments, in booking order */
  rows: number[];
  /** distinct payment days, ascending, and the total paid on each */
  days: number[];
  amounts: number[];
  cadence: Cadence;
  schedule: Schedule | null;
  /** median of the last three payments */
  typicalAmount: number;
  /** scheduled days after the last payment that have passed (beyond the tolerance) without one */
  missed: number[];
  /** the first scheduled day on or after asOf's day, more than half a period after the last payment */
  nextExpectedDay: number | null;
}

const PAY_WORDS = new Set([
  'SALARY',
  'SALARIES',
  'WAGES',
  'WAGE',
  'PAY',
  'NET',
  'NETPAY',
  'SLRY',
  'BACS',
  'WK',
  'WEEK',
  'WEEKLY',
  'MONTHLY',
  'MONTH',
  'BGC',
  'CR',
  'BANK',
  'CREDIT',
  'GIRO',
  'PAYMENT',
  'REF',
]);

function kindOf(categoryId: string): StreamKind | null {
  if (hasMarker('Personal', categoryId, 'salary')) return 'salary';
  if (hasMarker('Personal', categoryId, 'pension')) return 'pension';
  if (hasMarker('Personal', categoryId, 'benefits')) return 'benefit';
  return null;
}
const KIND_OF = personalCategories.map((c) => kindOf(c.id));
/** Rent received, self-employed takings and maintenance or other income (regular ones only: see findOtherIncomeStreams). */
const OTHER_KIND_OF = personalCategories.map((c): OtherStreamKind | null =>
  c.id === 'rental_income'
    ? 'rental'
    : c.id === 'self_employment_income'
      ? 'self_employed'
      : c.id === 'maintenance_received' || c.id === 'other_income'
        ? 'other'
        : null,
);

/** The payer part of a grouping key. */
export function payerOf(group: string): string {
  const kept = group
    .split(' ')
    .filter((t) => !PAY_WORDS.has(t))
    .join(' ');
  return kept === '' ? group : kept;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? itemAt(sorted, mid) : (itemAt(sorted, mid - 1) + itemAt(sorted, mid)) / 2;
}

export function findIncomeStreams(ledger: Ledger): IncomeStream[] {
  return streamsOf(ledger, KIND_OF);
}

/**
 * Rent received, self-employed takings and other income (maintenance, money in the classifier could not place),
 * followed as streams for the income verification section only: the employment figures and events speak of
 * salaries, pensions and benefits. Other income counts only when regular (a rhythm, two or more payments): a
 * one-off is not a stream.
 */
export function findOtherIncomeStreams(ledger: Ledger): IncomeStream<OtherStreamKind>[] {
  return streamsOf(ledger, OTHER_KIND_OF).filter((s) => s.kind !== 'other' || isRegular(s));
}

function streamsOf<K extends string>(ledger: Ledger, kindOfCategory: readonly (K | null)[]): IncomeStream<K>[] {
  // The rows of each kind, category and payer (the kind follows from the category), in order of first appearance.
  type Rows = { key: string; kind: K; payer: string; category: number; rows: number[] };
  const inOrder: Rows[] = [];
  const byCategory = new Map<number, Map<string, Rows>>();
  const payerOfGroup = new Map<number, string>(); // by ledger.groupId
  for (let r = 0; r < ledger.size; r++) {
    const c = valueAt(ledger.category, r);
    const kind = itemAt(kindOfCategory, c);
    if (kind === null || valueAt(ledger.amount, r) <= 0) continue;
    let payer = itemAt(ledger.merchant, r);
    if (payer === null) {
      const groupId = valueAt(ledger.groupId, r);
      payer = payerOfGroup.get(groupId) ?? payerOf(itemAt(ledger.group, r));
      payerOfGroup.set(groupId, payer);
    }
    let byPayer = byCategory.get(c);
    if (byPayer === undefined) byCategory.set(c, (byPayer = new Map()));
    const found = byPayer.get(payer);
    if (found) found.rows.push(r);
    else {
      const key = `${kind}|${itemAt(personalCategories, c).id}|${payer}`;
      const rows: Rows = { key, kind, payer, category: c, rows: [r] };
      byPayer.set(payer, rows);
      inOrder.push(rows);
    }
  }
  const groups: (PayerGroup & { kind: K })[] = [];
  for (const { key, kind, payer, category, rows } of inOrder) {
    const parts = splitByReference(ledger, rows);
    if (parts === null) groups.push({ key, kind, payer, category, rows });
    else for (const [ref, part] of parts) groups.push({ key: `${key}|${ref}`, kind, payer, category, rows: part });
  }
  const streams = mergeParts(ledger, groups).map((g) =>
    buildStream(ledger, g.key, g.kind, g.payer, g.category, g.rows),
  );
  streams.sort((a, b) => first(a.days) - first(b.days) || (a.key < b.key ? -1 : 1));
  return streams;
}

/**
 * The rhythm of a stream's days. Two or three payments 28 days apart are also monthly pay moved to the working
 * day before a weekend (the 25th of September, then Friday 23 October): when one day of the month, so moved,
 * gives every payment, the stream is monthly — the more common rhythm — until more payments tell.
 */
function streamCadence(days: readonly number[]): Cadence {
  const cadence = detectCadence(days);
  if (cadence !== 'four_weekly' || days.length > 3) return cadence;
  const nominal = Math.max(...days.map(dayOfMonth));
  return days.every((d) => workingDayOnOrBefore(dayInMonth(monthOfDay(d), nominal)) === d) ? 'monthly' : cadence;
}

/** One stream: its payment days (same-day payments added up), rhythm, schedule and missed payments. */
function buildStream<K extends string>(
  ledger: Ledger,
  key: string,
  kind: K,
  payer: string,
  category: number,
  rows: number[],
): IncomeStream<K> {
  const days: number[] = [];
  const amounts: number[] = [];
  for (const r of rows) {
    const day = valueAt(ledger.day, r);
    const amount = valueAt(ledger.amount, r);
    if (days.length > 0 && days[days.length - 1] === day) amounts[amounts.length - 1] = itemAt(amounts, -1) + amount;
    else {
      days.push(day);
      amounts.push(amount);
    }
  }
  const cadence = streamCadence(days);
  const schedule = cadence === 'irregular' ? null : learnSchedule(days, cadence, 'in');
  const stream: IncomeStream<K> = {
    kind,
    key,
    payer,
    categoryId: itemAt(personalCategories, category).id,
    rows,
    days,
    amounts,
    cadence,
    schedule,
    typicalAmount: median(amounts.slice(-3)),
    missed: [],
    nextExpectedDay: null,
  };
  if (schedule) {
    const lastDay = itemAt(days, -1);
    const after = lastDay + Math.floor(PERIOD_DAYS[cadence] / 2);
    stream.missed = expectedDays(schedule, after, ledger.asOfDay - TOLERANCE_DAYS[cadence]);
    // The next scheduled day falls within a period (and a week of moving off weekends and holidays) of `from`.
    const from = Math.max(after, ledger.asOfDay - 1);
    stream.nextExpectedDay = expectedDays(schedule, from, from + Math.ceil(PERIOD_DAYS[cadence]) + 7)[0] ?? null;
  }
  return stream;
}

/** Whether the stream has a rhythm (two or more payment days fitting one). */
export function isRegular(stream: IncomeStream<string>): boolean {
  return stream.schedule !== null && stream.days.length >= 2;
}
