import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, startService } from '../helpers/app.ts';
import { openPglite } from '../../src/db/pglite.ts';
import { ERROR_CODES } from '../../src/lib/app-error.ts';

describe('settings, banks, categories and operations endpoints', async () => {
  const svc = await startService();
  const client = await newClient(svc, 'Acme Lending');
  const get = (url: string, headers: Record<string, string> = client.auth) =>
    svc.app.inject({ method: 'GET', url, headers });

  test('GET /public/v3/settings › a new client has its name as company_name and empty lists', async () => {
    const res = await get('/public/v3/settings');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      company_name: 'Acme Lending',
      application_name: null,
      privacy_policy_url: null,
      terms_and_condition_url: null,
      service_customer_center_url: null,
      redirect_urls: [],
      component_origins: [],
    });
  });

  test('PATCH /public/v3/settings › changes what is sent and keeps the rest', async () => {
    const res = await svc.app.inject({
      method: 'PATCH',
      url: '/public/v3/settings',
      headers: client.auth,
      payload: {
        application_name: 'Acme Loans',
        redirect_urls: ['https://acme.example/back'],
        component_origins: ['https://acme.example'],
      },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().company_name, 'Acme Lending');
    assert.equal(res.json().application_name, 'Acme Loans');
    assert.deepEqual((await get('/public/v3/settings')).json().redirect_urls, ['https://acme.example/back']);
  });

  test('PATCH /public/v3/settings › bad URLs and origins are 400 with pointers, and nothing changes', async () => {
    const res = await svc.app.inject({
      method: 'PATCH',
      url: '/public/v3/settings',
      headers: client.auth,
      payload: {
        privacy_policy_url: 'not a url',
        component_origins: ['https://ok.example', 'https://acme.example/path'],
        company_name: 'Changed',
      },
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(
      res.json().errors.map((e: { pointer: string }) => e.pointer),
      ['/privacy_policy_url', '/component_origins/1'],
    );
    assert.equal((await get('/public/v3/settings')).json().company_name, 'Acme Lending');
    const unknown = await svc.app.inject({
      method: 'PATCH',
      url: '/public/v3/settings',
      headers: client.auth,
      payload: { secret_hash: 'x' },
    });
    assert.equal(unknown.statusCode, 400);
    assert.equal(unknown.json().errors[0].pointer, '/secret_hash');
  });

  test('GET /public/v3/banks › lists the sandbox banks and the major UK banks by slug', async () => {
    const res = await get('/public/v3/banks');
    assert.equal(res.statusCode, 200);
    const slugs = res.json().data.map((b: { slug: string }) => b.slug);
    for (const s of [
      'sandbox',
      'sandbox-business',
      'barclays',
      'hsbc',
      'lloyds',
      'natwest',
      'santander',
      'nationwide',
      'monzo',
      'starling',
    ])
      assert.ok(slugs.includes(s), s);
    const sandbox = res.json().data.find((b: { slug: string }) => b.slug === 'sandbox');
    assert.deepEqual(Object.keys(sandbox).sort(), [
      'country_code',
      'is_active',
      'is_api_only',
      'is_sandbox',
      'logo_url',
      'name',
      'slug',
      'type',
    ]);
    assert.equal(sandbox.is_sandbox, true);
    const logo = await svc.app.inject({ method: 'GET', url: new URL(sandbox.logo_url).pathname });
    assert.equal(logo.statusCode, 200);
    assert.match(String(logo.headers['content-type']), /image\/svg\+xml/);
  });

  test('GET .../transaction_categories › Personal and Business lists keyed by id, fixed_flexible on expenditure only', async () => {
    for (const type of ['Personal', 'Business']) {
      const res = await get(`/public/v3/account_types/${type}/transaction_categories`);
      assert.equal(res.statusCode, 200);
      const cats = Object.entries(
        res.json() as Record<string, { id: string; income_expenditure: string; fixed_flexible?: string }>,
      );
      assert.ok(cats.length >= 20, `${type} has a real taxonomy`);
      for (const [key, c] of cats) {
        assert.equal(key, c.id);
        if (c.income_expenditure === 'expenditure')
          assert.ok(c.fixed_flexible === 'fixed' || c.fixed_flexible === 'flexible', c.id);
        else assert.equal(c.fixed_flexible, undefined, c.id);
      }
    }
    const personal = (await get('/public/v3/account_types/Personal/transaction_categories')).json();
    assert.equal(personal.salary.income_expenditure, 'income');
    const bad = await get('/public/v3/account_types/Corporate/transaction_categories');
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().errors[0].pointer, '/params/account_type');
  });

  test('GET /openapi.json › an OpenAPI 3.1 document with every route; /docs renders it', async () => {
    const doc = (await get('/openapi.json', {})).json();
    assert.equal(doc.openapi, '3.1.0');
    for (const p of [
      '/oauth/v2/token',
      '/public/v3/customers',
      '/public/v3/customers/{customer_id}/token',
      '/public/v3/banks',
      '/public/v3/settings',
      '/public/v3/account_types/{account_type}/transaction_categories',
    ]) {
      assert.ok(doc.paths[p], p);
    }
    assert.ok(doc.paths['/public/v3/customers'].post.requestBody, 'request schema documented');
    assert.ok(doc.paths['/public/v3/customers'].post.responses['201'], 'response schema documented');
    const problemCodes: string[] = doc.components.schemas.Problem.properties.code.enum;
    assert.deepEqual(problemCodes, [...ERROR_CODES], 'the Problem schema lists every error code');
    const missing = await get('/public/v3/customers/00000000-0000-7000-8000-000000000000');
    assert.ok(problemCodes.includes(missing.json().code), 'a served problem carries a documented code');
    const docs = await svc.app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(docs.statusCode, 200);
    assert.match(docs.body, /swagger/i);
  });

  test('GET /health is 200; GET /ready is 200 with the database up', async () => {
    assert.equal((await get('/health', {})).statusCode, 200);
    const ready = await get('/ready', {});
    assert.equal(ready.statusCode, 200);
    assert.equal(ready.json().status, 'ready');
  });

  test('an unknown route is a 404 problem', async () => {
    const res = await get('/public/v3/nothing-here');
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'not_found');
  });
});

describe('GET /ready when the database is unreachable', async () => {
  const svc = await startService();
  test('answers 503 database_unavailable while /health stays 200', async () => {
    const db = svc.deps.db;
    const ping = db.ping;
    const dead = await openPglite(null);
    await dead.close(); // a real database that no longer answers
    db.ping = dead.ping;
    try {
      const res = await svc.app.inject({ method: 'GET', url: '/ready' });
      assert.equal(res.statusCode, 503);
      assert.equal(res.json().code, 'database_unavailable');
      assert.equal((await svc.app.inject({ method: 'GET', url: '/health' })).statusCode, 200);
    } finally {
      db.ping = ping;
    }
  });
});
