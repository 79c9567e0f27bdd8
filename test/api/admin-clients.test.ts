/**
 * The admin API, /admin/v1/clients (docs/decisions/0026-client-lifecycle.md), on the admin listener's app
 * (src/app/admin-server.ts, docs/decisions/0033-admin-listener.md); the public app documents it and serves none of it.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer, newCustomerToken, startService, type TestService } from '../helpers/app.ts';
import { makeTransactions, newAccount, submit } from '../helpers/bank-data.ts';
import { buildAdminApp } from '../../src/app/admin-server.ts';
import type { App } from '../../src/app/app.ts';

const ADMIN_TOKEN = 'adm_0123456789abcdef0123456789abcdef';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

type Method = 'GET' | 'POST' | 'DELETE' | 'PATCH';

/** The service's admin listener app (injected into, as the public app is by these tests). */
async function adminApp(svc: TestService): Promise<App> {
  const app = await buildAdminApp(svc.deps, ADMIN_TOKEN);
  after(() => app.close());
  return app;
}

function adminCall(app: App) {
  return (method: Method, url: string, payload?: unknown, headers: Record<string, string> = admin) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

function tokenRequest(svc: TestService, clientId: string, clientSecret: string) {
  return svc.app.inject({
    method: 'POST',
    url: '/oauth/v2/token',
    payload: { client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials' },
  });
}

async function auditActions(app: App, clientId: string): Promise<Array<[string, string]>> {
  const res = await adminCall(app)('GET', `/admin/v1/clients/${clientId}/audit`);
  assert.equal(res.statusCode, 200, res.body);
  return (res.json().data as Array<{ action: string; actor: string }>).map((e) => [e.action, e.actor]);
}

describe('the public app does not serve the admin API', async () => {
  const svc = await startService({ OBI_ADMIN_TOKEN: ADMIN_TOKEN });

  test('every admin path is the ordinary 404, the operator token or not', async () => {
    const unknown = await svc.app.inject({ method: 'GET', url: '/no/such/path' });
    for (const [method, url] of [
      ['GET', '/admin/v1/clients'],
      ['POST', '/admin/v1/clients'],
      ['GET', '/admin/v1/clients/cl_x'],
      ['GET', '/admin/v1/clients/cl_x/settings'],
      ['DELETE', '/admin/v1/clients/cl_x?confirm=cl_x'],
    ] as const) {
      for (const headers of [admin, {}]) {
        const res = await adminCall(svc.app)(method, url, method === 'POST' ? { name: 'x' } : undefined, headers);
        assert.equal(res.statusCode, 404, `${method} ${url}`);
        assert.equal(res.json().code, unknown.json().code);
        assert.equal(res.headers['www-authenticate'], undefined);
      }
    }
    assert.equal((await svc.deps.db.query('SELECT 1 FROM clients WHERE name = $1', ['x'])).rows.length, 0);
  });

  test('an admin token shorter than 32 characters is refused at start-up', async () => {
    await assert.rejects(startService({ OBI_ADMIN_TOKEN: 'short' }), /OBI_ADMIN_TOKEN/);
  });
});

describe('admin API authentication', async () => {
  const svc = await startService({ OBI_ADMIN_TOKEN: ADMIN_TOKEN });
  const client = await newClient(svc);
  const call = adminCall(await adminApp(svc));

  test('no token, a wrong token, a client access token and Basic are all 401 with a challenge', async () => {
    const basic = `Basic ${Buffer.from(`admin:${ADMIN_TOKEN}`).toString('base64')}`;
    for (const headers of [
      {},
      { authorization: 'Bearer adm_wrong_0123456789abcdef0123456789abcdef' },
      { authorization: `Bearer ${ADMIN_TOKEN}x` },
      client.auth,
      { authorization: basic },
    ]) {
      const res = await call('GET', '/admin/v1/clients', undefined, headers);
      assert.equal(res.statusCode, 401, JSON.stringify(headers));
      assert.equal(res.json().code, 'unauthorized');
      assert.match(String(res.headers['www-authenticate']), /^Bearer realm="open-banking-insights-admin"/);
    }
  });

  test('the operator token is not a client token: it gets nowhere on the client API', async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/public/v3/customers', headers: admin });
    assert.equal(res.statusCode, 401);
  });

  test('the OpenAPI document lists the admin routes under Admin with their own security scheme', async () => {
    const doc = (await svc.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    assert.equal(doc.components.securitySchemes.AdminToken.scheme, 'bearer');
    assert.ok(doc.components.securitySchemes.Bearer, 'the client schemes stay');
    const post = doc.paths['/admin/v1/clients'].post;
    assert.deepEqual(post.tags, ['Admin']);
    assert.deepEqual(post.security, [{ AdminToken: [] }]);
    assert.ok(doc.paths['/admin/v1/clients/{client_id}/rotate-secret'].post);
    assert.ok(doc.paths['/admin/v1/clients/{client_id}/audit'].get);
  });
});

describe('create, list, get', async () => {
  const svc = await startService({ OBI_ADMIN_TOKEN: ADMIN_TOKEN });
  const app = await adminApp(svc);
  const call = adminCall(app);

  test('create answers the secret once; it works at the token endpoint; list and get never show it', async () => {
    const res = await call('POST', '/admin/v1/clients', { name: 'Acme Lending' });
    assert.equal(res.statusCode, 201, res.body);
    const created = res.json();
    assert.match(created.client_id, /^cl_[0-9a-f]{24}$/);
    assert.match(created.client_secret, /^obi_cs_/);
    assert.equal(created.status, 'active');
    assert.equal(created.name, 'Acme Lending');
    assert.equal((await tokenRequest(svc, created.client_id, created.client_secret)).statusCode, 200);

    const list = await call('GET', '/admin/v1/clients');
    assert.equal(list.statusCode, 200);
    assert.ok(list.json().data.some((c: { client_id: string }) => c.client_id === created.client_id));
    const got = await call('GET', `/admin/v1/clients/${created.client_id}`);
    assert.equal(got.statusCode, 200);
    assert.equal(got.json().previous_secret_expires_at, null);
    for (const body of [list.body, got.body]) {
      assert.ok(!body.includes(created.client_secret));
      assert.ok(!body.includes('secret_hash'));
    }
    assert.deepEqual(await auditActions(app, created.client_id), [['created', 'admin_api']]);
  });

  test('a bad body is 400; an unknown client is 404 on every item route', async () => {
    assert.equal((await call('POST', '/admin/v1/clients', { name: '' })).statusCode, 400);
    assert.equal((await call('POST', '/admin/v1/clients', { name: 'x', secret: 'mine' })).statusCode, 400);
    for (const [method, url] of [
      ['GET', '/admin/v1/clients/cl_unknown'],
      ['POST', '/admin/v1/clients/cl_unknown/rotate-secret'],
      ['POST', '/admin/v1/clients/cl_unknown/disable'],
      ['POST', '/admin/v1/clients/cl_unknown/enable'],
      ['DELETE', '/admin/v1/clients/cl_unknown?confirm=cl_unknown'],
      ['GET', '/admin/v1/clients/cl_unknown/audit'],
    ] as const) {
      const res = await call(method, url, method === 'POST' ? {} : undefined);
      assert.equal(res.statusCode, 404, `${method} ${url}`);
      assert.equal(res.json().code, 'client_not_found');
    }
  });
});

describe('rotate-secret with an overlap window', async () => {
  const svc = await startService({ OBI_ADMIN_TOKEN: ADMIN_TOKEN, ACCESS_TOKEN_TTL_SECONDS: '86400' });
  const app = await adminApp(svc);
  const call = adminCall(app);

  test('the old secret works until the overlap ends, not after; the new one works throughout', async () => {
    const client = await newClient(svc);
    const res = await call('POST', `/admin/v1/clients/${client.clientId}/rotate-secret`, { overlap_seconds: 600 });
    assert.equal(res.statusCode, 200, res.body);
    const { client_secret: fresh, previous_secret_expires_at: until } = res.json();
    assert.equal(until, new Date(svc.clock.now().getTime() + 600_000).toISOString());
    assert.equal((await tokenRequest(svc, client.clientId, client.clientSecret)).statusCode, 200);
    assert.equal((await tokenRequest(svc, client.clientId, fresh)).statusCode, 200);
    // tokens issued before the rotation keep working through a rotation with overlap
    assert.equal(
      (await svc.app.inject({ method: 'GET', url: '/public/v3/banks', headers: client.auth })).statusCode,
      200,
    );

    svc.clock.advance(599);
    assert.equal((await tokenRequest(svc, client.clientId, client.clientSecret)).statusCode, 200);
    svc.clock.advance(1);
    const late = await tokenRequest(svc, client.clientId, client.clientSecret);
    assert.equal(late.statusCode, 401);
    assert.equal(late.json().error, 'invalid_client');
    assert.equal((await tokenRequest(svc, client.clientId, fresh)).statusCode, 200);
    assert.equal((await call('GET', `/admin/v1/clients/${client.clientId}`)).json().previous_secret_expires_at, null);
  });

  test('the default overlap is 24 h; a second rotation drops the oldest secret', async () => {
    const client = await newClient(svc);
    const first = (await call('POST', `/admin/v1/clients/${client.clientId}/rotate-secret`)).json();
    assert.equal(first.previous_secret_expires_at, new Date(svc.clock.now().getTime() + 86_400_000).toISOString());
    const second = (await call('POST', `/admin/v1/clients/${client.clientId}/rotate-secret`, {})).json();
    assert.equal((await tokenRequest(svc, client.clientId, client.clientSecret)).statusCode, 401);
    assert.equal((await tokenRequest(svc, client.clientId, first.client_secret)).statusCode, 200);
    assert.equal((await tokenRequest(svc, client.clientId, second.client_secret)).statusCode, 200);
  });

  test('overlap 0 cuts the old secret and every access token off at once', async () => {
    const client = await newClient(svc);
    const res = await call('POST', `/admin/v1/clients/${client.clientId}/rotate-secret`, { overlap_seconds: 0 });
    assert.equal(res.json().previous_secret_expires_at, null);
    assert.equal((await tokenRequest(svc, client.clientId, client.clientSecret)).statusCode, 401);
    assert.equal(
      (await svc.app.inject({ method: 'GET', url: '/public/v3/banks', headers: client.auth })).statusCode,
      401,
    );
    assert.equal((await tokenRequest(svc, client.clientId, res.json().client_secret)).statusCode, 200);
  });

  test('the overlap is bounded (0 to 7 days); the audit log records the rotation without the secret', async () => {
    const client = await newClient(svc);
    const url = `/admin/v1/clients/${client.clientId}/rotate-secret`;
    for (const overlap_seconds of [-1, 604_801, 1.5, '60']) {
      const res = await call('POST', url, { overlap_seconds });
      assert.equal(res.statusCode, 400, String(overlap_seconds));
      assert.equal(res.json().code, 'validation_failed');
    }
    const ok = await call('POST', url, { overlap_seconds: 604_800 });
    assert.equal(ok.statusCode, 200);
    const audit = (await call('GET', `/admin/v1/clients/${client.clientId}/audit`)).json().data;
    assert.equal(audit[0].action, 'secret_rotated');
    assert.equal(audit[0].actor, 'admin_api');
    assert.equal(audit[0].details.overlap_seconds, 604_800);
    assert.ok(!JSON.stringify(audit).includes(ok.json().client_secret));
    assert.ok(!JSON.stringify(audit).includes(client.clientSecret));
  });
});

describe('disable and enable', async () => {
  const svc = await startService({ OBI_ADMIN_TOKEN: ADMIN_TOKEN });
  const app = await adminApp(svc);
  const call = adminCall(app);

  test("a disabled client's access and customer tokens are refused at once; other clients are untouched", async () => {
    const client = await newClient(svc);
    const other = await newClient(svc);
    const customerId = await newCustomer(svc, client);
    const customerToken = await newCustomerToken(svc, client, customerId);
    const otherCustomer = await newCustomer(svc, other);
    const otherCustomerToken = await newCustomerToken(svc, other, otherCustomer);
    const banks = (headers: Record<string, string>, url = '/public/v3/banks') =>
      svc.app.inject({ method: 'GET', url, headers });
    const webflowBanks = (token: string) =>
      banks({ authorization: `AppUserToken ${token}` }, '/public/v3/webflow/banks');
    assert.equal((await banks(client.auth)).statusCode, 200);
    assert.equal((await webflowBanks(customerToken)).statusCode, 200);

    const res = await call('POST', `/admin/v1/clients/${client.clientId}/disable`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().status, 'disabled');
    assert.equal((await banks(client.auth)).statusCode, 401);
    assert.equal((await webflowBanks(customerToken)).statusCode, 401);
    const refused = await tokenRequest(svc, client.clientId, client.clientSecret);
    assert.equal(refused.statusCode, 401);
    assert.equal(refused.json().error, 'invalid_client');

    assert.equal((await banks(other.auth)).statusCode, 200);
    assert.equal((await webflowBanks(otherCustomerToken)).statusCode, 200);
    assert.equal((await call('GET', `/admin/v1/clients/${other.clientId}`)).json().status, 'active');
  });

  test('enable restores the credentials, not the revoked tokens; repeating either changes nothing', async () => {
    const client = await newClient(svc);
    const url = (action: string) => `/admin/v1/clients/${client.clientId}/${action}`;
    assert.equal((await call('POST', url('disable'))).statusCode, 200);
    assert.equal((await call('POST', url('disable'))).json().status, 'disabled');
    const enabled = await call('POST', url('enable'));
    assert.equal(enabled.statusCode, 200);
    assert.equal(enabled.json().status, 'active');
    assert.equal(enabled.json().disabled_at, null);
    assert.equal((await call('POST', url('enable'))).statusCode, 200);
    assert.equal(
      (await svc.app.inject({ method: 'GET', url: '/public/v3/banks', headers: client.auth })).statusCode,
      401,
    );
    assert.equal((await tokenRequest(svc, client.clientId, client.clientSecret)).statusCode, 200);
    assert.deepEqual(await auditActions(app, client.clientId), [
      ['enabled', 'admin_api'],
      ['disabled', 'admin_api'],
      ['created', 'cli'],
    ]);
  });
});

async function countRows(svc: TestService, clientId: string, customerIds: string[]) {
  const n = async (sql: string, param: unknown) =>
    Number((await svc.deps.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`, [param])).rows[0]?.n);
  return {
    clients: await n('clients WHERE id = $1', clientId),
    customers: await n('customers WHERE client_id = $1', clientId),
    accounts: await n('accounts WHERE client_id = $1', clientId),
    webhooks: await n('webhooks WHERE client_id = $1', clientId),
    access_tokens: await n('access_tokens WHERE client_id = $1', clientId),
    customer_tokens: await n('customer_tokens WHERE client_id = $1', clientId),
    transactions: await n('transactions WHERE customer_id = ANY($1)', customerIds),
    transaction_categories: await n('transaction_categories WHERE customer_id = ANY($1)', customerIds),
  };
}

async function seedClientData(svc: TestService, client: Awaited<ReturnType<typeof newClient>>): Promise<string[]> {
  const customers: string[] = [];
  for (let i = 0; i < 2; i++) {
    const customerId = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customerId);
    assert.equal((await submit(svc, client, customerId, makeTransactions(account, 20))).statusCode, 200);
    await newCustomerToken(svc, client, customerId);
    customers.push(customerId);
  }
  const hook = await svc.app.inject({
    method: 'POST',
    url: '/public/v3/webhooks',
    headers: client.auth,
    payload: { url: 'https://1.1.1.10/hooks/obi' },
  });
  assert.ok(hook.statusCode < 300, hook.body);
  await svc.deps.queue.drain();
  return customers;
}

describe('delete', async () => {
  const svc = await startService({ OBI_ADMIN_TOKEN: ADMIN_TOKEN });
  const app = await adminApp(svc);
  const call = adminCall(app);

  test('without a confirmation that repeats the id, nothing is deleted (400)', async () => {
    const client = await newClient(svc);
    for (const q of ['', '?confirm=true', '?confirm=cl_other']) {
      const res = await call('DELETE', `/admin/v1/clients/${client.clientId}${q}`);
      assert.equal(res.statusCode, 400, q);
      assert.equal(res.json().code, 'bad_request');
    }
    assert.equal((await call('GET', `/admin/v1/clients/${client.clientId}`)).statusCode, 200);
  });

  test("deletes the client and all its data in one go; another client's data stays; the audit trail remains", async () => {
    const client = await newClient(svc);
    const other = await newClient(svc);
    const customers = await seedClientData(svc, client);
    const otherCustomers = await seedClientData(svc, other);
    const before = await countRows(svc, client.clientId, customers);
    assert.ok(
      before.transactions === 40 && before.transaction_categories > 0 && before.webhooks === 1,
      JSON.stringify(before),
    );
    const otherBefore = await countRows(svc, other.clientId, otherCustomers);

    const res = await call('DELETE', `/admin/v1/clients/${client.clientId}?confirm=${client.clientId}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { client_id: client.clientId, deleted: true, customers_deleted: 2 });

    const after = await countRows(svc, client.clientId, customers);
    assert.deepEqual(
      Object.values(after),
      Object.values(after).map(() => 0),
      JSON.stringify(after),
    );
    assert.deepEqual(await countRows(svc, other.clientId, otherCustomers), otherBefore);
    assert.equal((await call('GET', `/admin/v1/clients/${client.clientId}`)).statusCode, 404);
    assert.equal((await tokenRequest(svc, client.clientId, client.clientSecret)).statusCode, 401);
    assert.equal(
      (await svc.app.inject({ method: 'GET', url: '/public/v3/banks', headers: client.auth })).statusCode,
      401,
    );
    assert.deepEqual((await auditActions(app, client.clientId))[0], ['deleted', 'admin_api']);
  });
});

