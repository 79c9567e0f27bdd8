/**
 * Growing lock-out of the token endpoint after repeated failures (docs/api-notes.md, "Throttling"); the token
 * route asks through src/modules/auth/auth.service.ts. Failures are counted per client id and per address, in the database (so every instance sees them). From the
 * TOKEN_LOCKOUT_AFTER-th failure in a row (failures more than an hour apart start the count again), the key is
 * locked for TOKEN_LOCKOUT_SECONDS, doubling with each further failure, up to TOKEN_LOCKOUT_MAX_SECONDS. A
 * successful request clears its client id's count. Anyone who knows a client id can lock it out for a while: the
 * cap keeps that short, and the per-address count stops one address from doing it for long.
 */
import type { Db } from '../../db/db.ts';

export interface LockoutSettings {
  tokenLockoutAfter: number;
  tokenLockoutSeconds: number;
  tokenLockoutMaxSeconds: number;
}

const COUNT_RESETS_AFTER_SECONDS = 3600;

function keysOf(clientId: string, address: string): string[] {
  return [`client:${clientId}`, `address:${address}`];
}

/** Seconds until the later of the two locks ends, or 0 when neither is locked. */
export async function lockedForSeconds(db: Db, clientId: string, address: string, now: Date): Promise<number> {
  const r = await db.query<{ until: Date }>(
    'SELECT max(locked_until) AS until FROM auth_failures WHERE key = ANY($1) AND locked_until > $2',
    [keysOf(clientId, address), now],
  );
  const until = r.rows[0]?.until;
  return until ? Math.ceil((new Date(until).getTime() - now.getTime()) / 1000) : 0;
}

export async function recordFailure(
  db: Db,
  s: LockoutSettings,
  clientId: string,
  address: string,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO auth_failures AS f (key, failures, last_failure_at, locked_until)
     SELECT k, 1, $2::timestamptz,
            CASE WHEN 1 >= $4::int THEN $2::timestamptz + make_interval(secs => $5::float8) END
     FROM unnest($1::text[]) AS k
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN f.last_failure_at < $2::timestamptz - make_interval(secs => $3::float8) THEN 1
                       ELSE f.failures + 1 END,
       last_failure_at = $2::timestamptz,
       locked_until = CASE
         WHEN (CASE WHEN f.last_failure_at < $2::timestamptz - make_interval(secs => $3::float8) THEN 1
                    ELSE f.failures + 1 END) >= $4::int
         THEN $2::timestamptz + make_interval(secs => LEAST($6::float8, $5::float8 * power(2,
           (CASE WHEN f.last_failure_at < $2::timestamptz - make_interval(secs => $3::float8) THEN 1
                 ELSE f.failures + 1 END) - $4::int)))
       END`,
    [
      keysOf(clientId, address),
      now,
      COUNT_RESETS_AFTER_SECONDS,
      s.tokenLockoutAfter,
      s.tokenLockoutSeconds,
      s.tokenLockoutMaxSeconds,
    ],
  );
}

export async function clearFailures(db: Db, clientId: string): Promise<void> {
  await db.query('DELETE FROM auth_failures WHERE key = $1', [`client:${clientId}`]);
}
