/**
 * Event ids: the spec declares an integer. Ours is a 53-bit hash (cyrb53) of what the event is about: its type,
 * its subject (the payer, the transaction) and its period. The same event found by a later report gets the same
 * id, so the service stores it once and sends NEW_EVENT only the first time; ids stay within
 * Number.MAX_SAFE_INTEGER, so they survive JSON in every language.
 */

/** cyrb53 (public domain, bryc): a fast 53-bit string hash with good spread. */
export function hash53(text: string, seed = 0): number {
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
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The id of an event: never 0, stable for the same type, subject and period. */
export function eventId(type: string, subject: string, period: string): number {
  return hash53(`${type}|${subject}|${period}`) || 1;
}
