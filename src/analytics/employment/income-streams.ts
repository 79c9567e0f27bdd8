/**
 * Income streams: salaries, pensions and benefits, each payer followed over the whole history. A stream is the
 * money in of one kind (salary, pension, or one benefit category) from one payer: the recognised payer name, or
 * the grouping key without pay words ("KESTREL DISTRIBUTI WAGES WK23" → "KESTREL DISTRIBUTI"). Payments on the
 * same day add up to one payment. A stream with two or more payment days and a rhythm (cadence.ts) is regular
 * and has a schedule (schedule.ts) from which the next payment and any missed ones are read.
 */
import { first, itemAt } from '../../lib/indexing.ts';
import { hasMarker, personalCategories } from '../categories/taxonomy.ts';

import type { Ledger } from '../ledger/ledger.ts';
import { PERIOD_DAYS, TOLERANCE_DAYS, detectCadence } from '../recurrence/cadence.ts';
import type { Cadence } from '../recurrence/cadence.ts';
import { expectedDays, learnSchedule } from '../recurrence/schedule.ts';
import type { Schedule } from '../recurrence/schedule.ts';

export type StreamKind = 'salary' | 'pension' | 'benefit';

export interface IncomeStream {
  kind: StreamKind;
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
  const byKey = new Map<string, { kind: StreamKind; payer: string; category: number; rows: number[] }>();
  for (let r = 0; r < ledger.size; r++) {
    const c = itemAt(ledger.category, r);
    const kind = itemAt(KIND_OF, c);
    if (kind === null || itemAt(ledger.amount, r) <= 0) continue;
    const payer = itemAt(ledger.merchant, r) ?? payerOf(itemAt(ledger.group, r));
    const key = `${kind}|${itemAt(personalCategories, c).id}|${payer}`;
    const found = byKey.get(key);
    if (found) found.rows.push(r);
    else byKey.set(key, { kind, payer, category: c, rows: [r] });
  }
  const streams: IncomeStream[] = [];
  for (const [key, { kind, payer, category, rows }] of byKey) {
    const days: number[] = [];
    const amounts: number[] = [];
    for (const r of rows) {
      const day = itemAt(ledger.day, r);
      const amount = itemAt(ledger.amount, r);
      if (days.length > 0 && days[days.length - 1] === day) amounts[amounts.length - 1] = itemAt(amounts, -1) + amount;
      else {
        days.push(day);
        amounts.push(amount);
      }
    }
    const cadence = detectCadence(days);
    const schedule = cadence === 'irregular' ? null : learnSchedule(days, cadence, 'in');
    const stream: IncomeStream = {
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
      const last = itemAt(days, -1);
      const after = last + Math.floor(PERIOD_DAYS[cadence] / 2);
      stream.missed = expectedDays(schedule, after, ledger.asOfDay - TOLERANCE_DAYS[cadence]);
      stream.nextExpectedDay =
        expectedDays(schedule, Math.max(after, ledger.asOfDay - 1), ledger.asOfDay + 400)[0] ?? null;
    }
    streams.push(stream);
  }
  streams.sort((a, b) => first(a.days) - first(b.days) || (a.key < b.key ? -1 : 1));
  return streams;
}

/** Whether the stream has a rhythm (two or more payment days fitting one). */
export function isRegular(stream: IncomeStream): boolean {
  return stream.schedule !== null && stream.days.length >= 2;
}
