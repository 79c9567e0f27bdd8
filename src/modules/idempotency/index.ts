/** The idempotency module's public face: Idempotency-Key handling for submissions. */
export { pruneExpiredKeys, runIdempotent } from './idempotency.service.ts';
