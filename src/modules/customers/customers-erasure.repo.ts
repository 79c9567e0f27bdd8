/**
 * The SQL of a customer's erasure (docs/decisions/0063-customer-erasure.md). Every table that holds a customer's data
 * references customers with ON DELETE CASCADE (directly, or through accounts, consents, pulls …), except the bulk
 * tables that have no foreign key for loading speed: transactions (partitioned by customer,
 * docs/decisions/0036-transactions-partitioning.md), transaction_categories and transaction_counts, and the lookup and
 * client-level tables, which have none so that they can be sharded apart (customer_tokens, customer_lookups,
 * idempotency_keys, webhook_deliveries with their attempts, component_urls: docs/decisions/0084-customer-lookups.md).
 * Those are emptied here by name, in the erasure's transaction, before the customer row goes. test/api/erasure.test.ts
 * checks the whole catalog after an erasure, so a table added later without either is caught.
 */
import { theRow, type Db } from '../../db/db.ts';

/** The customer, locked for its erasure; null when the client has no such customer. */
export async function lockCustomerForErasure(tx: Db, clientId: string, id: string): Promise<{ id: string } | null> {
  const r = await tx.query<{ id: string }>('SELECT id FROM customers WHERE client_id = $1 AND id = $2 FOR UPDATE', [
    clientId,
    id,
  ]);
  return r.rows[0] ?? null;
}

export interface ErasedRows {
  transactions: number;
  transaction_categories: number;
  staged_loads: number;
}

/**
 * Deletes everything of the customer. The transactions go by one statement on the customer's partition (the
 * customer_id predicate prunes to it, the (customer_id, …) index finds the rows), whose statement-level trigger
 * takes the customer's transaction_counts rows with them (migrations/0013_transaction_counts.sql); staged rows of a
 * load cut short go in the same statement (they are the customer's rows too), and their pending_ingests row after.
 * The customer row last: the cascade takes every table with a foreign key.
 */
export async function eraseCustomerRows(tx: Db, customerId: string): Promise<ErasedRows> {
  const transactions = (await tx.query('DELETE FROM transactions WHERE customer_id = $1', [customerId])).rowCount;
  const categories = (await tx.query('DELETE FROM transaction_categories WHERE customer_id = $1', [customerId]))
    .rowCount;
  // The trigger leaves none; a count the trigger could not match (a staged row's) must not outlive the customer.
  await tx.query('DELETE FROM transaction_counts WHERE customer_id = $1', [customerId]);
  const staged = (await tx.query('DELETE FROM pending_ingests WHERE customer_id = $1', [customerId])).rowCount;
  // Throttling counters keyed by the customer (src/http/throttle.ts: `<budget>:<client>:<customer>`), a
  // minute or an hour long: the customer's id goes with the customer.
  await tx.query(`DELETE FROM rate_limits WHERE right(key, length($1) + 1) = ':' || $1`, [customerId]);
  await deleteLookups(tx, customerId);
  await tx.query('DELETE FROM customers WHERE id = $1', [customerId]);
  return { transactions, transaction_categories: categories, staged_loads: staged };
}

/** What the customer holds in the tables an erasure empties by name (the audit entry's counts), before it starts. */
export async function countCustomerRows(tx: Db, customerId: string): Promise<ErasedRows> {
  const r = await tx.query<{ transactions: number; categories: number; staged: number }>(
    `SELECT (SELECT count(*) FROM transactions WHERE customer_id = $1)::int AS transactions,
            (SELECT count(*) FROM transaction_categories WHERE customer_id = $1)::int AS categories,
            (SELECT count(*) FROM pending_ingests WHERE customer_id = $1)::int AS staged`,
    [customerId],
  );
  const row = theRow(r);
  return { transactions: row.transactions, transaction_categories: row.categories, staged_loads: row.staged };
}

/**
 * The first transaction of an erasure in batches (docs/decisions/0074-embedded-erasure-in-batches.md): the record of
 * the erasure under way, then the customer's throttling counters and the customer row, whose cascade takes every
 * table with a foreign key (staged loads' pending_ingests rows among them). From its commit on, the customer is gone
 * for every reader; what is left is rows of the bulk tables under their opaque id, which eraseNextBatch deletes.
 */
