/**
 * The sandbox bank against the official definition: every answer the connector reads (consents, accounts, balances,
 * every page of transactions, statements, parties; also the single account and party) is validated with Ajv against
 * the response schema the v3.1.11 OpenAPI document names for its path and status (test/fixtures/obie, vendored
 * unmodified with its licence). Any violation fails the test, listed with its path. The switches that only change
 * how a real bank writes what the standard allows (long codes, counterparty accounts, currency exchange, links on
 * another host or version, a self-link) must pass too; the two that break the standard on purpose (zone-less times,
 * an unreadable amount) must be caught, which shows the validator is not asleep.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import * as client from 'openid-client';
import { personasAt } from '../../src/sandbox-bank/index.ts';
import { authorizationUrl, customerAuthorises, relyingParty, startHarness, type Harness, type Rp } from './harness.ts';

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { $ref?: string }> }>>;
  components: { responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }> };
};
const doc = JSON.parse(
  readFileSync(new URL('../fixtures/obie/account-info-openapi-v3.1.11.json', import.meta.url), 'utf8'),
) as Doc;
// ajv-formats is CommonJS: its default export is the plugin function.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
ajv.addSchema(doc as object, 'obie');

const validators = new Map<string, ValidateFunction>();
/** The validator of one operation's answer: paths → responses → the component's JSON schema. */
function validatorFor(path: string, method: string, status: number): ValidateFunction {
  const key = `${method} ${path} ${status}`;
  let v = validators.get(key);
  if (!v) {
    const response = doc.paths[path]?.[method]?.responses[String(status)];
    const ref = response?.$ref?.replace('#/components/responses/', '');
    const content = ref ? doc.components.responses[ref]?.content : undefined;
    const schema = content ? Object.values(content)[0]?.schema : undefined;
    if (!schema) throw new Error(`the definition has no JSON body for ${key}`);
    v = ajv.compile({ $ref: `obie${schema.$ref}` });
    validators.set(key, v);
  }
  return v;
}

const ALL = [
  'ReadAccountsDetail',
  'ReadBalances',
  'ReadTransactionsCredits',
  'ReadTransactionsDebits',
  'ReadTransactionsDetail',
  'ReadStatementsDetail',
  'ReadParty',
];

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h.close());

/** One customer's whole consent at `slug` as `username`, then every read; answers the violations found. */
async function readEverything(slug: string, mode: 'hybrid' | 'jarm', username: string): Promise<string[]> {
  const rp: Rp = await relyingParty(h, slug, mode);
  const problems: string[] = [];
  const api = rp.creds.apiBaseUrl;
  const call = async (token: string, url: string, init: RequestInit = {}) => {
    const interactionId = crypto.randomUUID();
    const res = await rp.fetch(url, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        'x-fapi-interaction-id': interactionId,
        'x-fapi-financial-id': rp.creds.financialId,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
    const text = await res.text();
    if (res.headers.get('x-fapi-interaction-id') !== interactionId) problems.push(`${url}: interaction id not echoed`);
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, any>) : null }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const check = (path: string, method: string, answer: { status: number; body: unknown }, url: string) => {
    const v = validatorFor(path, method, answer.status);
    if (!v(answer.body))
      for (const e of v.errors ?? []) problems.push(`${method.toUpperCase()} ${url} ${e.instancePath} ${e.message}`);
  };

  const cc = await client.clientCredentialsGrant(rp.config, { scope: 'accounts' });
  const created = await call(cc.access_token, `${api}/account-access-consents`, {
    method: 'POST',
    body: JSON.stringify({ Data: { Permissions: ALL }, Risk: {} }),
  });
  check('/account-access-consents', 'post', created, 'account-access-consents');
  const consentId = String(created.body?.Data.ConsentId);
  const { url, checks } = await authorizationUrl(rp, consentId);
  const tokens = await client.authorizationCodeGrant(
    rp.config,
    await customerAuthorises(url, { username, decision: 'approve' }),
    checks,
  );
  const read = await call(cc.access_token, `${api}/account-access-consents/${consentId}`);
  check('/account-access-consents/{ConsentId}', 'get', read, 'account-access-consents/{ConsentId}');

  const token = tokens.access_token;
  const accounts = await call(token, `${api}/accounts`);
  check('/accounts', 'get', accounts, 'accounts');
  for (const a of accounts.body?.Data.Account ?? []) {
    const base = `${api}/accounts/${a.AccountId}`;
    for (const [path, suffix] of [
      ['/accounts/{AccountId}', ''],
      ['/accounts/{AccountId}/balances', '/balances'],
      ['/accounts/{AccountId}/statements', '/statements'],
      ['/accounts/{AccountId}/parties', '/parties'],
      ['/accounts/{AccountId}/party', '/party'],
    ] as const)
      check(path, 'get', await call(token, `${base}${suffix}`), `${path}`);
    // Every page, following Links.Next as the connector does (a self-link ends it).
    let next: string | undefined = `${base}/transactions`;
    for (let pages = 0; next && pages < 50; pages++) {
      const page = await call(token, next);
      check('/accounts/{AccountId}/transactions', 'get', page, `transactions page ${pages + 1}`);
      const link: unknown = page.body?.Links?.Next;
      next = typeof link === 'string' && link !== next ? link : undefined;
    }
  }
  // An endpoint the bank has not built: the standard's 404, the interaction id echoed (checked in `call`).
  const first = accounts.body?.Data.Account?.[0]?.AccountId;
  const unbuilt = await call(token, `${api}/accounts/${first}/beneficiaries`);
  if (unbuilt.status !== 404) problems.push(`beneficiaries answered ${unbuilt.status}, not 404`);
  // A 400 the bank answers (no such account): the standard's error body.
  check('/accounts/{AccountId}/balances', 'get', await call(token, `${api}/accounts/nope/balances`), 'error body');
  return problems;
}

describe('sandbox bank › answers validated against the official v3.1.11 definition', () => {
  it('a personal customer at Sandbox Bank: no violation', async () => {
    assert.deepEqual(await readEverything('sandbox', 'hybrid', personasAt('sandbox')[0] ?? ''), []);
  });

  it('a business customer at Sandbox Business Bank: no violation', async () => {
    assert.deepEqual(await readEverything('sandbox-business', 'jarm', personasAt('sandbox-business')[0] ?? ''), []);
  });

  it('the switches that write what the standard allows differently: no violation', async () => {
    const user = `${personasAt('sandbox')[0]}+long-codes+no-description+fx+alias-next+self-next`;
    assert.deepEqual(await readEverything('sandbox', 'hybrid', user), []);
  });

  it('zone-less times and an unreadable amount are violations, and the validator finds them', async () => {
    const problems = await readEverything('sandbox', 'hybrid', `${personasAt('sandbox')[0]}+zoneless+bad-item`);
    assert.ok(
      problems.some((p) => /\/BookingDateTime must match format "date-time"/.test(p)),
      problems.join('\n'),
    );
    assert.ok(problems.some((p) => /\/Data\/Transaction\/0\/Amount\/Amount must match pattern/.test(p)));
  });
});
