/**
 * The lender console keeps each client's staff to their own client's data, as the API does (test/api/isolation.test.ts):
 * another client's customer, its PDF, its webhooks and their deliveries are all "not found", and nothing of them can
 * be replayed or refreshed.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer, startService, uniqueRef } from '../helpers/app.ts';
import { connect, newLiveClient, newLiveCustomer, runBankJobs, startLiveService } from '../helpers/bank-flow.ts';
import { consoleUser, csrfOf } from '../helpers/console.ts';
import { deliveryLog, emit, registerWebhook, startSink } from '../helpers/webhook-sink.ts';
import { inviteStaff } from '../../src/modules/console/index.ts';
import { deleteClient } from '../../src/modules/clients/index.ts';

describe('lender console › isolation between clients', async () => {
  const svc = await startService({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
  const a = await newClient(svc, 'Lender A');
  const b = await newClient(svc, 'Lender B');
  const refA = uniqueRef('a');
  const refB = uniqueRef('b');
  const customerA = await newCustomer(svc, a, refA);
  const customerB = await newCustomer(svc, b, refB);
  const sink = await startSink();
  const hookB = await registerWebhook(svc, b.auth, sink.url, 'B hook');
  await emit(svc, { clientId: b.clientId, customerId: customerB, type: 'REPORT_AVAILABLE' });
  const deliveryB = (await deliveryLog(svc, b.auth, hookB.id)).data[0].id as string;
  const { browser: adminA } = await consoleUser(svc, a.clientId, 'admin');
  const { browser: adminB } = await consoleUser(svc, b.clientId, 'admin');

  test("the customer list › shows only the user's own client's customers, also when searching for the other's", async () => {
    const list = await adminA.get('/console/customers');
    assert.equal(list.statusCode, 200);
    assert.match(list.body, new RegExp(refA));
    assert.doesNotMatch(list.body, new RegExp(refB));
    for (const q of [refB, customerB]) {
      const found = await adminA.get(`/console/customers?q=${encodeURIComponent(q)}`);
      assert.doesNotMatch(found.body, new RegExp(`/console/customers/${customerB}`));
      assert.match(found.body, /<tbody><\/tbody>/);
      assert.match(found.body, /0 customers/);
    }
    const own = await adminA.get(`/console/customers?q=${encodeURIComponent(customerA)}`);
    assert.match(own.body, /1 customer\b/);
  });

  test("another client's customer, its PDF and its refresh › 404 (or refused), the same as an unknown id", async () => {
    assert.equal((await adminA.get(`/console/customers/${customerB}`)).statusCode, 404);
    assert.equal((await adminA.get('/console/customers/no-such-customer')).statusCode, 404);
    const pdf = await adminA.get(`/console/customers/${customerB}/report.pdf`);
    assert.ok(pdf.statusCode === 404 || pdf.statusCode === 503, `PDF: ${pdf.statusCode}`);
    if (pdf.statusCode === 503) assert.doesNotMatch(pdf.body, new RegExp(refB));
    const page = await adminA.get('/console/customers');
    const refresh = await adminA.post(`/console/customers/${customerB}/refresh`, { csrf: csrfOf(page.body) });
    assert.equal(refresh.statusCode, 404);
  });

  test("another client's webhooks › not listed; its delivery log is 404 and its deliveries cannot be replayed", async () => {
    const hooks = await adminA.get('/console/webhooks');
    assert.equal(hooks.statusCode, 200);
    assert.doesNotMatch(hooks.body, new RegExp(hookB.id));
    assert.equal((await adminA.get(`/console/webhooks/${hookB.id}`)).statusCode, 404);
    const replay = await adminA.post(`/console/webhooks/${hookB.id}/deliveries/${deliveryB}/replay`, {
      csrf: csrfOf(hooks.body),
    });
    assert.equal(replay.statusCode, 404);
    assert.equal((await deliveryLog(svc, b.auth, hookB.id)).data.length, 1, 'nothing was replayed');
  });

  test("the owner › sees its webhook's deliveries and can replay one (written to the audit log)", async () => {
    const log = await adminB.get(`/console/webhooks/${hookB.id}`);
    assert.equal(log.statusCode, 200);
    assert.match(log.body, new RegExp(deliveryB));
    const replay = await adminB.post(`/console/webhooks/${hookB.id}/deliveries/${deliveryB}/replay`, {
      csrf: csrfOf(log.body),
    });
    assert.equal(replay.statusCode, 303);
    const audit = await svc.deps.db.query<{ action: string }>(
      `SELECT action FROM client_audit_log WHERE client_id = $1 AND action = 'console_delivery_replayed'`,
      [b.clientId],
    );
    assert.equal(audit.rows.length, 1);
  });

  test('a session cookie of client A › never shows client B data, whatever the path', async () => {
    const own = await adminA.get(`/console/customers/${customerA}`);
    assert.ok(own.statusCode === 200, `own customer: ${own.statusCode} ${own.body.slice(0, 200)}`);
    assert.doesNotMatch(own.body, new RegExp(refB));
  });
});

describe('lender console › a deleted client', async () => {
  const svc = await startService();
  test('takes its console users, sessions and invitations with it', async () => {
    const c = await newClient(svc, 'Short-lived Lender');
    const { browser } = await consoleUser(svc, c.clientId, 'admin');
    await inviteStaff(svc.deps, c.clientId, { email: 'later@example.com', role: 'viewer', sendEmail: false }, null);
    await deleteClient(svc.deps.db, c.clientId, { actor: 'cli', now: svc.clock.now(), confirm: c.clientId });
    for (const table of ['console_users', 'console_sessions', 'console_invitations']) {
      const r = await svc.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE client_id = $1`, [
        c.clientId,
      ]);
      assert.equal(r.rows[0]?.n, 0, table);
    }
    assert.equal((await browser.get('/console/customers')).statusCode, 303, 'signed out');
  });
});

describe('lender console › a refresh from the bank', async () => {
  const svc = await startLiveService();
  const client = await newLiveClient(svc, 'Refreshing Lender');
  const other = await newLiveClient(svc, 'Other Lender');
  const alice = await newLiveCustomer(svc, client);
  await connect(svc, client, alice.appUser, { username: 'salaried-monthly' });
  await runBankJobs(svc);
  const { browser: admin } = await consoleUser(svc, client.clientId, 'admin');
  const { browser: viewer } = await consoleUser(svc, client.clientId, 'viewer');
  const { browser: stranger } = await consoleUser(svc, other.clientId, 'admin');

  test('an admin › requests a pull from each authorised bank; it is queued and audited', async () => {
    const page = await admin.get(`/console/customers/${alice.id}`);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Request a refresh from the bank/);
    const res = await admin.post(`/console/customers/${alice.id}/refresh`, { csrf: csrfOf(page.body) });
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, `/console/customers/${alice.id}?done=refresh`);
    assert.equal(await runBankJobs(svc), 1, 'one pull ran');
    const audit = await svc.deps.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM client_audit_log WHERE client_id = $1 AND action = 'console_refresh_requested'`,
      [client.clientId],
    );
    assert.equal(audit.rows[0]?.n, 1);
  });

  test('a viewer, and an admin of another client › cannot', async () => {
    const page = await viewer.get(`/console/customers/${alice.id}`);
    assert.doesNotMatch(page.body, /Request a refresh from the bank/);
    assert.equal(
      (await viewer.post(`/console/customers/${alice.id}/refresh`, { csrf: csrfOf(page.body) })).statusCode,
      403,
    );
    const own = await stranger.get('/console/customers');
    const res = await stranger.post(`/console/customers/${alice.id}/refresh`, { csrf: csrfOf(own.body) });
    assert.equal(res.statusCode, 404);
    assert.equal(await runBankJobs(svc), 0, 'nothing was queued');
  });

  test('erasure › a viewer and another client cannot; a wrong reference erases nothing; an admin erases, audited with the user', async () => {
    const viewerPage = await viewer.get(`/console/customers/${alice.id}`);
    assert.doesNotMatch(viewerPage.body, /Erase this customer/);
    const ref = (
      await svc.deps.db.query<{ r: string }>('SELECT user_reference AS r FROM customers WHERE id = $1', [alice.id])
    ).rows[0]!.r;
    const asViewer = await viewer.post(`/console/customers/${alice.id}/erase`, {
      csrf: csrfOf(viewerPage.body),
      confirm: ref,
    });
    assert.equal(asViewer.statusCode, 403);
    const own = await stranger.get('/console/customers');
    const asStranger = await stranger.post(`/console/customers/${alice.id}/erase`, {
      csrf: csrfOf(own.body),
      confirm: ref,
    });
    assert.equal(asStranger.statusCode, 404);

    const page = await admin.get(`/console/customers/${alice.id}`);
    assert.match(page.body, /Erase this customer/);
    const wrong = await admin.post(`/console/customers/${alice.id}/erase`, {
      csrf: csrfOf(page.body),
      confirm: 'nope',
    });
    assert.equal(wrong.statusCode, 400);
    assert.match(wrong.body, /Nothing was erased/);
    assert.equal((await admin.get(`/console/customers/${alice.id}`)).statusCode, 200, 'still there');

    const erased = await admin.post(`/console/customers/${alice.id}/erase`, { csrf: csrfOf(page.body), confirm: ref });
    assert.equal(erased.statusCode, 303);
    assert.equal(erased.headers.location, '/console/customers?done=erased');
    assert.equal((await admin.get(`/console/customers/${alice.id}`)).statusCode, 404);
    assert.equal(await runBankJobs(svc), 1, 'the bank consent is revoked at the bank');
    const audit = await svc.deps.db.query<{ actor: string; details: Record<string, unknown> }>(
      `SELECT actor, details FROM client_audit_log WHERE client_id = $1 AND action = 'customer_erased'`,
      [client.clientId],
    );
    assert.equal(audit.rows.length, 1);
    assert.equal(audit.rows[0]!.actor, 'console');
    assert.equal(audit.rows[0]!.details.customer_id, alice.id);
    assert.ok(audit.rows[0]!.details.user_id, 'the console user who erased');
  });
});
