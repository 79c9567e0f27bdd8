/**
 * Background work as it runs in production: with workers on, pg-boss runs every job of the registry
 * (src/jobs/registry.ts) with no timer loop of ours. A submission's report is computed and announced by webhook
 * without anyone draining a queue; each job's queue carries its own policy; the periodic jobs are on their
 * schedules. Waits are polls with a deadline of minutes, never fixed sleeps.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { JOBS, JOB_NAMES } from '../../src/jobs/registry.ts';
import { startService, uniqueRef } from '../helpers/app.ts';
import { startChildService } from '../helpers/child-service.ts';
import { freshTarget } from '../helpers/fresh-target.ts';
import { startSink } from '../helpers/webhook-sink.ts';

async function call(baseUrl: string, method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

describe('background jobs with workers on', () => {
  test('a submission is computed and announced by webhook with nobody draining the queue', async (t) => {
    const target = await freshTarget('obi-jobs');
    t.after(() => target.drop());
    const sink = await startSink();
    const secret = 'jobs-lender-secret-0000000000001';
    const svc = await startChildService({
      ...target.env,
      WORKERS: 'true',
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      OBI_BOOTSTRAP_CLIENTS: `jobs-lender:${secret}`,
    });
    t.after(() => svc.stop('SIGTERM'));

    const tokenRes = await call(svc.baseUrl, 'POST', '/oauth/v2/token', null, {
      client_id: 'jobs-lender',
      client_secret: secret,
      grant_type: 'client_credentials',
    });
    assert.equal(tokenRes.status, 200, JSON.stringify(tokenRes.json));
    const token = String(tokenRes.json.access_token);
    assert.equal((await call(svc.baseUrl, 'POST', '/public/v3/webhooks', token, { url: sink.url })).status, 201);
    const customer = await call(svc.baseUrl, 'POST', '/public/v3/customers', token, { user_reference: uniqueRef() });
    const customerId = String(customer.json.id);
    const base = `/public/v3/customers/${customerId}`;
    const account = {
      bank_slug: 'barclays',
      number: '20000012345678',
      currency: 'GBP',
      type: 'Personal',
      sub_type: 'CurrentAccount',
      name: 'Ms J Smith',
    };
    assert.equal(
      (await call(svc.baseUrl, 'POST', `${base}/account_collections`, token, { accounts: [account] })).status,
      200,
    );
    const day = 86_400;
    const start = Math.floor(Date.now() / 1000) - 90 * day;
    const transactions = Array.from({ length: 3 }, (_, i) => ({
      external_transaction_id: `salary-${i}`,
      name: 'BGC ACME LTD SALARY',
      amount: 2450.12,
      currency: 'GBP',
      status: 'Booked',
      bank_slug: 'barclays',
      account_number: account.number,
      booking_date_time: start + i * 30 * day,
      value_date_time: start + i * 30 * day,
    }));
    const submitted = await call(svc.baseUrl, 'POST', `${base}/transaction_collections`, token, { transactions });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.json));

    // report.compute runs, then webhook.dispatch sends TRANSACTIONS_UPDATED (the change feed's, announced before the
    // computation: docs/decisions/0052-transaction-change-feed.md) and REPORT_AVAILABLE: all by pg-boss alone.
    const received = await sink
      .waitFor(2)
      .catch((err: Error) => assert.fail(`no webhook arrived: ${err.message}\n${svc.output()}`));
    const payloads = received.map((r) => JSON.parse(r.body) as { webhook_type: string; customer_id: string });
    assert.deepEqual(payloads.map((p) => p.webhook_type).sort(), ['REPORT_AVAILABLE', 'TRANSACTIONS_UPDATED']);
    assert.ok(payloads.every((p) => p.customer_id === customerId));
    const readiness = await call(svc.baseUrl, 'GET', `${base}/report_readiness_statuses/insights`, token);
    assert.equal(readiness.json.status, 'ready', JSON.stringify(readiness.json));
    assert.equal(await svc.stop('SIGTERM'), 0, `graceful shutdown\n${svc.output()}`);
  });

  test('every job of the registry has its own queue policy, and the periodic ones are scheduled', async () => {
    const schema = `pgboss_jobs_${process.pid}_${Date.now()}`;
    const svc = await startService({ WORKERS: 'true' }, { queueSchema: schema });
    const queues = await svc.deps.db.query<{ name: string; policy: string; retry_limit: number }>(
      `SELECT name, policy, retry_limit FROM ${schema}.queue`,
    );
    for (const name of JOB_NAMES) {
      const row = queues.rows.find((q) => q.name === name);
      assert.ok(row, `queue ${name} exists`);
      assert.equal(row.policy, JOBS[name].policy, `${name} policy`);
      assert.equal(Number(row.retry_limit), JOBS[name].retryLimit, `${name} retry limit`);
    }
    const schedules = await svc.deps.db.query<{ name: string; cron: string }>(
      `SELECT name, cron FROM ${schema}.schedule ORDER BY name`,
    );
    const expected = JOB_NAMES.flatMap((name) => {
      const cron = (JOBS[name] as { cron?: string }).cron;
      return cron ? [{ name, cron }] : [];
    }).sort((a, b) => a.name.localeCompare(b.name));
    assert.deepEqual(
      schedules.rows.map((r) => ({ name: r.name, cron: r.cron })),
      expected,
    );
    assert.ok(expected.length >= 3, 'webhook.dispatch, consent.sweep and connect.housekeeping are periodic');
  });
});
