/**
 * The TypeScript SDK (packages/sdk) against a live service over HTTP: the token fetched and renewed when the
 * service says it expired, a customer's data submitted with an idempotency key (a retry replays), every raw
 * transaction read by following the pages, the report waited for and read, errors typed from Problem Details,
 * and webhook signatures checked the way the service makes them.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ApiError,
  createClient,
  items,
  newIdempotencyKey,
  ok,
  pages,
  sync,
  verifyWebhook,
  waitForReport,
  WebhookSignatureError,
  type components,
} from '../../packages/sdk/src/index.ts';
import { startLiveService } from '../helpers/bank-flow.ts';
import { createClient as createLender } from '../../src/modules/clients/clients.service.ts';
import { generateWebhookSecret, signatureHeaders } from '../../src/modules/webhooks/webhooks.signing.ts';
import { generatePersona, toAccountWire } from '../../src/personas/index.ts';

const AS_OF = Date.UTC(2026, 5, 1, 9) / 1000; // the test service's fake clock starts here

describe('the TypeScript SDK', async () => {
  const svc = await startLiveService();
  const lender = await createLender(svc.deps.db, svc.deps.installationKey, 'SDK Lender', svc.clock.now());
  let tokenRequests = 0;
  const countingFetch: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith('/oauth/v2/token')) tokenRequests++;
    return fetch(input, init);
  };
  const obi = createClient({
    baseUrl: svc.baseUrl,
    clientId: lender.client_id,
    clientSecret: lender.client_secret,
    fetch: countingFetch,
  });
  const persona = generatePersona('salaried-monthly', { asOf: AS_OF, seed: 5, years: 1 });
  let customerId = '';

  test('a customer, accounts and transactions, the token fetched once for all of them', async () => {
    const customer = ok(await obi.api.POST('/public/v3/customers', { body: { user_reference: `sdk-${process.pid}` } }));
    customerId = customer.id;
    const path = { customer_id: customerId };
    ok(
      await obi.api.POST('/public/v3/customers/{customer_id}/account_collections', {
        params: { path },
        // the persona's wire accounts have plain strings where the document has its enums
        body: {
          accounts: persona.accounts.map(toAccountWire) as components['schemas']['CreateAccountsRequest']['accounts'],
        },
      }),
    );
    const key = newIdempotencyKey();
    const submit = () =>
      obi.api.POST('/public/v3/customers/{customer_id}/transaction_collections', {
        params: { path, header: { 'idempotency-key': key } },
        body: { transactions: persona.transactions },
      });
    const first = ok(await submit());
    assert.equal(first.saved, persona.transactions.length);
    // A retry with the same key is the same answer, and stores nothing again.
    const again = ok(await submit());
    assert.deepEqual(again, first);
    assert.equal(tokenRequests, 1);
  });

  test('pages: every raw transaction once, by following _links.next', async () => {
    let count = 0;
    for await (const page of pages(obi, '/public/v3/customers/{customer_id}/raw-transactions', customerId, {
      max_per_page: 100,
    }))
      count += page.data.length > 0 ? 1 : 0;
    assert.ok(count >= Math.ceil(persona.transactions.length / 100), `${count} pages`);
    const ids = new Set<string>();
    for await (const t of items(obi, '/public/v3/customers/{customer_id}/raw-transactions', customerId, {
      max_per_page: 250,
    }))
      ids.add(t.id);
    assert.equal(ids.size, persona.transactions.length);
  });

  test('sync: every transaction added once, then only what changed since the stored cursor', async () => {
    const added = new Set<string>();
    let cursor: string | undefined;
    for await (const page of sync(obi, customerId, { count: 200 })) {
      for (const t of page.added) added.add(t.id);
      cursor = page.next_cursor;
    }
    assert.equal(added.size, persona.transactions.length);
    const changed = { ...persona.transactions[0]!, name: 'A NEW NAME' };
    ok(
      await obi.api.POST('/public/v3/customers/{customer_id}/transaction_collections', {
        params: { path: { customer_id: customerId } },
        body: { transactions: [changed] },
      }),
    );
    const since = [];
    for await (const page of sync(obi, customerId, { cursor })) since.push(page);
    assert.deepEqual(
      since.flatMap((p) => p.modified.map((t) => t.name)),
      ['A NEW NAME'],
    );
    assert.deepEqual(
      since.flatMap((p) => [...p.added, ...p.removed]),
      [],
    );
  });

  test('the report, waited for, then read with its types', async () => {
    const waiting = waitForReport(obi, customerId, 'insights', { intervalMs: 50 });
    // Tests run the background jobs themselves (WORKERS=false): compute the report while the SDK polls.
    await svc.deps.queue.drain();
    await waiting;
    const insights = ok(
      await obi.api.GET('/public/v3/customers/{customer_id}/insights/current_personal', {
        params: { path: { customer_id: customerId } },
      }),
    );
    assert.equal(insights.employment.expected_salary[0]?.pay_frequency, 'Monthly');
  });

  test('an expired token is renewed and the request sent again, once', async () => {
    const before = tokenRequests;
    svc.clock.advance(2 * 86_400); // the service's clock: the SDK's token is now expired there, not here
    const accounts = ok(
      await obi.api.GET('/public/v3/customers/{customer_id}/accounts', {
        params: { path: { customer_id: customerId } },
      }),
    );
    assert.equal(accounts.data.length, persona.accounts.length);
    assert.equal(tokenRequests, before + 1);
  });

  test('errors are ApiError with the Problem Details: status, code, pointers', async () => {
    const missing = await obi.api
      .GET('/public/v3/customers/{customer_id}/accounts', {
        params: { path: { customer_id: '00000000-0000-7000-8000-000000000000' } },
      })
      .then(ok)
      .catch((e: unknown) => e);
    assert.ok(missing instanceof ApiError);
    assert.equal(missing.status, 404);
    assert.equal(missing.code, 'customer_not_found');
    const bad = await obi.api
      .POST('/public/v3/customers', { body: { user_reference: '' } })
      .then(ok)
      .catch((e: unknown) => e);
    assert.ok(bad instanceof ApiError);
    assert.equal(bad.status, 400);
    assert.ok('/user_reference' in bad.fieldErrors, JSON.stringify(bad.problem));
    const wrong = createClient({ baseUrl: svc.baseUrl, clientId: lender.client_id, clientSecret: 'not-the-secret' });
    const refused = await wrong.tokens.token().catch((e: unknown) => e);
    assert.ok(refused instanceof ApiError);
    assert.equal(refused.code, 'invalid_client');
  });

  test("webhooks: the service's signature verifies; a changed body or another secret does not", () => {
    const secret = generateWebhookSecret();
    const body = JSON.stringify({ msg: 'report ready', webhook_type: 'REPORT_AVAILABLE', customer_id: customerId });
    const headers = signatureHeaders(secret, 'msg_1', Math.floor(Date.now() / 1000), body);
    assert.deepEqual(verifyWebhook(secret, headers, body), JSON.parse(body));
    assert.throws(() => verifyWebhook(secret, headers, body.replace('ready', 'gone')), WebhookSignatureError);
    assert.throws(() => verifyWebhook(generateWebhookSecret(), headers, body), WebhookSignatureError);
    assert.throws(() => verifyWebhook(secret, new Headers(), body), WebhookSignatureError);
  });
});
