/**
 * The statements of the transactions table's upkeep (transactions-maintenance.ts): which partition holds a customer,
 * whether a name is one of the table's partitions, VACUUM (ANALYZE) of one, and the parent table's statistics.
 */
import type { Db } from '../../db/db.ts';

/** The partition holding the customer's transactions, by name; null while they hold none. */
export async function partitionOfCustomer(tx: Db, customerId: string): Promise<string | null> {
  const r = await tx.query<{ name: string }>(
    'SELECT tableoid::regclass::text AS name FROM transactions WHERE customer_id = $1 LIMIT 1',
    [customerId],
  );
  return r.rows[0]?.name ?? null;
}

/** `name` when it is one of transactions' partitions, else null (a name from a job's data is checked first). */
export async function knownPartition(db: Db, name: string): Promise<string | null> {
  const known = await db.query<{ name: string }>(
    `SELECT c.relname::text AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'transactions'::regclass AND c.relname = $1`,
    [name],
  );
  return known.rows[0]?.name ?? null;
}

/** VACUUM (ANALYZE) of a partition knownPartition answered; outside any transaction (VACUUM refuses one). */
export async function vacuumPartition(db: Db, partition: string): Promise<void> {
  await db.exec(`VACUUM (ANALYZE) "${partition.replace(/"/g, '""')}"`);
}

/**
 * Fresh statistics after a big load: without them the planner, guessing a handful of rows, sorts a
 * customer's whole history for each page instead of reading it in index order.
 */
export async function refreshStatistics(db: Db): Promise<void> {
  // Only the columns the read paths filter and order on: a fraction of a full ANALYZE's work. The rest is left to
  // autovacuum on a server.
  const analyze =
    'ANALYZE transactions (customer_id, account_id, booking_date_time, currency, bank_slug, account_number)';
  if (db.kind !== 'pglite') {
    await db.query(analyze);
    return;
  }
  // The embedded engine runs it on this thread: a sample of 9 000 rows (statistics target 30) instead of 30 000
  // holds the event loop about a third as long (33 against 107 ms after a 100 000-row submission), and describes the
  // few customers of an embedded installation well enough for the reads' plans.
  await db.transaction(async (tx) => {
    await tx.query('SET LOCAL default_statistics_target = 30');
    await tx.query(analyze);
  });
}
