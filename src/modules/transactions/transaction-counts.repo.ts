/**
 * The totals of transaction lists (docs/decisions/0030-transaction-totals.md), without a count(*) over a customer's
 * history: from transaction_counts, kept by triggers in every writer's transaction
 * (migrations/0013_transaction_counts.sql), and from transactions only for the partial ends of a booking window.
 */
import { theRow, type Db } from '../../db/db.ts';
import { whereClause, type TransactionFilters } from './transactions.repo.ts';
import type { TransactionRow } from './transactions.row.ts';

/** The width of a period of transaction_counts, in seconds (migrations/0013_transaction_counts.sql). */
const COUNT_PERIOD_SECONDS = 2_592_000;

/**
 * How many transactions match `f`, without a count(*) over the customer's history
 * (docs/decisions/0030-transaction-totals.md): whole 30-day periods are summed from the maintained counts, and
 * only the partial periods at the two ends of a booking window are counted in transactions, through the index of
 * the read order. Exact, and its cost is bounded by what two periods hold, however long the history.
 */
export async function countTransactions(db: Db, customerId: string, f: TransactionFilters): Promise<number> {
  const from = f.booking_date_time_from;
  const to = f.booking_date_time_to;
  // The whole periods inside the window: [lo, hi).
  const lo = from === undefined ? undefined : Math.ceil(from / COUNT_PERIOD_SECONDS);
  const hi = to === undefined ? undefined : Math.floor((to + 1) / COUNT_PERIOD_SECONDS);
  if (lo !== undefined && hi !== undefined && lo >= hi) return countRows(db, customerId, f);
  let n = await countFromCounts(db, customerId, f, lo, hi);
  if (from !== undefined && lo !== undefined && from < lo * COUNT_PERIOD_SECONDS)
    n += await countRows(db, customerId, { ...f, booking_date_time_to: lo * COUNT_PERIOD_SECONDS - 1 });
  if (to !== undefined && hi !== undefined && to >= hi * COUNT_PERIOD_SECONDS)
    n += await countRows(db, customerId, { ...f, booking_date_time_from: hi * COUNT_PERIOD_SECONDS });
  return n;
}

async function countFromCounts(
  db: Db,
  customerId: string,
  f: TransactionFilters,
  lo: number | undefined,
  hi: number | undefined,
): Promise<number> {
  const params: unknown[] = [customerId];
  const parts = ['c.customer_id = $1'];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    parts.push(sql.replace('?', `$${params.length}`));
  };
  if (f.bank_slug !== undefined) add('c.bank_slug = ?', f.bank_slug);
  if (f.account_number !== undefined) add('c.account_number = ?', f.account_number);
  if (f.currency !== undefined) add('c.currency = ?', f.currency);
  if (f.account_type !== undefined)
    add('c.account_id IN (SELECT id FROM accounts WHERE customer_id = $1 AND type = ?)', f.account_type);
  if (lo !== undefined) add('c.period >= ?', lo);
  if (hi !== undefined) add('c.period < ?', hi);
  const r = await db.query<{ n: number }>(
    `SELECT coalesce(sum(c.n), 0)::int8 AS n FROM transaction_counts c WHERE ${parts.join(' AND ')}`,
    params,
  );
  return Number(theRow(r).n);
}

/** count(*) of the rows in a booking window no wider than two periods (the ends of countTransactions' window). */
async function countRows(db: Db, customerId: string, f: TransactionFilters): Promise<number> {
  const { sql, params } = whereClause(customerId, f);
  return Number(
    theRow(await db.query<{ n: number }>(`SELECT count(*)::int8 AS n FROM transactions t WHERE ${sql}`, params)).n,
  );
}

/**
 * Counts the rows of a staged load as it is published (migrations/0018_staged_ingest.sql: the triggers leave staged
 * rows out): grouped here from the rows in hand, so publishing costs one statement of a few counts rows instead of a
 * read of the load. Inside the publishing transaction.
 */
export async function addCounts(tx: Db, customerId: string, rows: readonly TransactionRow[]): Promise<void> {
  const groups = new Map<string, { row: TransactionRow; period: number; n: number }>();
  for (const row of rows) {
    const period = Math.floor(row.booking_date_time / COUNT_PERIOD_SECONDS);
    const key = `${row.account_id}\u0000${row.bank_slug}\u0000${row.account_number}\u0000${row.currency}\u0000${period}`;
    const g = groups.get(key);
    if (g) g.n++;
    else groups.set(key, { row, period, n: 1 });
  }
  if (groups.size === 0) return;
  const list = [...groups.values()];
  await tx.query(
    `INSERT INTO transaction_counts AS c (customer_id, account_id, bank_slug, account_number, currency, period, n)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::int8[], $7::int8[])
     ORDER BY 1, 2, 3, 4, 5, 6
     ON CONFLICT (customer_id, account_id, bank_slug, account_number, currency, period) DO UPDATE SET n = c.n + EXCLUDED.n`,
    [
      customerId,
      list.map((g) => g.row.account_id),
      list.map((g) => g.row.bank_slug),
      list.map((g) => g.row.account_number),
      list.map((g) => g.row.currency),
      list.map((g) => g.period),
      list.map((g) => g.n),
    ],
  );
}
