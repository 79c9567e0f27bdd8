/**
 * Ids are opaque and unguessable (docs/decisions/0002-wire-conventions.md). Row ids are UUIDv7: 74 random bits plus a time prefix,
 * which keeps index inserts local for big batches. Secrets and tokens are 256 random bits.
 */
import { randomBytes, randomFillSync } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

export function newId(): string {
  return uuidv7();
}

/**
 * n UUIDv7 strings at once, for bulk inserts: the same layout as newId() (48-bit millisecond time, version 7,
 * variant 10), with the random bytes drawn in one call: the 12-bit rand_a field counts up within the call
 * (modulo 4096) and rand_b carries 62 random bits, so ids stay unique and unguessable.
 */
export function newIds(n: number, now = Date.now()): string[] {
  const rnd = Buffer.allocUnsafe(n * 8);
  randomFillSync(rnd);
  // The first byte of each id's 8 random bytes carries the variant (10xxxxxx).
  for (let o = 0; o < rnd.length; o += 8) rnd.writeUInt8((rnd.readUInt8(o) & 0x3f) | 0x80, o);
  const hex = rnd.toString('hex');
  const ms = now.toString(16).padStart(12, '0');
  const head = `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7`;
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const seq = (i & 0xfff).toString(16).padStart(3, '0');
    const h = i * 16;
    out[i] = `${head}${seq}-${hex.slice(h, h + 4)}-${hex.slice(h + 4, h + 16)}`;
  }
  return out;
}

/** A random url-safe string with `bytes` bytes of entropy, with a readable prefix (obi_at_, obi_ut_ …). */
export function randomToken(prefix: string, bytes = 32): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}
