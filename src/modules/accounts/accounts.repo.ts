import type { Db } from '../../db/db.ts';

export interface AccountRow {
  id: string;
  client_id: string;
  customer_id: string;
  bank_slug: string;
  number: string;
  sort_code: string | null;
  account_number: string | null;
  currency: string;
  name: string | null;
  nickname: string | null;
  identification: string | null;
  secondary_identification: string | null;
  type: 'Personal' | 'Business';
  sub_type: string;
  scheme_name: string;
  is_authorized: boolean;
}

export type NewAccount = Omit<AccountRow, 'is_authorized'> & { is_authorized: boolean | null };

const COLS = [
  'id',
  'client_id',
  'customer_id',
  'bank_slug',
  'number',
  'sort_code',
  'account_number',
  'currency',
  'name',
  'nickname',
  'identification',
  'secondary_identification',
  'type',
  'sub_type',
  'scheme_name',
] as const;

/**
 * Creates accounts, or updates the descriptive fields of those that exist (idempotent on bank_slug + number).
 * is_authorized is only changed when sent.
 */
export async function upsertAccounts(
  db: Db,
  rows: NewAccount[],
  source: 'submitted' | 'bank',
  now: Date,
): Promise<AccountRow[]> {
  const customerId = rows[0]?.customer_id;
  if (customerId === undefined) return [];
  const n = COLS.length;
  await db.query(
    `INSERT INTO accounts (${COLS.join(', ')}, is_authorized, source, created_at, updated_at)
     SELECT ${COLS.map((_, i) => `u.c${i}`).join(', ')}, coalesce(u.auth, true), $${n + 2}, $${n + 3}, $${n + 3}
     FROM unnest(${COLS.map((_, i) => `$${i + 1}::text[]`).join(', ')}, $${n + 1}::boolean[]) AS u(${COLS.map((_, i) => `c${i}`).join(', ')}, auth)
     ON CONFLICT (customer_id, bank_slug, number) DO UPDATE SET
       sort_code = EXCLUDED.sort_code, account_number = EXCLUDED.account_number, currency = EXCLUDED.currency,
       name = EXCLUDED.name, nickname = EXCLUDED.nickname, identification = EXCLUDED.identification,
       secondary_identification = EXCLUDED.secondary_identification, type = EXCLUDED.type, sub_type = EXCLUDED.sub_type,
       scheme_name = EXCLUDED.scheme_name, updated_at = EXCLUDED.updated_at`,
    [...COLS.map((c) => rows.map((r) => r[c])), rows.map((r) => r.is_authorized), source, now],
  );
  // is_authorized of an existing account changes only when the caller sent it.
  const sent = rows.filter((row) => row.is_authorized !== null);
  if (sent.length > 0) {
    await db.query(
      `UPDATE accounts a SET is_authorized = u.auth FROM unnest($2::text[], $3::text[], $4::boolean[]) AS u(slug, num, auth)
       WHERE a.customer_id = $1 AND a.bank_slug = u.slug AND a.number = u.num`,
      [customerId, sent.map((r) => r.bank_slug), sent.map((r) => r.number), sent.map((r) => r.is_authorized)],
    );
  }
  const stored = await db.query<AccountRow>(
    `SELECT a.* FROM accounts a JOIN unnest($2::text[], $3::text[]) WITH ORDINALITY AS u(slug, num, ord)
       ON a.bank_slug = u.slug AND a.number = u.num WHERE a.customer_id = $1 ORDER BY u.ord`,
    [customerId, rows.map((r) => r.bank_slug), rows.map((r) => r.number)],
  );
  return stored.rows;
}

export async function listAccounts(db: Db, customerId: string): Promise<AccountRow[]> {
  return (
    await db.query<AccountRow>('SELECT * FROM accounts WHERE customer_id = $1 ORDER BY created_at, id', [customerId])
  ).rows;
}

/*
 * Reads scoped to a client's customer in one round trip (docs/decisions/0031-small-reads-in-one-round-trip.md): the
 * customer row is the left side of the join, so "no row" means no such customer of this client (answered exactly
 * like an unknown id), and a row whose account columns are null means the customer has no (such) account.
 */

