/**
 * Statements and account parties (endpoints 13 and 14): read for a client's customer's account, and stored by the
 * bank pull (src/modules/consents/bank-pull.store.ts) as the bank sent them.
 */
import type { Db } from '../../db/db.ts';
import { requireAccount } from '../accounts/index.ts';
import * as repo from './statements.repo.ts';
import type { PartyBody, StatementBody } from './statements.repo.ts';

export type { PartyBody, StatementBody } from './statements.repo.ts';

export async function listAccountStatements(
  db: Db,
  clientId: string,
  customerId: string,
  accountId: string,
): Promise<StatementBody[]> {
  const account = await requireAccount(db, clientId, customerId, accountId);
  return repo.listStatements(db, account.customer_id, account.id);
}

export async function listAccountParties(
  db: Db,
  clientId: string,
  customerId: string,
  accountId: string,
): Promise<PartyBody[]> {
  const account = await requireAccount(db, clientId, customerId, accountId);
  return repo.listParties(db, account.customer_id, account.id);
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
