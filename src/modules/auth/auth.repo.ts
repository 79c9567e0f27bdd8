import type { Db } from '../../db/db.ts';

export async function insertAccessToken(
  db: Db,
  t: { hash: string; clientId: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.query('INSERT INTO access_tokens (token_hash, client_id, expires_at, created_at) VALUES ($1, $2, $3, $4)', [
    t.hash,
    t.clientId,
    t.expiresAt,
    t.now,
  ]);
}

export async function findAccessToken(db: Db, hash: string): Promise<{ client_id: string; expires_at: Date } | null> {
  const r = await db.query<{ client_id: string; expires_at: Date }>(
    'SELECT client_id, expires_at FROM access_tokens WHERE token_hash = $1',
    [hash],
  );
  return r.rows[0] ?? null;
}

export async function insertCustomerToken(
  db: Db,
  t: { hash: string; clientId: string; customerId: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO customer_tokens (token_hash, customer_id, client_id, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)',
    [t.hash, t.customerId, t.clientId, t.expiresAt, t.now],
  );
}

export async function findCustomerToken(
  db: Db,
  hash: string,
): Promise<{ client_id: string; customer_id: string; expires_at: Date } | null> {
  const r = await db.query<{ client_id: string; customer_id: string; expires_at: Date }>(
    'SELECT client_id, customer_id, expires_at FROM customer_tokens WHERE token_hash = $1',
    [hash],
  );
  return r.rows[0] ?? null;
}

/** Housekeeping: expired tokens are useless; drop them so the tables stay small. */
export async function deleteExpiredTokens(db: Db, now: Date): Promise<void> {
  await db.query('DELETE FROM access_tokens WHERE expires_at < $1', [now]);
  await db.query('DELETE FROM customer_tokens WHERE expires_at < $1', [now]);
}
