/**
 * The operations endpoints (docs/operations.md): GET /metrics behind its own token, GET /ready (database and job
 * queue) apart from GET /health (the process answers), and the worker role's server, which serves only these.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildWorkerApp } from '../../src/app/app.ts';
import { openPglite } from '../../src/db/pglite.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createQueue } from '../../src/jobs/queue.ts';
import { createMetrics, METRIC_NAMES } from '../../src/lib/metrics.ts';
import { newClient, newCustomer, startService, type TestService } from '../helpers/app.ts';
import { makeTransactions, newAccount, submit } from '../helpers/bank-data.ts';

const TOKEN = 'metrics-token-0123456789abcdef0123456789';

/** `authorization`: null sends no Authorization header. */
async function scrape(svc: TestService, authorization: string | null = `Bearer ${TOKEN}`) {
  return svc.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
}

/** The value of one sample of the exposition text (`name{labels} value`), or undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(',');
    if (wanted.every((w) => have.includes(w))) return Number(m[3]);
  }
  return undefined;
}

describe('GET /metrics without METRICS_TOKEN', async () => {
  const svc = await startService();
  test('is off: 404 Problem Details, whatever the token', async () => {
    const res = await scrape(svc);
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'not_found');
  });
});

describe('GET /metrics with METRICS_TOKEN', async () => {
  const schema = `pgboss_ops_${process.pid}_${Date.now()}`;
  const svc = await startService({ METRICS_TOKEN: TOKEN }, { queueSchema: schema });

  test('without a token, or with another, answers 401 Problem Details with a Bearer challenge', async () => {
    for (const authorization of [null, `Bearer ${TOKEN}x`, 'Bearer nope', `Basic ${TOKEN}`]) {
      const res = await scrape(svc, authorization);
      assert.equal(res.statusCode, 401, String(authorization));
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
      assert.equal(res.json().code, 'unauthorized');
      assert.match(String(res.headers['www-authenticate']), /^Bearer realm="open-banking-insights-metrics"/);
      assert.ok(!res.body.includes(TOKEN), 'the token is never echoed');
    }
  });

  test('with the token: the text format, with the default and the service metrics', async () => {
    const res = await scrape(svc);
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    for (const name of ['nodejs_eventloop_lag_p99_seconds', 'process_cpu_seconds_total', METRIC_NAMES.queueJobs])
      assert.match(res.body, new RegExp(`^# TYPE ${name} `, 'm'), name);
  });

  test('after a request: its latency under the route template (no ids), method and status', async () => {
    const client = await newClient(svc);
    const customer = await newCustomer(svc, client);
    const read = await svc.app.inject({ method: 'GET', url: `/public/v3/customers/${customer}`, headers: client.auth });
    assert.equal(read.statusCode, 200);
    const text = (await scrape(svc)).body;
    const labels = { method: 'GET', route: '/public/v3/customers/:customer_id', status_code: '200' };
    assert.ok((sample(text, `${METRIC_NAMES.requestDuration}_count`, labels) ?? 0) >= 1, text);
    assert.ok(!text.includes(customer), 'no id in any label');
  });

  test('queue depth before a job runs; its duration once it has run', async () => {
    // A service of its own: pg-boss's counts, once taken, are served for up to a minute (src/jobs/queue.ts), so
    // this one's first count must come after the submission.
    const own = await startService({ METRICS_TOKEN: TOKEN }, { queueSchema: `${schema}_depth` });
    const client = await newClient(own);
    const customer = await newCustomer(own, client);
    const account = await newAccount(own, client, customer);
    assert.equal((await submit(own, client, customer, makeTransactions(account, 20))).statusCode, 200);
    const before = (await scrape(own)).body;
    assert.equal(sample(before, METRIC_NAMES.queueJobs, { queue: 'report.compute', state: 'waiting' }), 1, before);
    assert.ok((await own.deps.queue.drain(['report.compute'])) >= 1);
    const after = (await scrape(own)).body;
    const ran = { job: 'report.compute', outcome: 'completed' };
    assert.equal(sample(after, `${METRIC_NAMES.jobDuration}_count`, ran), 1, after);
  });

  test('the database pool is reported on PostgreSQL, and not on the embedded engine (it has none)', async () => {
    const text = (await scrape(svc)).body;
    const total = sample(text, METRIC_NAMES.poolConnections, { state: 'total' });
    if (svc.deps.db.kind === 'postgres') {
      assert.ok((total ?? 0) >= 1, text);
      assert.ok(sample(text, METRIC_NAMES.poolWaiting, {}) !== undefined, text);
    } else {
      assert.equal(total, undefined);
      assert.doesNotMatch(text, new RegExp(`^${METRIC_NAMES.poolWaiting}`, 'm'));
    }
  });
});

describe('job metrics are taken where the queue runs every handler', () => {
  test('a run that throws counts as a failure of its job, and its duration is recorded as failed', async () => {
    const server = process.env.DATABASE_URL;
    const db = server ? await openPostgres(server) : await openPglite(null);
    const schema = `pgboss_opsfail_${process.pid}_${Date.now()}`;
    await migrate(db);
    const metrics = createMetrics();
    const queue = await createQueue(db, { workers: false, databaseUrl: server ?? null, schema, observer: metrics });
    try {
      await queue.handle('invitation.email', async () => {
        throw new Error('the mail server said no');
      });
      await db.transaction((tx) => queue.enqueue(tx, 'invitation.email', { invitation_id: 'x' }));
      assert.equal(await queue.drain(['invitation.email']), 1);
      const text = (await metrics.render()).body;
      assert.equal(sample(text, METRIC_NAMES.jobFailures, { job: 'invitation.email' }), 1, text);
      const failed = { job: 'invitation.email', outcome: 'failed' };
      assert.equal(sample(text, `${METRIC_NAMES.jobDuration}_count`, failed), 1, text);
    } finally {
      await queue.stop(1);
      if (server) await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await db.close();
    }
  });
});

describe('GET /ready and GET /health', async () => {
  const svc = await startService();
  test('ready while the database and the queue answer', async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/ready' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().status, 'ready');
  });

  test('once the queue has stopped, /ready is 503 queue_unavailable while /health stays 200', async () => {
    await svc.deps.queue.stop(1);
    const res = await svc.app.inject({ method: 'GET', url: '/ready' });
    assert.equal(res.statusCode, 503);
    assert.equal(res.json().code, 'queue_unavailable');
    assert.equal(res.headers['retry-after'], '5');
    assert.equal((await svc.app.inject({ method: 'GET', url: '/health' })).statusCode, 200);
  });
});

describe("a worker process's server", async () => {
  const svc = await startService({ METRICS_TOKEN: TOKEN });
  const worker = await buildWorkerApp(svc.deps);
  await worker.ready();

  test('serves /health, /ready and /metrics, and none of the API', async () => {
    assert.equal((await worker.inject({ method: 'GET', url: '/health' })).statusCode, 200);
    assert.equal((await worker.inject({ method: 'GET', url: '/ready' })).statusCode, 200);
    const metrics = await worker.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    assert.equal(metrics.statusCode, 200);
    const api = await worker.inject({ method: 'POST', url: '/public/v3/customers', payload: {} });
    assert.equal(api.statusCode, 404);
    assert.equal(api.json().code, 'not_found');
    await worker.close();
  });
});
