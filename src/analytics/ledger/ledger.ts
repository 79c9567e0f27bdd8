/**
 * The ledger: the transactions the personal figures are computed from, prepared once so every later stage is a
 * pass over typed arrays. Which transactions count (docs/analytics.md, "What counts"):
 * - on a Personal account (the spec's insights, affordability and events are for personal accounts);
 * - in the report currency: the currency most of those transactions are in (GBP for UK customers); amounts in
 *   other currencies are left out of the figures, never converted;
 * - Booked (Pending ones may still change or drop) and booked at or before asOf.
 * Rows are in booking order (then input order), with the London day and month of each precomputed.
 */
import { itemAt, last, valueAt } from '../../lib/indexing.ts';
import { findCategory, personalCategories } from '../categories/taxonomy.ts';
import type { Category } from '../categories/taxonomy.ts';
import type { ClassifiedTransaction } from '../classify/classify.ts';
import { dayOfMonth, londonDay, monthOfDay } from '../calendar/london.ts';
import type { EngineAccount, EngineTransaction } from '../types.ts';

/** Index of each Personal category in personalCategories, the order used by every per-category array. */
const CATEGORY_INDEX: ReadonlyMap<string, number> = new Map(personalCategories.map((c, i) => [c.id, i]));
export const CATEGORY_COUNT = personalCategories.length;

export interface Ledger {
  asOf: number;
  asOfDay: number;
  asOfMonth: number;
  /** ISO 4217 code all figures are in */
  currency: string;
  accounts: ReadonlyMap<string, EngineAccount>;
  transactions: readonly EngineTransaction[];
  /** number of rows */
  size: number;
  /** input index of each row */
  input: Int32Array;
  day: Int32Array;
  month: Int32Array;
  amount: Float64Array;
  /** index into personalCategories; changed in place by later refinements (employment/infer-salary.ts) */
  category: Int16Array;
  /** recurrence grouping key (groupKeyOf) */
  group: string[];
  merchant: (string | null)[];
  /** the same as small integers, for keys: group, merchant (-1 when none) and account, numbered in order of appearance */
  groupId: Int32Array;
  merchantId: Int32Array;
  accountIndex: Int32Array;
  /** 1 where an own transfer out went to savings by its words (classify.ts, ClassifiedTransaction.toSavings) */
  toSavings: Uint8Array;
  /** London day of the first row, or asOfDay + 1 when there are none */
  firstDay: number;
  /** first month the data covers from its 1st day (docs/analytics.md, "Months") */
  firstCoveredMonth: number;
}

const MONTH_NAMES = [
  'JANUARY',
  'FEBRUARY',
  'MARCH',
  'APRIL',
  'MAY',
  'JUNE',
  'JULY',
  'AUGUST',
  'SEPTEMBER',
  'OCTOBER',
  'NOVEMBER',
  'DECEMBER',
];
const MONTH_WORDS = new Set([...MONTH_NAMES, ...MONTH_NAMES.map((m) => m.slice(0, 3)), 'SEPT']);
/** What a month name cut short at the end of a truncated text leaves ("PAYROLL JU", "SALARY SE"). */
const MONTH_STUBS = new Set(MONTH_NAMES.flatMap((m) => [m.slice(0, 2), m.slice(0, 3)]));

/**
 * The recurrence grouping key of a normalised description: without tokens that carry digits ("WAGES WK23"),
 * month names ("SALARY SEP") or a month name cut short at the end ("PAYROLL JU"), so a payee's texts group together.
 */
export function groupKeyOf(normalized: string): string {
  const tokens = normalized.split(' ');
  const kept = tokens.filter((t) => !/\d/.test(t) && !MONTH_WORDS.has(t));
  if (kept.length > 1 && MONTH_STUBS.has(last(kept))) kept.pop();
  return kept.length === 0 ? normalized : kept.length === tokens.length ? normalized : kept.join(' ');
}

function idOf(ids: Map<string, number>, key: string): number {
  let id = ids.get(key);
  if (id === undefined) ids.set(key, (id = ids.size));
  return id;
}

/** The currency most of the personal transactions are in; GBP when there are none. */
function reportCurrency(transactions: readonly EngineTransaction[], isPersonal: (id: string) => boolean): string {
  const counts = new Map<string, number>();
  for (const tx of transactions)
    if (isPersonal(tx.accountId)) counts.set(tx.currency, (counts.get(tx.currency) ?? 0) + 1);
  let best = 'GBP';
  let bestCount = 0;
  for (const [currency, count] of counts) {
    if (count > bestCount || (count === bestCount && currency < best)) {
      best = currency;
      bestCount = count;
    }
  }
  return best;
}

