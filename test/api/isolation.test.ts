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
import { insertConsent } from '../../src/modules/consents/consents.repo.ts';
import { newId } from '../../src/lib/ids.ts';

type Method = 'GET' | 'POST' | 'DELETE' | 'PATCH';
interface Ids {
  customerId: string;
  webhookId: string;
  deliveryId: string;
  accountId: string;
  consentId: string;
}
interface Endpoint {
  method: Method;
  path: (ids: Ids) => string;
  payload?: unknown;
}

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: ({ customerId }) => `/public/v3/customers/${customerId}` },
  { method: 'POST', path: ({ customerId }) => `/public/v3/customers/${customerId}/token` },
  {
    method: 'POST',
    path: ({ customerId }) => `/public/v3/customers/${customerId}/account_collections`,
    payload: {
      accounts: [
        {
          bank_slug: 'sandbox',
          number: '04000499999999',
          currency: 'GBP',
          type: 'Personal',
          sub_type: 'CurrentAccount',
        },
      ],
    },
  },
  { method: 'GET', path: ({ customerId }) => `/public/v3/customers/${customerId}/accounts` },
  {
    method: 'POST',
    path: ({ customerId }) => `/public/v3/customers/${customerId}/balance_collections`,
    payload: {
      balances: [
        {
          bank_slug: 'sandbox',
          account_number: '04000400000001',
          type: 'InterimBooked',
          amount: 1,
          currency: 'GBP',
          date_time: 1,
        },
      ],
    },
  },
  {
    method: 'GET',
    path: ({ customerId, accountId }) => `/public/v3/customers/${customerId}/accounts/${accountId}/balances`,
  },
  {
    method: 'POST',
    path: ({ customerId }) => `/public/v3/customers/${customerId}/transaction_collections`,
    payload: { transactions: [] },
  },
  { method: 'GET', path: ({ customerId }) => `/public/v3/customers/${customerId}/raw-transactions` },
  { method: 'GET', path: ({ customerId }) => `/public/v3/customers/${customerId}/transactions` },
  {
    method: 'GET',
    path: ({ customerId, accountId }) => `/public/v3/customers/${customerId}/accounts/${accountId}/statements`,
  },
  {
    method: 'GET',
    path: ({ customerId, accountId }) => `/public/v3/customers/${customerId}/account/${accountId}/statements`,
  },
  {
    method: 'GET',
    path: ({ customerId, accountId }) => `/public/v3/customers/${customerId}/accounts/${accountId}/party`,
  },
  {
    method: 'GET',
    path: ({ customerId, accountId }) => `/public/v3/customers/${customerId}/account/${accountId}/party`,
  },
  { method: 'GET', path: ({ customerId }) => `/public/v3/customers/${customerId}/report_readiness_statuses/insights` },
  { method: 'GET', path: ({ customerId }) => `/public/v3/customers/${customerId}/insights/current_personal` },
  { method: 'GET', path: ({ customerId }) => `/public/v3/customers/${customerId}/affordability/personal` },
  { method: 'GET', path: ({ customerId }) => `/public/v3/customers/${customerId}/events/personal` },
  { method: 'GET', path: ({ customerId }) => `/public/v3/customers/${customerId}/forecast/personal` },
  { method: 'GET', path: ({ webhookId }) => `/public/v3/webhooks/${webhookId}/deliveries` },
  {
    method: 'POST',
    path: ({ webhookId, deliveryId }) => `/public/v3/webhooks/${webhookId}/deliveries/${deliveryId}/replay`,
  },
  { method: 'DELETE', path: ({ webhookId }) => `/public/v3/webhooks/${webhookId}/delete` },
  { method: 'GET', path: ({ customerId }) => `/public/v3/customers/${customerId}/consents` },
  { method: 'GET', path: ({ customerId, consentId }) => `/public/v3/customers/${customerId}/consents/${consentId}` },
  {
    method: 'POST',
    path: ({ customerId, consentId }) => `/public/v3/customers/${customerId}/consents/${consentId}/refresh`,
  },
  { method: 'DELETE', path: ({ customerId, consentId }) => `/public/v3/customers/${customerId}/consents/${consentId}` },
  { method: 'DELETE', path: ({ customerId }) => `/public/v3/customers/${customerId}` },
];

