/**
 * Cross-client isolation: client B must get exactly what a random id gets (404, same body) for each of
 * client A's ids on every endpoint; a customer token is refused on every Bearer route.
 * Grow ENDPOINTS with every endpoint that takes an id.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer, newCustomerToken, startService } from '../helpers/app.ts';
import { emit } from '../helpers/webhook-sink.ts';
import { makeTransactions, newAccount, submit } from '../helpers/bank-data.ts';

type Method = 'GET' | 'POST' | 'DELETE' | 'PATCH';
interface Ids { customerId: string; webhookId: string; deliveryId: string; accountId: string }
interface Endpoint { method: Method; path: (ids: Ids) => string; payload?: unknown }

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: ({ customerId }) => `/public/v3/customers/${customerId}` },
  { method: 'POST', path: ({ customerId }) => `/public/v3/customers/${customerId}/token` },
  { method: 'POST', path: ({ customerId }) => `/public/v3/customers/${customerId}/account_collections`, payload: { accounts: [{ bank_slug: 'sandbox', number: '04000499999999', currency: 'GBP', type: 'Personal', sub_type: 'CurrentAccount' }] } },
  { method: 'GET', path: ({ customerId }) => `/public/v3/customers/${customerId}/accounts` },
  { method: 'POST', path: ({ customerId }) => `/public/v3/customers/${customerId}/balance_collections`, payload: { balances: [{ bank_slug: 'sandbox', account_number: '04000400000001', type: 'InterimBooked', amount: 1, currency: 'GBP', date_time: 1 }] } },
  { method: 'GET', path: ({ customerId, accountId }) => `/public/v3/customers/${customerId}/accounts/${accountId}/balances` },
  { method: 'POST', path: ({ customerId }) => `/public/v3/customers/${customerId}/transaction_collections`, payload: { transactions: [] } },
  { method: 'GET', path: ({ customerId }) => `/public/v3/customers/${customerId}/raw-transactions` },
  { method: 'GET', path: ({ customerId }) => `/public/v3/customers/${customerId}/transactions` },
  { method: 'GET', path: ({ customerId, accountId }) => `/public/v3/customers/${customerId}/accounts/${accountId}/statements` },
  { method: 'GET', path: ({ customerId, accountId }) => `/public/v3/customers/${customerId}/account/${accountId}/statements` },
  { method: 'GET', path: ({ customerId, accountId }) => `/public/v3/customers/${customerId}/accounts/${accountId}/party` },
  { method: 'GET', path: ({ customerId, accountId }) => `/public/v3/customers/${customerId}/account/${accountId}/party` },
  { method: 'GET', path: ({ customerId }) => `/public/v3/customers/${customerId}/report_readiness_statuses/insights` },
  { method: 'GET', path: ({ customerId }) => `/public/v3/customers/${customerId}/insights/current_personal` },
  { method: 'GET', path: ({ customerId }) => `/public/v3/customers/${customerId}/affordability/personal` },
  { method: 'GET', path: ({ customerId }) => `/public/v3/customers/${customerId}/events/personal` },
  { method: 'GET', path: ({ customerId }) => `/public/v3/customers/${customerId}/forecast/personal` },
  { method: 'GET', path: ({ webhookId }) => `/public/v3/webhooks/${webhookId}/deliveries` },
  { method: 'POST', path: ({ webhookId, deliveryId }) => `/public/v3/webhooks/${webhookId}/deliveries/${deliveryId}/replay` },
  { method: 'DELETE', path: ({ webhookId }) => `/public/v3/webhooks/${webhookId}/delete` },
  { method: 'DELETE', path: ({ customerId }) => `/public/v3/customers/${customerId}` },
];

/** Bearer routes without ids: a customer token must be refused on them too. */
const BEARER_ROUTES: Array<{ method: Method; url: string; payload?: unknown }> = [
  { method: 'POST', url: '/public/v3/customers', payload: { user_reference: 'x' } },
  { method: 'GET', url: '/public/v3/customers' },
  { method: 'GET', url: '/public/v3/banks' },
  { method: 'GET', url: '/public/v3/settings' },
  { method: 'PATCH', url: '/public/v3/settings', payload: { company_name: 'x' } },
  { method: 'GET', url: '/public/v3/account_types/Personal/transaction_categories' },
  { method: 'POST', url: '/public/v3/webhooks', payload: { url: 'https://203.0.113.10/hook' } },
  { method: 'GET', url: '/public/v3/webhooks' },
];

const RANDOM_ID = '01900000-0000-7000-8000-00000000dead';
const RANDOM_IDS: Ids = { customerId: RANDOM_ID, webhookId: RANDOM_ID, deliveryId: RANDOM_ID, accountId: RANDOM_ID };
const PLACEHOLDERS: Ids = { customerId: '{id}', webhookId: '{webhook_id}', deliveryId: '{delivery_id}', accountId: '{account_id}' };