/** Input indices of the transactions that count, in booking order (then input order). */
function pickRows(transactions: readonly EngineTransaction[], leftOut: (tx: EngineTransaction) => boolean): number[] {
  const picked: number[] = [];
  let sorted = true;
  let lastBookedAt = -Infinity; // of the last transaction picked
  for (const [i, tx] of transactions.entries()) {
    if (leftOut(tx)) continue;
    if (lastBookedAt > tx.bookedAt) sorted = false;
    lastBookedAt = tx.bookedAt;
    picked.push(i);
  }
  if (!sorted) picked.sort((a, b) => itemAt(transactions, a).bookedAt - itemAt(transactions, b).bookedAt || a - b);
  return picked;
}

export function buildLedger(
  accounts: readonly EngineAccount[],
  transactions: readonly EngineTransaction[],
  classified: readonly ClassifiedTransaction[],
  asOf: number,
): Ledger {
  const byId = new Map(accounts.map((a) => [a.id, a]));
  // A transaction whose account is not listed is treated as Personal, as the classifier does.
  const isPersonal = (id: string): boolean => (byId.get(id)?.type ?? 'Personal') === 'Personal';
  const currency = reportCurrency(transactions, isPersonal);
  const picked = pickRows(
    transactions,
    (tx) => tx.status !== 'Booked' || tx.bookedAt > asOf || tx.currency !== currency || !isPersonal(tx.accountId),
  );

  const size = picked.length;
  const input = Int32Array.from(picked);
  const day = new Int32Array(size);
  const month = new Int32Array(size);
  const amount = new Float64Array(size);
  const category = new Int16Array(size);
  const group: string[] = new Array(size);
  const merchant: (string | null)[] = new Array(size);
  const groupId = new Int32Array(size);
  const merchantId = new Int32Array(size);
  const accountIndex = new Int32Array(size);
  const toSavings = new Uint8Array(size);
  // normalised description → [grouping key, its id]; merchant and account → id
  const groups = new Map<string, [string, number]>();
  const groupIds = new Map<string, number>();
  const merchantIds = new Map<string, number>();
  const accountIds = new Map<string, number>();
  const fallback = categoryIndex('other_expenditure');
  for (const [r, i] of picked.entries()) {
    const tx = itemAt(transactions, i);
    const c = itemAt(classified, i);
    const txDay = londonDay(tx.bookedAt);
    day[r] = txDay;
    month[r] = monthOfDay(txDay);
    amount[r] = tx.amount;
    category[r] = CATEGORY_INDEX.get(c.categoryId) ?? fallback;
    let found = groups.get(c.normalizedDescription);
    if (found === undefined) {
      const key = groupKeyOf(c.normalizedDescription);
      let id = groupIds.get(key);
      if (id === undefined) groupIds.set(key, (id = groupIds.size));
      groups.set(c.normalizedDescription, (found = [key, id]));
    }
    group[r] = found[0];
    groupId[r] = found[1];
    merchant[r] = c.merchant;
    merchantId[r] = c.merchant === null ? -1 : idOf(merchantIds, c.merchant);
    accountIndex[r] = idOf(accountIds, tx.accountId);
    toSavings[r] = c.toSavings === true ? 1 : 0;
  }
  const asOfDay = londonDay(asOf);
  const firstDay = day[0] ?? asOfDay + 1; // day[0] is missing only when there are no rows
  const firstMonth = monthOfDay(firstDay);
  return {
    asOf,
    asOfDay,
    asOfMonth: monthOfDay(asOfDay),
    currency,
    accounts: byId,
    transactions,
    size,
    input,
    day,
    month,
    amount,
    category,
    group,
    merchant,
    groupId,
    merchantId,
    accountIndex,
    toSavings,
    firstDay,
    firstCoveredMonth: dayOfMonth(firstDay) === 1 ? firstMonth : firstMonth + 1,
  };
}

/** Adds `amount` to the value of a typed column at a position the caller knows exists (as itemAt). */
export function addAt(column: Float64Array | Int32Array, index: number, amount: number): void {
  column[index] = valueAt(column, index) + amount;
}

/** The transaction of a row. */
export function transactionOf(ledger: Ledger, row: number): EngineTransaction {
  return itemAt(ledger.transactions, valueAt(ledger.input, row));
}

/** The Personal category of a row. */
export function categoryOf(ledger: Ledger, row: number): Category {
  return itemAt(personalCategories, valueAt(ledger.category, row));
}

/** Category index by id (throws on an unknown id: a bug, caught by the tests). */
export function categoryIndex(id: string): number {
  const index = CATEGORY_INDEX.get(id);
  if (index === undefined || !findCategory('Personal', id)) throw new Error(`unknown Personal category ${id}`);
  return index;
}
