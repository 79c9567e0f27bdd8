/**
 * Duplicate detection for a submission (docs/decisions/0030-transaction-totals.md): which of a batch's natural keys
 * are stored already, at a cost that follows the batch and not the accounts it lands in.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Db } from '../../db/db.ts';
import type { TransactionRow } from './transactions.row.ts';

// Keys per probing statement, and rows per slice of an account read whole: a pause between them on the embedded engine.
const LOOKUP_CHUNK = 5_000;
const RANGE_CHUNK = 10_000;

export interface ExistingTransaction {
  id: string;
  content_hash: number;
}

/**
 * The lookup of findExisting by key: each of the batch's keys probed through the primary key (account_id, external
 * id), in the customer's one partition (migrations/0017_transactions_partitioned.sql). The LIMIT keeps the planner from flattening it into a hash join over the whole table, which it would choose
 * for a few thousand keys whatever the table holds.
 */
export const EXISTING_KEYS_SQL = `SELECT e.id, e.account_id, e.external_transaction_id, e.content_hash
  FROM unnest($1::text[], $2::text[]) AS k(account_id, external_transaction_id)
  CROSS JOIN LATERAL (
    SELECT t.id::text AS id, t.account_id, t.external_transaction_id, t.content_hash FROM transactions t
    WHERE t.customer_id = $3 AND t.account_id = k.account_id AND t.external_transaction_id = k.external_transaction_id
    LIMIT 1
  ) e`;

// A probe costs about what reading two or three rows of a range does: an account holding no more than this many
// times the batch's keys is read whole, along the primary key, instead.
const READ_WHOLE_ACCOUNT_UP_TO = 2;

/**
 * The stored versions of the natural keys of `rows`: "account_id\u0000external id" → id and hash. The cost follows
 * the batch, not what its accounts hold: per account, from the maintained counts (transaction_counts), nothing is
 * read when it holds nothing (a first submission); it is read whole along the primary key when it holds at most
 * twice the batch's keys for it (a big re-submission); otherwise exactly the batch's keys are probed through the
 * primary key, a slice at a time (one transaction into an account of 100 000 reads one index entry).
 */
export async function findExisting(
  tx: Db,
  customerId: string,
  rows: TransactionRow[],
): Promise<Map<string, ExistingTransaction>> {
  const out = new Map<string, ExistingTransaction>();
  const keysOf = new Map<string, string[]>();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as TransactionRow;
    const keys = keysOf.get(r.account_id);
    if (keys) keys.push(r.external_transaction_id);
    else keysOf.set(r.account_id, [r.external_transaction_id]);
    if (i % RANGE_CHUNK === RANGE_CHUNK - 1) await yieldToLoop(); // 100 000 keys: a few short turns, not one long one
  }
  const held = await heldPerAccount(tx, customerId, [...keysOf.keys()]);
  const probe: Array<[string, string]> = [];
  for (const [accountId, keys] of keysOf) {
    const n = held.get(accountId) ?? 0;
    if (n === 0) continue;
    if (n <= keys.length * READ_WHOLE_ACCOUNT_UP_TO) await readAccountKeys(tx, customerId, accountId, out);
    else for (const key of keys) probe.push([accountId, key]);
  }
  for (let i = 0; i < probe.length; i += LOOKUP_CHUNK) {
    const slice = probe.slice(i, i + LOOKUP_CHUNK);
    const r = await tx.query<{ id: string; account_id: string; external_transaction_id: string; content_hash: number }>(
      EXISTING_KEYS_SQL,
      [slice.map(([a]) => a), slice.map(([, e]) => e), customerId],
    );
    for (const e of r.rows)
      out.set(`${e.account_id}\u0000${e.external_transaction_id}`, { id: e.id, content_hash: Number(e.content_hash) });
    if (i + LOOKUP_CHUNK < probe.length) await yieldToLoop();
  }
  return out;
}

/** How many transactions each account holds, from the maintained counts (a few rows per account). */
async function heldPerAccount(tx: Db, customerId: string, accountIds: string[]): Promise<Map<string, number>> {
  const r = await tx.query<{ account_id: string; n: number }>(
    `SELECT account_id, sum(n)::int8 AS n FROM transaction_counts
     WHERE customer_id = $1 AND account_id = ANY($2::text[]) GROUP BY account_id`,
    [customerId, accountIds],
  );
  return new Map(r.rows.map((row) => [row.account_id, Number(row.n)]));
}

/** Every key of one account, along the primary key in slices (a range scan is far cheaper per row than a probe). */
async function readAccountKeys(
  tx: Db,
  customerId: string,
  accountId: string,
  out: Map<string, ExistingTransaction>,
): Promise<void> {
  let after = '';
  for (;;) {
    const r = await tx.query<{ id: string; external_transaction_id: string; content_hash: number }>(
      `SELECT id::text AS id, external_transaction_id, content_hash FROM transactions
       WHERE customer_id = $3 AND account_id = $1 AND external_transaction_id > $2
       ORDER BY external_transaction_id LIMIT ${RANGE_CHUNK}`,
      [accountId, after, customerId],
    );
    for (const e of r.rows)
      out.set(`${accountId}\u0000${e.external_transaction_id}`, { id: e.id, content_hash: Number(e.content_hash) });
    await yieldToLoop();
    const lastRow = r.rows.at(-1);
    if (r.rows.length < RANGE_CHUNK || lastRow === undefined) return;
    after = lastRow.external_transaction_id;
  }
}
