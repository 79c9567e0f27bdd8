import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, startService } from '../helpers/app.ts';

describe('POST /oauth/v2/token (endpoint 1)', async () => {
  const svc = await startService();
  const client = await newClient(svc);
  const good = { client_id: client.clientId, client_secret: client.clientSecret, grant_type: 'client_credentials' };
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    svc.app.inject({ method: 'POST', url: '/oauth/v2/token', payload: payload as string, headers });

  test('a JSON body answers a bearer token with expires_in in seconds and scope null', async () => {
    const res = await post(good);
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.match(body.access_token, /^obi_at_[A-Za-z0-9_-]{43}$/);
    assert.equal(body.token_type, 'bearer');
    assert.equal(body.expires_in, 3600);
    assert.equal(body.scope, null);
    assert.equal(res.headers['cache-control'], 'no-store');
  });

  test('a form body (RFC 6749) works too', async () => {
    const res = await post(new URLSearchParams(good).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().token_type, 'bearer');
  });

  test('HTTP Basic client authentication works too', async () => {
    const basic = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64');
    const res = await post({ grant_type: 'client_credentials' }, { authorization: `Basic ${basic}` });
    assert.equal(res.statusCode, 200);
  });

  test('a wrong secret and an unknown client get the same 401 invalid_client', async () => {
    const wrong = await post({ ...good, client_secret: 'not-the-secret' });
    const unknown = await post({ ...good, client_id: 'cl_doesnotexist' });
    assert.equal(wrong.statusCode, 401);
    assert.equal(unknown.statusCode, 401);
    assert.deepEqual(wrong.json(), { error: 'invalid_client', error_description: 'Client authentication failed.' });
    assert.deepEqual(unknown.json(), wrong.json());
  });

  test('a wrong grant type is 400 unsupported_grant_type', async () => {
    const res = await post({ ...good, grant_type: 'password' });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().error, 'unsupported_grant_type');
  });

  test('missing, extra and wrong-typed members are 400 invalid_request naming the member', async () => {
    const missing = await post({ client_id: client.clientId, client_secret: client.clientSecret });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().error, 'invalid_request');
    assert.match(missing.json().error_description, /grant_type/);
    const extra = await post({ ...good, admin: true });
    assert.equal(extra.statusCode, 400);
    assert.match(extra.json().error_description, /admin/);
    const wrongType = await post({ ...good, client_secret: 12345 });
    assert.equal(wrongType.statusCode, 400);
    assert.match(wrongType.json().error_description, /client_secret/);
    const noSecret = await post({ client_id: client.clientId, grant_type: 'client_credentials' });
    assert.equal(noSecret.statusCode, 400);
    assert.equal(noSecret.json().error, 'invalid_request');
  });

  test('malformed JSON and a wrong content type are 400 invalid_request', async () => {
    const bad = await post('{"client_id": ', { 'content-type': 'application/json' });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().error, 'invalid_request');
    const text = await post('client_id=x', { 'content-type': 'text/plain' });
    assert.equal(text.statusCode, 400);
    assert.equal(text.json().error, 'invalid_request');
  });
});

describe('access token expiry', async () => {
  const svc = await startService({ ACCESS_TOKEN_TTL_SECONDS: '60' });
  const client = await newClient(svc);

  test('a token works until its lifetime ends, then answers 401 with WWW-Authenticate', async () => {
    const call = () => svc.app.inject({ method: 'GET', url: '/public/v3/banks', headers: client.auth });
    assert.equal((await call()).statusCode, 200);
    svc.clock.advance(59);
    assert.equal((await call()).statusCode, 200);
    svc.clock.advance(1);
    const res = await call();
    assert.equal(res.statusCode, 401);
    assert.match(
      String(res.headers['www-authenticate']),
      /^Bearer realm="open-banking-insights", error="invalid_token"/,
    );
    assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.equal(res.json().code, 'token_expired');
  });

  test('a made-up token, a missing header and another scheme answer 401 with WWW-Authenticate', async () => {
    for (const authorization of ['Bearer obi_at_madeup', undefined, 'Token abc']) {
      const res = await svc.app.inject({
        method: 'GET',
        url: '/public/v3/banks',
        headers: authorization ? { authorization } : {},
      });
      assert.equal(res.statusCode, 401, String(authorization));
      assert.ok(res.headers['www-authenticate'], 'WWW-Authenticate is set');
      assert.equal(res.json().code, 'unauthorized');
    }
  });
});
