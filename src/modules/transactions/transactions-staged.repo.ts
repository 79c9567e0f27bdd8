/**
 * Staged loads (migrations/0018_staged_ingest.sql, docs/decisions/0038-staged-ingest.md): a big submission's rows
 * written by short statements under the id of their load, invisible to readers until the load is published.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Db } from '../../db/db.ts';
import { newId } from '../../lib/ids.ts';
import type { TransactionRow } from './transactions.row.ts';

/** Rows per statement when a discarded load's rows are deleted: a pause for other statements between them. */
const DISCARD_CHUNK = 2_000;

/** A new load of the customer's rows; its rows stay unseen while it is pending. */
export async function registerIngest(db: Db, customerId: string, now: Date): Promise<string> {
  const id = newId();
  await db.query('INSERT INTO pending_ingests (id, customer_id, created_at) VALUES ($1, $2, $3)', [
    id,
    customerId,
    now,
  ]);
  return id;
}

/**
 * Publishes a load: its rows become what every reader sees, at the commit of the caller's transaction. False when
 * the load is not pending (discarded meanwhile): the caller must not count its rows.
 */
export async function publishIngest(tx: Db, customerId: string, ingestId: string): Promise<boolean> {
  const r = await tx.query('DELETE FROM pending_ingests WHERE customer_id = $1 AND id = $2', [customerId, ingestId]);
  return r.rowCount === 1;
}

/**
 * Deletes what a load wrote (those of `rows` it holds, a slice per statement) and then the load itself. Each
 * statement is its own transaction: a load that was never published was never seen nor counted.
 */
export async function discardIngest(
  db: Db,
  customerId: string,
  ingestId: string,
  rows: ReadonlyArray<Pick<TransactionRow, 'account_id' | 'external_transaction_id'>>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += DISCARD_CHUNK) {
    const chunk = rows.slice(i, i + DISCARD_CHUNK);
    await db.query(
      `DELETE FROM transactions t USING unnest($3::text[], $4::text[]) AS k(account_id, external_transaction_id)
       WHERE t.customer_id = $1 AND t.ingest_id = $2
         AND t.account_id = k.account_id AND t.external_transaction_id = k.external_transaction_id`,
      [customerId, ingestId, chunk.map((r) => r.account_id), chunk.map((r) => r.external_transaction_id)],
    );
    await yieldToLoop();
  }
  await db.query('DELETE FROM pending_ingests WHERE customer_id = $1 AND id = $2', [customerId, ingestId]);
}

/**
 * At start-up, before anything is served: loads a stopped process left pending are deleted with their rows (the
 * embedded engine; a server never stages). Answers how many loads went.
 */
export async function discardInterruptedIngests(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query(
      `DELETE FROM transactions t USING pending_ingests p WHERE t.customer_id = p.customer_id AND t.ingest_id = p.id`,
    );
    return (await tx.query('DELETE FROM pending_ingests')).rowCount;
  });
}
