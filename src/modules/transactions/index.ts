/**
 * The transactions module's public face: what the bank pull needs to store rows as submissions do, and what start-up
 * does about staged loads a stopped process left behind and loads on a worker thread ahead of a large submission, and
 * the change feed's announcement (TRANSACTIONS_UPDATED) and position.
 */
export { buildTransactionRows } from './transactions.ingest.ts';
export type { SubmittedTransactionInput } from './transactions.ingest.ts';
export { removeVanishedPending, storeTransactionRows } from './transactions.service.ts';
export { maintainTransactionsPartition } from './transactions-maintenance.ts';
export { customerWrites } from './customer-writes.ts';
export { discardInterruptedIngests } from './transactions-staged.repo.ts';
export { WARM_UP as SUBMISSION_WARM_UP } from './transactions.prepared.ts';
export { announceTransactionChanges } from './feed.service.ts';
export { lastChangeSeq as feedPosition } from './feed.repo.ts';
export { lockCustomerTransactions } from './transactions.repo.ts';
