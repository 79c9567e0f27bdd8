/** An event found by a detector, before it gets its id, calendar fields and percentage change (detect-events.ts). */
import type { EventTypeName } from './event-types.ts';

export interface EventDraft {
  type: EventTypeName;
  /** what the event is about (payer, payee, transaction): part of its id */
  subject: string;
  /** London day, for DAILY events; null for MONTHLY ones */
  day: number | null;
  month: number;
  /** positive: the money the event is about */
  amount: number;
  description: string;
  threshold?: number;
  higherThanThreshold?: boolean;
  /** ledger row of the most recent associated transaction */
  row?: number;
}
