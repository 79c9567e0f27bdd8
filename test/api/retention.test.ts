/**
 * A client's retention period (docs/decisions/0064-data-retention.md): the setting, and the retention.apply job as
 * the registry runs it, with the clock moved instead of waited for.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startService, newClient, newCustomer, countOf, type TestClient } from '../helpers/app.ts';
import { newAccount, makeTransactions } from '../helpers/bank-data.ts';
import { registerWebhook, startSink, deliver } from '../helpers/webhook-sink.ts';

const DAY = 86_400;

describe('retention › data_retention_days and the retention.apply job', async () => {
  const svc = await startService(
    { WEBHOOK_ALLOW_LOOPBACK: 'true' },
    { queueSchema: process.env.DATABASE_URL ? `pgboss_retention_${process.pid}` : undefined },
  );
  const sink = await startSink();
  const lender = await newClient(svc, 'Retention Lender');
  const other = await newClient(svc, 'Keeps Everything');

  const settings = (client: TestClient, payload?: object) =>
    svc.app.inject({
      method: payload ? 'PATCH' : 'GET',
      url: '/public/v3/settings',
      headers: client.auth,
      ...(payload ? { payload } : {}),
    });

  async function customerWithData(client: TestClient, n = 30): Promise<string> {
    const id = await newCustomer(svc, client);
    const account = await newAccount(svc, client, id);
    const res = await svc.app.inject({
      method: 'POST',
      url: `/public/v3/customers/${id}/transaction_collections`,
      headers: client.auth,
      payload: { transactions: makeTransactions(account, n, { prefix: `r${Date.now()}` }) },
    });
    assert.equal(res.statusCode, 200, res.body);
    return id;
  }

  /** A fresh access token after the clock moved past the old one's hour. */
  async function renew(client: TestClient): Promise<void> {
    const res = await svc.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      payload: { client_id: client.clientId, client_secret: client.clientSecret, grant_type: 'client_credentials' },
    });
    assert.equal(res.statusCode, 200, res.body);
    client.auth.authorization = `Bearer ${res.json().access_token}`;
  }

  const runRetention = async () => {
    await svc.deps.db.transaction((tx) => svc.deps.queue.enqueue(tx, 'retention.apply', {}));
    await svc.deps.queue.drain(['retention.apply']);
  };
  const rows = (table: string, customerId: string) =>
    countOf(svc, `SELECT count(*)::int AS n FROM ${table} WHERE customer_id = $1`, [customerId]);

  test('the setting › null by default (kept until deleted); 1–36500 days or null; anything else is 400 at the field', async () => {
    assert.equal((await settings(lender)).json().data_retention_days, null);
    for (const bad of [0, 36501, 1.5, '30']) {
      const res = await settings(lender, { data_retention_days: bad });
      assert.equal(res.statusCode, 400, res.body);
      assert.ok(
        res.json().errors.some((e: { pointer: string }) => e.pointer === '/data_retention_days'),
        res.body,
      );
    }
    const set = await settings(lender, { data_retention_days: 30 });
    assert.equal(set.statusCode, 200, set.body);
    assert.equal(set.json().data_retention_days, 30);
    assert.equal((await settings(lender)).json().data_retention_days, 30);
    assert.equal((await settings(other)).json().data_retention_days, null, "another client's setting is its own");
    const trail = await countOf(
      svc,
      `SELECT count(*)::int AS n FROM client_audit_log WHERE client_id = $1 AND action = 'settings_changed'
         AND details->'changes'->>'data_retention_days' = '30'`,
      [lender.clientId],
    );
    assert.equal(trail, 1, 'the change is in the audit log');
  });

  test('the job › erases customers inactive past the period, keeps active ones and other clients’, deletes old deliveries; all in the audit log', async () => {
    await registerWebhook(svc, lender.auth, sink.url);
    const stale = await customerWithData(lender);
    const active = await customerWithData(lender);
    const untouched = await customerWithData(other);
    await svc.deps.queue.drain(['report.compute']);
    await deliver(svc, lender.clientId);
    const oldDeliveries = await rows('webhook_deliveries', active);
    assert.ok(oldDeliveries > 0, 'the active customer has finished deliveries from day 0');

    // Day 20: the active customer sends more data; day 31: the stale one has had nothing for 31 days.
    svc.clock.advance(20 * DAY);
    await renew(lender);
    const account = await newAccount(svc, lender, active);
    const more = await svc.app.inject({
      method: 'POST',
      url: `/public/v3/customers/${active}/transaction_collections`,
      headers: lender.auth,
      payload: { transactions: makeTransactions(account, 5, { prefix: `late${Date.now()}` }) },
    });
    assert.equal(more.statusCode, 200, more.body);
    await svc.deps.queue.drain(['report.compute']);
    assert.equal(await rows('report_snapshots', active), 2, 'a report from day 0 and its replacement from day 20');
    svc.clock.advance(11 * DAY);

    await runRetention();

    assert.equal(await countOf(svc, 'SELECT count(*)::int AS n FROM customers WHERE id = $1', [stale]), 0);
    for (const table of ['transactions', 'accounts', 'report_snapshots', 'webhook_deliveries', 'transaction_counts'])
      assert.equal(await rows(table, stale), 0, `${table} of the erased customer`);
    assert.equal(await rows('transactions', active), 35, 'the active customer keeps their transactions');
    assert.equal(await rows('transactions', untouched), 30, 'a client without a period keeps everything');
    assert.equal(
      await rows('report_snapshots', active),
      1,
      'the replaced report from day 0 is deleted, the latest kept',
    );
    const cutoff = new Date(svc.clock.now().getTime() - 30 * DAY * 1000);
    const old = `SELECT count(*)::int AS n FROM webhook_deliveries WHERE customer_id = $1 AND created_at < $2`;
    assert.equal(await countOf(svc, old, [active, cutoff]), 0, 'finished deliveries older than the period are deleted');
    assert.ok((await rows('webhook_deliveries', active)) > 0, 'newer deliveries are kept');

    const trail = await svc.deps.db.query<{ action: string; actor: string; details: Record<string, unknown> }>(
      `SELECT action, actor, details FROM client_audit_log
       WHERE client_id = $1 AND action IN ('customer_erased', 'retention_applied') ORDER BY at, id`,
      [lender.clientId],
    );
    assert.deepEqual(
      trail.rows.map((r) => [r.action, r.actor]),
      [
        ['customer_erased', 'job'],
        ['retention_applied', 'job'],
      ],
    );
    assert.equal(trail.rows[0]!.details.customer_id, stale);
    assert.equal(trail.rows[0]!.details.reason, 'retention');
    assert.equal(trail.rows[1]!.details.customers_erased, 1);
    assert.equal(trail.rows[1]!.details.retention_days, 30);
    assert.ok(Number(trail.rows[1]!.details.webhook_deliveries) > 0, JSON.stringify(trail.rows[1]!.details));
  });

  test('the job › a run with nothing to delete writes no audit entry; null turns retention off', async () => {
    const before = await countOf(svc, 'SELECT count(*)::int AS n FROM client_audit_log WHERE client_id = $1', [
      lender.clientId,
    ]);
    await runRetention();
    const after = await countOf(svc, 'SELECT count(*)::int AS n FROM client_audit_log WHERE client_id = $1', [
      lender.clientId,
    ]);
    assert.equal(after, before);
    await renew(lender);
    assert.equal((await settings(lender, { data_retention_days: null })).json().data_retention_days, null);
    const kept = await customerWithData(lender, 3);
    svc.clock.advance(400 * DAY);
    await renew(lender);
    await runRetention();
    assert.equal(await rows('transactions', kept), 3, 'without a period nothing is deleted');
  });
});