/** Customer routes (AppUserToken): scoped to the token's customer; a Bearer token is refused on them. */
const CUSTOMER_ROUTES: Array<{ method: Method; url: string; payload?: unknown }> = [
  { method: 'POST', url: '/public/v3/webflow/banks/sandbox/consent', payload: {} },
  {
    method: 'POST',
    url: '/public/v3/webflow/banks/sandbox/redirect?url=https%3A%2F%2Flender.example%2Fback',
    payload: {},
  },
  { method: 'GET', url: '/public/v3/webflow/banks/sandbox/consent/status' },
  { method: 'GET', url: '/public/v3/webflow/banks' },
  { method: 'POST', url: '/public/v3/webflow/banks/sandbox/consent/reconfirm' },
  { method: 'DELETE', url: '/public/v3/webflow/banks/sandbox/consent' },
];

/** Bearer routes without ids: a customer token must be refused on them too. */
const BEARER_ROUTES: Array<{ method: Method; url: string; payload?: unknown }> = [
  { method: 'POST', url: '/public/v3/customers', payload: { user_reference: 'x' } },
  { method: 'GET', url: '/public/v3/customers' },
  { method: 'GET', url: '/public/v3/banks' },
  { method: 'GET', url: '/public/v3/settings' },
  { method: 'PATCH', url: '/public/v3/settings', payload: { company_name: 'x' } },
  { method: 'GET', url: '/public/v3/account_types/Personal/transaction_categories' },
  { method: 'POST', url: '/public/v3/webhooks', payload: { url: 'https://1.1.1.10/hook' } },
  { method: 'GET', url: '/public/v3/webhooks' },
];

const RANDOM_ID = '01900000-0000-7000-8000-00000000dead';
const RANDOM_IDS: Ids = {
  customerId: RANDOM_ID,
  webhookId: RANDOM_ID,
  deliveryId: RANDOM_ID,
  accountId: RANDOM_ID,
  consentId: RANDOM_ID,
};
const PLACEHOLDERS: Ids = {
  customerId: '{id}',
  webhookId: '{webhook_id}',
  deliveryId: '{delivery_id}',
  accountId: '{account_id}',
  consentId: '{consent_id}',
};

