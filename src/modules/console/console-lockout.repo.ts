/**
 * Growing lock-out of console sign-in (docs/decisions/0034-console.md), on the shared counters of
 * src/db/attempt-lockout.ts and a table of its own: failures are counted per e-mail within a client (before the
 * password is checked, so concurrent guesses cannot race past the lock: five guesses mean five) and per address
 * (after it, towards a higher ceiling); from the CONSOLE_SIGN_IN_LOCKOUT_AFTER-th failure in a row (failures more
 * than an hour apart start the count again) the key is locked for TOKEN_LOCKOUT_SECONDS, doubling with each further
 * failure, up to TOKEN_LOCKOUT_MAX_SECONDS. A successful sign-in clears its e-mail's count.
 */
import type { Db } from '../../db/db.ts';
import * as counters from '../../db/attempt-lockout.ts';

export type SignInLockout = counters.LockoutRule;

const TABLE = 'console_sign_in_failures';

export function emailKey(clientId: string, email: string): string {
  return `email:${clientId}:${email.toLowerCase()}`;
}

export function addressKey(address: string): string {
  return `address:${address}`;
}

/** Seconds until the later lock of these keys ends, or 0 when none is locked. */
export function lockedForSeconds(db: Db, keys: string[], now: Date): Promise<number> {
  return counters.lockedForSeconds(db, TABLE, keys, now);
}

/** One attempt on a key, counted before the password is checked: 0 to go ahead, or the seconds its lock has left. */
export function takeAttempt(db: Db, s: SignInLockout, key: string, now: Date): Promise<number> {
  return counters.takeAttempt(db, TABLE, key, s, now);
}

export function recordFailure(db: Db, s: SignInLockout, keys: string[], now: Date): Promise<void> {
  return counters.recordFailure(db, TABLE, keys, s, now);
}

export function clearFailures(db: Db, key: string): Promise<void> {
  return counters.clearKey(db, TABLE, key);
}
