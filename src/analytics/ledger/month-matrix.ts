/**
 * Totals and counts per Personal category and London calendar month, from the first month of the data to
 * asOf's month: the one table income, expenditure, affordability, trends, markers and events read.
 *
 * Amounts are in the category's direction: income categories add money in (a reversed salary subtracts),
 * expenditure categories add money out as a positive amount. A refund is set against the spending it returns:
 * it lowers, in the refund's month, the category of the most recent earlier payment to the same payee on the same
 * account (by payee name, else by grouping key); a category's spending in a month is never taken below zero.
 * A refund with no earlier payment found stays in the `refund` category, which is left out of the totals. Money
 * back in a spending category (the reversal of a returned direct debit) is set against the payment it returns the
 * same way, else against its own category.
 */
import { itemAt, valueAt } from '../../lib/indexing.ts';
import { personalCategories } from '../categories/taxonomy.ts';
import { CATEGORY_COUNT, addAt, categoryIndex } from './ledger.ts';
import type { Ledger } from './ledger.ts';

const REFUND = categoryIndex('refund');
/** The words a bank adds to the payee on a returned direct debit ("UNPAID DD", "RETURNED D/D", "RTN", "UNP"). */
const RETURN_WORDS = new Set([
  'UNPAID',
  'UNP',
  'RETURNED',
  'RETURN',
  'RTN',
  'RTD',
  'REVERSAL',
  'REVERSED',
  'RECALLED',
  'DD',
  'D',
  'DIRECT',
  'DEBIT',
  'ITEM',
  'REFER',
  'TO',
  'PAYER',
]);
const IS_INCOME = personalCategories.map((c) => c.income_expenditure === 'income');

export interface MonthMatrix {
  /** first month of the table */
  from: number;
  /** number of months (from … asOf's month) */
  months: number;
  /** net total of category c in month m at [c * months + (m - from)], in the category's direction */
  totals: Float64Array;
  /** number of transactions given the category */
  counts: Int32Array;
  /** sum of the absolute amounts of those transactions (before refunds are set against them) */
  gross: Float64Array;
}

/** Takes `amount` off the value of a typed column at a position the caller knows exists (as itemAt). */
function subtractAt(column: Float64Array, index: number, amount: number): void {
  column[index] = valueAt(column, index) - amount;
}

/** The largest value of an id column, -1 when it is empty. */
function maxOf(column: Int32Array): number {
  let max = -1;
  for (let i = 0; i < column.length; i++) max = Math.max(max, valueAt(column, i));
  return max;
}

export function buildMonthMatrix(ledger: Ledger): MonthMatrix {
  // month[0] is missing only when there are no rows
  const from = Math.min(ledger.month[0] ?? ledger.asOfMonth, ledger.asOfMonth);
  const months = ledger.asOfMonth - from + 1;
  const totals = new Float64Array(CATEGORY_COUNT * months);
  const counts = new Int32Array(CATEGORY_COUNT * months);
  const gross = new Float64Array(CATEGORY_COUNT * months);
  // The category of the last payment per account and payee, and per account and grouping key: dense tables indexed
  // by account × payee (or grouping key) id, -1 where there is none yet.
  const accounts = maxOf(ledger.accountIndex) + 1;
  const byMerchant = new Int16Array(accounts * (maxOf(ledger.merchantId) + 1)).fill(-1);
  const byGroup = new Int16Array(accounts * (maxOf(ledger.groupId) + 1)).fill(-1);
  const merchantKey = (r: number): number => valueAt(ledger.merchantId, r) * accounts + valueAt(ledger.accountIndex, r);
  const groupKey = (r: number): number => valueAt(ledger.groupId, r) * accounts + valueAt(ledger.accountIndex, r);
  const hasMerchant = (r: number): boolean => valueAt(ledger.merchantId, r) >= 0;
  const find = (r: number): number | undefined => {
    const byPayee = hasMerchant(r) ? valueAt(byMerchant, merchantKey(r)) : -1;
    const category = byPayee >= 0 ? byPayee : valueAt(byGroup, groupKey(r));
    return category >= 0 ? category : undefined;
  };
  // Grouping key text → id, built on the first reversal that its own key does not place.
  let groupIds: Map<string, number> | null = null;
  const findByPayeeWords = (r: number): number | undefined => {
    const words = itemAt(ledger.group, r).split(' ');
    const kept = words.filter((w) => !RETURN_WORDS.has(w));
    if (kept.length === 0 || kept.length === words.length) return undefined;
    if (groupIds === null) {
      groupIds = new Map();
      for (let k = 0; k < ledger.size; k++) groupIds.set(itemAt(ledger.group, k), valueAt(ledger.groupId, k));
    }
    const id = groupIds.get(kept.join(' '));
    if (id === undefined) return undefined;
    const category = valueAt(byGroup, id * accounts + valueAt(ledger.accountIndex, r));
    return category >= 0 ? category : undefined;
  };
  for (let r = 0; r < ledger.size; r++) {
    const c = valueAt(ledger.category, r);
    const cell = c * months + valueAt(ledger.month, r) - from;
    const amount = valueAt(ledger.amount, r);
    addAt(counts, cell, 1);
    addAt(gross, cell, Math.abs(amount));
    if (IS_INCOME[c]) {
      const target = c === REFUND && amount > 0 ? find(r) : undefined;
      if (target === undefined) addAt(totals, cell, amount);
      else subtractAt(totals, cell - c * months + target * months, amount);
    } else if (amount <= 0) {
      if (hasMerchant(r)) byMerchant[merchantKey(r)] = c;
      byGroup[groupKey(r)] = c;
      subtractAt(totals, cell, amount);
    } else {
      // Money back in a spending category (a returned direct debit's reversal): set against the payment it returns,
      // found by payee, else by grouping key, else by the grouping key without the return's own words
      // ("GOWERNET BROADBAND UNPAID" returns "GOWERNET BROADBAND").
      const target = find(r) ?? findByPayeeWords(r) ?? c;
      subtractAt(totals, cell - c * months + target * months, amount);
    }
  }
  for (const [c, isIncome] of IS_INCOME.entries()) {
    if (isIncome) continue;
    const ofCategory = totals.subarray(c * months, (c + 1) * months); // a view: writes go to totals
    for (const [m, total] of ofCategory.entries()) if (total < 0) ofCategory[m] = 0;
  }
  return { from, months, totals, counts, gross };
}

/** Total of a category in a month (0 outside the table). */
export function totalOf(matrix: MonthMatrix, category: number, month: number): number {
  const m = month - matrix.from;
  return m < 0 || m >= matrix.months ? 0 : valueAt(matrix.totals, category * matrix.months + m);
}

export function countOf(matrix: MonthMatrix, category: number, month: number): number {
  const m = month - matrix.from;
  return m < 0 || m >= matrix.months ? 0 : valueAt(matrix.counts, category * matrix.months + m);
}

export function grossOf(matrix: MonthMatrix, category: number, month: number): number {
  const m = month - matrix.from;
  return m < 0 || m >= matrix.months ? 0 : valueAt(matrix.gross, category * matrix.months + m);
}

/** Net total, count and gross amount over several categories and months. */
export function sumOver(
  matrix: MonthMatrix,
  categories: readonly number[],
  months: readonly number[],
): { total: number; count: number; gross: number } {
  let total = 0;
  let count = 0;
  let gross = 0;
  for (const c of categories) {
    for (const month of months) {
      total += totalOf(matrix, c, month);
      count += countOf(matrix, c, month);
      gross += grossOf(matrix, c, month);
    }
  }
  return { total, count, gross };
}
