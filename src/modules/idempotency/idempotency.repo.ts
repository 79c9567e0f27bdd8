/** The idempotency_keys table: one row per (client, Idempotency-Key), in flight until its work commits. */
import type { Db } from '../../db/db.ts';

export interface KeyRow {
  request_hash: string;
  state: 'in_flight' | 'done';
  response_body: unknown;
  created_at: Date;
}

/** Claims the key for a new request; false when a row for it already exists. */
export async function claimKey(
  db: Db,
  clientId: string,
  key: string,
  requestHash: string,
  now: Date,
  /**
   * the customer whose request it is: their erasure deletes the row by name (a client-level table has no foreign key
   * to customers, docs/decisions/0084-customer-lookups.md); an unknown one is left null, and so is one whose erasure
   * commits while this waits for the customer row
   */
  customerId: string | null = null,
): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO idempotency_keys (client_id, key, request_hash, state, created_at, customer_id)
     VALUES ($1, $2, $3, 'in_flight', $4, (SELECT id FROM customers WHERE id = $5 AND client_id = $1 FOR SHARE))
     ON CONFLICT (client_id, key) DO NOTHING RETURNING key`,
    [clientId, key, requestHash, now, customerId],
  );
  return r.rows.length > 0;
}

export async function findKey(db: Db, clientId: string, key: string): Promise<KeyRow | null> {
  const r = await db.query<KeyRow>(
    'SELECT request_hash, state, response_body, created_at FROM idempotency_keys WHERE client_id = $1 AND key = $2',
    [clientId, key],
  );
  return r.rows[0] ?? null;
}

/** Takes over a key left in flight since `since` (its process died); false when someone else did first. */
export async function takeOverKey(db: Db, clientId: string, key: string, since: Date, now: Date): Promise<boolean> {
  const r = await db.query(
    `UPDATE idempotency_keys SET created_at = $3 WHERE client_id = $1 AND key = $2 AND state = 'in_flight' AND created_at = $4 RETURNING key`,
    [clientId, key, now, since],
  );
  return r.rows.length > 0;
}

/** Records the answer in the work's own transaction, so both commit or neither. */
export async function completeKey(tx: Db, clientId: string, key: string, answer: unknown): Promise<void> {
  await tx.query(`UPDATE idempotency_keys SET state = 'done', response_body = $3 WHERE client_id = $1 AND key = $2`, [
    clientId,
    key,
    JSON.stringify(answer),
  ]);
}

export async function releaseKey(db: Db, clientId: string, key: string): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE client_id = $1 AND key = $2 AND state = 'in_flight'`, [
    clientId,
    key,
  ]);
}

/** Forgets one key whose window has passed (only the row as it was read, created at `createdAt`). */
export async function deleteExpiredKey(db: Db, clientId: string, key: string, createdAt: Date): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE client_id = $1 AND key = $2 AND created_at = $3`, [
    clientId,
    key,
    createdAt,
  ]);
}

/** Deletes up to `limit` keys created before `before` (by the created_at index); returns how many. */
export async function deleteKeysCreatedBefore(db: Db, before: Date, limit: number): Promise<number> {
  const r = await db.query(
    `DELETE FROM idempotency_keys WHERE (client_id, key) IN (
       SELECT client_id, key FROM idempotency_keys WHERE created_at < $1 ORDER BY created_at LIMIT $2
     ) RETURNING 1`,
    [before, limit],
  );
  return r.rows.length;
}
