/**
 * Idempotency-Key (IETF draft semantics, docs/decisions/0007-transaction-submission.md): the same key with the same body replays the first
 * answer; the same key with another body is 422; a key whose first request is still running is 409.
 * The stored answer commits in the same transaction as the work, so a crash leaves either both or neither.
 * A failed request releases its key, so the client can retry. A key left in flight by a crashed process
 * is taken over after IN_FLIGHT_TIMEOUT_SECONDS.
 */
import type { Db } from '../../db/db.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './idempotency.repo.ts';

const IN_FLIGHT_TIMEOUT_SECONDS = 300;

/** The outcome of the work, and whether it is the stored outcome of an earlier request with the same key. */
export interface IdempotentOutcome<T> {
  result: T;
  replayed: boolean;
}

/**
 * Runs `work` once per (client, key, request): only a successful outcome is stored (a failure releases the key),
 * so a replay is always the first success. The HTTP status belongs to the route, not to this record.
 */
export async function runIdempotent<T>(
  db: Db,
  scope: { clientId: string; key: string; requestHash: string; now: Date },
  work: (tx: Db) => Promise<T>,
): Promise<IdempotentOutcome<T>> {
  const { clientId, key, requestHash, now } = scope;
  if (!(await repo.claimKey(db, clientId, key, requestHash, now))) {
    const existing = await repo.findKey(db, clientId, key);
    if (!existing) return runIdempotent(db, scope, work); // released between our insert and our read: claim it again
    if (existing.request_hash !== requestHash) {
      throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used with a different request body.', {
        errors: [{ pointer: '/headers/idempotency-key', detail: 'already used for another request' }],
      });
    }
    if (existing.state === 'done') return { result: existing.response_body as T, replayed: true };
    const stale = now.getTime() - new Date(existing.created_at).getTime() > IN_FLIGHT_TIMEOUT_SECONDS * 1000;
    if (!stale || !(await repo.takeOverKey(db, clientId, key, existing.created_at, now))) {
      throw new AppError(
        'idempotency_key_in_use',
        'A request with this Idempotency-Key is still being processed; retry later.',
        {
          headers: { 'retry-after': '5' },
        },
      );
    }
  }
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx);
      await repo.completeKey(tx, clientId, key, result);
      return { result, replayed: false };
    });
  } catch (err) {
    await repo.releaseKey(db, clientId, key).catch(() => undefined);
    throw err;
  }
}
