/**
 * The embedded engine's order of writers of one customer's transactions. A staged load
 * (transactions.service.ts, storeStaged) writes in many short statements, between which PGlite serves everyone else; no other
 * writer of the same customer's rows may come in between (its duplicate check would see the staged rows, or miss
 * them and collide with them). The embedded engine runs in one process (src/db/pglite.ts takes the data
 * directory's lock), so a queue per customer in this process is enough. A server runs no staged loads and takes
 * its database lock instead (transactions.repo.ts, lockCustomerTransactions): there `fn` runs at once.
 */
import type { Db } from '../../db/db.ts';

const queues = new WeakMap<Db, Map<string, Promise<unknown>>>();

/**
 * Runs `fn` once the customer's earlier writes in this process have finished (embedded engine), before it
 * opens its transaction: waiting inside one would hold PGlite from the write it waits for.
 */
export function customerWrites<T>(db: Db, customerId: string, fn: () => Promise<T>): Promise<T> {
  if (db.kind !== 'pglite') return fn();
  let byCustomer = queues.get(db);
  if (!byCustomer) queues.set(db, (byCustomer = new Map()));
  const queue = byCustomer;
  const before = queue.get(customerId) ?? Promise.resolve();
  const run = before.then(fn);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queue.set(customerId, settled);
  void settled.then(() => {
    if (queue.get(customerId) === settled) queue.delete(customerId);
  });
  return run;
}
