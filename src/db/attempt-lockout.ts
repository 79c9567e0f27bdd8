/**
 * Growing lock-outs counted in the database (tables auth_failures and console_sign_in_failures, one row a key), so
 * every instance on one PostgreSQL sees them. Two ways to count (docs/decisions/0044-limits-by-who-spends-them.md):
 *
 * - `takeAttempt` counts an attempt *before* its credentials are checked, in one statement under the row's lock:
 *   a locked key is refused without being counted, so N concurrent guesses against a lock-out of 5 get exactly 5
 *   checks (a check first and a count afterwards would let every concurrent guess through). The caller clears the
 *   key when the credentials were right (`clearKey`).
 * - `recordFailure` counts a failure after the fact: for the high ceilings (an address's), where a few racing
 *   requests past the ceiling change nothing.
 *
 * From the `after`-th counted failure in a row (failures more than an hour apart start the count again) the key is
 * locked for `seconds`, doubling with each further one, up to `maxSeconds`.
 */
import type { Db } from './db.ts';

export type LockoutTable = 'auth_failures' | 'console_sign_in_failures';

export interface LockoutRule {
  after: number;
  seconds: number;
  maxSeconds: number;
}

const COUNT_RESETS_AFTER_SECONDS = 3600;

/** The count a new failure makes ($2 now, $3 the reset interval), and the lock it earns ($4 after, $5 s, $6 max). */
const COUNT = `(CASE WHEN f.last_failure_at < $2::timestamptz - make_interval(secs => $3::float8) THEN 1
                     ELSE f.failures + 1 END)`;
const LOCK = `CASE WHEN ${COUNT} >= $4::int
  THEN $2::timestamptz + make_interval(secs => LEAST($6::float8, $5::float8 * power(2, ${COUNT} - $4::int))) END`;

function secondsUntil(until: Date | string | null | undefined, now: Date): number {
  return until ? Math.max(1, Math.ceil((new Date(until).getTime() - now.getTime()) / 1000)) : 0;
}

/** Seconds until the latest lock among `keys` ends, or 0 when none is locked. */
export async function lockedForSeconds(db: Db, table: LockoutTable, keys: string[], now: Date): Promise<number> {
  const r = await db.query<{ until: Date | null }>(
    `SELECT max(locked_until) AS until FROM ${table} WHERE key = ANY($1) AND locked_until > $2`,
    [keys, now],
  );
  return secondsUntil(r.rows[0]?.until, now);
}

/**
 * One attempt on `key`: 0 when it may go ahead (it is counted as a failure already, and the lock it earns set), or
 * the seconds until the key's lock ends (the attempt is then not counted).
 */
export async function takeAttempt(db: Db, table: LockoutTable, key: string, rule: LockoutRule, now: Date) {
  await db.query(
    `INSERT INTO ${table} (key, failures, last_failure_at, locked_until) VALUES ($1, 0, $2, NULL)
     ON CONFLICT (key) DO NOTHING`,
    [key, now],
  );
  // The sub-select takes the row's lock and reads the latest committed version, so concurrent attempts queue here
  // and each sees the count (and the lock) the one before it left.
  const r = await db.query<{ was_locked: boolean; until: Date | null }>(
    `UPDATE ${table} AS f SET
       failures = CASE WHEN o.was_locked THEN f.failures ELSE ${COUNT} END,
       last_failure_at = CASE WHEN o.was_locked THEN f.last_failure_at ELSE $2::timestamptz END,
       locked_until = CASE WHEN o.was_locked THEN f.locked_until ELSE ${LOCK} END
     FROM (SELECT key, COALESCE(locked_until > $2::timestamptz, false) AS was_locked, locked_until
           FROM ${table} WHERE key = $1 FOR UPDATE) AS o
     WHERE f.key = o.key
     RETURNING o.was_locked, o.locked_until AS until`,
    [key, now, COUNT_RESETS_AFTER_SECONDS, rule.after, rule.seconds, rule.maxSeconds],
  );
  const row = r.rows[0];
  return row?.was_locked ? secondsUntil(row.until, now) : 0;
}

/** Counts a failure on each of `keys` after the fact (for the high per-address ceilings). */
export async function recordFailure(db: Db, table: LockoutTable, keys: string[], rule: LockoutRule, now: Date) {
  await db.query(
    `INSERT INTO ${table} AS f (key, failures, last_failure_at, locked_until)
     SELECT k, 1, $2::timestamptz,
            CASE WHEN 1 >= $4::int THEN $2::timestamptz + make_interval(secs => $5::float8) END
     FROM unnest($1::text[]) AS k
     ON CONFLICT (key) DO UPDATE SET
       failures = ${COUNT},
       last_failure_at = $2::timestamptz,
       locked_until = ${LOCK}`,
    [keys, now, COUNT_RESETS_AFTER_SECONDS, rule.after, rule.seconds, rule.maxSeconds],
  );
}

/** Forgets a key's failures (right credentials). */
export async function clearKey(db: Db, table: LockoutTable, key: string): Promise<void> {
  await db.query(`DELETE FROM ${table} WHERE key = $1`, [key]);
}
