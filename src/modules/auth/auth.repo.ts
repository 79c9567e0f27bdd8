import type { Db } from '../../db/db.ts';

/*
 * A token belongs to a client that is not disabled (docs/decisions/0026-client-lifecycle.md): it is issued only
 * while the client row, share-locked, says so (a concurrent disable waits for the insert, or the insert for the
 * disable), and it resolves only while it still says so, checked in the same query. A verified access token is then
 * trusted for a few seconds (auth.token-cache.ts): a disable takes effect on the next request in the process that
 * made it, and within that time in every other process (docs/decisions/0031-small-reads-in-one-round-trip.md).
 */
const ACTIVE_CLIENT = 'SELECT 1 FROM clients WHERE id = $2 AND disabled_at IS NULL FOR SHARE';

/** False when the client is disabled or gone (no token is stored). */
export async function insertAccessToken(
  db: Db,
  t: { hash: string; clientId: string; expiresAt: Date; now: Date },
): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO access_tokens (token_hash, client_id, expires_at, created_at)
     SELECT $1, $2, $3, $4 WHERE EXISTS (${ACTIVE_CLIENT})`,
    [t.hash, t.clientId, t.expiresAt, t.now],
  );
  return r.rowCount > 0;
}

export async function findAccessToken(db: Db, hash: string): Promise<{ client_id: string; expires_at: Date } | null> {
  const r = await db.query<{ client_id: string; expires_at: Date }>(
    `SELECT t.client_id, t.expires_at FROM access_tokens t JOIN clients c ON c.id = t.client_id
     WHERE t.token_hash = $1 AND c.disabled_at IS NULL`,
    [hash],
  );
  return r.rows[0] ?? null;
}

/**
 * False when the client is disabled or gone, or the customer is gone (no token is stored). customer_tokens is a lookup
 * table (docs/decisions/0084-customer-lookups.md): no foreign key to customers, so the customer row is share-locked
 * here as the client's is (an erasure under way waits for the insert, or the insert finds the customer gone), and
 * the erasure deletes the customer's tokens by name.
 */
export async function insertCustomerToken(
  db: Db,
  t: { hash: string; clientId: string; customerId: string; expiresAt: Date; now: Date },
): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO customer_tokens (token_hash, customer_id, client_id, expires_at, created_at)
     SELECT $1, $3, $2, $4, $5 WHERE EXISTS (${ACTIVE_CLIENT})
       AND EXISTS (SELECT 1 FROM customers WHERE id = $3 AND client_id = $2 FOR SHARE)`,
    [t.hash, t.clientId, t.customerId, t.expiresAt, t.now],
  );
  return r.rowCount > 0;
}

export async function findCustomerToken(
  db: Db,
  hash: string,
): Promise<{ client_id: string; customer_id: string; expires_at: Date } | null> {
  const r = await db.query<{ client_id: string; customer_id: string; expires_at: Date }>(
    `SELECT t.client_id, t.customer_id, t.expires_at FROM customer_tokens t JOIN clients c ON c.id = t.client_id
     WHERE t.token_hash = $1 AND c.disabled_at IS NULL`,
    [hash],
  );
  return r.rows[0] ?? null;
}

/**
 * Up to `limit` access tokens that expired before `before`, oldest first: the auth.housekeeping job
 * (src/jobs/registry.ts). One statement, found through access_tokens_expires_at.
 */
export async function deleteAccessTokensExpiredBefore(db: Db, before: Date, limit: number): Promise<number> {
  const r = await db.query(
    `DELETE FROM access_tokens WHERE token_hash IN
       (SELECT token_hash FROM access_tokens WHERE expires_at < $1 ORDER BY expires_at LIMIT $2)`,
    [before, limit],
  );
  return r.rowCount;
}

/** Up to `limit` customer tokens that expired before `before`: the auth.housekeeping job. */
export async function deleteCustomerTokensExpiredBefore(db: Db, before: Date, limit: number): Promise<number> {
  const r = await db.query(
    `DELETE FROM customer_tokens WHERE token_hash IN
       (SELECT token_hash FROM customer_tokens WHERE expires_at < $1 LIMIT $2)`,
    [before, limit],
  );
  return r.rowCount;
}
