/**
 * Authentication before the body (issue: an anonymous caller must learn nothing and cost nothing): a request
 * without valid credentials gets 401 whatever its body, and the body is never parsed. Body limits per route: the
 * transaction submission takes BODY_LIMIT_BYTES, every other route DEFAULT_BODY_LIMIT_BYTES.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer, newCustomerToken, startService } from '../helpers/app.ts';
import { DEFAULT_BODY_LIMIT_BYTES } from '../../src/http/server.ts';

describe('authentication runs before the body is read; body limits per route', async () => {
  const svc = await startService();
  const client = await newClient(svc);
  const customer = await newCustomer(svc, client);

  test('anonymous › malformed JSON, a schema violation and a body over every limit all get 401, not a description of the schema', async () => {
    const cases: Array<{ url: string; payload: string }> = [
      { url: '/public/v3/customers', payload: '{"user_reference": ' },
      { url: '/public/v3/customers', payload: JSON.stringify({ user_reference: 7, extra: true }) },
      {
        url: `/public/v3/customers/${customer}/transaction_collections`,
        payload: JSON.stringify({ transactions: [{ nonsense: true }] }),
      },
      { url: '/public/v3/customers', payload: `{"user_reference":"${'x'.repeat(3 * DEFAULT_BODY_LIMIT_BYTES)}"}` },
    ];
    for (const c of cases) {
      for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
        const res = await svc.app.inject({
          method: 'POST',
          url: c.url,
          payload: c.payload,
          headers: { 'content-type': 'application/json', ...headers },
        });
        assert.equal(res.statusCode, 401, `${c.url} ${c.payload.slice(0, 40)}: ${res.body.slice(0, 200)}`);
        assert.equal(res.json().code, 'unauthorized');
        assert.doesNotMatch(res.body, /pointer/, 'nothing about the body is said');
      }
    }
  });

  test('a customer token where a client token is needed is refused before the body, too', async () => {
    const token = await newCustomerToken(svc, client, customer);
    const res = await svc.app.inject({
      method: 'POST',
      url: '/public/v3/customers',
      payload: '{not json',
      headers: { 'content-type': 'application/json', authorization: `AppUserToken ${token}` },
    });
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().code, 'forbidden_token_kind');
  });

  test('authenticated › a body over the default limit is 413 on an ordinary route; the submission route takes more', async () => {
    const big = `{"user_reference":"${'x'.repeat(DEFAULT_BODY_LIMIT_BYTES)}"}`;
    const res = await svc.app.inject({
      method: 'POST',
      url: '/public/v3/customers',
      payload: big,
      headers: { 'content-type': 'application/json', ...client.auth },
    });
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().code, 'body_too_large');
    const items = Array.from({ length: 12_000 }, (_, i) => ({ nonsense: i, padding: 'p'.repeat(60) }));
    const submission = await svc.app.inject({
      method: 'POST',
      url: `/public/v3/customers/${customer}/transaction_collections`,
      payload: JSON.stringify({ transactions: items }),
      headers: { 'content-type': 'application/json', ...client.auth },
    });
    assert.ok(JSON.stringify({ transactions: items }).length > DEFAULT_BODY_LIMIT_BYTES);
    assert.equal(submission.statusCode, 400, 'read whole and checked: its items are invalid, not too large');
    assert.equal(submission.json().code, 'validation_failed');
  });
});
