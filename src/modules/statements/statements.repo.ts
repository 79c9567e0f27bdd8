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
     ON CONFLICT (account_id, statement_id) DO UPDATE SET body = EXCLUDED.body, start_date_time = EXCLUDED.start_date_time, updated_at = EXCLUDED.updated_at`,
    [accountId, customerId, statements.map((s) => JSON.stringify({ ...s, AccountId: accountId })), now],
  );
}

export async function listStatements(db: Db, customerId: string, accountId: string): Promise<StatementBody[]> {
  const r = await db.query<{ body: StatementBody }>(
    'SELECT body FROM statements WHERE customer_id = $1 AND account_id = $2 ORDER BY start_date_time DESC NULLS LAST, statement_id',
    [customerId, accountId],
  );
  return r.rows.map((x) => x.body);
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
     ON CONFLICT (account_id, party_id) DO UPDATE SET body = EXCLUDED.body, updated_at = EXCLUDED.updated_at`,
    [accountId, customerId, parties.map((p) => JSON.stringify({ ...p, AccountId: accountId })), now],
  );
}

export async function listParties(db: Db, customerId: string, accountId: string): Promise<PartyBody[]> {
  const r = await db.query<{ body: PartyBody }>(
    'SELECT body FROM parties WHERE customer_id = $1 AND account_id = $2 ORDER BY party_id',
    [customerId, accountId],
  );
  return r.rows.map((x) => x.body);
}