describe('cross-client isolation', async () => {
  const svc = await startService();
  const a = await newClient(svc, 'Client A');
  const b = await newClient(svc, 'Client B');
  const customerId = await newCustomer(svc, a);
  const webhookId = (
    await svc.app.inject({
      method: 'POST',
      url: '/public/v3/webhooks',
      headers: a.auth,
      payload: { url: 'https://1.1.1.10/hook' },
    })
  ).json().id as string;
  await emit(svc, { clientId: a.clientId, customerId, type: 'REPORT_AVAILABLE' });
  const deliveryId = (
    await svc.app.inject({ method: 'GET', url: `/public/v3/webhooks/${webhookId}/deliveries`, headers: a.auth })
  ).json().data[0].id as string;
  const account = await newAccount(svc, a, customerId);
  await submit(svc, a, customerId, makeTransactions(account, 3));
  // A consent of client A's customer, as endpoint 5 leaves it (no bank is reached in this file).
  const consent = await insertConsent(
    svc.deps.db,
    {
      // A fresh id: on the shared PostgreSQL database a fixed one is still there from an earlier run.
      id: newId(),
      client_id: a.clientId,
      customer_id: customerId,
      bank_slug: 'sandbox',
      permissions: ['ReadAccountsDetail'],
      transaction_from: 0,
      transaction_to: 2_000_000_000,
      expiration: null,
      sharing_purposes: [],
      sharing_third_parties: [],
      redirect_url: 'https://lender.example/back',
      state_hash: `isolation-${customerId}`,
      code_verifier_sealed: null,
      nonce_sealed: null,
      bank_consent_id: 'aac-isolation',
    },
    svc.clock.now(),
  );
  const ids: Ids = { customerId, webhookId, deliveryId, accountId: account.id, consentId: consent.id };

  // Client C: the tests below make customers of another client without changing client B's list.
  const c = await newClient(svc, 'Client C');

  test("another client's own customer with client A's consent id gets the same 404 as a random consent id", async () => {
    const cCustomer = await newCustomer(svc, c);
    for (const [method, suffix] of [
      ['GET', ''],
      ['POST', '/refresh'],
      ['DELETE', ''],
    ] as const) {
      const foreign = await svc.app.inject({
        method,
        url: `/public/v3/customers/${cCustomer}/consents/${consent.id}${suffix}`,
        headers: c.auth,
      });
      const random = await svc.app.inject({
        method,
        url: `/public/v3/customers/${cCustomer}/consents/${RANDOM_ID}${suffix}`,
        headers: c.auth,
      });
      assert.equal(foreign.statusCode, 404, `${method} ${suffix}`);
      assert.deepEqual(foreign.json(), random.json());
    }
  });

  test("an AppUserToken of another customer (same client or another) never reaches this customer's consent", async () => {
    const own = await newCustomerToken(svc, a, customerId);
    const mine = await svc.app.inject({
      method: 'GET',
      url: '/public/v3/webflow/banks/sandbox/consent/status',
      headers: { authorization: `AppUserToken ${own}` },
    });
    assert.equal(mine.statusCode, 200);
    assert.equal(mine.json().consent_id, consent.id);
    const neighbour = await newCustomerToken(svc, a, await newCustomer(svc, a));
    const stranger = await newCustomerToken(svc, c, await newCustomer(svc, c));
    for (const token of [neighbour, stranger]) {
      const headers = { authorization: `AppUserToken ${token}` };
      const status = await svc.app.inject({
        method: 'GET',
        url: '/public/v3/webflow/banks/sandbox/consent/status',
        headers,
      });
      assert.equal(status.statusCode, 404);
      assert.equal(status.json().code, 'consent_not_found');
      const banks = await svc.app.inject({ method: 'GET', url: '/public/v3/webflow/banks', headers });
      assert.equal(banks.json().data.find((x: { slug: string }) => x.slug === 'sandbox').consent, null);
      for (const url of ['/public/v3/webflow/banks/sandbox/consent/reconfirm'])
        assert.equal((await svc.app.inject({ method: 'POST', url, headers })).statusCode, 404);
      assert.equal(
        (await svc.app.inject({ method: 'DELETE', url: '/public/v3/webflow/banks/sandbox/consent', headers }))
          .statusCode,
        404,
      );
    }
    assert.equal(
      (
        await svc.app.inject({
          method: 'GET',
          url: '/public/v3/webflow/banks/sandbox/consent/status',
          headers: { authorization: `AppUserToken ${own}` },
        })
      ).json().status,
      'AwaitingAuthorisation',
    );
  });

  test('a Bearer token is refused (403) on every AppUserToken route, and no token at all is 401', async () => {
    for (const r of CUSTOMER_ROUTES) {
      const res = await svc.app.inject({ method: r.method, url: r.url, headers: a.auth, payload: r.payload as string });
      assert.equal(res.statusCode, 403, `${r.method} ${r.url}`);
      assert.equal(res.json().code, 'forbidden_token_kind');
      const none = await svc.app.inject({ method: r.method, url: r.url, payload: r.payload as string });
      assert.equal(none.statusCode, 401, `${r.method} ${r.url}`);
    }
  });

  test("client B's own customer with client A's account id gets the same 404 as a random account id", async () => {
    const bCustomer = await newCustomer(svc, b);
    for (const path of ['statements', 'party', 'balances']) {
      const foreign = await svc.app.inject({
        method: 'GET',
        url: `/public/v3/customers/${bCustomer}/accounts/${account.id}/${path}`,
        headers: b.auth,
      });
      const random = await svc.app.inject({
        method: 'GET',
        url: `/public/v3/customers/${bCustomer}/accounts/${RANDOM_ID}/${path}`,
        headers: b.auth,
      });
      assert.equal(foreign.statusCode, 404, path);
      assert.deepEqual(foreign.json(), random.json());
    }
  });

  for (const ep of ENDPOINTS) {
    test(`${ep.method} ${ep.path(PLACEHOLDERS)} › client B gets the same 404 as for a random id`, async () => {
      const foreign = await svc.app.inject({
        method: ep.method,
        url: ep.path(ids),
        headers: b.auth,
        payload: ep.payload as string,
      });
      const random = await svc.app.inject({
        method: ep.method,
        url: ep.path(RANDOM_IDS),
        headers: b.auth,
        payload: ep.payload as string,
      });
      assert.equal(foreign.statusCode, 404);
      assert.equal(random.statusCode, 404);
      assert.deepEqual(foreign.json(), random.json());
    });
  }

  test("client A's data is unchanged after client B's attempts", async () => {
    const rows = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/customers/${customerId}/raw-transactions`,
      headers: a.auth,
    });
    assert.equal(rows.json().total, 3);
    const accounts = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/customers/${customerId}/accounts`,
      headers: a.auth,
    });
    assert.equal(accounts.json().data.length, 1);
  });

  test("client A's customer is untouched after client B's attempts (including DELETE)", async () => {
    const res = await svc.app.inject({ method: 'GET', url: `/public/v3/customers/${customerId}`, headers: a.auth });
    assert.equal(res.statusCode, 200);
  });

  test("client A's webhook and its delivery are untouched after client B's attempts; B's list does not show them", async () => {
    const list = await svc.app.inject({ method: 'GET', url: '/public/v3/webhooks', headers: a.auth });
    assert.deepEqual(
      list.json().data.map((w: { id: string }) => w.id),
      [webhookId],
    );
    const log = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/webhooks/${webhookId}/deliveries`,
      headers: a.auth,
    });
    assert.deepEqual(
      log.json().data.map((d: { id: string; replay_of: string | null }) => [d.id, d.replay_of]),
      [[deliveryId, null]],
    );
    assert.equal(
      (await svc.app.inject({ method: 'GET', url: '/public/v3/webhooks', headers: b.auth })).json().data.length,
      0,
    );
  });

  test("client B's customer list does not show client A's customers", async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/public/v3/customers', headers: b.auth });
    assert.ok(res.json().data.every((c: { id: string }) => c.id !== customerId));
    assert.equal(res.json().total, 1, "only client B's own customer");
  });

  test('an AppUserToken is refused (403) on every Bearer route', async () => {
    const token = await newCustomerToken(svc, a, customerId);
    const routes = [
      ...BEARER_ROUTES,
      ...ENDPOINTS.map((ep) => ({ method: ep.method, url: ep.path(ids), payload: ep.payload })),
    ];
    for (const r of routes) {
      const res = await svc.app.inject({
        method: r.method,
        url: r.url,
        headers: { authorization: `AppUserToken ${token}` },
        payload: r.payload as string,
      });
      assert.equal(res.statusCode, 403, `${r.method} ${r.url}`);
      assert.equal(res.json().code, 'forbidden_token_kind');
    }
    // and the customer still exists: the refused DELETE did nothing
    assert.equal(
      (await svc.app.inject({ method: 'GET', url: `/public/v3/customers/${customerId}`, headers: a.auth })).statusCode,
      200,
    );
  });
});

// Invitations and the web component (endpoints 7–9, revoke): their own block, so the lists above stay as they are.
describe('cross-client isolation: invitations and the web component', async () => {
  const svc = await startService();
  const a = await newClient(svc, 'Client A');
  const b = await newClient(svc, 'Client B');
  await svc.app.inject({
    method: 'PATCH',
    url: '/public/v3/settings',
    headers: a.auth,
    payload: { component_origins: ['https://a.example'] },
  });
  const invitation = (
    await svc.app.inject({
      method: 'POST',
      url: '/public/v3/invitations',
      headers: a.auth,
      payload: { email: 'a@example.com', reference: 'a-ref' },
    })
  ).json();
  const byId = (id: string) => `/public/v3/invitations/${id}`;

  for (const method of ['GET', 'DELETE'] as const) {
    test(`${method} /public/v3/invitations/{id} › client B gets the same 404 as for a random id`, async () => {
      const foreign = await svc.app.inject({ method, url: byId(invitation.id), headers: b.auth });
      const random = await svc.app.inject({ method, url: byId(RANDOM_ID), headers: b.auth });
      assert.equal(foreign.statusCode, 404);
      assert.deepEqual(foreign.json(), random.json());
    });
  }

  test("client A's invitation is untouched, and client B's list does not show it", async () => {
    const got = (await svc.app.inject({ method: 'GET', url: byId(invitation.id), headers: a.auth })).json();
    assert.equal(got.revoked_at, null);
    const list = (await svc.app.inject({ method: 'GET', url: '/public/v3/invitations', headers: b.auth })).json();
    assert.equal(list.total, 0);
  });

  test("client B cannot get a component URL for client A's origin", async () => {
    const res = await svc.app.inject({
      method: 'POST',
      url: '/public/v3/component_auth/init',
      headers: b.auth,
      payload: { ip: '0.0.0.0', user_agent: '', user_reference: 'x', origin: 'https://a.example' },
    });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().code, 'origin_not_allowed');
  });

  test('an AppUserToken is refused (403) on endpoints 7, 8, 9, get and revoke', async () => {
    const customerId = await newCustomer(svc, a);
    const token = await newCustomerToken(svc, a, customerId);
    const routes = [
      { method: 'POST' as const, url: '/public/v3/invitations', payload: { email: 'x@example.com', reference: 'x' } },
      { method: 'GET' as const, url: '/public/v3/invitations' },
      { method: 'GET' as const, url: byId(invitation.id) },
      { method: 'DELETE' as const, url: byId(invitation.id) },
      {
        method: 'POST' as const,
        url: '/public/v3/component_auth/init',
        payload: { ip: '0.0.0.0', user_agent: '', user_reference: 'x', origin: 'https://a.example' },
      },
    ];
    for (const r of routes) {
      const res = await svc.app.inject({
        method: r.method,
        url: r.url,
        headers: { authorization: `AppUserToken ${token}` },
        payload: r.payload,
      });
      assert.equal(res.statusCode, 403, `${r.method} ${r.url}`);
      assert.equal(res.json().code, 'forbidden_token_kind');
    }
  });
});
