/** The transactions module's public face: what the bank pull needs to store rows as submissions do. */
export { buildTransactionRows } from './transactions.ingest.ts';
export type { SubmittedTransactionInput } from './transactions.ingest.ts';
export { removeVanishedPending, storeTransactionRows } from './transactions.service.ts';
export { maintainTransactionsPartition } from './transactions-maintenance.ts';
