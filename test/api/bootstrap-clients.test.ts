/**
 * OBI_BOOTSTRAP_CLIENTS across restarts (docs/decisions/0026-client-lifecycle.md): several runtimes, one after the
 * other, on one database (an in-memory PGlite handed to each, or the PostgreSQL server of DATABASE_URL).
 */
import { TEST_LIMITS } from '../helpers/app.ts';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config/config.ts';
import { buildApp } from '../../src/app/app.ts';
import { openPglite } from '../../src/db/pglite.ts';
import type { Database } from '../../src/db/db.ts';
import { openRuntime, type Runtime } from '../../src/app/runtime.ts';
import { fakeClock } from '../../src/lib/clock.ts';
import { createLogger } from '../../src/app/logger.ts';
import { clientAudit, deleteClient, rotateClientSecret } from '../../src/modules/clients/index.ts';

const clock = fakeClock();

function configWith(bootstrap: string) {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WORKERS: 'false',
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    OBI_BOOTSTRAP_CLIENTS: bootstrap,
    ...TEST_LIMITS,
  });
}

/** A start of the service: its runtime and its token endpoint. `shared`: the embedded database every start reuses. */
async function start(bootstrap: string, shared: Database | null) {
  const config = configWith(bootstrap);
  // The embedded database is handed over and closed at the end; a PostgreSQL runtime owns its own pool.
  // No sandbox bank: this file reaches no bank, and a start that keeps the shared database is never closed whole.
  const runtime: Runtime = await openRuntime(config, clock, {
    db: shared ?? undefined,
    queue: false,
    sandboxBank: false,
  });
  const app = await buildApp({
    config,
    db: runtime.db,
    reads: runtime.reads,
    clock,
    installationKey: runtime.installationKey,
    queue: runtime.queue,
    workerPool: runtime.workerPool,
    banks: runtime.banks,
    sandboxBank: runtime.sandboxBank,
    metrics: runtime.metrics,
    logger: createLogger(config),
  });
  const token = async (clientId: string, clientSecret: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/oauth/v2/token',
        payload: { client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials' },
      })
    ).statusCode;
  const stop = async () => {
    await app.close();
    if (!shared) await runtime.close();
  };
  return { runtime, token, stop };
}

describe('OBI_BOOTSTRAP_CLIENTS across restarts', async () => {
  const shared = process.env.DATABASE_URL ? null : await openPglite(null);
  const id = `boot-${process.pid}-${Date.now()}`;
  const secret = 'bootstrap-secret-0123456789';

  test('creates the client once; a restart neither overwrites a rotated secret nor brings a deleted client back', async () => {
    try {
      const first = await start(`${id}:${secret}`, shared);
      assert.deepEqual(first.runtime.bootstrap, { created: [id], skipped: [] });
      assert.equal(await first.token(id, secret), 200);
      const rotated = await rotateClientSecret(first.runtime.db, first.runtime.installationKey, id, {
        actor: 'cli',
        now: clock.now(),
        overlapSeconds: 0,
      });
      assert.equal(await first.token(id, secret), 401);
      await first.stop();

      // The restart: same variable, same database.
      const second = await start(`${id}:${secret}`, shared);
      assert.deepEqual(second.runtime.bootstrap, { created: [], skipped: [{ client_id: id, reason: 'exists' }] });
      assert.equal(await second.token(id, secret), 401, 'the bootstrap secret did not come back');
      assert.equal(await second.token(id, rotated.client_secret), 200, 'the rotated secret still works');
      const audit = await clientAudit(second.runtime.db, id);
      assert.deepEqual(
        audit.map((e) => [e.action, e.actor]),
        [
          ['secret_rotated', 'cli'],
          ['created', 'bootstrap'],
        ],
      );
      assert.ok(!JSON.stringify(audit).includes(secret));
      await deleteClient(second.runtime.db, id, { actor: 'cli', now: clock.now(), confirm: id });
      await second.stop();

      const third = await start(`${id}:${secret}`, shared);
      assert.deepEqual(third.runtime.bootstrap, { created: [], skipped: [{ client_id: id, reason: 'deleted' }] });
      assert.equal(await third.token(id, secret), 401);
      await third.stop();
    } finally {
      await shared?.close();
    }
  });
});
