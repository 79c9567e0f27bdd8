/**
 * A store for @fastify/rate-limit that keeps its counters in the service's own database (table rate_limits,
 * migrations/0011_rate_limits.sql), so every instance on one PostgreSQL counts together: a limit holds however
 * many processes serve the API. One upsert per counted request; the embedded engine uses the same table.
 *
 * Fixed windows, like the plugin's own store: the first hit opens a window of `timeWindow` ms, in which hits are
 * counted; the next hit after it opens a new one.
 */
import type { Db } from './db.ts';

interface Counter {
  current: number;
  ttl: number;
}
type Callback = (err: Error | null, res: Counter) => void;

const PRUNE_AFTER_MS = 3_600_000;

/**
 * The one upsert of the rate_limits counters: adds `hits` to the counter of `key` at `now` (epoch ms), opening a new
 * window of `timeWindow` ms when its own has ended. Answers the count and the end of the window (epoch ms). Both the
 * plugin's store below and the batching store in front of it (src/http/throttle-batch.ts) count through this.
 */
export async function addRateLimitHits(
  db: Db,
  key: string,
  hits: number,
  timeWindow: number,
  now: number,
): Promise<{ hits: number; end: number }> {
  const r = await db.query<{ hits: number; window_start: string; window_ms: string }>(
    `INSERT INTO rate_limits AS r (key, hits, window_start, window_ms) VALUES ($1, $4::int, $2, $3)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_start + r.window_ms <= $2 THEN $4::int ELSE r.hits + $4::int END,
       window_start = CASE WHEN r.window_start + r.window_ms <= $2 THEN $2 ELSE r.window_start END,
       window_ms = CASE WHEN r.window_start + r.window_ms <= $2 THEN $3 ELSE r.window_ms END
     RETURNING hits, window_start, window_ms`,
    [key, now, timeWindow, hits],
  );
  const [row] = r.rows;
  if (!row) throw new Error('rate limit counter not written');
  return { hits: Number(row.hits), end: Number(row.window_start) + Number(row.window_ms) };
}

export function postgresRateLimitStore(db: Db) {
  return class PostgresRateLimitStore {
    incr(key: string, cb: Callback, timeWindow: number): void {
      const now = Date.now();
      addRateLimitHits(db, key, 1, timeWindow, now).then(
        (counted) => {
          cb(null, { current: counted.hits, ttl: counted.end - now });
          // Ended counters go as others move, about once in a hundred writes.
          if (Math.random() < 0.01)
            db.query('DELETE FROM rate_limits WHERE window_start + window_ms < $1', [now - PRUNE_AFTER_MS]).catch(
              () => undefined,
            );
        },
        (err: Error) => cb(err, { current: 0, ttl: 0 }),
      );
    }

    read(key: string, cb: Callback, timeWindow: number): void {
      const now = Date.now();
      db.query<{ hits: number; window_start: string; window_ms: string }>(
        'SELECT hits, window_start, window_ms FROM rate_limits WHERE key = $1',
        [key],
      ).then(
        (r) => {
          const [row] = r.rows;
          const end = row ? Number(row.window_start) + Number(row.window_ms) : 0;
          cb(null, row && end > now ? { current: Number(row.hits), ttl: end - now } : { current: 0, ttl: timeWindow });
        },
        (err: Error) => cb(err, { current: 0, ttl: 0 }),
      );
    }

    /** Every limit shares the table; their keys carry their own prefixes (src/http/throttle.ts). */
    child(): PostgresRateLimitStore {
      return new PostgresRateLimitStore();
    }
  };
}
