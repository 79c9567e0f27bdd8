/**
 * The token endpoint's lock-out after failed requests (docs/api-notes.md, "Throttling";
 * docs/decisions/0044-limits-by-who-spends-them.md), on the shared counters of src/db/attempt-lockout.ts:
 *
 * - a known client's lock is per client *and* address: a burst of wrong secrets from one address locks that client
 *   from that address only, never its right secret from anywhere else. Counted before the secret is checked, so
 *   concurrent guesses cannot race past the lock;
 * - an address has a separate, much higher ceiling (TOKEN_LOCKOUT_ADDRESS_AFTER failures, whatever the client
 *   ids), which stops one caller trying many ids;
 * - a client id that does not exist counts only towards its address's ceiling: made-up ids never lock a known client.
 */
import type { Db } from '../../db/db.ts';
import * as counters from '../../db/attempt-lockout.ts';

export interface LockoutSettings {
  tokenLockoutAfter: number;
  tokenLockoutSeconds: number;
  tokenLockoutMaxSeconds: number;
  tokenLockoutAddressAfter: number;
}

const TABLE = 'auth_failures';

function pairKey(clientId: string, address: string): string {
  return `pair:${clientId}:${address}`;
}

function addressKey(address: string): string {
  return `address:${address}`;
}

function rule(s: LockoutSettings, after: number): counters.LockoutRule {
  return { after, seconds: s.tokenLockoutSeconds, maxSeconds: s.tokenLockoutMaxSeconds };
}

/** Seconds until the address's ceiling lock ends, or 0. */
export function addressLockedForSeconds(db: Db, address: string, now: Date): Promise<number> {
  return counters.lockedForSeconds(db, TABLE, [addressKey(address)], now);
}

/** A known client's attempt from an address: 0 to go ahead (already counted), or the seconds its lock has left. */
export function takeClientAttempt(db: Db, s: LockoutSettings, clientId: string, address: string, now: Date) {
  return counters.takeAttempt(db, TABLE, pairKey(clientId, address), rule(s, s.tokenLockoutAfter), now);
}

/** A failure counted towards the address's ceiling. */
export function recordAddressFailure(db: Db, s: LockoutSettings, address: string, now: Date): Promise<void> {
  return counters.recordFailure(db, TABLE, [addressKey(address)], rule(s, s.tokenLockoutAddressAfter), now);
}

/** The right secret: the client's count from this address starts again. */
export function clearClientAttempts(db: Db, clientId: string, address: string): Promise<void> {
  return counters.clearKey(db, TABLE, pairKey(clientId, address));
}
