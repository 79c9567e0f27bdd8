/**
 * Input the edge refuses with a Problem Details 400 naming the member (src/http/input-guard.ts, json-body.ts,
 * json-checks.ts, the bounds in src/http/wire.ts): NUL and control characters, bytes that are not UTF-8, lone
 * surrogates, numbers out of range, deep nesting, repeated member names. None of them may reach the database.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer, startService } from '../helpers/app.ts';
import { makeTransactions, newAccount } from '../helpers/bank-data.ts';

describe('hostile input gets a 400 naming the member', async () => {
  const svc = await startService();
  const client = await newClient(svc);
  const customer = await newCustomer(svc, client);
  const account = await newAccount(svc, client, customer);
  const txUrl = `/public/v3/customers/${customer}/transaction_collections`;
  const send = (url: string, payload: string | Buffer, method: 'POST' | 'PATCH' = 'POST') =>
    svc.app.inject({
      method,
      url,
      headers: { ...client.auth, 'content-type': 'application/json' },
      payload,
    });
  const get = (url: string) => svc.app.inject({ method: 'GET', url, headers: client.auth });
  /** The body of a transaction submission, with `edit` applied to its JSON text. */
  const txText = (n: number, edit: (text: string) => string = (t) => t) =>
    edit(JSON.stringify({ transactions: makeTransactions(account, n) }));

  const expect400 = (res: Awaited<ReturnType<typeof get>>, pointer: string, code = 'validation_failed') => {
    assert.equal(res.statusCode, 400, res.body);
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
    const body = res.json();
    assert.equal(body.code, code, res.body);
    for (const k of ['type', 'title', 'detail']) assert.equal(typeof body[k], 'string');
    assert.ok(
      (body.errors as Array<{ pointer: string }>).some((e) => e.pointer === pointer),
      `no error at ${pointer}: ${res.body}`,
    );
  };

  test('a NUL in a path segment', async () => {
    expect400(await get('/public/v3/customers/%00'), '/path/customer_id');
    expect400(await get(`/public/v3/customers/${customer}/accounts/a%00b/balances`), '/path/account_id');
  });

  test('a NUL or another control character in a query value; an escape that is not UTF-8', async () => {
    expect400(await get('/public/v3/customers?user_reference=a%00b'), '/query/user_reference');
    expect400(await get('/public/v3/customers?user_reference=a%0Ab'), '/query/user_reference');
    expect400(await get('/public/v3/customers?user_reference=%FF'), '/query/user_reference');
    expect400(await get('/public/v3/customers?user_reference=%ED%A0%80'), '/query/user_reference');
  });

  test('a path segment that is not UTF-8, or too long for the router, is Problem Details too', async () => {
    expect400(await get('/public/v3/customers/%FF'), '/path');
    expect400(await get(`/public/v3/customers/${'x'.repeat(5000)}`), '/path');
  });

  test('a page number beyond what an offset can hold; a time beyond year 9999', async () => {
    expect400(await get('/public/v3/invitations?page=1e23'), '/query/page');
    expect400(await get('/public/v3/customers?page=9223372036854775807'), '/query/page');
    expect400(
      await get(`/public/v3/customers/${customer}/raw-transactions?booking_date_time_from=100000000000000000000`),
      '/query/booking_date_time_from',
    );
  });

  test('a NUL in a JSON string, escaped', async () => {
    const res = await send(
      txUrl,
      txText(5, (t) => t.replace('"DD BRITISH GAS"', '"DD BRITISH\\u0000GAS"')),
    );
    expect400(res, '/transactions/2/name');
  });

  test('a lone surrogate in a JSON string; in a member name', async () => {
    expect400(
      await send(
        txUrl,
        txText(5, (t) => t.replace('"tx-3"', '"tx-3\\ud800"')),
      ),
      '/transactions/3/external_transaction_id',
    );
    expect400(
      await send(
        txUrl,
        txText(3, (t) => t.replace('"tx-1"', '"\\udc00"')),
      ),
      '/transactions/1/external_transaction_id',
    );
    expect400(
      await send(
        txUrl,
        txText(2, (t) => t.replace('"status"', '"st\\udbffatus"')),
      ),
      '/transactions/0/st\ufffdatus',
    );
  });

  test('bytes that are not UTF-8, named by the member they are in', async () => {
    const text = txText(3);
    const at = text.indexOf('BGC ACME') + 3;
    const body = Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([0xff]), Buffer.from(text.slice(at))]);
    expect400(await send(txUrl, body), '/transactions/1/name');
    const surrogate = Buffer.concat([
      Buffer.from(text.slice(0, at)),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from(text.slice(at)),
    ]);
    expect400(await send(txUrl, surrogate), '/transactions/1/name');
  });

  test('numbers out of range: 1e23 where Unix seconds go, amounts of 10^14 and more, 1e400', async () => {
    expect400(
      await send(
        txUrl,
        txText(3, (t) => t.replace(/"value_date_time":\d+/, '"value_date_time":1e23')),
      ),
      '/transactions/0/value_date_time',
    );
    expect400(
      await send(
        txUrl,
        txText(3, (t) => t.replace(/"amount":-?[\d.]+/, '"amount":1e23')),
      ),
      '/transactions/1/amount',
    );
    expect400(
      await send(
        txUrl,
        txText(3, (t) => t.replace(/"amount":-?[\d.]+/, '"amount":1e400')),
      ),
      '/transactions/1/amount',
    );
    expect400(
      await send(
        txUrl,
        txText(3, (t) => t.replace(/"amount":-?[\d.]+/, '"amount":"123456789012345678.5"')),
      ),
      '/transactions/1/amount',
    );
    const balances = `/public/v3/customers/${customer}/balance_collections`;
    const balance = {
      bank_slug: account.bank_slug,
      account_number: account.number,
      type: 'InterimBooked',
      currency: 'GBP',
    };
    expect400(
      await send(balances, JSON.stringify({ balances: [{ ...balance, amount: 1, date_time: 1e23 }] })),
      '/balances/0/date_time',
    );
  });

  test('a member name given twice, at any depth; the first is not silently dropped', async () => {
    expect400(
      await send(
        txUrl,
        txText(3, (t) => t.replace('"amount":', '"amount":1,"amount":')),
      ),
      '/transactions/0/amount',
    );
    expect400(await send(txUrl, `{"transactions":[],"transactions":[]}`), '/transactions');
    expect400(await send('/public/v3/settings', '{"company_name":"A","company_name":"B"}', 'PATCH'), '/company_name');
  });

  test('nesting deeper than the limit', async () => {
    const deep = `{"transactions":[${'['.repeat(200)}${']'.repeat(200)}]}`;
    expect400(await send(txUrl, deep), `/transactions/0${'/0'.repeat(30)}`);
    const res = await send(txUrl, '['.repeat(100_000) + ']'.repeat(100_000));
    assert.equal(res.statusCode, 400, res.body);
  });

  test('a big body (parsed in slices): the pointer names the element', async () => {
    const text = txText(20_000, (t) => t.replace('"tx-15001"', '"tx-15001\\u0000"'));
    assert.ok(text.length > 1_000_000);
    expect400(await send(txUrl, text), '/transactions/15001/external_transaction_id');
    const dup = txText(20_000, (t) =>
      t.replace('"external_transaction_id":"tx-17002"', '"name":"x","external_transaction_id":"tx-17002"'),
    );
    expect400(await send(txUrl, dup), '/transactions/17002/name');
  });

  test('a malformed body is still malformed_json, whatever else is wrong with it', async () => {
    const res = await send(txUrl, '{"transactions":[{"a":1,"a":2}');
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().code, 'malformed_json');
  });

  test('the token endpoint answers its own RFC 6749 error, not a 5xx', async () => {
    const token = (payload: string, type: string) =>
      svc.app.inject({ method: 'POST', url: '/oauth/v2/token', headers: { 'content-type': type }, payload });
    for (const [payload, type] of [
      [
        `client_id=${client.clientId}%00&client_secret=x&grant_type=client_credentials`,
        'application/x-www-form-urlencoded',
      ],
      [
        `{"client_id":"${client.clientId}\\u0000","client_secret":"x","grant_type":"client_credentials"}`,
        'application/json',
      ],
      ['{"grant_type":"client_credentials","grant_type":"password"}', 'application/json'],
      ['{"grant_type":"client_credentials","client_id":"\\ud800"}', 'application/json'],
      ['{"grant_type":"client_credentials","__proto__":{"x":1}}', 'application/json'],
    ] as const) {
      const res = await token(payload, type);
      assert.equal(res.statusCode, 400, `${payload}: ${res.body}`);
      assert.equal(res.json().error, 'invalid_request', res.body);
    }
    for (const credentials of ['a\u0000b:x', '%FF:x', `${client.clientId}:%00`]) {
      const res = await svc.app.inject({
        method: 'POST',
        url: '/oauth/v2/token',
        headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` },
        payload: { grant_type: 'client_credentials' },
      });
      assert.equal(res.statusCode, 400, `${credentials}: ${res.body}`);
      assert.equal(res.json().error, 'invalid_request', res.body);
    }
  });

  test('what is refused was not stored', async () => {
    const stored = await svc.deps.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM transactions WHERE customer_id = $1',
      [customer],
    );
    assert.equal(stored.rows[0]?.n, 0);
  });
});
