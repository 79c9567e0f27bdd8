/**
 * Transactions storage. Bulk writes go through COPY (new rows) and one unnest UPDATE (changed rows), never
 * one statement per row. Work is cut in chunks with a yield between them, so on the embedded engine
 * (which runs on this process's event loop) other requests keep being answered during a big submission.
 */
import { itemAt } from '../../lib/indexing.ts';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { theRow, type Db } from '../../db/db.ts';
import { currentCategories, publishedTransaction } from '../../db/transactions-visibility.ts';
import {
  csvLines,
  ROW_COLUMNS,
  STORED_COLUMNS,
  TRANSACTION_COLUMNS,
  UPDATABLE_COLUMNS,
  type TransactionRow,
} from './transactions.row.ts';
import {
  BANK_DETAILS_COLUMNS,
  BANK_DETAILS_JOIN,
  type CurrencyExchangeDetail,
} from './transaction-bank-details.repo.ts';

// The embedded engine runs COPY on this thread: small slices keep each pause short (250 rows, about 15 ms; 500
// held it about 30 ms). A server runs it elsewhere, so bigger slices only save round trips.
const copyChunk = (db: Db) => (db.kind === 'pglite' ? 250 : 5_000);

/**
 * Serialises writers of one customer's transactions (two overlapping submissions, a bank pull). The embedded engine
 * runs one transaction at a time (src/db/pglite.ts: PGlite's transaction() holds its transaction mutex until the
 * end), so no other writer can come in between there, and the statement is left out.
 */
export async function lockCustomerTransactions(tx: Db, customerId: string): Promise<void> {
  const key = customerLockKey(tx, customerId);
  if (key !== null) await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
}

/** The text whose hashtext() is the advisory lock of lockCustomerTransactions; null on the embedded engine. */
function customerLockKey(tx: Db, customerId: string): string | null {
  return tx.kind === 'pglite' ? null : `transactions:${customerId}`;
}

/**
 * New rows by COPY. With ingestId, the rows of a staged load (transactions-staged.repo.ts): marked with it, unseen
 * until it is published, and meant for `db` outside a transaction, so each chunk is a statement of its own.
 */
export async function insertTransactions(
  tx: Db,
  customerId: string,
  rows: Array<TransactionRow & { id: string }>,
  now: Date,
  ingestId?: string,
): Promise<void> {
  const columns = ingestId === undefined ? [...TRANSACTION_COLUMNS] : [...TRANSACTION_COLUMNS, 'ingest_id'];
  await tx.copyFrom('transactions', columns, csvChunks(customerId, rows, now, copyChunk(tx), ingestId));
}

const NOW_PARAM = `$${ROW_COLUMNS.length + 3}`;

/**
 * A small batch's duplicate lookup and the insert of its new rows, in one statement (one round trip, one plan; a
 * few-item submission pays per statement, not per row: docs/decisions/0039-small-submission-generic-plans.md). Each key is probed through the primary key
 * in the customer's one partition, as findExisting's EXISTING_KEYS_SQL does; the rows whose key is not stored are
 * inserted with the id given for them, in the same snapshot (the caller holds lockCustomerTransactions, so no other
 * writer of the customer's transactions runs in between). The $2 parameter carries one id per row.
 */
const INSERT_SMALL_BATCH_SQL = `WITH k AS MATERIALIZED (
    SELECT * FROM unnest($2::uuid[], ${ROW_COLUMNS.map(([, type], i) => `$${i + 3}::${type}[]`).join(', ')})
      AS k(id, ${ROW_COLUMNS.map(([c]) => c).join(', ')})
  ),
  stored AS MATERIALIZED (
    SELECT s.id, k.account_id, k.external_transaction_id, s.content_hash FROM k
    CROSS JOIN LATERAL (
      SELECT t.id::text AS id, t.content_hash FROM transactions t
      WHERE t.customer_id = $1 AND t.account_id = k.account_id AND t.external_transaction_id = k.external_transaction_id
      LIMIT 1
    ) s
  ),
  inserted AS (
    INSERT INTO transactions (${TRANSACTION_COLUMNS.join(', ')})
    SELECT ${STORED_COLUMNS.map((c) => (c.packed === 'customer' ? '$1' : c.packed === 'stamp' ? NOW_PARAM : `k.${c.name}`)).join(', ')}
    FROM k WHERE NOT EXISTS (
      SELECT 1 FROM stored WHERE stored.account_id = k.account_id AND stored.external_transaction_id = k.external_transaction_id
    )
  )
  SELECT (SELECT json_agg(stored) FROM stored) AS stored`;