describe('cross-client isolation', async () => {
  const svc = await startService();
  const a = await newClient(svc, 'Client A');
  const b = await newClient(svc, 'Client B');
  const customerId = await newCustomer(svc, a);
  const webhookId = (await svc.app.inject({ method: 'POST', url: '/public/v3/webhooks', headers: a.auth, payload: { url: 'https://203.0.113.10/hook' } })).json().id as string;
  await emit(svc, { clientId: a.clientId, customerId, type: 'REPORT_AVAILABLE' });
  const deliveryId = (await svc.app.inject({ method: 'GET', url: `/public/v3/webhooks/${webhookId}/deliveries`, headers: a.auth })).json().data[0].id as string;
  const account = await newAccount(svc, a, customerId);
  await submit(svc, a, customerId, makeTransactions(account, 3));
  const ids: Ids = { customerId, webhookId, deliveryId, accountId: account.id };

  test("client B's own customer with client A's account id gets the same 404 as a random account id", async () => {
    const bCustomer = await newCustomer(svc, b);
    for (const path of ['statements', 'party', 'balances']) {
      const foreign = await svc.app.inject({ method: 'GET', url: `/public/v3/customers/${bCustomer}/accounts/${account.id}/${path}`, headers: b.auth });
      const random = await svc.app.inject({ method: 'GET', url: `/public/v3/customers/${bCustomer}/accounts/${RANDOM_ID}/${path}`, headers: b.auth });
      assert.equal(foreign.statusCode, 404, path);
      assert.deepEqual(foreign.json(), random.json());
    }
  });

  for (const ep of ENDPOINTS) {
    test(`${ep.method} ${ep.path(PLACEHOLDERS)} › client B gets the same 404 as for a random id`, async () => {
      const foreign = await svc.app.inject({ method: ep.method, url: ep.path(ids), headers: b.auth, payload: ep.payload as string });
      const random = await svc.app.inject({ method: ep.method, url: ep.path(RANDOM_IDS), headers: b.auth, payload: ep.payload as string });
      assert.equal(foreign.statusCode, 404);
      assert.equal(random.statusCode, 404);
      assert.deepEqual(foreign.json(), random.json());
    });
  }

  test("client A's data is unchanged after client B's attempts", async () => {
    const rows = await svc.app.inject({ method: 'GET', url: `/public/v3/customers/${customerId}/raw-transactions`, headers: a.auth });
    assert.equal(rows.json().total, 3);
    const accounts = await svc.app.inject({ method: 'GET', url: `/public/v3/customers/${customerId}/accounts`, headers: a.auth });
    assert.equal(accounts.json().data.length, 1);
  });

  test("client A's customer is untouched after client B's attempts (including DELETE)", async () => {
    const res = await svc.app.inject({ method: 'GET', url: `/public/v3/customers/${customerId}`, headers: a.auth });
    assert.equal(res.statusCode, 200);
  });

  test("client A's webhook and its delivery are untouched after client B's attempts; B's list does not show them", async () => {
    const list = await svc.app.inject({ method: 'GET', url: '/public/v3/webhooks', headers: a.auth });
    assert.deepEqual(list.json().data.map((w: { id: string }) => w.id), [webhookId]);
    const log = await svc.app.inject({ method: 'GET', url: `/public/v3/webhooks/${webhookId}/deliveries`, headers: a.auth });
    assert.deepEqual(log.json().data.map((d: { id: string; replay_of: string | null }) => [d.id, d.replay_of]), [[deliveryId, null]]);
    assert.equal((await svc.app.inject({ method: 'GET', url: '/public/v3/webhooks', headers: b.auth })).json().data.length, 0);
  });

  test("client B's customer list does not show client A's customers", async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/public/v3/customers', headers: b.auth });
    assert.ok(res.json().data.every((c: { id: string }) => c.id !== customerId));
    assert.equal(res.json().total, 1, "only client B's own customer");
  });

  test('an AppUserToken is refused (403) on every Bearer route', async () => {
    const token = await newCustomerToken(svc, a, customerId);
    const routes = [...BEARER_ROUTES, ...ENDPOINTS.map((ep) => ({ method: ep.method, url: ep.path(ids), payload: ep.payload }))];
    for (const r of routes) {
      const res = await svc.app.inject({ method: r.method, url: r.url, headers: { authorization: `AppUserToken ${token}` }, payload: r.payload as string });
      assert.equal(res.statusCode, 403, `${r.method} ${r.url}`);
      assert.equal(res.json().code, 'forbidden_token_kind');
    }
    // and the customer still exists: the refused DELETE did nothing
    assert.equal((await svc.app.inject({ method: 'GET', url: `/public/v3/customers/${customerId}`, headers: a.auth })).statusCode, 200);
  });
});
