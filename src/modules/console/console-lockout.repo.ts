/**
 * Growing lock-out of console sign-in (docs/decisions/0034-console.md), the token endpoint's scheme
 * (src/modules/auth/auth-lockout.repo.ts) on its own table: failures are counted per e-mail within a client and per
 * address; from the CONSOLE_SIGN_IN_LOCKOUT_AFTER-th failure in a row (failures more than an hour apart start the
 * count again) the key is locked for TOKEN_LOCKOUT_SECONDS, doubling with each further failure, up to
 * TOKEN_LOCKOUT_MAX_SECONDS. A successful sign-in clears its e-mail's count.
 */
import type { Db } from '../../db/db.ts';

export interface SignInLockout {
  after: number;
  seconds: number;
  maxSeconds: number;
}

const COUNT_RESETS_AFTER_SECONDS = 3600;

export function emailKey(clientId: string, email: string): string {
  return `email:${clientId}:${email.toLowerCase()}`;
}

export function addressKey(address: string): string {
  return `address:${address}`;
}

/** Seconds until the later lock of these keys ends, or 0 when none is locked. */
export async function lockedForSeconds(db: Db, keys: string[], now: Date): Promise<number> {
  const r = await db.query<{ until: Date | null }>(
    'SELECT max(locked_until) AS until FROM console_sign_in_failures WHERE key = ANY($1) AND locked_until > $2',
    [keys, now],
  );
  const until = r.rows[0]?.until;
  return until ? Math.ceil((new Date(until).getTime() - now.getTime()) / 1000) : 0;
}

export async function recordFailure(db: Db, s: SignInLockout, keys: string[], now: Date): Promise<void> {
  const count = `(CASE WHEN f.last_failure_at < $2::timestamptz - make_interval(secs => $3::float8) THEN 1
                       ELSE f.failures + 1 END)`;
  await db.query(
    `INSERT INTO console_sign_in_failures AS f (key, failures, last_failure_at, locked_until)
     SELECT k, 1, $2::timestamptz,
            CASE WHEN 1 >= $4::int THEN $2::timestamptz + make_interval(secs => $5::float8) END
     FROM unnest($1::text[]) AS k
     ON CONFLICT (key) DO UPDATE SET
       failures = ${count},
       last_failure_at = $2::timestamptz,
       locked_until = CASE WHEN ${count} >= $4::int
         THEN $2::timestamptz + make_interval(secs => LEAST($6::float8, $5::float8 * power(2, ${count} - $4::int)))
       END`,
    [keys, now, COUNT_RESETS_AFTER_SECONDS, s.after, s.seconds, s.maxSeconds],
  );
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.query('DELETE FROM console_sign_in_failures WHERE key = $1', [key]);
}
