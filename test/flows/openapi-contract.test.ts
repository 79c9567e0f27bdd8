/**
 * The OpenAPI document against what the service really answers (src/http/openapi.ts): one end-to-end flow over HTTP
 * (a client's token, a customer, accounts and transactions, the sandbox bank's consent flow and pull, the reports,
 * invitations, webhooks, errors on purpose), and every JSON answer of a documented operation validated against
 * the schema the document (GET /openapi.json) gives that operation, status and media type. JSON Schema 2020-12,
 * which OpenAPI 3.1 uses, by Ajv.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { call, connect, newLiveClient, newLiveCustomer, runBankJobs, startLiveService } from '../helpers/bank-flow.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

interface Answer {
  method: string;
  path: string;
  status: number;
  mediaType: string;
  body: unknown;
}

/** JSON Pointer escaping of one reference token (RFC 6901). */
const token = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

describe('every answer of an end-to-end flow matches the OpenAPI document', async () => {
  const svc = await startLiveService();
  const answers: Answer[] = [];
  // Every answer the flow gets from the service, recorded on the way (the helpers use the global fetch).
  const realFetch = globalThis.fetch;
  after(() => {
    globalThis.fetch = realFetch;
  });
  globalThis.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    if (url.origin === svc.baseUrl && /json$/.test(mediaType)) {
      const body: unknown = await response
        .clone()
        .json()
        .catch(() => undefined);
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toLowerCase();
      answers.push({ method, path: url.pathname, status: response.status, mediaType, body });
    }
    return response;
  };

  const client = await newLiveClient(svc);
  const bearer = client.auth.authorization;
  const docAnswer = await call(svc, 'GET', '/openapi.json');
  const doc = docAnswer.json as Json;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema(doc, 'openapi');
  // The documented paths as patterns: {customer_id} matches one path segment.
  const templates = Object.keys(doc.paths as Json).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
  }));

  test('the flow runs: token, customers, submission, consent, pull, reports, invitations, webhooks, errors', async () => {
    const customer = await call(svc, 'POST', '/public/v3/customers', {
      auth: bearer,
      body: { user_reference: `contract-${process.pid}` },
    });
    assert.equal(customer.status, 201);
    const id = customer.json.id as string;
    const c = `/public/v3/customers/${id}`;
    await call(svc, 'POST', `${c}/token`, { auth: bearer });
    const accounts = await call(svc, 'POST', `${c}/account_collections`, {
      auth: bearer,
      body: {
        accounts: [
          {
            bank_slug: 'barclays',
            number: '20000012345678',
            currency: 'GBP',
            type: 'Personal',
            sub_type: 'CurrentAccount',
          },
        ],
      },
    });
    assert.equal(accounts.status, 200, accounts.text);
    const submitted = await call(svc, 'POST', `${c}/transaction_collections`, {
      auth: bearer,
      body: {
        transactions: [
          {
            external_transaction_id: 't1',
            name: 'BGC ACME LTD SALARY',
            amount: 2450.12,
            currency: 'GBP',
            status: 'Booked',
            bank_slug: 'barclays',
            account_number: '20000012345678',
            value_date_time: 1767225600,
            booking_date_time: 1767225600,
          },
        ],
      },
    });
    assert.equal(submitted.status, 200, submitted.text);
    for (const path of [
      `${c}`,
      `${c}/accounts`,
      `${c}/raw-transactions?max_per_page=10`,
      `${c}/transactions`,
      `${c}/insights/current_personal`, // 409 before the report: the document's 409 too
      `${c}/report_readiness_statuses/insights`,
      '/public/v3/customers?max_per_page=5',
      '/public/v3/settings',
      '/public/v3/banks',
      '/public/v3/account_types/Personal/transaction_categories',
      '/ready',
      '/health',
    ])
      await call(svc, 'GET', path, { auth: bearer });

    // the sandbox bank's consent flow, its pull, and the reports it makes ready
    const alice = await newLiveCustomer(svc, client);
    await call(svc, 'POST', '/public/v3/webflow/banks/sandbox/consent', { auth: alice.appUser, body: {} });
    await connect(svc, client, alice.appUser, { username: 'payday-borrower' });
    await call(svc, 'GET', '/public/v3/webflow/banks/sandbox/consent/status', { auth: alice.appUser });
    await call(svc, 'GET', '/public/v3/webflow/banks', { auth: alice.appUser });
    assert.equal(await runBankJobs(svc), 1);
    await svc.deps.queue.drain();
    const a = `/public/v3/customers/${alice.id}`;
    const theirs = (await call(svc, 'GET', `${a}/accounts`, { auth: bearer })).json.data as { id: string }[];
    for (const account of theirs) {
      await call(svc, 'GET', `${a}/accounts/${account.id}/statements`, { auth: bearer });
      await call(svc, 'GET', `${a}/accounts/${account.id}/party`, { auth: bearer });
      await call(svc, 'GET', `${a}/accounts/${account.id}/balances`, { auth: bearer });
    }
    for (const path of ['insights/current_personal', 'affordability/personal', 'events/personal', 'forecast/personal'])
      assert.equal((await call(svc, 'GET', `${a}/${path}`, { auth: bearer })).status, 200, path);
    const consents = await call(svc, 'GET', `${a}/consents`, { auth: bearer });
    await call(svc, 'GET', `${a}/consents/${consents.json.data[0].id}`, { auth: bearer });

    // invitations, the component, webhooks and their log
    const invitation = await call(svc, 'POST', '/public/v3/invitations', {
      auth: bearer,
      body: { email: 'jo@example.com', reference: `inv-${process.pid}` },
    });
    await call(svc, 'GET', '/public/v3/invitations', { auth: bearer });
    await call(svc, 'GET', `/public/v3/invitations/${invitation.json.id}`, { auth: bearer });
    await call(svc, 'PATCH', '/public/v3/settings', {
      auth: bearer,
      body: { component_origins: ['https://a.example'] },
    });
    await call(svc, 'POST', '/public/v3/component_auth/init', {
      auth: bearer,
      body: { ip: '0.0.0.0', user_agent: '', user_reference: 'component-1', origin: 'https://a.example' },
    });
    const hook = await call(svc, 'POST', '/public/v3/webhooks', { auth: bearer, body: { url: 'https://1.1.1.30/h' } });
    await call(svc, 'GET', '/public/v3/webhooks', { auth: bearer });
    await call(svc, 'GET', `/public/v3/webhooks/${hook.json.id}/deliveries`, { auth: bearer });
    await call(svc, 'DELETE', `/public/v3/webhooks/${hook.json.id}/delete`, { auth: bearer });

    // errors on purpose: each must match the document's Problem Details (or the token endpoint's OAuth error)
    await call(svc, 'DELETE', `/public/v3/webhooks/${hook.json.id}/delete`, { auth: bearer }); // 404
    await call(svc, 'GET', '/public/v3/customers/00000000-0000-7000-8000-000000000000/accounts', { auth: bearer }); // 404
    await call(svc, 'POST', '/public/v3/customers', { auth: bearer, body: { user_reference: '' } }); // 400
    await call(svc, 'GET', `${c}/accounts`); // 401
    await call(svc, 'POST', '/oauth/v2/token', {
      body: { client_id: 'x', client_secret: 'y', grant_type: 'client_credentials' },
    }); // 401
  });

  test('every answer validates against its operation in the document', () => {
    const problems: string[] = [];
    const checked = new Set<string>();
    for (const answer of answers) {
      const template = templates.find((t) => t.pattern.test(answer.path))?.template;
      const operation = template ? (doc.paths[template]?.[answer.method] as Json | undefined) : undefined;
      if (!template || !operation) continue; // not an API operation (the document itself, hosted pages)
      // A redirect's body is read by no client (the browser follows Location): only its status is held to the document.
      const redirect =
        answer.status >= 300 && answer.status < 400 && (answer.body === undefined || answer.body === null);
      const where = `${answer.method.toUpperCase()} ${template} ${answer.status}`;
      const response = operation.responses?.[String(answer.status)] as Json | undefined;
      if (!response) {
        problems.push(`${where}: the document declares no ${answer.status}`);
        continue;
      }
      if (redirect) continue;
      if (!response.content?.[answer.mediaType]) {
        problems.push(`${where}: served as ${answer.mediaType}, declared ${Object.keys(response.content ?? {})}`);
        continue;
      }
      const pointer = [
        'paths',
        template,
        answer.method,
        'responses',
        String(answer.status),
        'content',
        answer.mediaType,
        'schema',
      ]
        .map(token)
        .join('/');
      const validate = ajv.getSchema(`openapi#/${pointer}`);
      if (!validate) {
        problems.push(`${where}: no schema at ${pointer}`);
        continue;
      }
      if (!validate(answer.body)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
      checked.add(`${answer.method.toUpperCase()} ${template}`);
    }
    assert.deepEqual(problems, []);
    // the flow reached most of the document's operations, so the check above covers them
    assert.ok(checked.size >= 35, `${checked.size} operations checked: ${[...checked].join(', ')}`);
  });

  test('a body the document does not allow is caught (the check can fail)', () => {
    const pointer = [
      'paths',
      '/public/v3/customers',
      'post',
      'responses',
      '201',
      'content',
      'application/json',
      'schema',
    ]
      .map(token)
      .join('/');
    const validate = ajv.getSchema(`openapi#/${pointer}`);
    assert.ok(validate);
    assert.equal(validate({ id: 1 }), false);
  });
});
