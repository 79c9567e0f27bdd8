/**
 * Ids are opaque and unguessable (decisions.md). Row ids are UUIDv7: 74 random bits plus a time prefix,
 * which keeps index inserts local for big batches. Secrets and tokens are 256 random bits.
 */
import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

export function newId(): string {
  return uuidv7();
}

/** A random url-safe string with `bytes` bytes of entropy, with a readable prefix (obi_at_, obi_ut_ …). */
export function randomToken(prefix: string, bytes = 32): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}