describe('the audit log', async () => {
  const svc = await startService({ OBI_ADMIN_TOKEN: ADMIN_TOKEN });
  const app = await adminApp(svc);
  const call = adminCall(app);

  test("a client's own settings change is recorded with actor client; entries come newest first, limited", async () => {
    const client = await newClient(svc);
    const patch = await svc.app.inject({
      method: 'PATCH',
      url: '/public/v3/settings',
      headers: client.auth,
      payload: { company_name: 'Acme Ltd' },
    });
    assert.equal(patch.statusCode, 200);
    await call('POST', `/admin/v1/clients/${client.clientId}/disable`);
    const all = (await call('GET', `/admin/v1/clients/${client.clientId}/audit`)).json().data;
    assert.deepEqual(
      all.map((e: { action: string; actor: string }) => [e.action, e.actor]),
      [
        ['disabled', 'admin_api'],
        ['settings_changed', 'client'],
        ['created', 'cli'],
      ],
    );
    assert.deepEqual(all[1].details, { changes: { company_name: 'Acme Ltd' } });
    assert.equal(all[0].details.access_tokens_revoked, 1);
    const one = (await call('GET', `/admin/v1/clients/${client.clientId}/audit?limit=1`)).json().data;
    assert.equal(one.length, 1);
    assert.equal((await call('GET', `/admin/v1/clients/${client.clientId}/audit?limit=0`)).statusCode, 400);
  });
});

