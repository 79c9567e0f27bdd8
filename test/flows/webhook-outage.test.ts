/**
 * A receiver that is down for hours while events keep happening (fake clock), then comes back: every event
 * arrives, none is lost, each customer's events in the order they happened, and the outbox drains to empty.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer, startService } from '../helpers/app.ts';
import { deliver, deliveryLog, emit, registerWebhook, startSink } from '../helpers/webhook-sink.ts';
import type { WebhookType } from '../../src/modules/webhooks/webhooks.outbox.ts';

describe('webhook receiver outage', async () => {
  // The fake clock runs for hours: access tokens must outlive it.
  const svc = await startService({ WEBHOOK_ALLOW_LOOPBACK: 'true', ACCESS_TOKEN_TTL_SECONDS: '2592000' });

  test('down for 2 h 30 min while 7 events happen for 3 customers; after it comes back every event arrives once, in order per customer', async () => {
    const c = await newClient(svc, 'Outage Lender');
    const sink = await startSink();
    const { id } = await registerWebhook(svc, c.auth, sink.url);
    const customers = [await newCustomer(svc, c), await newCustomer(svc, c), await newCustomer(svc, c)];
    const sent = new Map<string, string[]>(customers.map((cu) => [cu, []]));
    const happen = async (customer: number, type: WebhookType) => {
      const { messageId } = await emit(svc, {
        clientId: c.clientId,
        customerId: customers[customer]!,
        type,
        eventId: type === 'NEW_EVENT' ? 'evt-1' : undefined,
      });
      sent.get(customers[customer]!)!.push(messageId);
    };

    await sink.down();
    // Minute by minute: events happen now and then, the dispatcher runs every minute; the receiver is back at 150 min.
    const script: Record<number, () => Promise<void>> = {
      0: () => happen(0, 'REPORT_AVAILABLE'),
      1: () => happen(1, 'REPORT_AVAILABLE'),
      7: () => happen(0, 'REPORT_UPDATED'),
      42: () => happen(2, 'REPORT_AVAILABLE'),
      95: () => happen(1, 'REPORT_UPDATED'),
      120: () => happen(0, 'NEW_EVENT'),
      149: () => happen(2, 'REPORT_UPDATED'),
      150: () => sink.up(),
    };
    for (let minute = 0; minute <= 12 * 60; minute++) {
      await script[minute]?.call(null);
      await deliver(svc, c.clientId);
      if (minute > 150 && (await deliveryLog(svc, c.auth, id, '?state=pending')).total === 0) break;
      svc.clock.advance(60);
    }

    const got = sink.received;
    const emitted = [...sent.values()].flat();
    assert.equal(got.length, emitted.length, 'each event arrived exactly once (nothing was received while down)');
    assert.deepEqual(new Set(got.map((r) => r.headers['webhook-id'])), new Set(emitted), 'none lost');
    for (const [customerId, ids] of sent) {
      assert.deepEqual(
        got.filter((r) => r.json.customer_id === customerId).map((r) => r.headers['webhook-id']),
        ids,
        'in order per customer',
      );
    }
    const log = await deliveryLog(svc, c.auth, id);
    assert.ok(log.data.every((d: { state: string }) => d.state === 'delivered'));
    assert.ok(
      log.data.some((d: { attempt_count: number }) => d.attempt_count > 3),
      'the first events were retried through the outage',
    );
    assert.ok(
      log.data
        .flatMap((d: { attempts: Array<{ error: string | null }> }) => d.attempts)
        .some((a: { error: string | null }) => a.error === 'connection refused'),
    );
    const left = await svc.deps.db.query(
      "SELECT 1 FROM webhook_deliveries WHERE webhook_id = $1 AND state = 'pending'",
      [id],
    );
    assert.equal(left.rows.length, 0, 'the outbox is empty');
  });
});
