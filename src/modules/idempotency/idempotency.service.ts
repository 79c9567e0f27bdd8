/**
 * Idempotency-Key (IETF draft semantics, docs/decisions/0007-transaction-submission.md): the same key with the same body replays the first
 * answer; the same key with another body is 422; a key whose first request is still running is 409.
 * The stored answer commits in the same transaction as the work, so a crash leaves either both or neither.
 * A failed request releases its key, so the client can retry. A key left in flight by a crashed process
 * is taken over after IN_FLIGHT_TIMEOUT_SECONDS.
 * A key is kept for IDEMPOTENCY_WINDOW_SECONDS (24 hours) from its first request: after that the same key is a new
 * request, and the idempotency.prune job (src/jobs/registry.ts) deletes expired keys in bounded batches.
 */
import type { Db } from '../../db/db.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './idempotency.repo.ts';
import { deleteInBatches } from '../../lib/batches.ts';

const IN_FLIGHT_TIMEOUT_SECONDS = 300;

/** How long a key is remembered, from its first request (docs/decisions/0007-transaction-submission.md). */
export const IDEMPOTENCY_WINDOW_SECONDS = 86_400;

/** Keys deleted per statement by the prune job, and statements per run: short locks, and a run that ends. */
export const PRUNE_BATCH_SIZE = 1000;
const PRUNE_MAX_BATCHES = 100;

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
  /** customerId: whose request it is, so that the customer's erasure takes the stored answer with the rest */
  scope: { clientId: string; key: string; requestHash: string; now: Date; customerId?: string },
  work: (tx: Db) => Promise<T>,
): Promise<IdempotentOutcome<T>> {
  const { clientId, key, requestHash, now } = scope;
  if (!(await repo.claimKey(db, clientId, key, requestHash, now, scope.customerId ?? null))) {
    const existing = await repo.findKey(db, clientId, key);
    if (!existing) return runIdempotent(db, scope, work); // released between our insert and our read: claim it again
    if (now.getTime() - new Date(existing.created_at).getTime() >= IDEMPOTENCY_WINDOW_SECONDS * 1000) {
      // Its window has passed (the prune job has not got to it yet): forgotten, and this request is a new one.
      await repo.deleteExpiredKey(db, clientId, key, existing.created_at);
      return runIdempotent(db, scope, work);
    }
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

/**
 * The idempotency.prune job: deletes the keys whose window has passed, PRUNE_BATCH_SIZE at a time (each batch its
 * own statement, so no long lock), at most PRUNE_MAX_BATCHES per run (the next run goes on). Returns how many.
 */
export async function pruneExpiredKeys(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - IDEMPOTENCY_WINDOW_SECONDS * 1000);
  return deleteInBatches((n) => repo.deleteKeysCreatedBefore(db, before, n), {
    batch: PRUNE_BATCH_SIZE,
    maxBatches: PRUNE_MAX_BATCHES,
  });
}
