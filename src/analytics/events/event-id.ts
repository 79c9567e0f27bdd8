/**
 * Event ids: the spec declares an integer. Ours is a 53-bit hash (cyrb53) of what the event is about: its type,
 * its subject (the payer, the transaction) and its period. The same event found by a later report gets the same
 * id, so the service stores it once and sends NEW_EVENT only the first time; ids stay within
 * Number.MAX_SAFE_INTEGER, so they survive JSON in every language.
 */

import { hash53 } from '../../lib/cyrb53.ts';

/** The id of an event: never 0, stable for the same type, subject and period. */
export function eventId(type: string, subject: string, period: string): number {
  return hash53(`${type}|${subject}|${period}`) || 1;
}
