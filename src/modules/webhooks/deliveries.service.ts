/** A webhook's delivery log and replay. */
import type { Queue } from '../../jobs/queue.ts';
import { requestDispatch } from './webhooks.dispatch.ts';
import type { Db } from '../../db/db.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { unixSeconds } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import * as repo from './deliveries.repo.ts';
import type { AttemptRow, DeliveryRow, DeliveryState } from './deliveries.repo.ts';
import type { WebhookType } from './webhooks.outbox.ts';
import { requireWebhook } from './webhooks.service.ts';

/** The webhook_type of a test event (docs/decisions/0065-webhook-test-event.md). */
const TEST_WEBHOOK_TYPE = 'WEBHOOK_TEST';

export interface AttemptView {
  attempt: number;
  attempted_at: number;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  outcome: AttemptRow['outcome'];
}

export interface DeliveryView {
  id: string;
  message_id: string;
  webhook_type: WebhookType | typeof TEST_WEBHOOK_TYPE;
  customer_id: string | null;
  payload: {
    msg: string;
    webhook_type: string;
    customer_id?: string;
    webhook_id?: string;
    account_id?: string;
    event_id?: string;
    added?: number;
    modified?: number;
    removed?: number;
  };
  state: DeliveryState;
  attempt_count: number;
  next_attempt_at: number | null;
  last_status_code: number | null;
  last_error: string | null;
  replay_of: string | null;
  created_at: number;
  finished_at: number | null;
  attempts: AttemptView[];
}

const seconds = (d: Date | null) => (d ? unixSeconds(new Date(d)) : null);

function toAttemptView(a: AttemptRow): AttemptView {
  return {
    attempt: a.attempt,
    attempted_at: unixSeconds(new Date(a.attempted_at)),
    status_code: a.status_code,
    duration_ms: a.duration_ms,
    error: a.error,
    outcome: a.outcome,
  };
}

function toDeliveryView(d: DeliveryRow, attempts: AttemptRow[]): DeliveryView {
  return {
    id: d.id,
    message_id: d.message_id,
    webhook_type: d.event_type as DeliveryView['webhook_type'],
    customer_id: d.customer_id,
    payload: JSON.parse(d.payload) as DeliveryView['payload'],
    state: d.state,
    attempt_count: d.attempt_count,
    next_attempt_at: seconds(d.next_attempt_at),
    last_status_code: d.last_status_code,
    last_error: d.last_error,
    replay_of: d.replay_of,
    created_at: unixSeconds(new Date(d.created_at)),
    finished_at: seconds(d.finished_at),
    attempts: attempts.map(toAttemptView),
  };
}

async function withAttempts(db: Db, clientId: string, rows: DeliveryRow[]): Promise<DeliveryView[]> {
  const byDelivery = Map.groupBy(
    await repo.listAttempts(
      db,
      clientId,
      rows.map((r) => r.id),
    ),
    (a) => a.delivery_id,
  );
  return rows.map((r) => toDeliveryView(r, byDelivery.get(r.id) ?? []));
}

async function withAttemptsOfOne(db: Db, row: DeliveryRow): Promise<DeliveryView> {
  return toDeliveryView(row, await repo.listAttempts(db, row.client_id, [row.id]));
}

export async function listDeliveries(
  db: Db,
  clientId: string,
  webhookId: string,
  o: { state?: DeliveryState; page: number; maxPerPage: number },
): Promise<{ data: DeliveryView[]; total: number }> {
  await requireWebhook(db, clientId, webhookId);
  const { rows, total } = await repo.listDeliveries(db, webhookId, {
    state: o.state,
    limit: o.maxPerPage,
    offset: (o.page - 1) * o.maxPerPage,
  });
  return { data: await withAttempts(db, clientId, rows), total };
}

/**
 * Sends a delivery again. One still pending is made due now (a receiver that was fixed need not wait out a
 * long retry). One delivered or failed is queued again as a new delivery with the same message id
 * (webhook-id), so a receiver that deduplicates on it sees the same event, and the original's log stays as it was.
 */
export async function replayDelivery(
  db: Db,
  queue: Pick<Queue, 'enqueue'>,
  clientId: string,
  webhookId: string,
  deliveryId: string,
  now: Date,
): Promise<DeliveryView> {
  const webhook = await requireWebhook(db, clientId, webhookId);
  requireActive(webhook);
  const original = await repo.findDelivery(db, clientId, webhookId, deliveryId);
  if (!original) throw notFound('webhook_delivery');
  const row = original.state === 'pending' ? await repo.bringForward(db, clientId, original.id, now) : null;
  await requestDispatch(db, queue, now); // both kinds are due now
  if (row) return withAttemptsOfOne(db, row);
  const id = newId();
  await repo.insertDeliveries(db, {
    ids: [id],
    webhookIds: [webhookId],
    clientId,
    customerId: original.customer_id,
    messageId: original.message_id,
    eventType: original.event_type,
    payload: original.payload,
    now,
    replayOf: original.id,
  });
  const replay = await repo.findDelivery(db, clientId, webhookId, id);
  if (!replay) throw notFound('webhook_delivery'); // only if the webhook was deleted meanwhile
  return withAttemptsOfOne(db, replay);
}

function requireActive(webhook: { status: string; disabled_reason: string | null }): void {
  if (webhook.status !== 'active') {
    throw new AppError(
      'webhook_disabled',
      `The webhook is disabled (${webhook.disabled_reason ?? 'no reason recorded'}); register it again to receive events.`,
    );
  }
}

/** The exact body a test event's receiver gets: no customer, no personal data, the webhook it was sent to. */
function testEventPayload(webhookId: string): string {
  return JSON.stringify({
    msg: 'This is a test event sent at your request; it carries no customer data.',
    webhook_type: TEST_WEBHOOK_TYPE,
    webhook_id: webhookId,
  });
}

/**
 * Queues a signed test event to one of the client's webhooks (docs/decisions/0065-webhook-test-event.md). It is a
 * delivery like any other: the same signature, retries, disabling after repeated failure and delivery log; its
 * message id is new each time, so a receiver that deduplicates on webhook-id sees each test once.
 */
export async function sendTestEvent(
  db: Db,
  queue: Pick<Queue, 'enqueue'>,
  clientId: string,
  webhookId: string,
  now: Date,
): Promise<DeliveryView> {
  const id = newId();
  await db.transaction(async (tx) => {
    requireActive(await requireWebhook(tx, clientId, webhookId));
    await repo.insertDeliveries(tx, {
      ids: [id],
      webhookIds: [webhookId],
      clientId,
      customerId: null,
      messageId: `msg_${newId()}`,
      eventType: TEST_WEBHOOK_TYPE,
      payload: testEventPayload(webhookId),
      now,
    });
    await requestDispatch(tx, queue, now);
  });
  const row = await repo.findDelivery(db, clientId, webhookId, id);
  if (!row) throw notFound('webhook_delivery'); // only if the webhook was deleted meanwhile
  return withAttemptsOfOne(db, row);
}