export async function beginErasure(tx: Db, clientId: string, customerId: string, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO customer_erasures (erased_customer_id, client_id, started_at) VALUES ($1, $2, $3)
     ON CONFLICT (erased_customer_id) DO NOTHING`,
    [customerId, clientId, now],
  );
  await tx.query(`DELETE FROM rate_limits WHERE right(key, length($1) + 1) = ':' || $1`, [customerId]);
  await deleteLookups(tx, customerId);
  await tx.query('DELETE FROM customers WHERE id = $1', [customerId]);
}

/**
 * The customer's rows in the lookup tables and the client-level tables (docs/decisions/0084-customer-lookups.md):
 * they have no foreign key to customers (sharded by customer, they are not co-located with them), so they go by name,
 * in the transaction that deletes the customer row: from its commit on, no secret of theirs (a customer token, a
 * consent's state) finds anything, no idempotency key keeps an answer of theirs, no webhook delivery of theirs is
 * left (nor sent: a delivery in flight finds its row gone), and no component URL names them.
 */
async function deleteLookups(tx: Db, customerId: string): Promise<void> {
  await tx.query('DELETE FROM customer_tokens WHERE customer_id = $1', [customerId]);
  await tx.query('DELETE FROM customer_lookups WHERE customer_id = $1', [customerId]);
  await tx.query('DELETE FROM idempotency_keys WHERE customer_id = $1', [customerId]);
  // The customer's webhook deliveries, as 0063 promises (their attempts go by their cascade); a client's test
  // deliveries name no customer and stay.
  await tx.query('DELETE FROM webhook_deliveries WHERE customer_id = $1', [customerId]);
  // The component URLs that opened the customer's pages (a reference table when sharded); their connect sessions
  // are the customer's and go with them.
  await tx.query('DELETE FROM component_urls WHERE customer_id = $1', [customerId]);
}

/**
 * One batch of an erasure under way, in 0063's order: up to `limit` transactions (staged rows among them; the
 * statement-level trigger takes their counts), then, once none is left, up to `limit` categories, then the counts
 * left over and the record of the erasure. Answers false when this batch ended the erasure.
 */
export async function eraseNextBatch(tx: Db, customerId: string, limit: number): Promise<boolean> {
  // Each batch finds its rows along an index of the customer (the newest first) and deletes them by their tuple
  // ids: a join on the key would read the customer's whole partition at every batch.
  const transactions = await tx.query(
    `DELETE FROM transactions WHERE customer_id = $1 AND ctid = ANY(ARRAY(
       SELECT ctid FROM transactions WHERE customer_id = $1 ORDER BY booking_date_time DESC, id DESC LIMIT ${limit}))`,
    [customerId],
  );
  if (transactions.rowCount > 0) return true;
  const categories = await tx.query(
    `DELETE FROM transaction_categories WHERE customer_id = $1 AND ctid = ANY(ARRAY(
       SELECT ctid FROM transaction_categories WHERE customer_id = $1 ORDER BY transaction_id LIMIT ${limit}))`,
    [customerId],
  );
  if (categories.rowCount > 0) return true;
  await tx.query('DELETE FROM transaction_counts WHERE customer_id = $1', [customerId]);
  await tx.query('DELETE FROM customer_erasures WHERE erased_customer_id = $1', [customerId]);
  return false;
}

/** Erasures under way (a process stopped mid-way), or the one of this client's customer. */
export async function erasuresUnderWay(db: Db, only?: { clientId: string; customerId: string }): Promise<string[]> {
  const r = only
    ? await db.query<{ id: string }>(
        'SELECT erased_customer_id AS id FROM customer_erasures WHERE client_id = $1 AND erased_customer_id = $2',
        [only.clientId, only.customerId],
      )
    : await db.query<{ id: string }>('SELECT erased_customer_id AS id FROM customer_erasures ORDER BY started_at');
  return r.rows.map((x) => x.id);
}
