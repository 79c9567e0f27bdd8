/**
 * The sandbox bank as a FAPI 1.0 Advanced bank, driven the way a client does it (openid-client, mutual TLS):
 * consent, PAR with a signed request object, the customer's approval, the hybrid or JARM response, the token
 * exchange, the data with the certificate-bound token, and a refresh.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as client from 'openid-client';
import { personasAt } from '../../src/sandbox-bank/index.ts';
import {
  authorizationUrl,
  createConsent,
  customerAuthorises,
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

async function fullFlow(rp: Rp, slug: string) {
  const { consentId } = await createConsent(rp);
  const { url, checks } = await authorizationUrl(rp, consentId);
  assert.match(url.searchParams.get('request_uri') ?? '', /^urn:ietf:params:oauth:request_uri:/);
  const persona = personasAt(slug)[0] ?? '';
  const callback = await customerAuthorises(url, { username: persona, decision: 'approve' });
  const tokens = await client.authorizationCodeGrant(rp.config, callback, checks);
  assert.equal(tokens.claims()?.sub, consentId);
  assert.equal(tokens.claims()?.openbanking_intent_id, consentId);
  assert.ok(tokens.refresh_token, 'a refresh token on the code grant');
  return { consentId, tokens };
}

async function getAccounts(rp: Rp, accessToken: string, fetchWith = rp.fetch) {
  const interactionId = crypto.randomUUID();
  const res = await fetchWith(`${rp.creds.apiBaseUrl}/accounts`, {
    headers: {
      authorization: `Bearer ${accessToken}`,
      'x-fapi-interaction-id': interactionId,
      'x-fapi-financial-id': rp.creds.financialId,
    },
  });
  return { res, interactionId, body: await res.text() };
}

describe('sandbox bank › FAPI 1.0 Advanced happy path', () => {
  it('sandbox: private_key_jwt, hybrid code id_token, data with the bound token, refresh', async () => {
    const rp = await relyingParty(h, 'sandbox', 'hybrid');
    const meta = rp.config.serverMetadata();
    assert.equal(meta.tls_client_certificate_bound_access_tokens, true);
    assert.ok(meta.mtls_endpoint_aliases?.token_endpoint?.startsWith(h.bank.mtlsBaseUrl));
    assert.equal(meta.obi_aisp_base_url, rp.creds.apiBaseUrl);
    const { tokens } = await fullFlow(rp, 'sandbox');
    const { res, interactionId, body } = await getAccounts(rp, tokens.access_token);
    assert.equal(res.status, 200, body);
    assert.equal(res.headers.get('x-fapi-interaction-id'), interactionId);
    assert.ok(JSON.parse(body).Data.Account.length > 0);

    const refreshed = await client.refreshTokenGrant(rp.config, tokens.refresh_token ?? '');
    assert.notEqual(refreshed.access_token, tokens.access_token);
    assert.equal((await getAccounts(rp, refreshed.access_token)).res.status, 200);
  });

  it('sandbox-business: tls_client_auth, code with JARM, data with the bound token', async () => {
    const rp = await relyingParty(h, 'sandbox-business', 'jarm');
    const { tokens } = await fullFlow(rp, 'sandbox-business');
    const { res, interactionId, body } = await getAccounts(rp, tokens.access_token);
    assert.equal(res.status, 200, body);
    assert.equal(res.headers.get('x-fapi-interaction-id'), interactionId);
    const refreshed = await client.refreshTokenGrant(rp.config, tokens.refresh_token ?? '');
    assert.ok(refreshed.access_token);
  });
});