/** The customer's accounts, oldest first; null when the client has no customer with this id. */
export async function listAccountsOfClientCustomer(
  db: Db,
  clientId: string,
  customerId: string,
): Promise<AccountRow[] | null> {
  const r = await db.query<AccountRow>(
    `SELECT a.* FROM customers c LEFT JOIN accounts a ON a.customer_id = c.id
     WHERE c.client_id = $1 AND c.id = $2 ORDER BY a.created_at, a.id`,
    [clientId, customerId],
    { prepare: true }, // every submission's first statement (src/db/pglite-prepared.ts)
  );
  return r.rows.length === 0 ? null : r.rows.filter((a) => a.id !== null);
}

export interface BalanceRow {
  account_id: string;
  type: string;
  date: string;
  amount: string;
  currency: string;
  date_time: number;
  /** a bank's CreditLine entries (overdraft limits), as the connector read them; absent for submissions */
  credit_line?: unknown[] | null;
}

/** One balance per account, type and London day: a later submission for the same day replaces it. */
export async function upsertBalances(db: Db, customerId: string, rows: BalanceRow[], now: Date): Promise<void> {
  await db.query(
    `INSERT INTO balances (account_id, customer_id, type, date, amount, currency, date_time, credit_line, updated_at)
     SELECT a, $1, t, d::date, amt::numeric, c, dt, cl::jsonb, $8 FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $9::text[]) AS u(a, t, d, amt, c, dt, cl)
     ON CONFLICT (customer_id, account_id, type, date) DO UPDATE SET amount = EXCLUDED.amount, currency = EXCLUDED.currency,
       date_time = EXCLUDED.date_time, credit_line = EXCLUDED.credit_line, updated_at = EXCLUDED.updated_at
     WHERE balances.date_time <= EXCLUDED.date_time`,
    [
      customerId,
      rows.map((r) => r.account_id),
      rows.map((r) => r.type),
      rows.map((r) => r.date),
      rows.map((r) => r.amount),
      rows.map((r) => r.currency),
      rows.map((r) => r.date_time),
      now,
      rows.map((r) => (r.credit_line ? JSON.stringify(r.credit_line) : null)),
    ],
  );
}

/** The account's balances, newest day first; `customer`/`account` false when not the client's (one query). */
export async function listBalancesOfClientAccount(
  db: Db,
  clientId: string,
  customerId: string,
  accountId: string,
): Promise<{ customer: boolean; account: boolean; balances: BalanceRow[] }> {
  const r = await db.query<BalanceRow & { owned_account: string | null }>(
    `SELECT a.id AS owned_account, b.account_id, b.type, to_char(b.date, 'YYYY-MM-DD') AS date, b.amount, b.currency,
       b.date_time FROM customers c
       LEFT JOIN accounts a ON a.customer_id = c.id AND a.id = $3
       LEFT JOIN balances b ON b.customer_id = c.id AND b.account_id = a.id
     WHERE c.client_id = $1 AND c.id = $2 ORDER BY b.date DESC, b.type`,
    [clientId, customerId, accountId],
  );
  return {
    customer: r.rows.length > 0,
    account: r.rows.some((x) => x.owned_account !== null),
    balances: r.rows.flatMap(({ owned_account: _, ...b }) => (b.account_id === null ? [] : [b])),
  };
}

/** Sets is_authorized on the given accounts of the customer; answers the ids whose value changed. */
export async function setAuthorized(
  db: Db,
  customerId: string,
  accountIds: string[],
  isAuthorized: boolean,
  now: Date,
): Promise<string[]> {
  if (accountIds.length === 0) return [];
  const r = await db.query<{ id: string }>(
    `UPDATE accounts SET is_authorized = $3, updated_at = $4 WHERE customer_id = $1 AND id = ANY($2::text[]) AND is_authorized <> $3
     RETURNING id`,
    [customerId, accountIds, isAuthorized, now],
  );
  return r.rows.map((x) => x.id).sort((a, b) => accountIds.indexOf(a) - accountIds.indexOf(b));
}
