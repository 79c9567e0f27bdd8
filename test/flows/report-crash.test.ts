/**
 * Crash recovery of jobs (src/jobs/registry.ts): a job cut off by a crash is taken up again within a minute, so a
 * report never stays not_ready because of a computation that died with its process; and a job that runs long but
 * lives is never taken for dead.
 *
 * 1. The service runs as a child process (workers on) on a database of its own; OBI_TEST_HOLD_REPORT_COMPUTE (a
 *    test hook, refused outside NODE_ENV=test) holds its report.compute run once recorded. The test SIGKILLs it
 *    there, starts it again without the hook, and polls readiness until the report is ready; the run records'
 *    timestamps show the retry came within 90 s of the restart (pg-boss's own expiry would take 5 minutes).
 * 2. In this process: a report.compute handler that keeps running until its heartbeat has been refreshed past the
 *    point where a dead job is failed (heartbeat + a supervise pass) is run once, and completes without a retry.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config/config.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { openRuntime } from '../../src/app/runtime.ts';
import { openPglite } from '../../src/db/pglite.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createQueue } from '../../src/jobs/queue.ts';
import { JOB_HEARTBEAT_SECONDS, SUPERVISE_INTERVAL_SECONDS } from '../../src/jobs/registry.ts';
import { startChildService, type ChildService } from '../helpers/child-service.ts';
import { freshTarget, type Target } from '../helpers/fresh-target.ts';
import { waitFor } from '../helpers/wait.ts';

const SECRET = 'report-crash-secret-0123456789';
/** How soon after the restart the interrupted computation must have been taken up again. */
const RETRY_WITHIN_MS = 90_000;

function startChild(env: Target['env'], extra: Record<string, string> = {}): Promise<ChildService> {
  return startChildService({ ...env, WORKERS: 'true', OBI_BOOTSTRAP_CLIENTS: `report-crash:${SECRET}`, ...extra });
}

