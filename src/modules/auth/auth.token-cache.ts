/**
 * Verified access tokens, remembered for a few seconds so a client's burst of small reads costs no token query
 * (docs/decisions/0031-small-reads-in-one-round-trip.md). Keyed by the token's lookup hash (the token itself is never
 * kept), bounded in size (the oldest entry goes first), and each entry is only as good as:
 *
 * - its age: at most `ttlMs` (monotonic time, so a wall-clock step cannot stretch it);
 * - the revocation count it was looked up under (src/modules/clients/clients.revocations.ts): a disable,
 *   rotation or deletion in this process ends every entry at once;
 * - the token's own expiry, checked by the caller on every use as before.
 *
 * Unknown tokens are not remembered: a miss always asks the database.
 */
import { performance } from 'node:perf_hooks';

export interface CachedToken {
  clientId: string;
  expiresAtMs: number;
}

interface Entry extends CachedToken {
  storedAt: number;
  revocations: number;
}

export interface TokenCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Monotonic milliseconds (tests inject their own). */
  now?: () => number;
}

export class TokenCache {
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(opts: TokenCacheOptions) {
    this.#ttlMs = opts.ttlMs;
    this.#maxEntries = opts.maxEntries;
    this.#now = opts.now ?? (() => performance.now());
  }

  /** The entry for this hash while it is fresh and no revocation has happened since it was looked up. */
  get(hash: string, revocations: number): CachedToken | undefined {
    const entry = this.#entries.get(hash);
    if (entry === undefined) return undefined;
    if (entry.revocations !== revocations || this.#now() - entry.storedAt >= this.#ttlMs) {
      this.#entries.delete(hash);
      return undefined;
    }
    return entry;
  }

  /** `revocations`: the count read before the database lookup that found the token. */
  set(hash: string, token: CachedToken, revocations: number): void {
    if (this.#ttlMs <= 0 || this.#maxEntries <= 0) return;
    this.#entries.delete(hash);
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
    this.#entries.set(hash, { ...token, storedAt: this.#now(), revocations });
  }

  get size(): number {
    return this.#entries.size;
  }
}
