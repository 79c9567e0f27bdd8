/**
 * The outbox: how other modules announce an event. Call emitWebhookEvent inside the transaction of the change
 * that caused the event, so the event exists exactly when the change does (docs/decisions/0011-webhooks.md). It fans out
 * at emit time: one delivery row per webhook of the client that is active at that moment (a webhook registered
 * later does not receive earlier events). A webhook.dispatch job enqueued in the same transaction sends them
 * (webhooks.dispatch.ts).
 *
 * Payloads (docs/decisions/0011-webhooks.md): { msg, webhook_type, customer_id }, the account types add account_id, NEW_EVENT adds
 * event_id, TRANSACTIONS_UPDATED adds the counts added, modified and removed, the CONSENT_ types add consent_id,
 * bank_slug, reason and due_at. Never put amounts, names or other personal data in `msg`: receivers fetch data through the API.
 */
import type { Db } from '../../db/db.ts';
import { newId } from '../../lib/ids.ts';
import { requireCustomer } from '../customers/index.ts';
import * as deliveries from './deliveries.repo.ts';
import { activeWebhookIds } from './webhooks.repo.ts';
import { requestDispatch } from './webhooks.dispatch.ts';
import type { Queue } from '../../jobs/queue.ts';

export const WEBHOOK_TYPES = [
  'REPORT_AVAILABLE',
  'REPORT_UPDATED',
  'NEW_EVENT',
  'ACCOUNT_AUTHORIZATION_GRANTED',
  'ACCOUNT_AUTHORIZATION_LOST',
  'TRANSACTIONS_UPDATED',
  'CONSENT_EXPIRING',
  'CONSENT_EXPIRED',
  'CONSENT_RECONFIRMED',
] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];

/**
 * Why a consent notice goes out: `expiry` the bank's expiry date of the consent, `reconfirmation` the 90-day
 * reconfirmation (FCA PS21/19), `reconfirmed` the customer reconfirmed.
 */
export type ConsentNoticeReason = 'expiry' | 'reconfirmation' | 'reconfirmed';

export interface WebhookEvent {
  clientId: string;
  customerId: string;
  type: WebhookType;
  /** Required for ACCOUNT_AUTHORIZATION_GRANTED and ACCOUNT_AUTHORIZATION_LOST. */
  accountId?: string;
  /** Required for NEW_EVENT: the id of the event record (endpoint 17). */
  eventId?: string;
  /** NEW_EVENT: the event's name (e.g. PENSION_MISSING); the spec's msg "names the event". */
  eventName?: string;
  /** Required for TRANSACTIONS_UPDATED: how many transactions the change feed has added, modified and removed. */
  counts?: { added: number; modified: number; removed: number };
  /**
   * Required for CONSENT_EXPIRING, CONSENT_EXPIRED and CONSENT_RECONFIRMED
   * (docs/decisions/0059-consent-expiry-and-reconfirmation.md): which consent, at which bank, why, and the moment:
   * CONSENT_EXPIRING the moment access ends unless acted on, CONSENT_EXPIRED the moment it ended,
   * CONSENT_RECONFIRMED the next reconfirmation due.
   */
  consent?: { id: string; bankSlug: string; reason: ConsentNoticeReason; dueAt: Date };
  /** Overrides the standard sentence for the type. No personal data. */
  msg?: string;
}

