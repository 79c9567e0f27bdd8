/**
 * Roles (docs/operations.md, "Roles"): `--role=api` serves the API and runs no job, `--role=worker` runs the jobs
 * and serves only /health, /ready and /metrics; two such processes on one PostgreSQL database are the service.
 * A submission taken by the api process has its report computed by the worker process. On the embedded database
 * (one process only) a split role is refused at start, as a configuration error.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { startChildService, type ChildService, callChild } from '../helpers/child-service.ts';
import { freshTarget } from '../helpers/fresh-target.ts';
import { uniqueRef } from '../helpers/app.ts';
import { waitFor, withDeadline } from '../helpers/wait.ts';

const SECRET = 'roles-lender-secret-0123456789ab';
const METRICS_TOKEN = 'roles-metrics-token-0123456789abcdef01';

/** A customer with an account and three salary credits, submitted through `api`; their submission enqueues report.compute. */
async function submitData(api: ChildService, token: string): Promise<string> {
  const customer = await callChild(api, 'POST', '/public/v3/customers', token, { user_reference: uniqueRef('roles') });
  assert.equal(customer.status, 201, customer.text);
  const base = `/public/v3/customers/${String(customer.json().id)}`;
  const account = { bank_slug: 'barclays', number: '20000012345678', currency: 'GBP' };
  const accounts = { accounts: [{ ...account, type: 'Personal', sub_type: 'CurrentAccount', name: 'Ms J Smith' }] };
  assert.equal((await callChild(api, 'POST', `${base}/account_collections`, token, accounts)).status, 200);
  const day = 86_400;
  const start = Math.floor(Date.now() / 1000) - 90 * day;
  const transactions = Array.from({ length: 3 }, (_, i) => ({
    external_transaction_id: `salary-${i}`,
    name: 'BGC ACME LTD SALARY',
    amount: 2450.12,
    currency: 'GBP',
    status: 'Booked',
    bank_slug: account.bank_slug,
    account_number: account.number,
    booking_date_time: start + i * 30 * day,
    value_date_time: start + i * 30 * day,
  }));
  const submitted = await callChild(api, 'POST', `${base}/transaction_collections`, token, { transactions });
  assert.equal(submitted.status, 200, submitted.text);
  return base;
}

function metricsOf(svc: ChildService) {
  return callChild(svc, 'GET', '/metrics', METRICS_TOKEN);
}

describe(
  'an api process and a worker process on one PostgreSQL database',
  {
    skip: process.env.DATABASE_URL ? false : 'needs PostgreSQL (DATABASE_URL): the embedded database is one process’s',
  },
  () => {
    test('the api takes the submission, the worker computes its report', async (t) => {
      const target = await freshTarget('obi-roles');
      t.after(() => target.drop());
      const env = {
        ...target.env,
        OBI_SECRET_KEY: 'roles-installation-key-0123456789abcdef',
        OBI_BOOTSTRAP_CLIENTS: `roles-lender:${SECRET}`,
        METRICS_TOKEN,
      };
      const api = await startChildService(env, { args: ['--role=api'] });
      t.after(() => api.stop('SIGKILL'));
      const worker = await startChildService(env, { args: ['--role', 'worker'] });
      t.after(() => worker.stop('SIGKILL'));
      assert.match(api.output(), /"role":"api","workers":false/);
      assert.match(worker.output(), /"role":"worker","workers":true/);

      const tokenRes = await callChild(api, 'POST', '/oauth/v2/token', null, {
        client_id: 'roles-lender',
        client_secret: SECRET,
        grant_type: 'client_credentials',
      });
      assert.equal(tokenRes.status, 200, tokenRes.text);
      const token = String(tokenRes.json().access_token);
      const base = await submitData(api, token);

      await waitFor(
        async () =>
          (await callChild(api, 'GET', `${base}/report_readiness_statuses/insights`, token)).json().status === 'ready',
        {
          what: 'the report to become ready (computed by the worker process)',
          giveUp: () =>
            api.child.exitCode !== null || worker.child.exitCode !== null
              ? `a process exited\n--- api ---\n${api.output()}\n--- worker ---\n${worker.output()}`
              : undefined,
        },
      );
      const insights = await callChild(api, 'GET', `${base}/insights/current_personal`, token);
      assert.equal(insights.status, 200, insights.text);

      const ran = /^obi_job_duration_seconds_count\{job="report\.compute",outcome="completed"\} [1-9]/m;
      assert.match((await metricsOf(worker)).text, ran, 'the worker ran report.compute');
      assert.doesNotMatch((await metricsOf(api)).text, /^obi_job_duration_seconds_count/m, 'the api ran no job');
      assert.equal((await callChild(worker, 'GET', '/ready', null)).status, 200);
      const notServed = await callChild(worker, 'GET', `${base}/accounts`, token);
      assert.equal(notServed.status, 404, 'the worker serves no API');

      assert.equal(await api.stop('SIGTERM'), 0, api.output());
      assert.equal(await worker.stop('SIGTERM'), 0, worker.output());
    });
  },
);

describe('a split role on the embedded database', () => {
  for (const args of [['--role=api'], ['--role', 'worker']]) {
    test(`${args.join(' ')} is refused as a configuration error (exit 78), saying why`, async () => {
      const { code, stderr } = await runToExit(args, { DATABASE_URL: '' });
      assert.equal(code, 78, stderr);
      assert.match(stderr, /ROLE \(or --role\).*DATABASE_URL.*use "all"/);
    });
  }

  test('an unknown role or argument is refused the same way', async () => {
    const bad = await runToExit(['--role=everything'], { DATABASE_URL: '' });
    assert.equal(bad.code, 78, bad.stderr);
    assert.match(bad.stderr, /ROLE: expected one of api, worker, all/);
    const unknown = await runToExit(['--verbose'], { DATABASE_URL: '' });
    assert.equal(unknown.code, 78, unknown.stderr);
    assert.match(unknown.stderr, /unknown argument "--verbose"/);
  });
});

/** Runs src/main.ts with `args` until it exits (a refused configuration exits before opening anything). */
async function runToExit(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['src/main.ts', ...args], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent/obi-roles', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const code = await withDeadline(new Promise<number | null>((resolve) => child.once('exit', resolve)), {
    what: `node src/main.ts ${args.join(' ')} to exit`,
    detail: () => stderr,
  }).catch((err: Error) => {
    child.kill('SIGKILL');
    throw err;
  });
  return { code, stderr };
}