describe("a client's settings", async () => {
  const svc = await startService({ OBI_ADMIN_TOKEN: ADMIN_TOKEN });
  const app = await adminApp(svc);
  const call = adminCall(app);

  test('read and changed by the operator, audited as admin_api; a bad value is 400 naming the member', async () => {
    const client = await newClient(svc);
    const url = `/admin/v1/clients/${client.clientId}/settings`;
    const before = await call('GET', url);
    assert.equal(before.statusCode, 200, before.body);
    const changed = await call('PATCH', url, { company_name: 'Acme Ltd' });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.equal(changed.json().company_name, 'Acme Ltd');
    const own = await svc.app.inject({ method: 'GET', url: '/public/v3/settings', headers: client.auth });
    assert.deepEqual(own.json(), changed.json(), 'the client sees what the operator set');
    const bad = await call('PATCH', url, { privacy_policy_url: 'not a url' });
    assert.equal(bad.statusCode, 400);
    assert.match(JSON.stringify(bad.json().errors), /privacy_policy_url/);
    assert.equal((await call('GET', '/admin/v1/clients/cl_unknown/settings')).statusCode, 404);
    assert.deepEqual((await auditActions(app, client.clientId))[0], ['settings_changed', 'admin_api']);
  });

  test('the admin app serves the admin API only: no client API, no docs', async () => {
    for (const url of ['/public/v3/banks', '/docs/', '/openapi.json'])
      assert.equal((await app.inject({ method: 'GET', url, headers: admin })).statusCode, 404, url);
  });
});
