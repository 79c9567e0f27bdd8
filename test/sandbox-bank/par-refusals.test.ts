/**
 * The sandbox bank's pushed authorization requests refuse what FAPI 1.0 Advanced and UK Open Banking refuse, each
 * with invalid_request_object: an unsigned request object, one signed by a key the client did not register, an
 * expired one, a replayed one, and one without an openbanking_intent_id of an AwaitingAuthorisation consent of
 * the same client at this bank.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPair, UnsecuredJWT } from 'jose';
import {
  createConsent,
  newSoftware,
  pushRaw,
  register,
  registrationRequest,
  relyingParty,
  requestObjectClaims,
  signRequestObject,
  softwareRp,
  startHarness,
  type Harness,
  type Rp,
} from './harness.ts';

let h: Harness;
let rp: Rp;
let consentId: string;
before(async () => {
  h = await startHarness();
  rp = await relyingParty(h, 'sandbox', 'hybrid');
  ({ consentId } = await createConsent(rp));
});
after(async () => {
  await rp.fetch.close();
  await h.close();
});

function assertRefused(answer: { status: number; body: Record<string, string> }, description: RegExp) {
  assert.equal(answer.status, 400, JSON.stringify(answer.body));
  assert.equal(answer.body.error, 'invalid_request_object');
  assert.match(answer.body.error_description ?? '', description);
}

describe('sandbox bank › PAR', () => {
  it('accepts a signed request object naming the client’s consent', async () => {
    const answer = await pushRaw(rp, await signRequestObject(requestObjectClaims(rp, consentId), rp.signingKey));
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.match(answer.body.request_uri ?? '', /^urn:ietf:params:oauth:request_uri:/);
  });

  it('refuses an unsigned request object (alg none)', async () => {
    const unsigned = new UnsecuredJWT(requestObjectClaims(rp, consentId)).encode();
    assertRefused(await pushRaw(rp, unsigned), /alg/);
  });

  it('refuses a request object signed with a key the client did not register', async () => {
    const { privateKey } = await generateKeyPair('PS256');
    const forged = await signRequestObject(requestObjectClaims(rp, consentId), {
      key: privateKey,
      kid: rp.signingKey.kid,
    });
    assertRefused(await pushRaw(rp, forged), /could not validate/);
  });

  it('refuses an expired request object', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = requestObjectClaims(rp, consentId, { nbf: now - 600, iat: now - 600, exp: now - 300 });
    assertRefused(await pushRaw(rp, await signRequestObject(claims, rp.signingKey)), /claims are invalid/);
  });

  it('refuses a replayed request object (the same jti twice)', async () => {
    const request = await signRequestObject(requestObjectClaims(rp, consentId), rp.signingKey);
    assert.equal((await pushRaw(rp, request)).status, 201);
    assertRefused(await pushRaw(rp, request), /replay/);
  });

  it('refuses a request object without openbanking_intent_id', async () => {
    const request = await signRequestObject(requestObjectClaims(rp, undefined), rp.signingKey);
    assertRefused(await pushRaw(rp, request), /openbanking_intent_id/);
  });

  it('refuses an unknown openbanking_intent_id', async () => {
    const request = await signRequestObject(requestObjectClaims(rp, 'aac-unknown'), rp.signingKey);
    assertRefused(await pushRaw(rp, request), /no account-access-consent/);
  });

  it('refuses the openbanking_intent_id of another client’s consent', async () => {
    const sw = await newSoftware(h, 'other-tpp');
    const registered = await register(h, 'sandbox', sw, await registrationRequest(h, 'sandbox', sw));
    assert.equal(registered.status, 201, JSON.stringify(registered.body));
    const other = await softwareRp(h, 'sandbox', sw, String(registered.body.client_id));
    try {
      const { consentId: theirs } = await createConsent(other);
      const request = await signRequestObject(requestObjectClaims(rp, theirs), rp.signingKey);
      assertRefused(await pushRaw(rp, request), /no account-access-consent/);
    } finally {
      await other.fetch.close();
    }
  });
});
