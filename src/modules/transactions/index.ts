/**
 * The transactions module's public face: what the bank pull needs to store rows as submissions do, and what start-up
 * does about staged loads a stopped process left behind and loads on a worker thread ahead of a large submission, and
 * the change feed's announcement (TRANSACTIONS_UPDATED) and position.
 */
export { rowsOfPull } from './transactions.ingest.ts';
export { removeVanishedPending, storeBankDetails, storeTransactionRows } from './transactions.service.ts';
export type { BankDetail } from './transaction-bank-details.repo.ts';
export { maintainTransactionsPartition, refreshTransactionStatistics } from './transactions-maintenance.ts';
export { customerWrites } from './customer-writes.ts';
export { discardInterruptedIngests } from './transactions-staged.repo.ts';
export { WARM_UP as SUBMISSION_WARM_UP } from './transactions.prepared.ts';
export { announceTransactionChanges } from './feed.service.ts';
export { lastChangeSeq as feedPosition } from './feed.repo.ts';
/** The categorised view of one transaction, for the corrections module (docs/decisions/0061-category-corrections-and-rules.md). */
export { getCategorisedTransaction, toCategorisedWire } from './transactions.service.ts';
export { CategorisedTransaction, CorrectionActor } from './transactions.wire.ts';
export { lockCustomerTransactions } from './transactions.repo.ts';
