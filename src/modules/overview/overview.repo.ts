/**
 * Read-only SQL of the overview: the stored data the report refers to (balances, transactions, their stored
 * categories), scoped to one customer. It writes nothing; the tables belong to the accounts, transactions and
 * reports modules, whose services are the only writers.
 */
import type { Db } from '../../db/db.ts';
import { currentCategories, publishedTransaction } from '../../db/transactions-visibility.ts';

export interface LatestBalanceRow {
  account_id: string;
  type: string;
  amount: string;
  currency: string;
  date: string;
}

/** The latest balance of each account and type of the customer. */
export async function latestBalances(db: Db, customerId: string): Promise<LatestBalanceRow[]> {
  const r = await db.query<LatestBalanceRow>(
    `SELECT DISTINCT ON (account_id, type) account_id, type, amount::text AS amount, currency, to_char(date, 'YYYY-MM-DD') AS date
     FROM balances WHERE customer_id = $1 ORDER BY account_id, type, date DESC`,
    [customerId],
  );
  return r.rows;
}

export interface TransactionRow {
  id: string;
  booking_date_time: string;
  name: string;
  amount: string;
  currency: string;
  category_name: string | null;
}

const TRANSACTION_COLUMNS = `t.id::text AS id, t.booking_date_time::text AS booking_date_time, t.name,
  t.amount::text AS amount, t.currency, c.category_name`;

/** The customer's transactions with these ids (ids of another customer find nothing). */
export async function transactionsByIds(db: Db, customerId: string, ids: readonly string[]): Promise<TransactionRow[]> {
  const uuids = ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  if (uuids.length === 0) return [];
  const r = await db.query<TransactionRow>(
    `SELECT ${TRANSACTION_COLUMNS} FROM transactions t
     LEFT JOIN transaction_categories c ON c.customer_id = t.customer_id AND c.transaction_id = t.id
       AND ${currentCategories('c', '$1')}
     WHERE t.customer_id = $1 AND t.id = ANY($2::uuid[]) AND ${publishedTransaction()}`,
    [customerId, uuids],
  );
  return r.rows;
}

/** Booked transactions whose stored category is one of `categoryIds`, booked in [from, to] (Unix seconds), newest first. */
export async function transactionsInCategories(
  db: Db,
  customerId: string,
  categoryIds: readonly string[],
  from: number,
  to: number,
): Promise<Array<TransactionRow & { category_id: string }>> {
  if (categoryIds.length === 0) return [];
  const r = await db.query<TransactionRow & { category_id: string }>(
    `SELECT ${TRANSACTION_COLUMNS}, c.category_id FROM transaction_categories c
     JOIN transactions t ON t.customer_id = c.customer_id AND t.id = c.transaction_id
     WHERE c.customer_id = $1 AND ${currentCategories('c', '$1')} AND c.category_id = ANY($2::text[]) AND t.status = 'Booked'
       AND t.booking_date_time BETWEEN $3 AND $4 AND ${publishedTransaction()}
     ORDER BY t.booking_date_time DESC, t.id DESC`,
    [customerId, categoryIds, from, to],
  );
  return r.rows;
}

export interface CoveredAccountRow {
  account_id: string;
  first_booking: string;
  last_booking: string;
}

/**
 * The Personal accounts the report covers (src/analytics/ledger/ledger.ts: booked, in the report currency, booked by
 * asOf) with their first and last booking time.
 */
export async function coveredAccounts(
  db: Db,
  customerId: string,
  currency: string,
  asOf: number,
): Promise<CoveredAccountRow[]> {
  const r = await db.query<CoveredAccountRow>(
    `SELECT t.account_id, min(t.booking_date_time)::text AS first_booking, max(t.booking_date_time)::text AS last_booking
     FROM transactions t LEFT JOIN accounts a ON a.customer_id = t.customer_id AND a.id = t.account_id
     WHERE t.customer_id = $1 AND t.status = 'Booked' AND t.currency = $2 AND t.booking_date_time <= $3
       AND coalesce(a.type, 'Personal') = 'Personal' AND ${publishedTransaction()}
     GROUP BY t.account_id ORDER BY t.account_id`,
    [customerId, currency, asOf],
  );
  return r.rows;
}
