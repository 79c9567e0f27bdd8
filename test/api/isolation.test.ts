/**
 * Cross-client isolation: client B must get exactly what a random id gets (404, same body) for each of
 * client A's ids on every endpoint; a customer token is refused on every Bearer route.
 * Grow ENDPOINTS with every endpoint that takes an id.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer, newCustomerToken, startService } from '../helpers/app.ts';

type Method = 'GET' | 'POST' | 'DELETE' | 'PATCH';
interface Endpoint { method: Method; path: (ids: { customerId: string }) => string; payload?: unknown }

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: ({ customerId }) => `/public/v3/customers/${customerId}` },
  { method: 'POST', path: ({ customerId }) => `/public/v3/customers/${customerId}/token` },
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
];

const RANDOM_ID = '01900000-0000-7000-8000-00000000dead';

describe('cross-client isolation', async () => {
  const svc = await startService();
  const a = await newClient(svc, 'Client A');
  const b = await newClient(svc, 'Client B');
  const customerId = await newCustomer(svc, a);

  for (const ep of ENDPOINTS) {
    test(`${ep.method} ${ep.path({ customerId: '{id}' })} › client B gets the same 404 as for a random id`, async () => {
      const foreign = await svc.app.inject({ method: ep.method, url: ep.path({ customerId }), headers: b.auth, payload: ep.payload as string });
      const random = await svc.app.inject({ method: ep.method, url: ep.path({ customerId: RANDOM_ID }), headers: b.auth, payload: ep.payload as string });
      assert.equal(foreign.statusCode, 404);
      assert.equal(random.statusCode, 404);
      assert.deepEqual(foreign.json(), random.json());
    });
  }

  test("client A's customer is untouched after client B's attempts (including DELETE)", async () => {
    const res = await svc.app.inject({ method: 'GET', url: `/public/v3/customers/${customerId}`, headers: a.auth });
    assert.equal(res.statusCode, 200);
  });

  test("client B's customer list does not show client A's customers", async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/public/v3/customers', headers: b.auth });
    assert.equal(res.json().total, 0);
  });

  test('an AppUserToken is refused (403) on every Bearer route', async () => {
    const token = await newCustomerToken(svc, a, customerId);
    const routes = [...BEARER_ROUTES, ...ENDPOINTS.map((ep) => ({ method: ep.method, url: ep.path({ customerId }), payload: ep.payload }))];
    for (const r of routes) {
      const res = await svc.app.inject({ method: r.method, url: r.url, headers: { authorization: `AppUserToken ${token}` }, payload: r.payload as string });
      assert.equal(res.statusCode, 403, `${r.method} ${r.url}`);
      assert.equal(res.json().code, 'forbidden_token_kind');
    }
    // and the customer still exists: the refused DELETE did nothing
    assert.equal((await svc.app.inject({ method: 'GET', url: `/public/v3/customers/${customerId}`, headers: a.auth })).statusCode, 200);
  });
});
