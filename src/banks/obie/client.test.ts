/**
 * The OBIE connector against a scripted bank on loopback: every bank answer becomes one of four error classes,
 * reads are retried (503, 429 within the wait limit), Links.Next is followed but never off the bank's API, and the
 * x-fapi headers go out (and the interaction id's echo is checked).
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createObieConnector, nextLink } from './client.ts';
import { BankAuthLostError, BankBadResponseError, BankRateLimitedError, BankUnavailableError } from '../errors.ts';
import type { BankConnectionSettings } from '../connections.ts';

type Script = (
  req: http.IncomingMessage,
  body: string,
) => { status: number; body?: unknown; headers?: Record<string, string> };

async function fakeBank(script: Script) {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push(`${req.method} ${req.url}`);
      if (req.url === '/.well-known/openid-configuration') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            issuer: base,
            authorization_endpoint: `${base}/authorize`,
            token_endpoint: `${base}/token`,
            code_challenge_methods_supported: ['S256'],
          }),
        );
        return;
      }
      if (req.url === '/token') {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: 'cc', token_type: 'Bearer', expires_in: 3600 }));
        return;
      }
      const a = script(req, body);
      res
        .writeHead(a.status, { 'content-type': 'application/json', ...a.headers })
        .end(a.body === undefined ? '' : typeof a.body === 'string' ? a.body : JSON.stringify(a.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const settings: BankConnectionSettings = {
    discoveryUrl: `${base}/.well-known/openid-configuration`,
    apiBaseUrl: `${base}/open-banking/v3.1/aisp`,
    clientId: 'c',
    authMethod: 'private_key_jwt',
    // Not used by the data reads under test here (plain http, a token handed in); the FAPI exchanges are tested
    // against the sandbox bank's oidc-provider (test/flows/fapi-connector.test.ts).
    signingKey: { pem: 'unused', kid: 'unused' },
    tls: { cert: 'unused', key: 'unused' },
    authorizationResponse: 'auto',
    clientAssertionAudience: 'issuer',
    apiBaseUrlAliases: [],
    timeoutMs: 120_000, // not under test: a busy machine must not turn an answer into a timeout
    financialId: '0015800000jfwxXAAQ',
    maxRetryWaitSeconds: 2,
  };
  const waits: number[] = [];
  const connector = createObieConnector('fake', settings, {
    clock: { now: () => new Date('2026-06-01T09:00:00Z') },
    sleep: async (ms) => void waits.push(ms),
  });
  return { base, seen, waits, connector };
}

const fetchAll = (c: Awaited<ReturnType<typeof fakeBank>>['connector']) =>
  c.fetchAccountData('token', {
    permissions: ['ReadAccountsDetail', 'ReadTransactionsDetail'],
    transactionsFrom: 0,
    transactionsTo: 2_000_000_000,
  });

describe('OBIE connector', () => {
  test('follows Links.Next across pages and returns every page as received', async () => {
    let api = '';
    const bank = await fakeBank((req) => {
      if (req.url!.endsWith('/accounts'))
        return { status: 200, body: { Data: { Account: [{ AccountId: 'A1' }] }, Links: { Self: 'x' } } };
      const pageNo = Number(new URL(req.url!, 'http://x').searchParams.get('page') ?? 1);
      return {
        status: 200,
        body: {
          Data: { Transaction: [] },
          Links: { Self: 'x', ...(pageNo < 3 ? { Next: `${api}/accounts/A1/transactions?page=${pageNo + 1}` } : {}) },
        },
      };
    });
    api = `${bank.base}/open-banking/v3.1/aisp`;
    const payloads = await fetchAll(bank.connector);
    assert.deepEqual(
      payloads.map((p) => `${p.resource}:${p.page}`),
      ['accounts:1', 'transactions:1', 'transactions:2', 'transactions:3'],
    );
    assert.match(
      bank.seen.find((s) => s.includes('/transactions?'))!,
      /fromBookingDateTime=1970-01-01T00:00:00&toBookingDateTime=2033-05-18T03:33:20/,
    );
  });

  test('a Links.Next that leaves the bank API is refused (our token never goes there)', async () => {
    const bank = await fakeBank((req) =>
      req.url!.endsWith('/accounts')
        ? {
            status: 200,
            body: { Data: { Account: [] }, Links: { Self: 'x', Next: 'https://elsewhere.example/steal' } },
          }
        : { status: 404 },
    );
    await assert.rejects(
      fetchAll(bank.connector),
      (err: unknown) => err instanceof BankBadResponseError && /leaves the bank API/.test(err.message),
    );
    assert.equal(bank.seen.filter((s) => s.includes('steal')).length, 0);
  });

  test("Links.Next: a self-link ends; the bank's aliases and other API versions are followed; anything else refused", () => {
    const api = 'https://api.bank.example/open-banking/v3.1/aisp';
    const aliases = ['https://mtls.bank.example/ob/open-banking/v3.1/aisp'];
    const self = `${api}/accounts/A1/transactions?page=3`;
    const next = (n: string) => nextLink({ slug: 'b' }, { Links: { Next: n } }, api, aliases, self);
    assert.equal(next(self), null, 'a last page naming itself');
    assert.equal(next('?page=3'), null, 'also written relative');
    for (const ok of [
      `${api}/accounts/A1/transactions?page=4`,
      'https://api.bank.example/open-banking/v3.1.11/aisp/accounts/A1/transactions?page=4',
      'https://mtls.bank.example/ob/open-banking/v3.1.2/aisp/accounts/A1/transactions?page=4',
    ])
      assert.equal(next(ok), ok);
    for (const bad of [
      'https://elsewhere.example/open-banking/v3.1/aisp/accounts',
      'http://api.bank.example/open-banking/v3.1/aisp/accounts',
      'https://api.bank.example/other/v3.1/aisp/accounts',
      'https://mtls.bank.example/open-banking/v3.1/aisp/accounts',
    ])
      assert.throws(() => next(bad), /leaves the bank API/, bad);
  });

  test('401 and 403 are access lost; other 4xx a bad response; 5xx unavailable after two retries', async () => {
    for (const [status, kind] of [
      [401, BankAuthLostError],
      [403, BankAuthLostError],
      [404, BankBadResponseError],
      [503, BankUnavailableError],
    ] as const) {
      const bank = await fakeBank(() => ({
        status,
        body: { Code: String(status), Errors: [{ ErrorCode: 'UK.OBIE.Resource.InvalidConsentStatus', Message: 'no' }] },
      }));
      await assert.rejects(
        fetchAll(bank.connector),
        (err: unknown) =>
          err instanceof kind && (status !== 403 || /InvalidConsentStatus/.test((err as Error).message)),
        String(status),
      );
      assert.equal(
        bank.seen.filter((s) => s.endsWith('/accounts')).length,
        status === 503 ? 3 : 1,
        `tries for ${status}`,
      );
    }
  });

  test("429 › waits the Retry-After and tries again; a wait beyond the bank's limit is rate_limited with retryAfter", async () => {
    let n = 0;
    const ok = await fakeBank(() =>
      ++n === 1
        ? { status: 429, headers: { 'retry-after': '1' } }
        : { status: 200, body: { Data: { Account: [] }, Links: { Self: 'x' } } },
    );
    await fetchAll(ok.connector);
    assert.deepEqual(ok.waits, [1000]);
    const slow = await fakeBank(() => ({ status: 429, headers: { 'retry-after': '120' } }));
    await assert.rejects(
      fetchAll(slow.connector),
      (err: unknown) => err instanceof BankRateLimitedError && err.retryAfter === 120,
    );
  });

  test('an answer that is not JSON is a bad response', async () => {
    const bank = await fakeBank(() => ({ status: 200, body: '<html>maintenance</html>' }));
    await assert.rejects(fetchAll(bank.connector), BankBadResponseError);
  });

  test('x-fapi headers: a fresh interaction id each call, customer-present headers only when the customer is', async () => {
    const headers: http.IncomingHttpHeaders[] = [];
    const bank = await fakeBank((req) => {
      headers.push(req.headers);
      return {
        status: 200,
        body: { Data: { Account: [] } },
        headers: { 'x-fapi-interaction-id': String(req.headers['x-fapi-interaction-id']) },
      };
    });
    await fetchAll(bank.connector);
    await bank.connector.fetchAccountData('token', {
      permissions: [],
      transactionsFrom: 0,
      transactionsTo: 1,
      customer: { ipAddress: '203.0.113.7', authenticatedAt: new Date('2026-06-01T08:59:00Z') },
    });
    const [unattended, present] = headers;
    assert.match(String(unattended!['x-fapi-interaction-id']), /^[0-9a-f-]{36}$/);
    assert.notEqual(unattended!['x-fapi-interaction-id'], present!['x-fapi-interaction-id']);
    assert.equal(unattended!['x-fapi-customer-ip-address'], undefined);
    assert.equal(unattended!['x-fapi-auth-date'], undefined);
    assert.equal(present!['x-fapi-customer-ip-address'], '203.0.113.7');
    assert.equal(present!['x-fapi-auth-date'], 'Mon, 01 Jun 2026 08:59:00 GMT');
    assert.equal(present!['x-fapi-financial-id'], '0015800000jfwxXAAQ');
  });

  test('an answer echoing another x-fapi-interaction-id is refused (it is not the answer to our call)', async () => {
    const bank = await fakeBank(() => ({
      status: 200,
      body: { Data: { Account: [] } },
      headers: { 'x-fapi-interaction-id': '00000000-0000-4000-8000-000000000000' },
    }));
    await assert.rejects(
      fetchAll(bank.connector),
      (err: unknown) => err instanceof BankBadResponseError && /x-fapi-interaction-id/.test(err.message),
    );
  });
});