/**
 * Inserts the rows of a small batch whose natural key is not stored yet (each with its id from `ids`, same order),
 * and answers the stored versions of the others, as findExisting does. Inside the caller's transaction, under
 * lockCustomerTransactions.
 */
export async function insertSmallBatch(
  tx: Db,
  customerId: string,
  rows: TransactionRow[],
  ids: string[],
  now: Date,
): Promise<Array<{ id: string; account_id: string; external_transaction_id: string; content_hash: number }>> {
  const r = await tx.query<{
    stored: Array<{ id: string; account_id: string; external_transaction_id: string; content_hash: number }> | null;
  }>(
    INSERT_SMALL_BATCH_SQL,
    [customerId, ids, ...ROW_COLUMNS.map(([c]) => rows.map((row) => row[c])), now],
    // A long text run for every small submission: parsed and planned once per connection (src/db/pglite-prepared.ts).
    { prepare: true },
  );
  return theRow(r).stored ?? [];
}

/** The rows as CSV, a chunk at a time: a server loads one chunk while the next is being made. */
async function* csvChunks(
  customerId: string,
  rows: Array<TransactionRow & { id: string }>,
  now: Date,
  size: number,
  ingestId?: string,
): AsyncGenerator<string> {
  const line = csvLines(customerId, now.toISOString(), ingestId === undefined ? '' : `,${ingestId}`);
  for (let i = 0; i < rows.length; i += size) {
    const end = Math.min(i + size, rows.length);
    let csv = '';
    for (let j = i; j < end; j++) {
      const r = itemAt(rows, j);
      csv += line(r, r.id);
    }
    yield csv;
    await yieldToLoop();
  }
}

/**
 * Pending → Booked, corrected fields: the stored row (same id) takes the new values. Found by its natural key,
 * the primary key, in the customer's one partition (migrations/0017_transactions_partitioned.sql). `prepare`: a
 * small batch's (one chunk), as a prepared statement: in the small submission's transaction it is then planned once
 * per connection, where a statement that is not prepared would get a generic plan made afresh over every partition
 * (docs/decisions/0039-small-submission-generic-plans.md).
 */
export async function updateTransactions(
  tx: Db,
  customerId: string,
  rows: Array<TransactionRow & { id: string }>,
  now: Date,
  { prepare = false }: { prepare?: boolean } = {},
): Promise<void> {
  const size = copyChunk(tx);
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    const n = UPDATABLE_COLUMNS.length;
    await tx.query(
      // A new place in the change feed; added_seq keeps where it was inserted (migrations/0026_transaction_change_feed.sql).
      `UPDATE transactions t SET ${UPDATABLE_COLUMNS.map(([c]) => `${c} = u.${c}`).join(', ')}, updated_at = $${n + 3},
         change_seq = nextval('transaction_change_seq'), added_seq = coalesce(t.added_seq, t.change_seq)
       FROM unnest($1::text[], $2::text[], ${UPDATABLE_COLUMNS.map(([, type], k) => `$${k + 3}::${type}[]`).join(', ')})
         AS u(account_id, external_transaction_id, ${UPDATABLE_COLUMNS.map(([c]) => c).join(', ')})
       WHERE t.customer_id = $${n + 4} AND t.account_id = u.account_id
         AND t.external_transaction_id = u.external_transaction_id`,
      [
        chunk.map((r) => r.account_id),
        chunk.map((r) => r.external_transaction_id),
        ...UPDATABLE_COLUMNS.map(([c]) => chunk.map((r) => r[c])),
        now,
        customerId,
      ],
      { prepare },
    );
    await yieldToLoop();
  }
}

