import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { newClient, newCustomer, startService, type TestClient } from '../helpers/app.ts';
import { deliver, deliveryLog, emit, registerWebhook, startSink, type WebhookSink } from '../helpers/webhook-sink.ts';
import { runDueDeliveries } from '../../src/modules/webhooks/webhooks.worker.ts';
import { emitWebhookEvent } from '../../src/modules/webhooks/webhooks.outbox.ts';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
const signed = (h: Record<string, unknown>) => ({
  'webhook-id': String(h['webhook-id']),
  'webhook-timestamp': String(h['webhook-timestamp']),
  'webhook-signature': String(h['webhook-signature']),
});

describe('webhook delivery', async () => {
  const svc = await startService({ WEBHOOK_ALLOW_LOOPBACK: 'true' });

  /** A client with one customer and one webhook pointing at a fresh sink. */
  async function setup(
    name: string,
  ): Promise<{ c: TestClient; sink: WebhookSink; customerId: string; webhookId: string; secret: string }> {
    const c = await newClient(svc, name);
    const sink = await startSink();
    const customerId = await newCustomer(svc, c);
    const { id, secret } = await registerWebhook(svc, c.auth, sink.url);
    return { c, sink, customerId, webhookId: id, secret };
  }

  test('signatures › the standardwebhooks package verifies them; a one-byte change to the body fails', async (t) => {
    const { c, sink, customerId, secret } = await setup('Signing Lender');
    await emit(svc, { clientId: c.clientId, customerId, type: 'REPORT_AVAILABLE' });
    await deliver(svc, c.clientId);
    const [r] = await sink.waitFor(1);
    assert.match(String(r!.headers['webhook-id']), /^msg_[0-9a-f-]{36}$/);
    assert.equal(r!.headers['webhook-timestamp'], String(unix(svc.clock.now())));
    assert.match(String(r!.headers['webhook-signature']), /^v1,[A-Za-z0-9+/]{43}=$/);

    // standardwebhooks checks the timestamp against Date.now(); the service signs with the fake clock.
    t.mock.timers.enable({ apis: ['Date'], now: svc.clock.now() });
    const wh = new Webhook(secret);
    assert.deepEqual(wh.verify(r!.body, signed(r!.headers)), JSON.parse(r!.body));
    const tampered = Buffer.from(r!.body);
    tampered[tampered.length - 3]! ^= 0x01;
    assert.throws(() => wh.verify(tampered, signed(r!.headers)), WebhookVerificationError);
    assert.throws(
      () => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(r!.body, signed(r!.headers)),
      WebhookVerificationError,
    );
    t.mock.timers.reset();
  });

  test('signatures › a retry keeps the webhook-id and is signed again with its own timestamp', async (t) => {
    const { c, sink, customerId, secret } = await setup('Retry-signing Lender');
    sink.answer = (_r, n) => ({ status: n === 0 ? 500 : 200 });
    await emit(svc, { clientId: c.clientId, customerId, type: 'REPORT_UPDATED' });
    await deliver(svc, c.clientId);
    svc.clock.advance(5);
    await deliver(svc, c.clientId);
    const [first, second] = await sink.waitFor(2);
    assert.equal(second!.headers['webhook-id'], first!.headers['webhook-id']);
    assert.equal(Number(second!.headers['webhook-timestamp']) - Number(first!.headers['webhook-timestamp']), 5);
    assert.equal(second!.body, first!.body);
    t.mock.timers.enable({ apis: ['Date'], now: svc.clock.now() });
    assert.doesNotThrow(() => new Webhook(secret).verify(second!.body, signed(second!.headers)));
    t.mock.timers.reset();
  });

  test('payloads › exactly { msg, webhook_type, customer_id }, account types add account_id, NEW_EVENT adds event_id', async () => {
    const { c, sink, customerId } = await setup('Payload Lender');
    await emit(svc, { clientId: c.clientId, customerId, type: 'REPORT_AVAILABLE' });
    await emit(svc, { clientId: c.clientId, customerId, type: 'REPORT_UPDATED' });
    await emit(svc, { clientId: c.clientId, customerId, type: 'ACCOUNT_AUTHORIZATION_LOST', accountId: 'acc-1' });
    await emit(svc, { clientId: c.clientId, customerId, type: 'ACCOUNT_AUTHORIZATION_GRANTED', accountId: 'acc-1' });
    await emit(svc, {
      clientId: c.clientId,
      customerId,
      type: 'NEW_EVENT',
      eventId: 'evt-1',
      eventName: 'PENSION_MISSING',
    });
    await deliver(svc, c.clientId);
    const got = await sink.waitFor(5);
    assert.deepEqual(
      got.map((r) => Object.keys(r.json)),
      [
        ['msg', 'webhook_type', 'customer_id'],
        ['msg', 'webhook_type', 'customer_id'],
        ['msg', 'webhook_type', 'account_id', 'customer_id'],
        ['msg', 'webhook_type', 'account_id', 'customer_id'],
        ['msg', 'webhook_type', 'customer_id', 'event_id'],
      ],
    );
    assert.deepEqual(
      got.map((r) => r.json.webhook_type),
      [
        'REPORT_AVAILABLE',
        'REPORT_UPDATED',
        'ACCOUNT_AUTHORIZATION_LOST',
        'ACCOUNT_AUTHORIZATION_GRANTED',
        'NEW_EVENT',
      ],
    );
    assert.ok(got.every((r) => r.json.customer_id === customerId));
    assert.equal(got[2]!.json.account_id, 'acc-1');
    assert.equal(got[4]!.json.event_id, 'evt-1');
    assert.match(String(got[4]!.json.msg), /PENSION_MISSING/);
    assert.equal(got[0]!.headers['content-type'], 'application/json');
    assert.equal(got[0]!.path, '/hook');
  });

  test("ordering › a customer's events arrive in order; a failing event holds back only that customer's later ones", async () => {
    const { c, sink, webhookId } = await setup('Ordering Lender');
    const x = await newCustomer(svc, c);
    const y = await newCustomer(svc, c);
    let failedOnce = false;
    sink.answer = (r) => {
      if (r.json.customer_id === x && !failedOnce) {
        failedOnce = true;
        return { status: 500 };
      }
      return { status: 200 };
    };
    const x1 = await emit(svc, { clientId: c.clientId, customerId: x, type: 'REPORT_AVAILABLE' });
    const x2 = await emit(svc, { clientId: c.clientId, customerId: x, type: 'REPORT_UPDATED' });
    const y1 = await emit(svc, { clientId: c.clientId, customerId: y, type: 'REPORT_AVAILABLE' });
    const run1 = await deliver(svc, c.clientId);
    assert.deepEqual(
      run1,
      { attempted: 2, delivered: 1, retried: 1, failed: 0 },
      'x1 fails, x2 waits behind it, y1 goes',
    );
    svc.clock.advance(5);
    await deliver(svc, c.clientId);
    const ids = (cust: string) =>
      sink.received.filter((r) => r.json.customer_id === cust).map((r) => r.headers['webhook-id']);
    assert.deepEqual(ids(x), [x1.messageId, x1.messageId, x2.messageId]);
    assert.deepEqual(ids(y), [y1.messageId]);
    assert.equal((await deliveryLog(svc, c.auth, webhookId, '?state=pending')).total, 0);
  });

  test('410 Gone › disables the webhook, fails what was queued for it, and it gets no new events', async () => {
    const { c, sink, customerId, webhookId } = await setup('Gone Lender');
    sink.answer = () => ({ status: 410 });
    await emit(svc, { clientId: c.clientId, customerId, type: 'REPORT_AVAILABLE' });
    await emit(svc, { clientId: c.clientId, customerId, type: 'REPORT_UPDATED' });
    assert.deepEqual(await deliver(svc, c.clientId), { attempted: 1, delivered: 0, retried: 0, failed: 1 });
    const hook = (await svc.app.inject({ method: 'GET', url: '/public/v3/webhooks', headers: c.auth })).json().data[0];
    assert.equal(hook.status, 'disabled');
    assert.equal(hook.disabled_reason, 'the receiver answered 410 Gone');
    assert.equal(hook.disabled_at, unix(svc.clock.now()));
    const log = await deliveryLog(svc, c.auth, webhookId);
    assert.deepEqual(
      log.data.map((d: { state: string; attempt_count: number }) => [d.state, d.attempt_count]),
      [
        ['failed', 0],
        ['failed', 1],
      ],
    );
    assert.match(log.data[0].last_error, /webhook was disabled/);
    assert.equal(log.data[1].last_status_code, 410);
    assert.equal((await emit(svc, { clientId: c.clientId, customerId, type: 'REPORT_UPDATED' })).deliveries, 0);
    svc.clock.advance(86_400);
    assert.equal((await deliver(svc, c.clientId)).attempted, 0);
    assert.equal(sink.received.length, 1);
  });

  test('429 and 503 › Retry-After (seconds or an HTTP date) is honoured when longer than the schedule', async () => {
    const { c, sink, customerId, webhookId } = await setup('Busy Lender');
    sink.answer = (_r, n) =>
      n === 0
        ? { status: 429, headers: { 'retry-after': '120' } }
        : n === 1
          ? { status: 503, headers: { 'retry-after': new Date(svc.clock.now().getTime() + 600_000).toUTCString() } }
          : { status: 200 };
    await emit(svc, { clientId: c.clientId, customerId, type: 'REPORT_AVAILABLE' });
    await deliver(svc, c.clientId);
    const start = unix(svc.clock.now());
    assert.equal(
      (await deliveryLog(svc, c.auth, webhookId)).data[0].next_attempt_at,
      start + 120,
      '120 s, not the scheduled 5 s',
    );
    svc.clock.advance(119);
    assert.equal((await deliver(svc, c.clientId)).attempted, 0);
    svc.clock.advance(1);
    await deliver(svc, c.clientId);
    assert.equal(
      (await deliveryLog(svc, c.auth, webhookId)).data[0].next_attempt_at,
      start + 120 + 600,
      '600 s from the date, not the scheduled 300 s',
    );
    svc.clock.advance(600);
    await deliver(svc, c.clientId);
    const d = (await deliveryLog(svc, c.auth, webhookId)).data[0];
    assert.deepEqual(
      d.attempts.map((a: { status_code: number }) => a.status_code),
      [429, 503, 200],
    );
    assert.equal(d.state, 'delivered');
  });

  test('redirects › are not followed: the attempt fails and the redirect target never hears of it', async () => {
    const { c, sink, customerId, webhookId } = await setup('Redirecting Lender');
    const elsewhere = await startSink();
    sink.answer = () => ({ status: 307, headers: { location: elsewhere.url } });
    await emit(svc, { clientId: c.clientId, customerId, type: 'REPORT_AVAILABLE' });
    assert.equal((await deliver(svc, c.clientId)).retried, 1);
    const a = (await deliveryLog(svc, c.auth, webhookId)).data[0].attempts[0];
    assert.equal(a.status_code, 307);
    assert.equal(a.outcome, 'retry');
    assert.match(a.error, /redirects are not followed/);
    assert.equal(elsewhere.received.length, 0);
  });

  test('timeouts › a receiver that does not answer in time counts as a failed attempt', async () => {
    const { c, sink, customerId, webhookId } = await setup('Slow Lender');
    sink.answer = () => 'hang';
    await emit(svc, { clientId: c.clientId, customerId, type: 'REPORT_AVAILABLE' });
    // Long enough that the request reaches the receiver (in this process) before the deadline even when the
    // machine is so busy that the event loop stalls for a second.
    const run = await runDueDeliveries(
      { ...svc.deps, config: { ...svc.deps.config, webhookTimeoutMs: 2000 }, random: () => 0.5 },
      { clientId: c.clientId },
    );
    assert.equal(run.retried, 1);
    const d = (await deliveryLog(svc, c.auth, webhookId)).data[0];
    assert.equal(sink.received.length, 1, 'the receiver got the request');
    assert.equal(d.attempts[0].status_code, null);
    assert.equal(d.attempts[0].error, 'timed out after 2000 ms');
    assert.ok(d.attempts[0].duration_ms >= 1990);
    assert.equal(d.state, 'pending');
    assert.equal(d.next_attempt_at, unix(svc.clock.now()) + 5);
  });

  test('fan-out › every active webhook of the client gets the event; other clients get nothing', async () => {
    const { c, sink, customerId } = await setup('Two-hook Lender');
    const second = await startSink();
    await registerWebhook(svc, c.auth, second.url);
    const bystander = await setup('Bystander Lender');
    const { messageId, deliveries } = await emit(svc, { clientId: c.clientId, customerId, type: 'REPORT_AVAILABLE' });
    assert.equal(deliveries, 2);
    await deliver(svc, c.clientId);
    assert.equal((await sink.waitFor(1))[0]!.headers['webhook-id'], messageId);
    assert.equal((await second.waitFor(1))[0]!.headers['webhook-id'], messageId);
    await deliver(svc, bystander.c.clientId);
    assert.equal(bystander.sink.received.length, 0);
  });

  test("outbox › an event for another client's customer is refused, and a rolled-back change leaves no event", async () => {
    const { c, sink, customerId } = await setup('Rollback Lender');
    const other = await newClient(svc, 'Other Lender');
    const foreign = await newCustomer(svc, other);
    await assert.rejects(emit(svc, { clientId: c.clientId, customerId: foreign, type: 'REPORT_AVAILABLE' }), {
      code: 'customer_not_found',
    });
    await assert.rejects(
      svc.deps.db.transaction(async (tx) => {
        await emitWebhookEvent(
          tx,
          svc.deps.queue,
          { clientId: c.clientId, customerId, type: 'REPORT_AVAILABLE' },
          svc.clock.now(),
        );
        throw new Error('the change failed');
      }),
    );
    assert.equal((await deliver(svc, c.clientId)).attempted, 0);
    assert.equal(sink.received.length, 0);
  });
});
