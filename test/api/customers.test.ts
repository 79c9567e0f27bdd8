import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer, newCustomerToken, startService, uniqueRef } from '../helpers/app.ts';

describe('customers (endpoints 2, 3 and list/get/delete)', async () => {
  const svc = await startService();
  const client = await newClient(svc);
  const inject = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => svc.app.inject({ method, url, payload: payload as string, headers: { ...client.auth, ...headers } });

  test('create customer › answers 201 with the id and the echoed user_reference', async () => {
    const ref = uniqueRef();
    const res = await inject('POST', '/public/v3/customers', { user_reference: ref });
    assert.equal(res.statusCode, 201);
    const body = res.json();
    assert.equal(body.user_reference, ref);
    assert.match(body.id, /^[0-9a-f-]{36}$/);
    const got = await inject('GET', `/public/v3/customers/${body.id}`);
    assert.equal(got.statusCode, 200);
    assert.equal(got.json().user_reference, ref);
  });

  test('create customer › a duplicate user_reference is 409 with the existing id', async () => {
    const ref = uniqueRef();
    const first = await inject('POST', '/public/v3/customers', { user_reference: ref });
    const second = await inject('POST', '/public/v3/customers', { user_reference: ref });
    assert.equal(second.statusCode, 409);
    assert.equal(second.json().code, 'duplicate_user_reference');
    assert.equal(second.json().id, first.json().id);
    assert.equal(second.json().errors[0].pointer, '/user_reference');
  });

  test('create customer › the same user_reference under another client is a different customer', async () => {
    const ref = uniqueRef();
    const other = await newClient(svc, 'Other Lender');
    const a = await inject('POST', '/public/v3/customers', { user_reference: ref });
    const b = await svc.app.inject({
      method: 'POST',
      url: '/public/v3/customers',
      headers: other.auth,
      payload: { user_reference: ref },
    });
    assert.equal(a.statusCode, 201);
    assert.equal(b.statusCode, 201);
    assert.notEqual(a.json().id, b.json().id);
  });

  test('create customer › missing, extra and wrong-typed members are 400 with a pointer to each', async () => {
    const missing = await inject('POST', '/public/v3/customers', {});
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.deepEqual(missing.json().errors, [{ pointer: '/user_reference', detail: 'is required' }]);
    const extra = await inject('POST', '/public/v3/customers', { user_reference: uniqueRef(), is_admin: true });
    assert.equal(extra.statusCode, 400);
    assert.deepEqual(extra.json().errors, [{ pointer: '/is_admin', detail: 'unknown member "is_admin"' }]);
    const wrongType = await inject('POST', '/public/v3/customers', { user_reference: 42 });
    assert.equal(wrongType.statusCode, 400);
    assert.equal(wrongType.json().errors[0].pointer, '/user_reference');
    const empty = await inject('POST', '/public/v3/customers', { user_reference: '' });
    assert.equal(empty.statusCode, 400);
    const notObject = await inject('POST', '/public/v3/customers', [1, 2]);
    assert.equal(notObject.statusCode, 400);
    assert.equal(notObject.json().code, 'validation_failed');
  });

  test('create customer › malformed JSON is 400, another content type is 415, and nothing is stored', async () => {
    const before = (await inject('GET', '/public/v3/customers')).json().total;
    const malformed = await inject('POST', '/public/v3/customers', '{"user_reference": "x"', {
      'content-type': 'application/json',
    });
    assert.equal(malformed.statusCode, 400);
    assert.equal(malformed.json().code, 'malformed_json');
    const text = await inject('POST', '/public/v3/customers', 'user_reference=x', { 'content-type': 'text/plain' });
    assert.equal(text.statusCode, 415);
    assert.equal(text.json().code, 'unsupported_media_type');
    const form = await inject('POST', '/public/v3/customers', 'user_reference=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    assert.equal(form.statusCode, 415);
    assert.equal((await inject('GET', '/public/v3/customers')).json().total, before);
  });

  test('list customers › pages with _links and finds by user_reference', async () => {
    const own = await newClient(svc, 'Paging Lender');
    const refs = [uniqueRef('p'), uniqueRef('p'), uniqueRef('p')];
    for (const r of refs) await newCustomer(svc, own, r);
    const page1 = await svc.app.inject({
      method: 'GET',
      url: '/public/v3/customers?max_per_page=2',
      headers: own.auth,
    });
    assert.equal(page1.statusCode, 200);
    const b1 = page1.json();
    assert.equal(b1.total, 3);
    assert.equal(b1.pages, 2);
    assert.equal(b1.data.length, 2);
    assert.equal(b1._links.previous, null);
    assert.match(b1._links.next.href, /page=2&max_per_page=2$/);
    const page2 = await svc.app.inject({
      method: 'GET',
      url: new URL(b1._links.next.href).pathname + new URL(b1._links.next.href).search,
      headers: own.auth,
    });
    const all = [...b1.data, ...page2.json().data].map((c: { user_reference: string }) => c.user_reference);
    assert.deepEqual(all, refs);
    const found = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/customers?user_reference=${refs[1]}`,
      headers: own.auth,
    });
    assert.deepEqual(
      found.json().data.map((c: { user_reference: string }) => c.user_reference),
      [refs[1]],
    );
    const bad = await svc.app.inject({ method: 'GET', url: '/public/v3/customers?max_per_page=0', headers: own.auth });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().errors[0].pointer, '/query/max_per_page');
  });

  test('customer token › answers a token; it dies when the customer is deleted', async () => {
    const id = await newCustomer(svc, client);
    const token = await newCustomerToken(svc, client, id);
    assert.match(token, /^obi_ut_/);
    const tokenRow = await svc.deps.db.query('SELECT 1 FROM customer_tokens WHERE customer_id = $1', [id]);
    assert.equal(tokenRow.rows.length, 1);
    const del = await inject('DELETE', `/public/v3/customers/${id}`);
    assert.equal(del.statusCode, 204);
    assert.equal((await inject('GET', `/public/v3/customers/${id}`)).statusCode, 404);
    assert.equal(
      (await svc.deps.db.query('SELECT 1 FROM customer_tokens WHERE customer_id = $1', [id])).rows.length,
      0,
    );
    assert.equal((await inject('DELETE', `/public/v3/customers/${id}`)).statusCode, 404);
  });

  test('customer token › an unknown customer is 404 customer_not_found', async () => {
    const res = await inject('POST', '/public/v3/customers/01900000-0000-7000-8000-000000000000/token');
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'customer_not_found');
  });
});
