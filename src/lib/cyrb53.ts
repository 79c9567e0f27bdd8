/**
 * cyrb53 (bryc, public domain): a fast, well-mixed 53-bit string hash. One implementation for the persona
 * generator's sub-seeds and ids and the engine's stable event ids (their values must never drift apart).
 */

/** Both 32-bit lanes of one pass over the text, written into `out` (64 bits for ids that need them). */
export function hashPair(text: string, seed: number, out: Uint32Array): void {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  out[0] = h1;
  out[1] = h2;
}

const lanes = new Uint32Array(2);

/** The 53-bit hash (the high lane's low 21 bits above the low lane). */
export function hash53(text: string, seed = 0): number {
  hashPair(text, seed, lanes);
  const [low = 0, high = 0] = lanes; // a Uint32Array(2) always has both
  return 4294967296 * (2097151 & high) + low;
}
