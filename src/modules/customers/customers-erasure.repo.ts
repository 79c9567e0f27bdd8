/**
 * The SQL of a customer's erasure (docs/decisions/0063-customer-erasure.md). Every table that holds a customer's data
 * references customers with ON DELETE CASCADE (directly, or through accounts, consents, pulls, deliveries …), except
 * the bulk tables that have no foreign key for loading speed: transactions (partitioned by customer,
 * docs/decisions/0036-transactions-partitioning.md), transaction_categories and transaction_counts. Those are emptied
 * here by name, in the erasure's transaction, before the customer row goes. test/api/erasure.test.ts checks the
 * whole catalog after an erasure, so a table added later without either is caught.
 */
import type { Db } from '../../db/db.ts';

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
  await tx.query('DELETE FROM customers WHERE id = $1', [customerId]);
  return { transactions, transaction_categories: categories, staged_loads: staged };
}
