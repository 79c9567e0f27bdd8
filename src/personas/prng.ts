/**
 * Seeded randomness for the persona generator. Math.random is never used: the same seed must give
 * byte-identical histories on every machine, and the sandbox bank relies on that to serve the same data twice.
 *
 * Streams are derived by key (`rngFor(seed, 'spend', 'current', day)`), not drawn one after another from a single
 * generator, so that the draws for one day or one pattern do not depend on how many draws other patterns made.
 * That keeps a history stable when `asOf` moves forward: yesterday's transactions stay the same.
 */

// cyrb53 for sub-seeds and ids, shared with the engine's event ids (src/lib/cyrb53.ts).
import { hash53 } from '../lib/cyrb53.ts';
import { itemAt, last } from '../lib/indexing.ts';

export { hash53, hashPair } from '../lib/cyrb53.ts';

/** A small deterministic random source. All methods draw from the same underlying mulberry32 stream. */
export interface Rng {
  /** uniform in [0, 1) */
  next(): number;
  /** integer in [min, max], both inclusive */
  int(min: number, max: number): number;
  /** float in [min, max) */
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** picks with the given relative weights (same length as items) */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  /** standard normal (Box–Muller) */
  normal(): number;
  /** Poisson-distributed count with the given mean */
  poisson(mean: number): number;
  /** `length` digits, e.g. for references and account numbers */
  digits(length: number): string;
  /** `length` characters of A–Z0–9 */
  alnum(length: number): string;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * mulberry32 (Tommy Ettinger, public domain): 32-bit state, good enough statistics for test data, very fast.
 * A class rather than closures: a generation creates hundreds of thousands of streams.
 */
class Mulberry32 implements Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return itemAt(items, Math.floor(this.next() * items.length));
  }

  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (const [i, item] of items.entries()) {
      r -= itemAt(weights, i);
      if (r < 0) return item;
    }
    return last(items);
  }

  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  poisson(mean: number): number {
    if (mean <= 0) return 0;
    // Knuth's method is exact and cheap for the small means used per day; large means use a normal approximation.
    if (mean > 40) return Math.max(0, Math.round(mean + Math.sqrt(mean) * this.normal()));
    const limit = Math.exp(-mean);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }

  digits(length: number): string {
    let s = '';
    for (let i = 0; i < length; i++) s += String(Math.floor(this.next() * 10));
    return s;
  }

  alnum(length: number): string {
    let s = '';
    for (let i = 0; i < length; i++) s += ALNUM[Math.floor(this.next() * ALNUM.length)];
    return s;
  }
}

export function createRng(seed: number): Rng {
  return new Mulberry32(seed);
}

/** A stream keyed by the seed and a path of labels; the same key always gives the same stream. */
export function rngFor(seed: number, ...keys: ReadonlyArray<string | number>): Rng {
  const h = hash53(`${seed}|${keys.join('|')}`);
  return createRng(h % 4294967296);
}
