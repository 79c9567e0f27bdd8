/**
 * Small reads in one round trip (docs/decisions/0031-small-reads-in-one-round-trip.md): a verified access token is
 * remembered for a few seconds, the ownership check and the read are one query, and the client's quota is counted
 * in batches. What must not change: a revoked, disabled, rotated-out or deleted client's token stops at once in
 * this process, expired tokens are refused, and no token ever reads another client's customer.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer, startService, type TestClient, type TestService } from '../helpers/app.ts';
import { newAccount } from '../helpers/bank-data.ts';
import { deleteClient, rotateClientSecret, setClientEnabled } from '../../src/modules/clients/index.ts';
import { upsertParties, upsertStatements } from '../../src/modules/statements/statements.repo.ts';
import { buildAdminApp } from '../../src/app/admin-server.ts';

const ADMIN_TOKEN = 'adm_0123456789abcdef0123456789abcdef';

/** Counts the statements the service sends while `fn` runs (through the Db the app holds, not by time). */
async function countQueries(svc: TestService, fn: () => Promise<unknown>): Promise<string[]> {
  const db = svc.deps.db;
  const original = db.query;
  const seen: string[] = [];
  db.query = function counted(this: typeof db, sql: string, params?: unknown[]) {
    seen.push(sql.replace(/\s+/g, ' ').trim());
    return original.call(this, sql, params);
  } as typeof db.query;
  try {
    await fn();
  } finally {
    db.query = original;
  }
  return seen;
}

async function get(svc: TestService, url: string, client: TestClient) {
  return svc.app.inject({ method: 'GET', url, headers: client.auth });
}

describe('small reads take one query once the token is verified', async () => {
  const svc = await startService();
  const client = await newClient(svc);
  const customer = await newCustomer(svc, client);
  const account = await newAccount(svc, client, customer);
  const now = svc.clock.now();
  await upsertStatements(svc.deps.db, customer, account.id, [{ AccountId: account.id, StatementId: 'st-1' }], now);
  await upsertParties(
    svc.deps.db,
    customer,
    account.id,
    [{ AccountId: account.id, PartyId: 'p-1', AccountRole: 'UK.OBIE.Principal' }],
    now,
  );

  for (const [name, url] of [
    ['GET accounts', `/public/v3/customers/${customer}/accounts`],
    ['GET a customer', `/public/v3/customers/${customer}`],
    ['GET statements', `/public/v3/customers/${customer}/accounts/${account.id}/statements`],
    ['GET parties', `/public/v3/customers/${customer}/accounts/${account.id}/party`],
    ['GET balances', `/public/v3/customers/${customer}/accounts/${account.id}/balances`],
  ] as const) {
    test(`${name} › one query after the first request`, async () => {
      const first = await get(svc, url, client);
      assert.equal(first.statusCode, 200, first.body);
      let again = first;
      const queries = await countQueries(svc, async () => {
        again = await get(svc, url, client);
      });
      assert.equal(again.statusCode, 200, again.body);
      assert.deepEqual(again.json(), first.json());
      assert.equal(queries.length, 1, queries.join('\n'));
    });
  }

  test('an unknown customer and an unknown account answer as before', async () => {
    const noCustomer = await get(svc, '/public/v3/customers/nope/accounts', client);
    assert.equal(noCustomer.statusCode, 404);
    assert.equal(noCustomer.json().code, 'customer_not_found');
    for (const tail of ['statements', 'party', 'balances']) {
      const noAccount = await get(svc, `/public/v3/customers/${customer}/accounts/nope/${tail}`, client);
      assert.equal(noAccount.json().code, 'account_not_found', tail);
      const wrongCustomer = await get(svc, `/public/v3/customers/nope/accounts/${account.id}/${tail}`, client);
      assert.equal(wrongCustomer.json().code, 'customer_not_found', tail);
    }
  });

  test('a customer without accounts has an empty list', async () => {
    const empty = await newCustomer(svc, client);
    const res = await get(svc, `/public/v3/customers/${empty}/accounts`, client);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { data: [] });
  });
});

