/**
 * Client secrets are kept only as a keyed hash (HMAC-SHA256 with the installation's key) and compared in
 * constant time. Bearer and customer tokens are random 256-bit values kept as a plain SHA-256 (a lookup key:
 * their entropy makes a slow hash pointless, and the database never holds a usable token).
 */
import { createHash, createHmac, hash, timingSafeEqual } from 'node:crypto';

export function hashSecret(key: string, secret: string): string {
  return createHmac('sha256', key).update(secret).digest('hex');
}

export function secretMatches(key: string, secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(key, secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** One-shot `hash` (no Hash object): it runs on every authenticated request (src/modules/auth/auth.service.ts). */
export function tokenLookupHash(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Two strings compared in time that depends on neither (both are hashed first, so lengths do not leak either). */
export function constantTimeEqual(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}
