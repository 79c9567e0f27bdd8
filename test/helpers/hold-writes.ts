/**
 * Holds a customer's writes of transactions, deterministically and without sleeping: on the embedded engine by
 * taking the customer's turn among writers (src/modules/transactions/customer-writes.ts), on PostgreSQL by holding
 * the customer's transactions lock (transactions.repo.ts, lockCustomerTransactions) in a transaction of the test's
 * own. A submission of that customer then waits until `release()`.
 */
import type { Database } from '../../src/db/db.ts';
import { customerWrites } from '../../src/modules/transactions/index.ts';

export interface HeldWrites {
  /** resolves once the hold is in place */
  held: Promise<void>;
  release(): void;
}

export function holdCustomerWrites(db: Database, customerId: string): HeldWrites {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const hold = async () => {
    holding();
    await gate;
  };
  if (db.kind === 'pglite') void customerWrites(db, customerId, hold);
  else
    void db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`transactions:${customerId}`]);
      await hold();
    });
  return { held, release };
}
