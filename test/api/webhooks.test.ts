import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Webhook } from 'standardwebhooks';
import { newClient, newCustomer, startService } from '../helpers/app.ts';
import { deliver, deliveryLog, emit, registerWebhook, startSink } from '../helpers/webhook-sink.ts';

describe('webhooks (endpoints 20, 21, list, delivery log, replay, test event)', async () => {
  const svc = await startService({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
  const client = await newClient(svc);
  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    svc.app.inject({ method, url, payload: payload as string, headers: client.auth });

  test('create webhook › answers 201 with id = webhook_id, the url, the comment and a whsec_ secret shown once', async () => {
    const res = await inject('POST', '/public/v3/webhooks', {
      url: 'https://1.1.1.10/hooks/obi',
      comment: 'production receiver',
    });
    assert.equal(res.statusCode, 201);
    const body = res.json();
    assert.deepEqual(Object.keys(body).sort(), ['comment', 'id', 'secret', 'url', 'webhook_id']);
    assert.equal(body.webhook_id, body.id);
    assert.equal(body.url, 'https://1.1.1.10/hooks/obi');
    assert.equal(body.comment, 'production receiver');
    assert.match(body.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);

    const list = await inject('GET', '/public/v3/webhooks');
    const listed = list.json().data.find((w: { id: string }) => w.id === body.id);
    assert.deepEqual(listed, {
      id: body.id,
      webhook_id: body.id,
      url: body.url,
      comment: 'production receiver',
      status: 'active',
      disabled_reason: null,
      created_at: Math.floor(svc.clock.now().getTime() / 1000),
      disabled_at: null,
    });
    assert.ok(!list.body.includes(body.secret), 'the list never shows the secret');
  });

  test('create webhook › without a comment, comment is null; two webhooks get different secrets', async () => {
    const a = await inject('POST', '/public/v3/webhooks', { url: 'https://1.1.1.11/a' });
    const b = await inject('POST', '/public/v3/webhooks', { url: 'https://1.1.1.11/a' });
    assert.equal(a.json().comment, null);
    assert.notEqual(a.json().secret, b.json().secret);
  });

  test('create webhook › the secret is not stored in clear', async () => {
    const { id, secret } = await registerWebhook(svc, client.auth, 'https://1.1.1.12/');
    const row = (
      await svc.deps.db.query<{ secret_sealed: string }>('SELECT secret_sealed FROM webhooks WHERE id = $1', [id])
    ).rows[0]!;
    assert.ok(!row.secret_sealed.includes(secret.slice(6)));
    assert.match(row.secret_sealed, /^v1\./);
  });

  test('create webhook › missing, unknown and malformed members are 400 with a pointer', async () => {
    const missing = await inject('POST', '/public/v3/webhooks', { comment: 'x' });
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(missing.json().errors, [{ pointer: '/url', detail: 'is required' }]);
    const extra = await inject('POST', '/public/v3/webhooks', { url: 'https://1.1.1.10/', events: ['ALL'] });
    assert.equal(extra.statusCode, 400);
    assert.deepEqual(extra.json().errors, [{ pointer: '/events', detail: 'unknown member "events"' }]);
    for (const [url, reason] of [
      ['not a url', /not a valid absolute URL/],
      ['ftp://1.1.1.10/x', /must be an https:\/\/ URL/],
      ['https://user:pw@1.1.1.10/', /user name or password/],
    ] as const) {
      const res = await inject('POST', '/public/v3/webhooks', { url });
      assert.equal(res.statusCode, 400, url);
      assert.equal(res.json().code, 'webhook_url_not_allowed');
      assert.equal(res.json().errors[0].pointer, '/url');
      assert.match(res.json().errors[0].detail, reason);
    }
  });

  test('create webhook › private, link-local, CGNAT and metadata targets are 400 naming the reason', async () => {
    for (const [url, reason] of [
      ['https://10.1.2.3/', 'a private network address'],
      ['https://192.168.0.10/', 'a private network address'],
      ['https://169.254.169.254/latest/meta-data', 'a cloud metadata address'],
      ['https://169.254.1.1/', 'a link-local address'],
      ['https://100.64.0.1/', 'a carrier-grade NAT (shared) address'],
      ['https://[fd00:ec2::254]/', 'a cloud metadata address'],
      ['https://[::ffff:10.0.0.1]/', 'a private network address'],
      ['https://0.0.0.0/', 'an unspecified address'],
    ] as const) {
      const res = await inject('POST', '/public/v3/webhooks', { url });
      assert.equal(res.statusCode, 400, url);
      assert.equal(res.json().code, 'webhook_url_not_allowed');
      assert.match(res.json().detail, new RegExp(reason.replace(/[()]/g, '\\$&')), url);
      assert.deepEqual(res.json().errors, [
        { pointer: '/url', detail: `points at ${reason}; webhook targets must be public` },
      ]);
    }
  });

  test('create webhook › loopback is allowed when WEBHOOK_ALLOW_LOOPBACK=true (this service), by IP and by name', async () => {
    assert.equal((await inject('POST', '/public/v3/webhooks', { url: 'http://127.0.0.1:9/hook' })).statusCode, 201);
    assert.equal((await inject('POST', '/public/v3/webhooks', { url: 'http://localhost:9/hook' })).statusCode, 201);
  });

  test('delete webhook › answers Success; a second delete and a random id answer 404 Problem Details (integer status) with result "Error" and a message', async () => {
    const { id } = await registerWebhook(svc, client.auth, 'https://1.1.1.13/');
    const res = await inject('DELETE', `/public/v3/webhooks/${id}/delete`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().status, 'Success');
    assert.equal(typeof res.json().message, 'string');
    const again = await inject('DELETE', `/public/v3/webhooks/${id}/delete`);
    assert.equal(again.statusCode, 404);
    assert.equal(again.headers['content-type'], 'application/problem+json; charset=utf-8');
    const body = again.json();
    assert.equal(body.status, 404);
    assert.equal(body.result, 'Error');
    assert.equal(body.message, 'No webhook with that id.');
    assert.equal(body.code, 'webhook_not_found');
    assert.deepEqual((await inject('DELETE', '/public/v3/webhooks/nope/delete')).json(), body);
    assert.ok(!(await inject('GET', '/public/v3/webhooks')).json().data.some((w: { id: string }) => w.id === id));
  });

  test('delete webhook › its pending deliveries are dropped and never sent', async () => {
    const other = await newClient(svc, 'Deleting Lender');
    const sink = await startSink();
    const customerId = await newCustomer(svc, other);
    const { id } = await registerWebhook(svc, other.auth, sink.url);
    await emit(svc, { clientId: other.clientId, customerId, type: 'REPORT_AVAILABLE' });
    await svc.app.inject({ method: 'DELETE', url: `/public/v3/webhooks/${id}/delete`, headers: other.auth });
    assert.equal((await deliver(svc, other.clientId)).attempted, 0);
    assert.equal(sink.received.length, 0);
    const left = await svc.deps.db.query('SELECT 1 FROM webhook_deliveries WHERE webhook_id = $1', [id]);
    assert.equal(left.rows.length, 0);
  });

  test('delivery log › lists deliveries newest first with state, attempts, status codes and next attempt; pages and filters', async () => {
    const c = await newClient(svc, 'Log Lender');
    const sink = await startSink();
    const customerId = await newCustomer(svc, c);
    const { id } = await registerWebhook(svc, c.auth, sink.url);
    const first = await emit(svc, { clientId: c.clientId, customerId, type: 'REPORT_AVAILABLE' });
    await deliver(svc, c.clientId);
    sink.answer = () => ({ status: 500 });
    const second = await emit(svc, { clientId: c.clientId, customerId, type: 'REPORT_UPDATED' });
    await deliver(svc, c.clientId);

    const log = await deliveryLog(svc, c.auth, id);
    assert.equal(log.total, 2);
    const [newest, oldest] = log.data;
    assert.equal(newest.message_id, second.messageId);
    assert.equal(newest.webhook_type, 'REPORT_UPDATED');
    assert.equal(newest.state, 'pending');
    assert.equal(newest.attempt_count, 1);
    assert.equal(newest.last_status_code, 500);
    assert.equal(newest.last_error, 'receiver answered 500');
    assert.equal(newest.next_attempt_at, Math.floor(svc.clock.now().getTime() / 1000) + 5);
    assert.equal(newest.attempts[0].status_code, 500);
    assert.equal(newest.attempts[0].outcome, 'retry');
    assert.equal(typeof newest.attempts[0].duration_ms, 'number');
    assert.equal(oldest.message_id, first.messageId);
    assert.equal(oldest.state, 'delivered');
    assert.equal(oldest.next_attempt_at, null);
    assert.deepEqual(oldest.payload, {
      msg: oldest.payload.msg,
      webhook_type: 'REPORT_AVAILABLE',
      customer_id: customerId,
    });
    assert.deepEqual(
      oldest.attempts.map((a: { attempt: number; status_code: number; error: null }) => [
        a.attempt,
        a.status_code,
        a.error,
      ]),
      [[1, 200, null]],
    );

    const delivered = await deliveryLog(svc, c.auth, id, '?state=delivered&max_per_page=1');
    assert.deepEqual(
      delivered.data.map((d: { id: string }) => d.id),
      [oldest.id],
    );
    assert.equal(delivered.total, 1);
    const bad = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/webhooks/${id}/deliveries?state=lost`,
      headers: c.auth,
    });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().errors[0].pointer, '/query/state');
  });

  test('replay › a delivered delivery is sent again as a new delivery with the same webhook-id; the original log is unchanged', async () => {
    const c = await newClient(svc, 'Replay Lender');
    const sink = await startSink();
    const customerId = await newCustomer(svc, c);
    const { id } = await registerWebhook(svc, c.auth, sink.url);
    await emit(svc, { clientId: c.clientId, customerId, type: 'REPORT_AVAILABLE' });
    await deliver(svc, c.clientId);
    const original = (await deliveryLog(svc, c.auth, id)).data[0];

    const res = await svc.app.inject({
      method: 'POST',
      url: `/public/v3/webhooks/${id}/deliveries/${original.id}/replay`,
      headers: c.auth,
    });
    assert.equal(res.statusCode, 202);
    assert.equal(res.json().replay_of, original.id);
    assert.equal(res.json().message_id, original.message_id);
    assert.equal(res.json().state, 'pending');
    await deliver(svc, c.clientId);
    assert.equal(sink.received.length, 2);
    assert.equal(sink.received[1]!.headers['webhook-id'], sink.received[0]!.headers['webhook-id']);
    assert.equal(sink.received[1]!.body, sink.received[0]!.body);
    const log = await deliveryLog(svc, c.auth, id);
    assert.deepEqual(
      log.data.map((d: { state: string; attempt_count: number }) => [d.state, d.attempt_count]),
      [
        ['delivered', 1],
        ['delivered', 1],
      ],
    );
  });

  test('replay › a delivery waiting for a retry is made due now', async () => {
    const c = await newClient(svc, 'Retry-now Lender');
    const sink = await startSink();
    sink.answer = (_r, n) => ({ status: n === 0 ? 503 : 200 });
    const customerId = await newCustomer(svc, c);
    const { id } = await registerWebhook(svc, c.auth, sink.url);
    await emit(svc, { clientId: c.clientId, customerId, type: 'REPORT_AVAILABLE' });
    await deliver(svc, c.clientId);
    const waiting = (await deliveryLog(svc, c.auth, id)).data[0];
    assert.equal(waiting.state, 'pending');
    assert.equal((await deliver(svc, c.clientId)).attempted, 0, 'not due yet');
    const res = await svc.app.inject({
      method: 'POST',
      url: `/public/v3/webhooks/${id}/deliveries/${waiting.id}/replay`,
      headers: c.auth,
    });
    assert.equal(res.statusCode, 202);
    assert.equal(res.json().id, waiting.id);
    assert.equal(res.json().next_attempt_at, Math.floor(svc.clock.now().getTime() / 1000));
    assert.equal((await deliver(svc, c.clientId)).delivered, 1);
  });

  test('replay › an unknown delivery is 404; a disabled webhook is 409', async () => {
    const c = await newClient(svc, 'Gone Lender');
    const sink = await startSink();
    sink.answer = () => ({ status: 410 });
    const customerId = await newCustomer(svc, c);
    const { id } = await registerWebhook(svc, c.auth, sink.url);
    const unknown = await svc.app.inject({
      method: 'POST',
      url: `/public/v3/webhooks/${id}/deliveries/nope/replay`,
      headers: c.auth,
    });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().code, 'webhook_delivery_not_found');
    await emit(svc, { clientId: c.clientId, customerId, type: 'REPORT_AVAILABLE' });
    await deliver(svc, c.clientId);
    const gone = (await deliveryLog(svc, c.auth, id)).data[0];
    const res = await svc.app.inject({
      method: 'POST',
      url: `/public/v3/webhooks/${id}/deliveries/${gone.id}/replay`,
      headers: c.auth,
    });
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().code, 'webhook_disabled');
  });

  test('test event › a signed WEBHOOK_TEST delivery with no customer, retried on failure and kept in the delivery log', async (t) => {
    const c = await newClient(svc, 'Test-event Lender');
    const sink = await startSink();
    sink.answer = (_r, n) => ({ status: n === 0 ? 500 : 204 });
    const { id, secret } = await registerWebhook(svc, c.auth, sink.url);
    const res = await svc.app.inject({ method: 'POST', url: `/public/v3/webhooks/${id}/test`, headers: c.auth });
    assert.equal(res.statusCode, 202);
    const queued = res.json();
    assert.equal(queued.webhook_type, 'WEBHOOK_TEST');
    assert.equal(queued.customer_id, null);
    assert.equal(queued.state, 'pending');
    assert.deepEqual(queued.payload, { msg: queued.payload.msg, webhook_type: 'WEBHOOK_TEST', webhook_id: id });

    await deliver(svc, c.clientId); // the receiver answers 500: a retry is scheduled
    svc.clock.advance(60);
    await deliver(svc, c.clientId);
    assert.equal(sink.received.length, 2);
    const [first, second] = sink.received;
    assert.equal(second!.headers['webhook-id'], queued.message_id);
    assert.equal(first!.headers['webhook-id'], second!.headers['webhook-id'], 'a retry keeps the webhook-id');
    const headers = {
      'webhook-id': String(second!.headers['webhook-id']),
      'webhook-timestamp': String(second!.headers['webhook-timestamp']),
      'webhook-signature': String(second!.headers['webhook-signature']),
    };
    // standardwebhooks checks the timestamp against Date.now(); the service signs with the fake clock.
    t.mock.timers.enable({ apis: ['Date'], now: svc.clock.now() });
    assert.deepEqual(new Webhook(secret).verify(second!.body, headers), queued.payload);
    t.mock.timers.reset();

    const log = await deliveryLog(svc, c.auth, id);
    assert.deepEqual(
      log.data.map((d: { id: string; state: string; attempts: { status_code: number }[] }) => [
        d.id,
        d.state,
        d.attempts.map((a) => a.status_code),
      ]),
      [[queued.id, 'delivered', [500, 204]]],
    );
    // A second test is a new event (a new webhook-id), not a replay of the first.
    const again = await svc.app.inject({ method: 'POST', url: `/public/v3/webhooks/${id}/test`, headers: c.auth });
    assert.notEqual(again.json().message_id, queued.message_id);
  });

  test("test event › another client's webhook and an unknown id are 404; a disabled webhook is 409", async () => {
    const owner = await newClient(svc, 'Owner Lender');
    const other = await newClient(svc, 'Other Lender');
    const sink = await startSink();
    const { id } = await registerWebhook(svc, owner.auth, sink.url);
    for (const [auth, webhookId] of [
      [other.auth, id],
      [owner.auth, 'no-such-webhook'],
    ] as const) {
      const res = await svc.app.inject({ method: 'POST', url: `/public/v3/webhooks/${webhookId}/test`, headers: auth });
      assert.equal(res.statusCode, 404);
      assert.equal(res.json().code, 'webhook_not_found');
    }
    assert.equal((await deliveryLog(svc, owner.auth, id)).total, 0, 'nothing was queued for the owner');

    sink.answer = () => ({ status: 410 }); // 410 Gone disables the webhook
    const first = await svc.app.inject({ method: 'POST', url: `/public/v3/webhooks/${id}/test`, headers: owner.auth });
    assert.equal(first.statusCode, 202);
    await deliver(svc, owner.clientId);
    const disabled = await svc.app.inject({
      method: 'POST',
      url: `/public/v3/webhooks/${id}/test`,
      headers: owner.auth,
    });
    assert.equal(disabled.statusCode, 409);
    assert.equal(disabled.json().code, 'webhook_disabled');
  });
});