async function api(svc: ChildService, path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${svc.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function tokenOf(svc: ChildService): Promise<string> {
  const body = { client_id: 'report-crash', client_secret: SECRET, grant_type: 'client_credentials' };
  return String((await api(svc, '/oauth/v2/token', { method: 'POST', body })).access_token);
}

/** A customer with a few transactions: their submission enqueues report.compute. */
async function customerWithData(svc: ChildService, token: string): Promise<string> {
  const id = String(
    (await api(svc, '/public/v3/customers', { method: 'POST', token, body: { user_reference: `rc-${Date.now()}` } }))
      .id,
  );
  const account = { bank_slug: 'sandbox', number: '04000422223333', currency: 'GBP' };
  await api(svc, `/public/v3/customers/${id}/account_collections`, {
    method: 'POST',
    token,
    body: { accounts: [{ ...account, type: 'Personal', sub_type: 'CurrentAccount' }] },
  });
  const transactions = Array.from({ length: 40 }, (_, i) => ({
    external_transaction_id: `t${i}`,
    name: i % 4 === 0 ? 'SALARY ACME LTD' : 'CARD PAYMENT TO TESCO',
    amount: i % 4 === 0 ? 2100 : -12.5,
    currency: 'GBP',
    status: 'Booked',
    bank_slug: account.bank_slug,
    account_number: account.number,
    value_date_time: 1_700_000_000 + i * 86_400,
    booking_date_time: 1_700_000_000 + i * 86_400,
  }));
  await api(svc, `/public/v3/customers/${id}/transaction_collections`, {
    method: 'POST',
    token,
    body: { transactions },
  });
  return id;
}

async function readiness(svc: ChildService, token: string, customerId: string): Promise<string> {
  const body = await api(svc, `/public/v3/customers/${customerId}/report_readiness_statuses/insights`, { token });
  return String(body.status);
}

describe('a report computation cut off by a crash', () => {
  test('is taken up again within 90 s of the restart, and the report becomes ready', async (t) => {
    const target = await freshTarget('obi-report-crash');
    t.after(() => target.drop());
    const first = await startChild(target.env, { OBI_TEST_HOLD_REPORT_COMPUTE: 'true' });
    t.after(() => first.stop('SIGKILL'));
    const customerId = await customerWithData(first, await tokenOf(first));
    await waitFor(() => first.output().includes('holding report.compute'), {
      what: 'the first service to be inside report.compute',
      giveUp: () => (first.child.exitCode !== null ? first.output() : undefined),
    });
    await first.stop('SIGKILL');

    const second = await startChild(target.env);
    t.after(() => second.stop('SIGKILL'));
    const restartedAt = Date.now();
    const token = await tokenOf(second);
    await waitFor(async () => (await readiness(second, token, customerId)) === 'ready', {
      what: 'the report to become ready after the restart',
      giveUp: () => (second.child.exitCode !== null ? second.output() : undefined),
    });
    assert.equal(await second.stop('SIGTERM'), 0, second.output());

    const config = loadConfig({ ...target.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', WORKERS: 'false' });
    const after = await openRuntime(config, systemClock, { queue: false });
    try {
      const runs = (
        await after.db.query<{ state: string; error: string | null; started_at: Date; finished_at: Date | null }>(
          'SELECT state, error, started_at, finished_at FROM report_runs WHERE customer_id = $1 ORDER BY started_at',
          [customerId],
        )
      ).rows;
      assert.deepEqual(
        runs.map((r) => r.state),
        ['failed', 'succeeded'],
        'the held run was recorded as interrupted; its retry succeeded',
      );
      assert.match(String(runs[0]?.error), /^interrupted/);
      const retriedAfterMs = new Date(runs[1]?.started_at ?? 0).getTime() - restartedAt;
      assert.ok(
        retriedAfterMs <= RETRY_WITHIN_MS,
        `the retry started ${Math.round(retriedAfterMs / 1000)} s after the restart (at most ${RETRY_WITHIN_MS / 1000} s)`,
      );
      const jobs = (
        await after.db.query<{ state: string; retry_count: number }>(
          "SELECT state, retry_count FROM pgboss.job WHERE name = 'report.compute'",
        )
      ).rows;
      assert.deepEqual(jobs, [{ state: 'completed', retry_count: 1 }], 'one job: failed once (its heartbeat), retried');
    } finally {
      await after.close();
    }
  });
});

describe('a job that runs long but lives', () => {
  test('is not taken for dead: its heartbeat outlives the point where a dead one is failed; it runs once', async () => {
    const server = process.env.DATABASE_URL;
    const db = server ? await openPostgres(server) : await openPglite(null);
    const schema = `pgboss_hb_${process.pid}`;
    await migrate(db);
    const queue = await createQueue(db, { workers: true, databaseUrl: server ?? null, schema });
    try {
      const runs: string[] = [];
      let done!: () => void;
      const finished = new Promise<void>((resolve) => (done = resolve));
      const jobRow = async () =>
        (
          await db.query<{ id: string; state: string; retry_count: number; lived: number }>(
            `SELECT id, state, retry_count, extract(epoch FROM heartbeat_on - started_on)::float8 AS lived
             FROM ${schema}.job WHERE name = 'report.compute'`,
          )
        ).rows;
      const dead = JOB_HEARTBEAT_SECONDS + SUPERVISE_INTERVAL_SECONDS;
      await queue.handle('report.compute', async (data) => {
        runs.push(data.customer_id);
        // Live on until the heartbeat has been refreshed past heartbeat + one supervise pass.
        await waitFor(async () => ((await jobRow())[0]?.lived ?? 0) > dead, {
          what: `the job's heartbeat to run ${dead} s past its start`,
          intervalMs: 500,
        });
        done();
      });
      await db.transaction((tx) =>
        queue.enqueue(tx, 'report.compute', { customer_id: 'long' }, { singletonKey: 'long' }),
      );
      await finished;
      await waitFor(async () => (await jobRow())[0]?.state === 'completed', { what: 'the job to complete' });
      const [row] = await jobRow();
      assert.equal(row?.retry_count, 0, 'never failed by its heartbeat');
      assert.deepEqual(runs, ['long'], 'run once');
    } finally {
      await queue.stop(1);
      if (server) await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await db.close();
    }
  });
});
