/** The idempotency module's public face: Idempotency-Key handling for submissions. */
export { runIdempotent } from './idempotency.service.ts';
