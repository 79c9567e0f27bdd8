/**
 * The sandbox bank binds everything to the client's transport certificate (RFC 8705): its token endpoint refuses
 * a client without one, its AISP API refuses a request without one or a token bound to another one, and a
 * refresh token stops working once its consent is revoked or expired (by the bank's injected clock).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as client from 'openid-client';
import { personasAt } from '../../src/sandbox-bank/index.ts';
import {
  authorizationUrl,
  customerAuthorises,
  mtlsFetch,
  relyingParty,
  startHarness,
  type Harness,
  type Rp,
} from './harness.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h.close());

/** The same client, its calls made without a transport certificate. */
async function withoutCertificate(rp: Rp) {
  const bare = mtlsFetch(rp.creds.caPem);
  rp.config[client.customFetch] = bare;
  return bare;
}

async function oauthError(p: Promise<unknown>): Promise<{ error?: string; error_description?: string }> {
  const err = await p.then(
    () => assert.fail('expected an OAuth error'),
    (e: unknown) => e as { error?: string; error_description?: string },
  );
  return err;
}

async function authorisedTokens(slug: string, expiration?: string) {
  const rp = await relyingParty(h, slug, 'hybrid');
  const cc = await client.clientCredentialsGrant(rp.config, { scope: 'accounts' });
  const res = await rp.fetch(`${rp.creds.apiBaseUrl}/account-access-consents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${cc.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      Data: { Permissions: ['ReadAccountsBasic'], ...(expiration ? { ExpirationDateTime: expiration } : {}) },
      Risk: {},
    }),
  });
  const consentId = ((await res.json()) as { Data: { ConsentId: string } }).Data.ConsentId;
  const { url, checks } = await authorizationUrl(rp, consentId);
  const callback = await customerAuthorises(url, { username: personasAt(slug)[0], decision: 'approve' });
  return { rp, consentId, tokens: await client.authorizationCodeGrant(rp.config, callback, checks) };
}

describe('sandbox bank › token endpoint without a certificate', () => {
  it('refuses a tls_client_auth client with invalid_client', async () => {
    const rp = await relyingParty(h, 'sandbox-business', 'jarm');
    const bare = await withoutCertificate(rp);
    const err = await oauthError(client.clientCredentialsGrant(rp.config, { scope: 'accounts' }));
    assert.equal(err.error, 'invalid_client');
    await bare.close();
    await rp.fetch.close();
  });

  it('refuses a private_key_jwt client with invalid_grant: its tokens must be certificate-bound', async () => {
    const rp = await relyingParty(h, 'sandbox', 'hybrid');
    const bare = await withoutCertificate(rp);
    const err = await oauthError(client.clientCredentialsGrant(rp.config, { scope: 'accounts' }));
    // oidc-provider says why only in its logs (error_detail): "mutual TLS client certificate not provided".
    assert.equal(err.error, 'invalid_grant');
    await bare.close();
    await rp.fetch.close();
  });
});

describe('sandbox bank › AISP API and certificates', () => {
  it('answers 401 to a token presented with another certificate, and to no certificate', async () => {
    const { rp, tokens } = await authorisedTokens('sandbox');
    const other = mtlsFetch(h.bank.caPem, await h.bank.issueClientCertificate('other'));
    const bare = mtlsFetch(h.bank.caPem);
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    const withOther = await other(`${rp.creds.apiBaseUrl}/accounts`, { headers });
    assert.equal(withOther.status, 401);
    assert.match(withOther.headers.get('www-authenticate') ?? '', /invalid_token/);
    const withNone = await bare(`${rp.creds.apiBaseUrl}/accounts`, { headers });
    assert.equal(withNone.status, 401);
    assert.equal(((await withNone.json()) as { Code: string }).Code, '401');
    assert.equal((await rp.fetch(`${rp.creds.apiBaseUrl}/accounts`, { headers })).status, 200);
    await Promise.all([other.close(), bare.close(), rp.fetch.close()]);
  });

  it('refuses a wrong x-fapi-financial-id with 403, and echoes another interaction id with the switch', async () => {
    const { rp, consentId, tokens } = await authorisedTokens('sandbox');
    const url = `${rp.creds.apiBaseUrl}/accounts`;
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    const wrong = await rp.fetch(url, { headers: { ...auth, 'x-fapi-financial-id': 'not-this-bank' } });
    assert.equal(wrong.status, 403);
    const basic = `Basic ${Buffer.from('obi-sandbox-client:obi-sandbox-client-secret').toString('base64')}`;
    const set = await fetch(`${h.baseUrl}/sandbox/control/consents/${consentId}/switches`, {
      method: 'PUT',
      headers: { authorization: basic, 'content-type': 'application/json' },
      body: JSON.stringify({ switches: ['interaction-id'] }),
    });
    assert.equal(set.status, 200);
    const sent = crypto.randomUUID();
    const res = await rp.fetch(url, { headers: { ...auth, 'x-fapi-interaction-id': sent } });
    assert.equal(res.status, 200);
    assert.notEqual(res.headers.get('x-fapi-interaction-id'), sent);
    await rp.fetch.close();
  });
});

describe('sandbox bank › refresh and the consent', () => {
  it('refuses a refresh with invalid_grant once the consent is revoked', async () => {
    const { rp, consentId, tokens } = await authorisedTokens('sandbox');
    const basic = `Basic ${Buffer.from('obi-sandbox-client:obi-sandbox-client-secret').toString('base64')}`;
    const revoked = await fetch(`${h.baseUrl}/sandbox/control/consents/${consentId}/revoke`, {
      method: 'POST',
      headers: { authorization: basic },
    });
    assert.equal(revoked.status, 200);
    const err = await oauthError(client.refreshTokenGrant(rp.config, tokens.refresh_token ?? ''));
    assert.equal(err.error, 'invalid_grant');
    await rp.fetch.close();
  });

  it('refuses a refresh with invalid_grant once the consent expired by the bank’s clock', async () => {
    const expiration = new Date(h.clock.now().getTime() + 3600_000).toISOString();
    const { rp, tokens } = await authorisedTokens('sandbox', expiration);
    const first = await client.refreshTokenGrant(rp.config, tokens.refresh_token ?? '');
    h.clock.advance(7200);
    const err = await oauthError(client.refreshTokenGrant(rp.config, first.refresh_token ?? ''));
    assert.equal(err.error, 'invalid_grant');
    await rp.fetch.close();
  });
});
