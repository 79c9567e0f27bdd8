/**
 * A consent is never left open at the bank when the local step after creating it fails: endpoint 5 creates the
 * account-access-consent at the (sandbox) bank, then stores its row; when storing fails, the consent is deleted at
 * the bank at once, and when the bank does not answer that, a bank.revoke job deletes it later.
 * The failure is forced: the database refuses the statement that inserts the consent (with its lookup row), and for
 * the second case the connector's DELETE goes to a closed port (undici's Agent, which the connector's bank pools
 * are, patched for the duration).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Agent, type Dispatcher } from 'undici';
import {
  call,
  newLiveClient,
  newLiveCustomer,
  runBankJobs,
  sandboxControl,
  startLiveService,
  type LiveService,
} from '../helpers/bank-flow.ts';

interface BankConsentView {
  ConsentId: string;
  Status: string;
}

async function bankConsents(svc: LiveService): Promise<BankConsentView[]> {
  const res = await sandboxControl(svc, 'GET', '/consents');
  assert.equal(res.status, 200, res.text);
  return res.json.data as BankConsentView[];
}

/** Runs `fn` while the database refuses to store a consent row. */
async function whileConsentRowsFail<T>(svc: LiveService, fn: () => Promise<T>): Promise<T> {
  const db = svc.deps.db;
  const query = db.query;
  db.query = (async (sql: string, params?: unknown[]) => {
    if (/\bINSERT INTO consents\b/i.test(sql)) throw new Error('the disk is full (forced by the test)');
    return query.call(db, sql, params);
  }) as typeof db.query;
  try {
    return await fn();
  } finally {
    db.query = query;
  }
}

/** Runs `fn` while every DELETE of an account-access-consent goes to a closed port (the bank does not answer). */
async function whileBankDeletesFail<T>(fn: () => Promise<T>): Promise<T> {
  const dispatch = Agent.prototype.dispatch;
  Agent.prototype.dispatch = function (this: Agent, options: Dispatcher.DispatchOptions, handler) {
    const deleting = options.method === 'DELETE' && String(options.path).includes('/account-access-consents/');
    return dispatch.call(this, deleting ? { ...options, origin: 'http://127.0.0.1:1' } : options, handler);
  } as typeof dispatch;
  try {
    return await fn();
  } finally {
    Agent.prototype.dispatch = dispatch;
  }
}

describe('consent flow › the local step after creating the consent at the bank fails', async () => {
  const svc = await startLiveService();

  async function startFlow() {
    const client = await newLiveClient(svc);
    const customer = await newLiveCustomer(svc, client);
    const before = new Set((await bankConsents(svc)).map((c) => c.ConsentId));
    const flow = await call(
      svc,
      'POST',
      `/public/v3/webflow/banks/sandbox/redirect?url=${encodeURIComponent(client.returnUrl)}`,
      { auth: customer.appUser, body: {} },
    );
    const created = (await bankConsents(svc)).filter((c) => !before.has(c.ConsentId));
    return { flow, created, customer };
  }

  test('storing the consent fails: the consent just created at the bank is deleted there', async () => {
    const { flow, created, customer } = await whileConsentRowsFail(svc, startFlow);
    assert.equal(flow.status, 500, flow.text);
    assert.equal(created.length, 1, 'the bank had created the consent');
    assert.equal(created[0]?.Status, 'Revoked', 'and it was deleted at the bank at once');
    const rows = await svc.deps.db.query('SELECT 1 FROM consents WHERE customer_id = $1', [customer.id]);
    assert.equal(rows.rows.length, 0);
  });

  test('the bank does not answer the deletion either: bank.revoke is queued and deletes it when the bank is back', async () => {
    const { flow, created } = await whileBankDeletesFail(() => whileConsentRowsFail(svc, startFlow));
    assert.equal(flow.status, 500, flow.text);
    assert.equal(created.length, 1);
    assert.equal(created[0]?.Status, 'AwaitingAuthorisation', 'still open at the bank');
    assert.ok((await runBankJobs(svc)) >= 1, 'a bank.revoke job was queued');
    const now = (await bankConsents(svc)).find((c) => c.ConsentId === created[0]?.ConsentId);
    assert.equal(now?.Status, 'Revoked');
  });
});
