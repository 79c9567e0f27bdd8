/**
 * At least once, across a crash: the service runs as a child process (src/main.ts, workers on) on a database of
 * its own (a data directory for the embedded engine; a fresh database on the server when DATABASE_URL is set).
 * The receiver holds the first request open and the test SIGKILLs the child right then: the receiver has the
 * request, the attempt is not recorded. After a restart the same event comes again with the same webhook-id,
 * and the outbox drains to empty.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config/config.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { openRuntime } from '../../src/app/runtime.ts';
import { createClient } from '../../src/modules/clients/clients.service.ts';
import { createCustomer } from '../../src/modules/customers/customers.service.ts';
import { emitWebhookEvent } from '../../src/modules/webhooks/webhooks.outbox.ts';
import { createWebhook } from '../../src/modules/webhooks/webhooks.service.ts';
import { startChildService, type ChildService } from '../helpers/child-service.ts';
import { startSink } from '../helpers/webhook-sink.ts';
import { freshTarget, type Target } from '../helpers/fresh-target.ts';

/** The service with workers on. The sender's timeout is the longest allowed: only the kill may end the held attempt. */
function startChild(env: Target['env']): Promise<ChildService> {
  return startChildService({ ...env, WORKERS: 'true', WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_TIMEOUT_MS: '120000' });
}

describe('webhook delivery across a crash', () => {
  test('killed after the receiver got the request, before the attempt was recorded: redelivered with the same webhook-id, outbox empty', async (t) => {
    const target = await freshTarget('obi-crash');
    t.after(() => target.drop());
    const sink = await startSink();
    sink.answer = (_r, n) => (n === 0 ? 'hang' : { status: 200 });

    // The event, written through the outbox as any module would, before the service starts.
    const config = loadConfig({
      ...target.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      WORKERS: 'false',
    });
    const seed = await openRuntime(config, systemClock); // its queue only takes the dispatch job; the child runs it
    const now = systemClock.now();
    const { client_id: clientId } = await createClient(seed.db, seed.installationKey, 'Crash Lender', now);
    const customer = await createCustomer(seed.db, clientId, 'crash-customer', now);
    const webhook = await createWebhook(
      { db: seed.db, installationKey: seed.installationKey, config },
      clientId,
      { url: sink.url },
      now,
    );
    const { messageId } = await seed.db.transaction((tx) =>
      emitWebhookEvent(tx, seed.queue, { clientId, customerId: customer.id, type: 'REPORT_AVAILABLE' }, now),
    );
    await seed.close();

    const first = await startChild(target.env);
    t.after(() => first.stop('SIGKILL'));
    const [held] = await sink.waitFor(1).catch((err: Error) => assert.fail(`${err.message}\n${first.output()}`));
    await first.stop('SIGKILL');
    assert.equal(held!.headers['webhook-id'], messageId);

    const second = await startChild(target.env);
    t.after(() => second.stop('SIGKILL'));
    const got = await sink.waitFor(2).catch((err: Error) => assert.fail(`${err.message}\n${second.output()}`));
    assert.equal(
      got[1]!.headers['webhook-id'],
      messageId,
      'the same webhook-id: the receiver can tell it is the same event',
    );
    assert.equal(got[1]!.body, held!.body);
    // a graceful stop waits for the attempt in flight to be recorded
    assert.equal(await second.stop('SIGTERM'), 0, second.output());

    const after = await openRuntime(config, systemClock, { queue: false });
    try {
      const rows = (
        await after.db.query<{ state: string; attempt_count: number; n: number }>(
          `SELECT d.state, d.attempt_count, (SELECT count(*)::int8 FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id) AS n
           FROM webhook_deliveries d WHERE d.webhook_id = $1`,
          [webhook.id],
        )
      ).rows;
      assert.deepEqual(
        rows,
        [{ state: 'delivered', attempt_count: 1, n: 1 }],
        'the killed attempt left no record; the second is the first recorded',
      );
      const pending = await after.db.query("SELECT 1 FROM webhook_deliveries WHERE state = 'pending'");
      assert.equal(pending.rows.length, 0, 'the outbox drained to empty');
    } finally {
      await after.close();
    }
    assert.equal(sink.received.length, 2);
  });
});