export interface TransactionFilters {
  bank_slug?: string;
  account_number?: string;
  account_type?: 'Personal' | 'Business';
  currency?: string;
  booking_date_time_from?: number;
  booking_date_time_to?: number;
}

export interface StoredTransaction extends Omit<TransactionRow, 'content_hash'> {
  id: string;
  /** set when read with the classification of the latest report */
  classified_category_id?: string | null;
  classified_category?: string | null;
  classified_merchant?: string | null;
  /** what the bank said beyond the submission's columns (transaction-bank-details.repo.ts); null when nothing */
  charge_amount?: string | null;
  charge_currency?: string | null;
  currency_exchange?: CurrencyExchangeDetail | null;
  /** 'correction' or 'rule' when people chose the stored category; null when the engine did */
  category_source?: 'correction' | 'rule' | null;
  rule_id?: string | null;
  original_category_id?: string | null;
  original_category_name?: string | null;
  /** the transaction's latest correction, if any (its category null when it was withdrawn) */
  correction_id?: string | null;
  correction_account_type?: 'Personal' | 'Business' | null;
  correction_category_id?: string | null;
  correction_actor_type?: 'api_client' | 'console_user' | null;
  correction_actor_id?: string | null;
  corrected_at?: Date | null;
}

export function whereClause(customerId: string, f: TransactionFilters): { sql: string; params: unknown[] } {
  const params: unknown[] = [customerId];
  const parts = ['t.customer_id = $1', publishedTransaction()];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    parts.push(sql.replace('?', `$${params.length}`));
  };
  if (f.bank_slug !== undefined) add('t.bank_slug = ?', f.bank_slug);
  if (f.account_number !== undefined) add('t.account_number = ?', f.account_number);
  if (f.currency !== undefined) add('t.currency = ?', f.currency);
  if (f.booking_date_time_from !== undefined) add('t.booking_date_time >= ?', f.booking_date_time_from);
  if (f.booking_date_time_to !== undefined) add('t.booking_date_time <= ?', f.booking_date_time_to);
  if (f.account_type !== undefined)
    add('t.account_id IN (SELECT id FROM accounts WHERE customer_id = $1 AND type = ?)', f.account_type);
  return { sql: parts.join(' AND '), params };
}

/** Where the previous page ended, in the read order: pages after it start strictly below this key. */
export interface PageKey {
  booking_date_time: number;
  id: string;
}

/**
 * One page in the read order of endpoint 11 (booking_date_time descending, then id), read along
 * transactions_customer_booking (customer_id, booking_date_time DESC, id DESC), the index of that order: with
 * `after` (the key of the previous page's last row) in O(page) at any depth; without it by OFFSET, whose cost grows
 * with the page number (the first page is O(page)). Counting is not done here (transaction-counts.repo.ts).
 */
export async function listTransactions(
  db: Db,
  customerId: string,
  f: TransactionFilters,
  limit: number,
  offset: number,
  after?: PageKey,
  withCategories = false,
): Promise<StoredTransaction[]> {
  const { sql, params } = whereClause(customerId, f);
  let where = sql;
  if (after) {
    params.push(after.booking_date_time, after.id);
    where += ` AND (t.booking_date_time, t.id) < ($${params.length - 1}::bigint, $${params.length}::uuid)`;
  }
  return (
    await db.query<StoredTransaction>(
      `${transactionSelect(withCategories)} WHERE ${where} ORDER BY t.booking_date_time DESC, t.id DESC LIMIT ${limit}${after ? '' : ` OFFSET ${offset}`}`,
      params,
    )
  ).rows;
}

