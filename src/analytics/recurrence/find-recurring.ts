/**
 * Recurring transactions (spec, Financial Patterns › recurrence). Over the last 12 complete months and the
 * current month to asOf, the customer's transactions are grouped by payee (the normalised description without
 * tokens holding digits, see ledger.ts) and direction. A group is recurring when it happened on at least 3
 * distinct days with a recognisable rhythm (cadence.ts: weekly, fortnightly, four-weekly, monthly, quarterly);
 * a group of exactly 3 days must also have an amount stability of at least 0.7.
 * Transfers between own accounts and refunds are left out (they are not the customer's income or spending).
 */
import { first, itemAt } from '../../lib/indexing.ts';
import { personalCategories } from '../categories/taxonomy.ts';
import { monthStartDay } from '../calendar/london.ts';
import { transactionOf } from '../ledger/ledger.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { round2, round4 } from '../money.ts';
import type { RecurringTransaction } from '../report-types.ts';
import { detectCadence } from './cadence.ts';
import type { Cadence } from './cadence.ts';
import { learnSchedule } from './schedule.ts';
import type { Schedule } from './schedule.ts';
import { amountStability, frequencyStability, moments, timeStability } from './stability.ts';

export interface RecurringGroup {
  key: string;
  description: string;
  direction: 'in' | 'out';
  /** ledger rows, in booking order */
  rows: number[];
  /** distinct London days, ascending */
  days: number[];
  cadence: Exclude<Cadence, 'irregular'>;
  schedule: Schedule;
  /** mean and population variance of the signed amounts */
  mean: number;
  variance: number;
  amountStability: number;
  frequencyStability: number;
  timeStability: number;
  /** the most common category index among the rows */
  category: number;
  /** median of the last three amounts (signed): what the next one is expected to be */
  typicalAmount: number;
}

export interface Recurrence {
  groups: RecurringGroup[];
  /** the group index of each ledger row, -1 when the row is in none */
  groupOfRow: Int32Array;
}

const MIN_DAYS = 3;
/** Three purchases a month apart happen by chance (IKEA in March, April, May); three bills also agree on amount. */
const MIN_STABILITY_OF_THREE = 0.7;
const EXCLUDED = personalCategories.map((c) => c.excludedFromTotals);

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

export function findRecurring(ledger: Ledger): Recurrence {
  const fromDay = monthStartDay(ledger.asOfMonth - 12);
  // Keyed by grouping key id and direction (even: in, odd: out).
  const byKey = new Map<number, number[]>();
  for (let r = 0; r < ledger.size; r++) {
    const amount = itemAt(ledger.amount, r);
    if (itemAt(ledger.day, r) < fromDay || EXCLUDED[itemAt(ledger.category, r)] || amount === 0) continue;
    const key = itemAt(ledger.groupId, r) * 2 + (amount > 0 ? 0 : 1);
    const rows = byKey.get(key);
    if (rows) rows.push(r);
    else byKey.set(key, [r]);
  }
  const groups: RecurringGroup[] = [];
  for (const [id, rows] of byKey) {
    if (rows.length < MIN_DAYS) continue;
    const days: number[] = [];
    for (const r of rows) {
      const day = itemAt(ledger.day, r);
      if (days.length === 0 || days[days.length - 1] !== day) days.push(day);
    }
    if (days.length < MIN_DAYS) continue;
    const cadence = detectCadence(days);
    if (cadence === 'irregular') continue;
    const amounts = rows.map((r) => itemAt(ledger.amount, r));
    const stability = amountStability(amounts);
    if (days.length === MIN_DAYS && stability < MIN_STABILITY_OF_THREE) continue;
    const direction = id % 2 === 0 ? 'in' : 'out';
    const key = `${direction}|${itemAt(ledger.group, first(rows))}`;
    const { mean, variance } = moments(amounts);
    const last = itemAt(rows, -1);
    groups.push({
      key,
      description: itemAt(ledger.merchant, last) ?? itemAt(ledger.group, last),
      direction,
      rows,
      days,
      cadence,
      schedule: learnSchedule(days, cadence, direction),
      mean,
      variance,
      amountStability: stability,
      frequencyStability: frequencyStability(days),
      timeStability: timeStability(
        rows.map((r) => itemAt(ledger.month, r)),
        ledger.asOfMonth,
      ),
      category: mostCommon(rows.map((r) => itemAt(ledger.category, r))),
      typicalAmount: medianOfLast(amounts, 3),
    });
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

/** The spec's Recurring Transactions records. */
export function toRecurringTransactions(ledger: Ledger, recurrence: Recurrence): RecurringTransaction[] {
  return recurrence.groups.map((g) => ({
    description: g.description,
    average_amount: round2(g.mean),
    amount_variance: round2(g.variance),
    transaction_ids: g.rows.map((r) => transactionOf(ledger, r).id),
    amount_stability_of_transaction: round4(g.amountStability),
    frequency_stability_of_transaction: round4(g.frequencyStability),
    time_stability_of_transaction: round4(g.timeStability),
  }));
}
