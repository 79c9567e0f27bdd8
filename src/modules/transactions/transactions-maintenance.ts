/**
 * Upkeep of the transactions table after large writes (docs/operations.md, "Vacuum and analyze"): a submission or
 * a bank pull of TRANSACTIONS_MAINTENANCE_AFTER_ROWS rows or more enqueues 'transactions.maintain' for the
 * customer's partition (migrations/0017_transactions_partitioned.sql), which runs VACUUM (ANALYZE) on it: fresh
 * statistics for the planner, and a visibility map that lets the read order's index answer without the heap.
 * One job per partition at a time (its singletonKey), so a burst of submissions coalesces into one run.
 */
import type { Db } from '../../db/db.ts';
import type { Queue } from '../../jobs/queue.ts';

export const TRANSACTIONS_MAINTENANCE_AFTER_ROWS = 10_000;

/** The partition holding the customer's transactions, by name; null while they hold none. */
export async function partitionOfCustomer(tx: Db, customerId: string): Promise<string | null> {
  const r = await tx.query<{ name: string }>(
    'SELECT tableoid::regclass::text AS name FROM transactions WHERE customer_id = $1 LIMIT 1',
    [customerId],
  );
  return r.rows[0]?.name ?? null;
}

/** Inside the writer's transaction: the job exists only if the write commits. */
export async function enqueueTransactionsMaintenance(tx: Db, queue: Queue, customerId: string): Promise<void> {
  const partition = await partitionOfCustomer(tx, customerId);
  if (partition === null) return;
  await queue.enqueue(tx, 'transactions.maintain', { partition }, { singletonKey: partition });
}

/**
 * The job: VACUUM (ANALYZE) of one partition of transactions, outside any transaction (VACUUM refuses to run in
 * one). The name comes from the job's data, so it is used only when it is one of transactions' partitions.
 */
export async function maintainTransactionsPartition(db: Db, data: Record<string, unknown>): Promise<void> {
  const name = typeof data.partition === 'string' ? data.partition : '';
  const known = await db.query<{ name: string }>(
    `SELECT c.relname::text AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'transactions'::regclass AND c.relname = $1`,
    [name],
  );
  const partition = known.rows[0]?.name;
  if (partition === undefined) return; // not (or no longer) a partition: nothing to do, nothing to retry
  await db.exec(`VACUUM (ANALYZE) "${partition.replace(/"/g, '""')}"`);
}
