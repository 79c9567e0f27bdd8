/**
 * Upkeep of the transactions table after large writes (docs/operations.md, "Vacuum and analyze"): a submission or
 * a bank pull of TRANSACTIONS_MAINTENANCE_AFTER_ROWS rows or more enqueues 'transactions.maintain' for the
 * customer's partition (migrations/0017_transactions_partitioned.sql), which runs VACUUM (ANALYZE) on it: fresh
 * statistics for the planner, and a visibility map that lets the read order's index answer without the heap.
 * One job per partition at a time (its singletonKey), so a burst of submissions coalesces into one run. The same
 * write enqueues 'transactions.analyze', the statistics of the partitioned table as a whole (which autovacuum never
 * gathers for a partitioned parent), one run at a time for the whole table.
 */
import type { Db } from '../../db/db.ts';
import type { Queue } from '../../jobs/queue.ts';
import * as repo from './transactions-maintenance.repo.ts';

export const TRANSACTIONS_MAINTENANCE_AFTER_ROWS = 10_000;

/** Inside the writer's transaction: the job exists only if the write commits. */
export async function enqueueTransactionsMaintenance(tx: Db, queue: Queue, customerId: string): Promise<void> {
  const partition = await repo.partitionOfCustomer(tx, customerId);
  if (partition === null) return;
  await queue.enqueue(tx, 'transactions.maintain', { partition }, { singletonKey: partition });
  await queue.enqueue(tx, 'transactions.analyze', {}, { singletonKey: 'transactions' });
}

/**
 * The job: VACUUM (ANALYZE) of one partition of transactions, outside any transaction (VACUUM refuses to run in
 * one). The name comes from the job's data, so it is used only when it is one of transactions' partitions.
 */
export async function maintainTransactionsPartition(db: Db, name: string): Promise<void> {
  const partition = await repo.knownPartition(db, name);
  if (partition === null) return; // not (or no longer) a partition: nothing to do, nothing to retry
  await repo.vacuumPartition(db, partition);
}

/** The job 'transactions.analyze': the planner's statistics of the whole table (repo.refreshStatistics). */
export async function refreshTransactionStatistics(db: Db): Promise<void> {
  await repo.refreshStatistics(db);
}
