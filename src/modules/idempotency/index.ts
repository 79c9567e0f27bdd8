/** The idempotency module's public face: Idempotency-Key handling for submissions. */
export { IDEMPOTENCY_WINDOW_SECONDS, pruneExpiredKeys, runIdempotent } from './idempotency.service.ts';
