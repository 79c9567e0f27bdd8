/**
 * Dynamic client registration at the sandbox bank, the OBIE way: a JWS request carrying a software statement
 * from the (sandbox) directory. A good one creates a client that can get a token; a software statement the
 * directory did not sign, or a request not signed by a key of the software statement, is refused.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as client from 'openid-client';
import { generateKeyPair, SignJWT } from 'jose';
import { newSoftware, register, registrationRequest, softwareRp, startHarness, type Harness } from './harness.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h.close());

describe('sandbox bank › dynamic client registration', () => {
  it('registers a client that can then get a client-credentials token', async () => {
    const sw = await newSoftware(h, 'good-tpp');
    const answer = await register(h, 'sandbox', sw, await registrationRequest(h, 'sandbox', sw));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.equal(typeof answer.body.client_id, 'string');
    assert.equal(answer.body.token_endpoint_auth_method, 'private_key_jwt');
    const rp = await softwareRp(h, 'sandbox', sw, String(answer.body.client_id));
    const cc = await client.clientCredentialsGrant(rp.config, { scope: 'accounts' });
    assert.ok(cc.access_token);
    await rp.fetch.close();
  });

  it('refuses a software statement the directory did not sign: invalid_software_statement', async () => {
    const sw = await newSoftware(h, 'forged-ssa');
    const { privateKey } = await generateKeyPair('PS256');
    const forged = await new SignJWT({
      software_id: sw.softwareId,
      software_redirect_uris: ['https://tpp.example/callback'],
      software_jwks: sw.jwks,
      software_roles: ['AISP'],
    })
      .setProtectedHeader({ alg: 'PS256', kid: 'directory' })
      .setIssuer('sandbox-directory')
      .setIssuedAt()
      .sign(privateKey);
    const answer = await register(h, 'sandbox', sw, await registrationRequest(h, 'sandbox', sw, { ssa: forged }));
    assert.equal(answer.status, 400);
    assert.equal(answer.body.error, 'invalid_software_statement');
  });

  it('refuses a request signed by a key that is not in the software statement: invalid_client_metadata', async () => {
    const sw = await newSoftware(h, 'wrong-key');
    const { privateKey } = await generateKeyPair('PS256');
    const jwt = await registrationRequest(h, 'sandbox', sw, { signWith: { key: privateKey, kid: sw.key.kid } });
    const answer = await register(h, 'sandbox', sw, jwt);
    assert.equal(answer.status, 400);
    assert.equal(answer.body.error, 'invalid_client_metadata');
  });

  it('refuses redirect URIs the software statement does not list: invalid_client_metadata', async () => {
    const sw = await newSoftware(h, 'wrong-redirect');
    const jwt = await registrationRequest(h, 'sandbox', sw, { claims: { redirect_uris: ['https://evil.example/cb'] } });
    const answer = await register(h, 'sandbox', sw, jwt);
    assert.equal(answer.status, 400);
    assert.equal(answer.body.error, 'invalid_client_metadata');
  });
});