describe('a remembered token never outlives its client, its revocation or its expiry', async () => {
  const svc = await startService({ OBI_ADMIN_TOKEN: ADMIN_TOKEN });
  const change = () => ({ actor: 'cli' as const, now: svc.clock.now() });

  /** A client whose token has just been verified (so it is remembered), with a customer it can read. */
  async function warmClient(): Promise<{ client: TestClient; url: string }> {
    const client = await newClient(svc);
    const customer = await newCustomer(svc, client);
    const url = `/public/v3/customers/${customer}/accounts`;
    assert.equal((await get(svc, url, client)).statusCode, 200);
    assert.equal((await get(svc, url, client)).statusCode, 200);
    return { client, url };
  }

  test('disabled › the next request is refused', async () => {
    const { client, url } = await warmClient();
    await setClientEnabled(svc.deps.db, client.clientId, false, change());
    const res = await get(svc, url, client);
    assert.equal(res.statusCode, 401);
    assert.match(String(res.headers['www-authenticate']), /^Bearer /);
  });

  test('disabled through the admin API › the next request is refused, and enabling does not bring it back', async () => {
    const { client, url } = await warmClient();
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    // The admin API is on the admin listener's app (src/app/admin-server.ts), not the public one.
    const adminApp = await buildAdminApp(svc.deps, ADMIN_TOKEN);
    const off = await adminApp.inject({
      method: 'POST',
      url: `/admin/v1/clients/${client.clientId}/disable`,
      headers: admin,
    });
    assert.equal(off.statusCode, 200, off.body);
    assert.equal((await get(svc, url, client)).statusCode, 401);
    const on = await adminApp.inject({
      method: 'POST',
      url: `/admin/v1/clients/${client.clientId}/enable`,
      headers: admin,
    });
    assert.equal(on.statusCode, 200, on.body);
    assert.equal((await get(svc, url, client)).statusCode, 401);
  });

  test('secret rotated with no overlap › the next request is refused', async () => {
    const { client, url } = await warmClient();
    await rotateClientSecret(svc.deps.db, svc.deps.installationKey, client.clientId, {
      ...change(),
      overlapSeconds: 0,
    });
    assert.equal((await get(svc, url, client)).statusCode, 401);
  });

  test('secret rotated with an overlap › tokens already issued keep working, as before', async () => {
    const { client, url } = await warmClient();
    await rotateClientSecret(svc.deps.db, svc.deps.installationKey, client.clientId, {
      ...change(),
      overlapSeconds: 600,
    });
    assert.equal((await get(svc, url, client)).statusCode, 200);
  });

  test('deleted › the next request is refused', async () => {
    const { client, url } = await warmClient();
    await deleteClient(svc.deps.db, client.clientId, { ...change(), confirm: client.clientId });
    assert.equal((await get(svc, url, client)).statusCode, 401);
  });

  test('expired › refused with token_expired although it was verified a moment ago', async () => {
    const { client, url } = await warmClient();
    svc.clock.advance(svc.deps.config.accessTokenTtlSeconds);
    const res = await get(svc, url, client);
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().code, 'token_expired');
    svc.clock.advance(-svc.deps.config.accessTokenTtlSeconds);
  });

  test("client A's remembered token never reads client B's customer, nor B's A's", async () => {
    const a = await warmClient();
    const b = await warmClient();
    for (let i = 0; i < 3; i++) {
      assert.equal((await get(svc, b.url, a.client)).statusCode, 404);
      assert.equal((await get(svc, a.url, b.client)).statusCode, 404);
      assert.equal((await get(svc, a.url, a.client)).statusCode, 200);
      assert.equal((await get(svc, b.url, b.client)).statusCode, 200);
    }
    const otherCustomer = b.url.split('/')[4] ?? '';
    for (const tail of ['', '/accounts/x/statements', '/accounts/x/party', '/accounts/x/balances']) {
      const res = await get(svc, `/public/v3/customers/${otherCustomer}${tail}`, a.client);
      assert.equal(res.statusCode, 404, tail);
      assert.equal(res.json().code, 'customer_not_found', tail);
    }
  });
});

describe('the client quota, counted in batches, still stops at its limit in one process', async () => {
  const svc = await startService({ RATE_LIMIT_API_PER_MINUTE: '200' });

  test('every counted call up to the limit passes, and the next is 429', async () => {
    const client = await newClient(svc);
    const customer = await newCustomer(svc, client); // the first counted call
    let passed = 1;
    let res = await get(svc, `/public/v3/customers/${customer}/accounts`, client);
    while (res.statusCode === 200 && passed < 1000) {
      passed += 1;
      res = await get(svc, `/public/v3/customers/${customer}/accounts`, client);
    }
    assert.equal(res.statusCode, 429, res.body);
    assert.equal(passed, 200);
    assert.equal(res.headers['ratelimit-remaining'], '0');
  });
});