// Interface spec, Events: "The msg text is a short sentence per type; for NEW_EVENT it names the event."
const MESSAGES: Record<WebhookType, (e: WebhookEvent) => string> = {
  REPORT_AVAILABLE: () =>
    'Bank data was shared for the first time and all processing is complete; the report is available.',
  REPORT_UPDATED: () => 'New bank data is available and all processing is complete; the report is updated.',
  NEW_EVENT: (e) => `A new event occurred: ${e.eventName ?? 'see the events report'}.`,
  ACCOUNT_AUTHORIZATION_GRANTED: () => 'The customer authorized a bank account again.',
  ACCOUNT_AUTHORIZATION_LOST: () =>
    'Access to a bank account is no longer available; the customer must authorize it again.',
  TRANSACTIONS_UPDATED: () => "The customer's transactions changed; read them from the transactions sync endpoint.",
  CONSENT_EXPIRING: (e) =>
    e.consent?.reason === 'reconfirmation'
      ? "The customer's 90-day reconfirmation of a bank consent falls due soon; ask them to reconfirm with you."
      : 'A bank consent reaches its expiry date soon; the customer must authorise again at the bank to keep sharing.',
  CONSENT_EXPIRED: (e) =>
    e.consent?.reason === 'reconfirmation'
      ? 'A bank consent ended: the customer did not reconfirm it within 90 days.'
      : 'A bank consent ended: it reached its expiry date.',
  CONSENT_RECONFIRMED: () => 'The customer reconfirmed a bank consent; sharing goes on for another 90 days.',
};

const CONSENT_TYPES: ReadonlySet<WebhookType> = new Set(['CONSENT_EXPIRING', 'CONSENT_EXPIRED', 'CONSENT_RECONFIRMED']);

const ACCOUNT_TYPES: ReadonlySet<WebhookType> = new Set([
  'ACCOUNT_AUTHORIZATION_GRANTED',
  'ACCOUNT_AUTHORIZATION_LOST',
]);

/** The exact JSON body receivers get (members in a fixed order). Throws on an event that lacks its identifier. */
function webhookPayload(event: WebhookEvent): string {
  if (!WEBHOOK_TYPES.includes(event.type)) throw new TypeError(`unknown webhook type ${String(event.type)}`);
  const body: Record<string, string | number> = {
    msg: event.msg ?? MESSAGES[event.type](event),
    webhook_type: event.type,
  };
  if (ACCOUNT_TYPES.has(event.type)) {
    if (!event.accountId) throw new TypeError(`${event.type} needs accountId`);
    body.account_id = event.accountId;
  }
  body.customer_id = event.customerId;
  if (event.type === 'NEW_EVENT') {
    if (!event.eventId) throw new TypeError('NEW_EVENT needs eventId');
    body.event_id = event.eventId;
  }
  if (event.type === 'TRANSACTIONS_UPDATED') {
    // Counts only, never the transactions: the receiver reads them from the change feed
    // (docs/decisions/0052-transaction-change-feed.md).
    if (!event.counts) throw new TypeError('TRANSACTIONS_UPDATED needs counts');
    body.added = event.counts.added;
    body.modified = event.counts.modified;
    body.removed = event.counts.removed;
  }
  if (CONSENT_TYPES.has(event.type)) {
    // Ids, the bank and a moment only: the receiver reads the consent itself through the API.
    if (!event.consent) throw new TypeError(`${event.type} needs consent`);
    body.consent_id = event.consent.id;
    body.bank_slug = event.consent.bankSlug;
    body.reason = event.consent.reason;
    body.due_at = Math.floor(event.consent.dueAt.getTime() / 1000);
  }
  return JSON.stringify(body);
}

/**
 * Writes the event to the outbox, in `tx`. Returns the message id (the webhook-id header receivers see) and
 * how many webhooks will receive it (0 when the client has none active).
 */
export async function emitWebhookEvent(
  tx: Db,
  queue: Pick<Queue, 'enqueue'>,
  event: WebhookEvent,
  now: Date,
): Promise<{ messageId: string; deliveries: number }> {
  const payload = webhookPayload(event);
  // A customer of another client would leak an id across tenants: refuse it like any foreign id.
  await requireCustomer(tx, event.clientId, event.customerId);
  const messageId = `msg_${newId()}`;
  const webhookIds = await activeWebhookIds(tx, event.clientId);
  if (webhookIds.length === 0) return { messageId, deliveries: 0 };
  await deliveries.insertDeliveries(tx, {
    ids: webhookIds.map(() => newId()),
    webhookIds,
    clientId: event.clientId,
    customerId: event.customerId,
    messageId,
    eventType: event.type,
    payload,
    now,
  });
  await requestDispatch(tx, queue, now);
  return { messageId, deliveries: webhookIds.length };
}
