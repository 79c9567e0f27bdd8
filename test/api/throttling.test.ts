/**
 * Throttling (docs/api-notes.md, "Throttling"), with the limits tightened so a handful of requests reach them:
 * the per-client quota, the token endpoint's growing lock-out, invitation e-mails per recipient, the hosted pages
 * per address, and (on PostgreSQL) the counters shared by two instances on one database.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, startService } from '../helpers/app.ts';

const LIMITS = {
  RATE_LIMIT_API_PER_MINUTE: '5',
  RATE_LIMIT_PAGES_PER_MINUTE: '3',
  TOKEN_LOCKOUT_AFTER: '3',
  TOKEN_LOCKOUT_SECONDS: '30',
  TOKEN_LOCKOUT_MAX_SECONDS: '100',
  INVITATION_EMAILS_PER_RECIPIENT_PER_DAY: '2',
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
