/** Statements and account parties, stored in the spec's PascalCase shapes (they arrive from the bank connector). */
import type { Db } from '../../db/db.ts';

export interface StatementBody {
  AccountId: string;
  StatementId: string;
  [member: string]: unknown;
}

export interface PartyBody {
  AccountId: string;
  PartyId: string;
  AccountRole: string;
  [member: string]: unknown;
}

export async function upsertStatements(
  db: Db,
  customerId: string,
  accountId: string,
  statements: StatementBody[],
  now: Date,
): Promise<void> {
  if (statements.length === 0) return;
  await db.query(
    `INSERT INTO statements (account_id, customer_id, statement_id, start_date_time, body, updated_at)
     SELECT $1, $2, s.body->>'StatementId', s.body->>'StartDateTime', s.body, $4 FROM unnest($3::jsonb[]) AS s(body)
     ON CONFLICT (customer_id, account_id, statement_id) DO UPDATE SET body = EXCLUDED.body, start_date_time = EXCLUDED.start_date_time, updated_at = EXCLUDED.updated_at`,
    [accountId, customerId, statements.map((s) => JSON.stringify({ ...s, AccountId: accountId })), now],
  );
}

/**
 * What a read of one account's records finds, in one query: whether the client has this customer, whether the
 * customer has this account, and the records. The customer is the join's left side, so another client's customer
 * is "no customer" exactly as an unknown id is.
 */
export interface AccountRecords<T> {
  customer: boolean;
  account: boolean;
  records: T[];
}

function accountRecords<T>(rows: Array<{ account_id: string | null; body: T | null }>): AccountRecords<T> {
  return {
    customer: rows.length > 0,
    account: rows.some((r) => r.account_id !== null),
    records: rows.flatMap((r) => (r.body === null ? [] : [r.body])),
  };
}

/** The account's statements, newest first, with its owner checked (AccountRecords). */
export async function listStatementsOfClientAccount(
  db: Db,
  clientId: string,
  customerId: string,
  accountId: string,
): Promise<AccountRecords<StatementBody>> {
  const r = await db.query<{ account_id: string | null; body: StatementBody | null }>(
    `SELECT a.id AS account_id, s.body FROM customers c
       LEFT JOIN accounts a ON a.customer_id = c.id AND a.id = $3
       LEFT JOIN statements s ON s.customer_id = c.id AND s.account_id = a.id
     WHERE c.client_id = $1 AND c.id = $2
     ORDER BY s.start_date_time DESC NULLS LAST, s.statement_id`,
    [clientId, customerId, accountId],
  );
  return accountRecords(r.rows);
}

export async function upsertParties(
  db: Db,
  customerId: string,
  accountId: string,
  parties: PartyBody[],
  now: Date,
): Promise<void> {
  if (parties.length === 0) return;
  await db.query(
    `INSERT INTO parties (account_id, customer_id, party_id, body, updated_at)
     SELECT $1, $2, p.body->>'PartyId', p.body, $4 FROM unnest($3::jsonb[]) AS p(body)
     ON CONFLICT (customer_id, account_id, party_id) DO UPDATE SET body = EXCLUDED.body, updated_at = EXCLUDED.updated_at`,
    [accountId, customerId, parties.map((p) => JSON.stringify({ ...p, AccountId: accountId })), now],
  );
}

/** The account's parties by PartyId, with its owner checked (AccountRecords). */
export async function listPartiesOfClientAccount(
  db: Db,
  clientId: string,
  customerId: string,
  accountId: string,
): Promise<AccountRecords<PartyBody>> {
  const r = await db.query<{ account_id: string | null; body: PartyBody | null }>(
    `SELECT a.id AS account_id, p.body FROM customers c
       LEFT JOIN accounts a ON a.customer_id = c.id AND a.id = $3
       LEFT JOIN parties p ON p.customer_id = c.id AND p.account_id = a.id
     WHERE c.client_id = $1 AND c.id = $2
     ORDER BY p.party_id`,
    [clientId, customerId, accountId],
  );
  return accountRecords(r.rows);
}
