/**
 * Readiness while work is under way (docs/decisions/0057-readiness-processing.md): a large submission held at the
 * customer's turn (the embedded engine's order of writers, src/modules/transactions/customer-writes.ts) or at the
 * customer's lock (PostgreSQL, transactions.repo.ts lockCustomerTransactions) — no sleeping — shows `processing`
 * with the rows received, then the report being computed, then ready with nothing under way.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer, startService } from '../helpers/app.ts';
import { waitFor } from '../helpers/wait.ts';
import { generatePersona, toAccountWire } from '../../src/personas/index.ts';
import { holdCustomerWrites } from '../helpers/hold-writes.ts';
import { buildAdminApp, newOperatorToken } from '../../src/app/admin-server.ts';
import { clientsOverHttp, parseCustomersCommand, UsageError } from '../../src/cli/cli-admin.ts';

const AS_OF = Date.UTC(2026, 5, 1, 9) / 1000; // the fake clock's start

describe('report readiness says processing while a submission is stored and a report computed', async () => {
  const svc = await startService();
  const client = await newClient(svc);
  const customer = await newCustomer(svc, client);
  const persona = generatePersona('salaried-monthly', { asOf: AS_OF, seed: 7, years: 5 });
  const readiness = async () => {
    const res = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/customers/${customer}/report_readiness_statuses/insights`,
      headers: client.auth,
    });
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  };

  const adminToken = newOperatorToken();
  const admin = await buildAdminApp(svc.deps, adminToken);
  after(() => admin.close());
  const adminUrl = await admin.listen({ host: '127.0.0.1', port: 0 });

  test("obi customers readiness: its arguments, and another client's customer is not found", async () => {
    assert.deepEqual(parseCustomersCommand('readiness', ['--client', 'c1', 'cust', '--report', 'forecast']), {
      sub: 'customer-readiness',
      clientId: 'c1',
      customerId: 'cust',
      report: 'forecast',
    });
    assert.throws(() => parseCustomersCommand('readiness', ['cust']), UsageError);
    assert.throws(() => parseCustomersCommand('readiness', ['--client', 'c1', 'cust', '--report', 'x']), UsageError);
    const other = await newClient(svc, 'Other Lender');
    await assert.rejects(
      clientsOverHttp(
        { url: adminUrl, token: adminToken, discovered: false },
        parseCustomersCommand('readiness', ['--client', other.clientId, customer]),
      ),
      /customer/i,
    );
  });

  test('nothing under way: no_data, processing null', async () => {
    assert.deepEqual(await readiness(), { name: 'insights', status: 'no_data', account_types: [], processing: null });
  });

  test('a held submission: no_data with processing storing_submission (rows received), then computing, then ready', async () => {
    const accounts = await svc.app.inject({
      method: 'POST',
      url: `/public/v3/customers/${customer}/account_collections`,
      headers: client.auth,
      payload: { accounts: persona.accounts.map(toAccountWire) },
    });
    assert.equal(accounts.statusCode, 200, accounts.body);
    assert.ok(persona.transactions.length >= 1_000, `a large submission (${persona.transactions.length} items)`);
    const hold = holdCustomerWrites(svc.deps.db, customer);
    await hold.held;
    const submission = svc.app.inject({
      method: 'POST',
      url: `/public/v3/customers/${customer}/transaction_collections`,
      headers: client.auth,
      payload: { transactions: persona.transactions },
    });
    const during = await waitFor(
      async () => {
        const r = await readiness();
        return r.processing ? r : null;
      },
      { what: 'readiness to say processing while the submission is held' },
    );
    assert.equal(during.status, 'no_data', 'nothing is stored yet');
    assert.equal(during.processing.stage, 'storing_submission');
    // The in-process inject reads small bodies whole; a streamed first submission on PostgreSQL counts once read.
    assert.ok(
      during.processing.rows_received === persona.transactions.length || during.processing.rows_received === null,
      `rows_received ${during.processing.rows_received}`,
    );
    assert.equal(during.processing.since, AS_OF);
    // The operator's `obi customers readiness` (its path over the admin API) prints the same.
    const cli = await clientsOverHttp(
      { url: adminUrl, token: adminToken, discovered: false },
      parseCustomersCommand('readiness', ['--client', client.clientId, customer]),
    );
    assert.deepEqual(cli, during);
    hold.release();
    const res = await submission;
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().saved, persona.transactions.length);

    const computing = await readiness();
    assert.equal(computing.status, 'not_ready');
    assert.equal(computing.processing.stage, 'computing_report');
    assert.equal(computing.processing.rows_received, null);

    await svc.deps.queue.drain();
    const ready = await readiness();
    assert.equal(ready.status, 'ready');
    assert.equal(ready.processing, null);
  });

  test('a report not ready answers 409 with the readiness, processing included', async () => {
    const res = await svc.app.inject({
      method: 'POST',
      url: `/public/v3/customers/${customer}/transaction_collections`,
      headers: client.auth,
      payload: {
        transactions: [{ ...persona.transactions[0], external_transaction_id: 'extra-1', amount: 1.23 }],
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    const insights = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/customers/${customer}/insights/current_personal`,
      headers: client.auth,
    });
    assert.equal(insights.statusCode, 409);
    assert.equal(insights.json().readiness.processing.stage, 'computing_report');
    await svc.deps.queue.drain();
    assert.equal((await readiness()).processing, null);
  });
});
