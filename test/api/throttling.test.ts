/**
 * Throttling (docs/api-notes.md, "Throttling"), with the limits tightened so a handful of requests reach them:
 * the per-client quota, the token endpoint's growing lock-out, invitation e-mails per recipient, the hosted pages
 * per address, and (on PostgreSQL) the counters shared by two instances on one database.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer, newCustomerToken, startService } from '../helpers/app.ts';

const LIMITS = {
  RATE_LIMIT_API_PER_MINUTE: '5',
  RATE_LIMIT_PAGES_PER_MINUTE: '3',
  // The per-address ceiling of the hosted pages (src/web/page-limits.ts), low enough to reach with a flow per page.
  RATE_LIMIT_PAGES_PER_ADDRESS_PER_MINUTE: '4',
  TOKEN_LOCKOUT_AFTER: '3',
  TOKEN_LOCKOUT_SECONDS: '30',
  TOKEN_LOCKOUT_MAX_SECONDS: '100',
  INVITATION_EMAILS_PER_RECIPIENT_PER_DAY: '2',
  TRUSTED_PROXIES: '192.0.2.1',
};

describe('throttling', async () => {
  const svc = await startService(LIMITS);

  test('API quota › the sixth call in a minute is 429 with Retry-After and RateLimit headers; another client is untouched', async () => {
    const a = await newClient(svc, 'Busy Lender');
    const b = await newClient(svc, 'Quiet Lender');
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await svc.app.inject({ method: 'GET', url: '/public/v3/customers', headers: a.auth });
      statuses.push(last.statusCode);
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
    assert.ok(last);
    assert.equal(last.json().code, 'rate_limited');
    assert.match(last.headers['content-type'] as string, /application\/problem\+json/);
    assert.ok(Number(last.headers['retry-after']) > 0, 'Retry-After');
    assert.equal(last.headers['ratelimit-limit'], '5');
    assert.equal(last.headers['ratelimit-remaining'], '0');
    const other = await svc.app.inject({ method: 'GET', url: '/public/v3/customers', headers: b.auth });
    assert.equal(other.statusCode, 200);
    assert.equal(other.headers['ratelimit-remaining'], '4');
  });

  test('token endpoint › from the third failure the client id is locked, even for the right secret; the lock grows', async () => {
    const { clientId, clientSecret } = await newClient(svc, 'Guessed Lender');
    const token = (secret: string) =>
      svc.app.inject({
        method: 'POST',
        url: '/oauth/v2/token',
        payload: { client_id: clientId, client_secret: secret, grant_type: 'client_credentials' },
        remoteAddress: '192.0.2.10',
      });
    for (let i = 0; i < 3; i++) assert.equal((await token('wrong')).statusCode, 401);
    const locked = await token(clientSecret);
    assert.equal(locked.statusCode, 429, 'locked, whatever the secret');
    assert.equal(Number(locked.headers['retry-after']), 30);
    assert.equal(locked.json().error, 'invalid_client');
    svc.clock.advance(31);
    assert.equal((await token('wrong again')).statusCode, 401, 'the lock ended; the fourth failure locks for longer');
    assert.equal(Number((await token(clientSecret)).headers['retry-after']), 60);
    svc.clock.advance(61);
    assert.equal((await token(clientSecret)).statusCode, 200, 'after the lock the right secret works');
  });

  test('token endpoint › five bursts of made-up client ids from one address, then every real client there gets its token', async () => {
    const clients = [await newClient(svc, 'First Lender'), await newClient(svc, 'Second Lender')];
    const from = '192.0.2.40';
    const token = (client_id: string, client_secret: string, remoteAddress = from) =>
      svc.app.inject({
        method: 'POST',
        url: '/oauth/v2/token',
        payload: { client_id, client_secret, grant_type: 'client_credentials' },
        remoteAddress,
      });
    for (let burst = 0; burst < 5; burst++) {
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) => token(`made-up-${burst}-${i}`, 'anything')),
      );
      assert.deepEqual(
        answers.map((r) => r.statusCode),
        [401, 401, 401, 401, 401],
      );
    }
    for (const c of clients) assert.equal((await token(c.clientId, c.clientSecret)).statusCode, 200);
  });

  test('token endpoint › a burst of wrong secrets locks the client from that address only; another address gets its token', async () => {
    const { clientId, clientSecret } = await newClient(svc, 'Targeted Lender');
    const token = (secret: string, remoteAddress: string) =>
      svc.app.inject({
        method: 'POST',
        url: '/oauth/v2/token',
        payload: { client_id: clientId, client_secret: secret, grant_type: 'client_credentials' },
        remoteAddress,
      });
    const burst = await Promise.all(Array.from({ length: 10 }, () => token('wrong', '192.0.2.50')));
    const statuses = burst.map((r) => r.statusCode);
    assert.equal(statuses.filter((s) => s === 401).length, 3, 'three secrets checked, however many arrive at once');
    assert.equal(statuses.filter((s) => s === 429).length, 7);
    assert.equal((await token(clientSecret, '192.0.2.50')).statusCode, 429, 'that address is locked');
    assert.equal((await token(clientSecret, '192.0.2.51')).statusCode, 200, 'the client itself is not');
  });

  test('invitations › the third e-mail to one address in a day is 429 with a pointer; without e-mail it goes', async () => {
    const client = await newClient(svc, 'Inviting Lender');
    const invite = (send_email: boolean, email = 'Someone@Example.com') =>
      svc.app.inject({
        method: 'POST',
        url: '/public/v3/invitations',
        headers: client.auth,
        payload: { email, reference: `ref-${Math.random()}`, send_email },
      });
    // The API quota is 5 a minute: the clock the quota uses is real, so each call here counts.
    assert.equal((await invite(true)).statusCode, 201);
    assert.equal((await invite(true, 'someone@example.com')).statusCode, 201);
    const third = await invite(true);
    assert.equal(third.statusCode, 429);
    assert.equal(third.json().code, 'rate_limited');
    assert.equal(third.json().errors[0].pointer, '/email');
    assert.ok(Number(third.headers['retry-after']) > 0);
    assert.equal((await invite(false)).statusCode, 201);
  });

  test('hosted pages › the fourth page of one flow in a minute gets a 429 page', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await svc.app.inject({ method: 'GET', url: '/connect/s/nope/banks', remoteAddress: '198.51.100.7' });
      statuses.push(res.statusCode);
    }
    assert.deepEqual(statuses, [404, 404, 404, 429]);
    const other = await svc.app.inject({
      method: 'GET',
      url: '/connect/s/nope-2/banks',
      remoteAddress: '198.51.100.7',
    });
    assert.equal(other.statusCode, 404, 'another flow is not affected');
  });

  test('behind a trusted proxy › limits key on the forwarded address; from anyone else the header is ignored', async () => {
    // A flow of its own for every page, so only the per-address ceiling (4) can refuse.
    let flow = 0;
    const page = (remoteAddress: string, forwarded?: string) =>
      svc.app.inject({
        method: 'GET',
        url: `/connect/s/proxy-${++flow}/banks`,
        remoteAddress,
        headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
      });
    const viaProxy = [];
    for (let i = 0; i < 5; i++) viaProxy.push((await page('192.0.2.1', '198.51.100.20')).statusCode);
    assert.deepEqual(viaProxy, [404, 404, 404, 404, 429]);
    assert.equal((await page('192.0.2.1', '198.51.100.21')).statusCode, 404, 'another caller behind the proxy');
    const forged = [];
    for (let i = 0; i < 5; i++) forged.push((await page('192.0.2.99', `198.51.100.${30 + i}`)).statusCode);
    assert.deepEqual(forged, [404, 404, 404, 404, 429], 'a forged header from a stranger changes nothing');
  });

  test('IPv6 › addresses in one /64 share a limit; the next /64 has its own', async () => {
    let flow = 0;
    const page = (remoteAddress: string) =>
      svc.app.inject({ method: 'GET', url: `/connect/s/v6-${++flow}/banks`, remoteAddress });
    const statuses = [];
    for (const address of [
      '2001:db8:7:8::1',
      '2001:db8:7:8::2',
      '2001:db8:7:8::abcd:1',
      '2001:db8:7:8::abcd:2',
      '2001:db8:7:8:ffff:ffff:ffff:ffff',
    ])
      statuses.push((await page(address)).statusCode);
    assert.deepEqual(statuses, [404, 404, 404, 404, 429]);
    assert.equal((await page('2001:db8:7:9::1')).statusCode, 404);
  });
});

describe('budgets by who spends them', async () => {
  const svc = await startService({
    RATE_LIMIT_API_PER_MINUTE: '20',
    RATE_LIMIT_CUSTOMER_SHARE_PERCENT: '50',
    RATE_LIMIT_CUSTOMER_FLOW_PER_MINUTE: '4',
    CONSENTS_PER_CUSTOMER_PER_HOUR: '2',
    CONSENTS_PER_CLIENT_PER_HOUR: '3',
    INVITATIONS_PER_CLIENT_PER_HOUR: '2',
  });
  const asCustomer = (token: string, method: 'GET' | 'POST', url: string) =>
    svc.app.inject({
      method,
      url,
      headers: { authorization: `AppUserToken ${token}` },
      payload: method === 'POST' ? {} : undefined,
    });

  test('a flood from one customer token: its flows and its share run out, the lender keeps its own calls', async () => {
    const client = await newClient(svc, 'Flooded Lender');
    // Two of the lender's own calls: its reserved half (10) has 8 left.
    const token = await newCustomerToken(svc, client, await newCustomer(svc, client));
    const urls: Array<['GET' | 'POST', string]> = [
      ['GET', '/public/v3/webflow/banks'],
      ['GET', '/public/v3/webflow/banks/sandbox/consent/status'],
      ['POST', '/public/v3/webflow/banks/sandbox/consent'],
    ];
    const lender: number[] = [];
    const flood: number[] = [];
    for (let i = 0; i < 60; i++) {
      const [method, url] = urls[i % 3] as ['GET' | 'POST', string];
      flood.push((await asCustomer(token, method, url)).statusCode);
      if (i % 8 === 0)
        lender.push(
          (await svc.app.inject({ method: 'GET', url: '/public/v3/customers', headers: client.auth })).statusCode,
        );
    }
    assert.deepEqual(lender, Array(8).fill(200), "the lender's own calls all answer");
    const passed = flood.filter((s) => s !== 429).length;
    assert.equal(passed, 10, `the customer got the customers' half of 20, no more: ${flood.join(',')}`);
    const other = await newClient(svc, 'Neighbour Lender');
    assert.equal(
      (await svc.app.inject({ method: 'GET', url: '/public/v3/customers', headers: other.auth })).statusCode,
      200,
      'another client is untouched',
    );
  });

  test("one customer's flood of one flow stops at its own budget, before its lender's quota is touched", async () => {
    const client = await newClient(svc, 'Polled Lender');
    const token = await newCustomerToken(svc, client, await newCustomer(svc, client));
    const polls = [];
    for (let i = 0; i < 8; i++)
      polls.push((await asCustomer(token, 'GET', '/public/v3/webflow/banks/sandbox/consent/status')).statusCode);
    assert.equal(polls.filter((s) => s !== 429).length, 4);
    const refused = await asCustomer(token, 'GET', '/public/v3/webflow/banks/sandbox/consent/status');
    assert.equal(refused.json().code, 'rate_limited');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal(
      (await asCustomer(token, 'GET', '/public/v3/webflow/banks')).statusCode,
      200,
      'another flow has its own',
    );
    const quota = await svc.app.inject({ method: 'GET', url: '/public/v3/customers', headers: client.auth });
    assert.equal(
      quota.headers['ratelimit-remaining'],
      String(20 - 2 - 4 - 1 - 1),
      "the setup's two calls, four polls, the bank list and this call: the refused polls did not count",
    );
  });

  test('bank consents: two an hour per customer, three per client', async () => {
    const client = await newClient(svc, 'Consenting Lender');
    const [x, y] = await Promise.all([newCustomer(svc, client), newCustomer(svc, client)]);
    const redirect = async (customer: string) =>
      asCustomer(
        await newCustomerToken(svc, client, customer),
        'POST',
        `/public/v3/webflow/banks/sandbox/redirect?url=${encodeURIComponent('https://nowhere.example/return')}`,
      );
    const ofX = [(await redirect(x as string)).statusCode, (await redirect(x as string)).statusCode];
    assert.ok(!ofX.includes(429), ofX.join(','));
    assert.equal((await redirect(x as string)).statusCode, 429, "the customer's third");
    assert.notEqual((await redirect(y as string)).statusCode, 429, "another customer's first");
    assert.equal((await redirect(y as string)).statusCode, 429, "the client's fourth");
  });

  test('invitations: two an hour per client', async () => {
    const client = await newClient(svc, 'Inviting Lender');
    const invite = () =>
      svc.app.inject({
        method: 'POST',
        url: '/public/v3/invitations',
        headers: client.auth,
        payload: { email: 'someone@example.com', reference: `ref-${Math.random()}`, send_email: false },
      });
    assert.deepEqual(
      [(await invite()).statusCode, (await invite()).statusCode, (await invite()).statusCode],
      [201, 201, 429],
    );
  });
});

describe(
  'throttling across instances',
  { skip: process.env.DATABASE_URL ? false : 'needs PostgreSQL (DATABASE_URL)' },
  async () => {
    const one = await startService(LIMITS);
    const two = await startService(LIMITS);

    test('two instances on one database share the quota', async () => {
      const client = await newClient(one, 'Shared Lender');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const svc = i % 2 === 0 ? one : two;
        statuses.push(
          (await svc.app.inject({ method: 'GET', url: '/public/v3/customers', headers: client.auth })).statusCode,
        );
      }
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
    });
  },
);
