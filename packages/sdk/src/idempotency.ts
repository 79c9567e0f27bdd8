/**
 * Idempotency keys for submissions (docs/api-notes.md, "Idempotency-Key"): the same key with the same body
 * replays the first answer instead of storing twice, so a submission can be retried safely after a timeout.
 */
import { randomUUID } from 'node:crypto';

/** A fresh key: keep it with the batch and send it again on every retry of that batch. */
export function newIdempotencyKey(): string {
  return randomUUID();
}
