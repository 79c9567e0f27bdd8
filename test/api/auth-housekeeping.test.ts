/**
 * The auth.housekeeping job (src/jobs/registry.ts) deletes access and customer tokens a week after they expired, and
 * keeps the others: within the week a client presenting an expired token is told `token_expired`, after it the
 * token is unknown. It runs over every token in the database by this service's moved clock: on PostgreSQL this file
 * gets a database of its own, so it never deletes another test file's tokens.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { countOf, newClient, newCustomer, newCustomerToken, startService } from '../helpers/app.ts';
import { freshTarget } from '../helpers/fresh-target.ts';

const DAY = 86_400;

describe('auth.housekeeping', async () => {
  const target = process.env.DATABASE_URL ? await freshTarget('obi_auth_housekeeping') : null;
  const svc = await startService({
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    CUSTOMER_TOKEN_TTL_SECONDS: '3600',
    ...(target ? { DATABASE_URL: target.env.DATABASE_URL } : {}),
  });
  // Registered after the service's own close (test/helpers/app.ts), so it runs once the service let go of it.
  if (target) after(() => target.drop());
  const runJob = async () => {
    await svc.deps.db.transaction((tx) => svc.deps.queue.enqueue(tx, 'auth.housekeeping', {}));
    assert.equal(await svc.deps.queue.drain(['auth.housekeeping']), 1);
  };
  const webflowBanks = (token: string) =>
    svc.app.inject({
      method: 'GET',
      url: '/public/v3/webflow/banks',
      headers: { authorization: `AppUserToken ${token}` },
    });

  test('tokens expired under a week are kept (token_expired); past a week they are deleted; live ones stay', async () => {
    const client = await newClient(svc);
    const customerId = await newCustomer(svc, client);
    const oldCustomerToken = await newCustomerToken(svc, client, customerId);
    const accessTokens = () =>
      countOf(svc, 'SELECT count(*) AS n FROM access_tokens WHERE client_id = $1', [client.clientId]);
    const customerTokens = () =>
      countOf(svc, 'SELECT count(*) AS n FROM customer_tokens WHERE customer_id = $1', [customerId]);

    svc.clock.advance(2 * DAY);
    await runJob();
    assert.equal(await accessTokens(), 1, 'expired two days ago: kept');
    assert.equal(await customerTokens(), 1);
    const expired = await webflowBanks(oldCustomerToken);
    assert.equal(expired.statusCode, 401);
    assert.equal(expired.json().code, 'token_expired', expired.body);

    // New tokens now; a week and a day later the first ones are past the week, the new ones (expired 7 days ago
    // less an hour) are not.
    const renewed = await newClient(svc);
    await newCustomerToken(svc, renewed, await newCustomer(svc, renewed));
    const fresh = await newCustomerToken(svc, renewed, await newCustomer(svc, renewed));
    svc.clock.advance(6 * DAY);
    await runJob();
    assert.equal(await accessTokens(), 0, 'the first access token is gone');
    assert.equal(await customerTokens(), 0, 'the first customer token is gone');
    const gone = await webflowBanks(oldCustomerToken);
    assert.equal(gone.statusCode, 401);
    assert.equal(gone.json().code, 'unauthorized', gone.body);
    assert.equal(
      await countOf(svc, 'SELECT count(*) AS n FROM access_tokens WHERE client_id = $1', [renewed.clientId]),
      1,
      'the newer access token is kept',
    );
    assert.equal(
      (await webflowBanks(fresh)).json().code,
      'token_expired',
      'the newer customer token is kept (still told expired)',
    );
  });
});
