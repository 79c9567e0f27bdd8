/**
 * The retry schedule, told by the delivery log: a receiver that fails five times and then answers, and one that
 * never recovers. The clock is fake and jitter is fixed at its midpoint, so every attempt lands exactly on the
 * schedule (0, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h); and never a moment earlier.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer, startService } from '../helpers/app.ts';
import { deliver, deliveryLog, emit, registerWebhook, startSink } from '../helpers/webhook-sink.ts';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
const WAITS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000];

describe('webhook retry schedule', async () => {
  // The fake clock runs for days: access tokens must outlive it.
  const svc = await startService({ WEBHOOK_ALLOW_LOOPBACK: 'true', ACCESS_TOKEN_TTL_SECONDS: '2592000' });

  /** Moves the clock to one second before the next attempt is due (nothing happens), then to the moment it is due. */
  async function stepTo(clientId: string, dueAt: number): Promise<void> {
    svc.clock.set(new Date((dueAt - 1) * 1000));
    assert.equal((await deliver(svc, clientId)).attempted, 0, `nothing is sent before ${dueAt}`);
    svc.clock.set(new Date(dueAt * 1000));
    assert.equal((await deliver(svc, clientId)).attempted, 1, `one attempt at ${dueAt}`);
  }

  test('500 five times, then 200: six attempts at +0, +5 s, +5 min 5 s, +35 min 5 s, +2 h 35 min 5 s, +7 h 35 min 5 s', async () => {
    const c = await newClient(svc, 'Flaky Lender');
    const sink = await startSink();
    sink.answer = (_r, n) => ({ status: n < 5 ? 500 : 200 });
    const customerId = await newCustomer(svc, c);
    const { id } = await registerWebhook(svc, c.auth, sink.url);
    const t0 = unix(svc.clock.now());
    const { messageId } = await emit(svc, { clientId: c.clientId, customerId, type: 'REPORT_AVAILABLE' });

    assert.equal((await deliver(svc, c.clientId)).attempted, 1);
    const due = [t0];
    for (const wait of WAITS.slice(0, 5)) {
      due.push(due.at(-1)! + wait);
      const d = (await deliveryLog(svc, c.auth, id)).data[0];
      assert.equal(d.next_attempt_at, due.at(-1), 'the log says when the next attempt comes');
      await stepTo(c.clientId, due.at(-1)!);
    }

    const d = (await deliveryLog(svc, c.auth, id)).data[0];
    assert.deepEqual(
      due.map((t) => t - t0),
      [0, 5, 305, 2105, 9305, 27_305],
    );
    assert.deepEqual(
      d.attempts.map(
        (a: { attempt: number; attempted_at: number; status_code: number; outcome: string; error: string | null }) => [
          a.attempt,
          a.attempted_at - t0,
          a.status_code,
          a.outcome,
          a.error,
        ],
      ),
      [
        [1, 0, 500, 'retry', 'receiver answered 500'],
        [2, 5, 500, 'retry', 'receiver answered 500'],
        [3, 305, 500, 'retry', 'receiver answered 500'],
        [4, 2105, 500, 'retry', 'receiver answered 500'],
        [5, 9305, 500, 'retry', 'receiver answered 500'],
        [6, 27_305, 200, 'delivered', null],
      ],
    );
    assert.equal(d.state, 'delivered');
    assert.equal(d.attempt_count, 6);
    assert.equal(d.next_attempt_at, null);
    assert.equal(d.finished_at, t0 + 27_305);
    assert.equal(d.last_status_code, 200);
    assert.equal(d.last_error, null);
    assert.equal(sink.received.length, 6);
    assert.ok(
      sink.received.every((r) => r.headers['webhook-id'] === messageId),
      'every attempt carries the same webhook-id',
    );
  });

  test('a receiver that never recovers: eight attempts over 27 h 35 min, then the delivery is failed and never tried again', async () => {
    const c = await newClient(svc, 'Broken Lender');
    const sink = await startSink();
    sink.answer = () => ({ status: 502 });
    const customerId = await newCustomer(svc, c);
    const { id } = await registerWebhook(svc, c.auth, sink.url);
    const t0 = unix(svc.clock.now());
    await emit(svc, { clientId: c.clientId, customerId, type: 'REPORT_UPDATED' });
    await deliver(svc, c.clientId);
    let at = t0;
    for (const wait of WAITS) await stepTo(c.clientId, (at += wait));

    const d = (await deliveryLog(svc, c.auth, id)).data[0];
    assert.equal(at - t0, 99_305);
    assert.equal(d.state, 'failed');
    assert.equal(d.attempt_count, 8);
    assert.equal(d.next_attempt_at, null);
    assert.equal(d.last_error, 'receiver answered 502; gave up after 8 attempts');
    assert.deepEqual(
      d.attempts.map((a: { outcome: string }) => a.outcome),
      [...Array(7).fill('retry'), 'failed'],
    );
    svc.clock.advance(7 * 86_400);
    assert.equal((await deliver(svc, c.clientId)).attempted, 0);
    assert.equal(sink.received.length, 8);
    const hook = (await svc.app.inject({ method: 'GET', url: '/public/v3/webhooks', headers: c.auth })).json().data[0];
    assert.equal(hook.status, 'active', 'giving up on one delivery does not disable the webhook');
  });
});
