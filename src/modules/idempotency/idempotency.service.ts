/**
 * Idempotency-Key (IETF draft semantics, docs/decisions/0007-transaction-submission.md): the same key with the same body replays the first
 * answer; the same key with another body is 422; a key whose first request is still running is 409.
 * The stored answer commits in the same transaction as the work, so a crash leaves either both or neither.
 * A failed request releases its key, so the client can retry. A key left in flight by a crashed process
 * is taken over after IN_FLIGHT_TIMEOUT_SECONDS.
 */
import type { Db } from '../../db/db.ts';
import { AppError } from '../../lib/app-error.ts';

const IN_FLIGHT_TIMEOUT_SECONDS = 300;

export interface IdempotentAnswer<T> {
  status: number;
  body: T;
  replayed: boolean;
}

interface KeyRow {
  request_hash: string;
  state: 'in_flight' | 'done';
  response_status: number | null;
  response_body: unknown;
  created_at: Date;
}

export async function runIdempotent<T>(
  db: Db,
  scope: { clientId: string; key: string; requestHash: string; now: Date },
  work: (tx: Db) => Promise<{ status: number; body: T }>,
): Promise<IdempotentAnswer<T>> {
  const { clientId, key, requestHash, now } = scope;
  const claimed = await db.query(
    `INSERT INTO idempotency_keys (client_id, key, request_hash, state, created_at) VALUES ($1, $2, $3, 'in_flight', $4)
     ON CONFLICT (client_id, key) DO NOTHING RETURNING key`,
    [clientId, key, requestHash, now],
  );
  if (claimed.rows.length === 0) {
    const existing = (
      await db.query<KeyRow>('SELECT * FROM idempotency_keys WHERE client_id = $1 AND key = $2', [clientId, key])
    ).rows[0];
    if (existing) {
      if (existing.request_hash !== requestHash) {
        throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used with a different request body.', {
          errors: [{ pointer: '/headers/idempotency-key', detail: 'already used for another request' }],
        });
      }
      if (existing.state === 'done')
        return { status: existing.response_status!, body: existing.response_body as T, replayed: true };
      const stale = now.getTime() - new Date(existing.created_at).getTime() > IN_FLIGHT_TIMEOUT_SECONDS * 1000;
      const takenOver =
        stale &&
        (
          await db.query(
            `UPDATE idempotency_keys SET created_at = $3 WHERE client_id = $1 AND key = $2 AND state = 'in_flight' AND created_at = $4 RETURNING key`,
            [clientId, key, now, existing.created_at],
          )
        ).rows.length > 0;
      if (!takenOver)
        throw new AppError(
          'idempotency_key_in_use',
          'A request with this Idempotency-Key is still being processed; retry later.',
          { headers: { 'retry-after': '5' } },
        );
    } else {
      return runIdempotent(db, scope, work); // released between our insert and our read: claim it again
    }
  }
  try {
    return await db.transaction(async (tx) => {
      const answer = await work(tx);
      await tx.query(
        `UPDATE idempotency_keys SET state = 'done', response_status = $3, response_body = $4 WHERE client_id = $1 AND key = $2`,
        [clientId, key, answer.status, JSON.stringify(answer.body)],
      );
      return { ...answer, replayed: false };
    });
  } catch (err) {
    await db
      .query(`DELETE FROM idempotency_keys WHERE client_id = $1 AND key = $2 AND state = 'in_flight'`, [clientId, key])
      .catch(() => undefined);
    throw err;
  }
}
