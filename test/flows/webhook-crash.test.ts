/**
 * At least once, across a crash: the service runs as a child process (src/main.ts, workers on) on a database of
 * its own (a data directory for the embedded engine; a fresh database on the server when DATABASE_URL is set).
 * The receiver holds the first request open and the test SIGKILLs the child right then: the receiver has the
 * request, the attempt is not recorded. After a restart the same event comes again with the same webhook-id,
 * and the outbox drains to empty.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../src/config.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { openRuntime } from '../../src/runtime.ts';
import { createClient } from '../../src/modules/clients/clients.service.ts';
import { createCustomer } from '../../src/modules/customers/customers.service.ts';
import { emitWebhookEvent } from '../../src/modules/webhooks/webhooks.outbox.ts';
import { createWebhook } from '../../src/modules/webhooks/webhooks.service.ts';
import { startChildService, type ChildService } from '../helpers/child-service.ts';
import { startSink } from '../helpers/webhook-sink.ts';

interface Target {
  env: { DATA_DIR: string; DATABASE_URL: string };
  drop(): Promise<void>;
}

/** A database nobody else uses: the service's dispatcher must not see other test files' deliveries. */
async function freshTarget(): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obi-crash-'));
  const server = process.env.DATABASE_URL;
  if (!server)
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  const name = `obi_crash_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      const a = new pg.Client({ connectionString: server });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The service with workers on. The sender's timeout is the longest allowed: only the kill may end the held attempt. */
function startChild(env: Target['env']): Promise<ChildService> {
  return startChildService({ ...env, WORKERS: 'true', WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_TIMEOUT_MS: '120000' });
}

describe('webhook delivery across a crash', () => {
  test('killed after the receiver got the request, before the attempt was recorded: redelivered with the same webhook-id, outbox empty', async (t) => {
    const target = await freshTarget();
    t.after(() => target.drop());
    const sink = await startSink();
    sink.answer = (_r, n) => (n === 0 ? 'hang' : { status: 200 });

    // The event, written through the outbox as any module would, before the service starts.
    const config = loadConfig({ ...target.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', WEBHOOK_ALLOW_LOOPBACK: 'true' });
    const seed = await openRuntime(config, systemClock, { queue: false });
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
      emitWebhookEvent(tx, { clientId, customerId: customer.id, type: 'REPORT_AVAILABLE' }, now),
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
