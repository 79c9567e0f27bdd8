/**
 * Statements and account parties (endpoints 13 and 14): read for a client's customer's account, and stored by the
 * bank pull (src/modules/consents/bank-pull.store.ts) as the bank sent them.
 */
import type { Db } from '../../db/db.ts';
import { notFound } from '../../lib/app-error.ts';
import { accountNotFound } from '../accounts/index.ts';
import * as repo from './statements.repo.ts';
import type { AccountRecords, PartyBody, StatementBody } from './statements.repo.ts';

export type { PartyBody, StatementBody } from './statements.repo.ts';

/** The records of an account the client's customer has, or customer_not_found / account_not_found as before. */
function recordsOfOwnedAccount<T>(found: AccountRecords<T>): T[] {
  if (!found.customer) throw notFound('customer');
  if (!found.account) throw accountNotFound();
  return found.records;
}

/** Endpoint 13: ownership, account and statements in one query. */
export async function listAccountStatements(
  db: Db,
  clientId: string,
  customerId: string,
  accountId: string,
): Promise<StatementBody[]> {
  return recordsOfOwnedAccount(await repo.listStatementsOfClientAccount(db, clientId, customerId, accountId));
}

/** Endpoint 14: ownership, account and parties in one query. */
export async function listAccountParties(
  db: Db,
  clientId: string,
  customerId: string,
  accountId: string,
): Promise<PartyBody[]> {
  return recordsOfOwnedAccount(await repo.listPartiesOfClientAccount(db, clientId, customerId, accountId));
}

/** Stores an account's statements as the bank sent them (replacing those with the same StatementId). */
export async function storeStatements(
  tx: Db,
  customerId: string,
  accountId: string,
  statements: StatementBody[],
  now: Date,
): Promise<void> {
  await repo.upsertStatements(tx, customerId, accountId, statements, now);
}

/** Stores an account's parties as the bank sent them (replacing those with the same PartyId). */
export async function storeParties(
  tx: Db,
  customerId: string,
  accountId: string,
  parties: PartyBody[],
  now: Date,
): Promise<void> {
  await repo.upsertParties(tx, customerId, accountId, parties, now);
}