/** A row's columns as a read answers them (StoredTransaction): all but its content hash. */
const READ_COLUMNS = ROW_COLUMNS.filter(([c]) => c !== 'content_hash')
  .map(([c]) => `t.${c}`)
  .join(', ');

/**
 * The columns of a transaction read, and with `withCategories` the current run's category (what the engine decided
 * and, when a correction or a rule chose another, the engine's as the original) and the transaction's latest
 * correction, which shows at once, before the report is recomputed (docs/decisions/0061-category-corrections-and-rules.md).
 * `$1` is the customer.
 */
function transactionSelect(withCategories: boolean): string {
  const columns = `t.id::text AS id, ${READ_COLUMNS}, ${BANK_DETAILS_COLUMNS}`;
  if (!withCategories) return `SELECT ${columns} FROM transactions t ${BANK_DETAILS_JOIN}`;
  return `SELECT ${columns},
            c.category_id AS classified_category_id, c.category_name AS classified_category, c.merchant AS classified_merchant,
            c.category_source, c.rule_id, c.original_category_id, c.original_category_name,
            k.id AS correction_id, k.account_type AS correction_account_type, k.category_id AS correction_category_id,
            k.actor_type AS correction_actor_type, k.actor_id AS correction_actor_id, k.created_at AS corrected_at
     FROM transactions t ${BANK_DETAILS_JOIN}
     LEFT JOIN transaction_categories c ON c.customer_id = t.customer_id AND c.transaction_id = t.id AND ${currentCategories('c', '$1')}
     LEFT JOIN LATERAL (SELECT k.id, k.account_type, k.category_id, k.actor_type, k.actor_id, k.created_at
       FROM transaction_category_corrections k WHERE k.customer_id = t.customer_id AND k.transaction_id = t.id
       ORDER BY k.id DESC LIMIT 1) k ON true`;
}

/** One of the customer's transactions with its categories, or null. */
export async function getCategorisedTransaction(
  db: Db,
  customerId: string,
  id: string,
): Promise<StoredTransaction | null> {
  const r = await db.query<StoredTransaction>(
    `${transactionSelect(true)} WHERE t.customer_id = $1 AND t.id = $2::uuid AND ${publishedTransaction()}`,
    [customerId, id],
  );
  return r.rows[0] ?? null;
}

/** A pending row a bank pull deleted (deleteVanishedPending's RETURNING). */
export interface GonePending {
  id: string;
  account_id: string;
  external_transaction_id: string;
  bank_slug: string;
  account_number: string;
  amount: string;
  currency: string;
  booking_date_time: number;
  added_seq: string;
}

/**
 * Pending transactions of an account booked from `from` on whose external ids are not in `keep`: the bank no
 * longer reports them (booked under a new id, or dropped). Answers the rows that went, for the change feed.
 */
export async function deleteVanishedPending(
  tx: Db,
  customerId: string,
  accountId: string,
  keep: string[],
  from: number,
): Promise<GonePending[]> {
  const r = await tx.query<GonePending>(
    `DELETE FROM transactions WHERE customer_id = $1 AND account_id = $2 AND status = 'Pending' AND booking_date_time >= $3
       AND NOT (external_transaction_id = ANY($4::text[]))
     RETURNING id::text AS id, account_id, external_transaction_id, bank_slug, account_number, amount::text AS amount,
       currency, booking_date_time, coalesce(added_seq, change_seq)::text AS added_seq`,
    [customerId, accountId, from, keep],
  );
  return r.rows;
}

/** Rows per chunk of COPY text (the chunks a worker thread makes for loadTransactionCsv). */
export function copyChunkRows(db: Db): number {
  return copyChunk(db);
}

/**
 * New rows as COPY text made elsewhere (a worker thread: transactions.task.ts, streamSubmission), in the line format
 * of csvChunks above, chunk by chunk as they come.
 */
export async function loadTransactionCsv(tx: Db, chunks: AsyncIterable<Uint8Array<ArrayBuffer>>): Promise<void> {
  await tx.copyFrom('transactions', [...TRANSACTION_COLUMNS], chunks);
}
