/**
 * Large limits counted in batches (docs/decisions/0031-small-reads-in-one-round-trip.md). The shared counters
 * (src/db/rate-limit-store.ts) cost one upsert per counted request: for the per-client API quota that is a write
 * on every small read, more than the read itself. A limit of `BATCHED_FROM` or more a window is therefore counted
 * in this process and added to the shared counter in batches, off the request's path:
 *
 * - the first hit of a window goes to the shared counter and waits for it (it opens the window everyone shares);
 * - later hits are counted here: a hit is judged by the shared count last read plus this process's own hits not yet
 *   in it, so one process alone counts exactly as before;
 * - every `batchSize(max)` hits (at most 1/20 of the limit, at most 50), and on every hit once the count is within
 *   one batch of the limit, the hits not yet written are added in one upsert that is not awaited, and its answer
 *   brings the other processes' hits in.
 *
 * With several processes on one PostgreSQL a client can get up to one batch per other process more than its quota
 * in a window (about 4 % of the default 1 200 a minute for each). Smaller limits (the pages, the token endpoint,
 * anything a test sets low) are not batched: every hit waits for the shared counter, exactly as before.
 */
import type { Db } from '../db/db.ts';
import { addRateLimitHits } from '../db/rate-limit-store.ts';

interface Counter {
  current: number;
  ttl: number;
}
type Callback = (err: Error | null, res: Counter) => void;

/** The rate-limit plugin's store, as src/db/rate-limit-store.ts implements it. */
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
}

/** Limits below this many hits a window are not batched. */
export const BATCHED_FROM = 200;
const MAX_BATCH = 50;
/** Windows remembered at most; ended ones are dropped first when there are more. */
const MAX_WINDOWS = 10_000;

/** How many hits one process may hold back from the shared counter for a limit of `max`. */
export function batchSize(max: number): number {
  return max < BATCHED_FROM ? 1 : Math.min(MAX_BATCH, Math.floor(max / 20));
}

interface Window {
  end: number;
  /** the shared counter's value at its last answer (it includes every batch of ours written by then) */
  shared: number;
  /** hits being written now */
  inFlight: number;
  /** hits not yet written */
  pending: number;
}

/**
 * Wraps the store class of src/db/rate-limit-store.ts: the plugin gets the same interface, and limits under
 * `BATCHED_FROM` go straight through to it.
 */
export function batchingStore(Inner: new () => Store, db: Db) {
  const windows = new Map<string, Window>();

  function remember(key: string, w: Window): void {
    if (windows.size >= MAX_WINDOWS && !windows.has(key)) {
      const now = Date.now();
      for (const [k, old] of windows) if (old.end <= now) windows.delete(k);
      if (windows.size >= MAX_WINDOWS) windows.clear();
    }
    windows.set(key, w);
  }

  function flush(key: string, w: Window, timeWindow: number): void {
    const hits = w.pending;
    w.pending = 0;
    w.inFlight = hits;
    addRateLimitHits(db, key, hits, timeWindow, Date.now()).then(
      (row) => {
        w.inFlight = 0;
        w.shared = row.hits;
        w.end = row.end;
      },
      () => {
        // Not written: they are written with the next batch.
        w.inFlight = 0;
        w.pending += hits;
      },
    );
  }

  return class BatchingRateLimitStore {
    readonly #inner = new Inner();

    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      if (batchSize(max) <= 1) return this.#inner.incr(key, cb, timeWindow, max);
      const now = Date.now();
      const w = windows.get(key);
      if (!w || now >= w.end) return this.#open(key, cb, timeWindow, max, now);
      w.pending += 1;
      const current = w.shared + w.inFlight + w.pending;
      if (w.inFlight === 0 && (w.pending >= batchSize(max) || current + batchSize(max) >= max))
        flush(key, w, timeWindow);
      cb(null, { current, ttl: w.end - now });
    }

    /** A new window (or the first hit this process sees of one): counted by the shared counter, and waited for. */
    #open(key: string, cb: Callback, timeWindow: number, max: number, now: number): void {
      this.#inner.incr(
        key,
        (err, res) => {
          if (!err) {
            const seen = windows.get(key);
            // Openings that raced each other: the window already opened keeps its hits, with the larger count.
            if (seen && Date.now() < seen.end) seen.shared = Math.max(seen.shared, res.current);
            else remember(key, { end: now + res.ttl, shared: res.current, inFlight: 0, pending: 0 });
          }
          cb(err, res);
        },
        timeWindow,
        max,
      );
    }

    read(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.#inner.read(key, cb, timeWindow, max);
    }

    /** Every limit shares the windows; their keys carry their own prefixes (src/http/throttle.ts). */
    child(): BatchingRateLimitStore {
      return new BatchingRateLimitStore();
    }
  };
}
