/** Endpoint 7: the web component's one-time URL; loading it (single use, 1800 s, registered origin only). */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, startService, uniqueRef } from '../helpers/app.ts';

const ORIGIN = 'https://lender.example';

describe('component_auth/init (endpoint 7)', async () => {
  const svc = await startService();
  const client = await newClient(svc, 'Acme Lending');
  await svc.app.inject({
    method: 'PATCH',
    url: '/public/v3/settings',
    headers: client.auth,
    payload: { component_origins: [ORIGIN, 'http://127.0.0.1:9999'] },
  });
  const init = (payload: Record<string, unknown>) =>
    svc.app.inject({ method: 'POST', url: '/public/v3/component_auth/init', headers: client.auth, payload });
  const body = (over: Record<string, unknown> = {}) => ({
    ip: '203.0.113.7',
    user_agent: 'Mozilla/5.0',
    user_reference: uniqueRef('cmp'),
    origin: ORIGIN,
    ...over,
  });
  const load = (url: string, referer?: string) =>
    svc.app.inject({ method: 'GET', url: new URL(url).pathname, headers: referer ? { referer } : {} });

  test('answers the one-time URL: url, created_at, expires_in 1800, flow ["open-banking"]', async () => {
    const res = await init(body());
    assert.equal(res.statusCode, 200);
    const r = res.json();
    assert.deepEqual(Object.keys(r).sort(), ['created_at', 'expires_in', 'flow', 'url']);
    assert.equal(r.expires_in, 1800);
    assert.deepEqual(r.flow, ['open-banking']);
    assert.equal(r.created_at, Math.floor(svc.clock.now().getTime() / 1000));
    assert.match(r.url, /^http:\/\/127\.0\.0\.1:8080\/connect\/component\/obi_cu_[A-Za-z0-9_-]{43}$/);
  });

  test('an origin not in the settings is 400 origin_not_allowed at /origin', async () => {
    const res = await init(body({ origin: 'https://evil.example' }));
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().code, 'origin_not_allowed');
    assert.deepEqual(
      res.json().errors.map((e: { pointer: string }) => e.pointer),
      ['/origin'],
    );
  });

  test('a URL that is not a bare origin, or a bad ip, is 400 naming each', async () => {
    const res = await init(body({ origin: `${ORIGIN}/apply`, ip: 'somewhere' }));
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().code, 'validation_failed');
    assert.deepEqual(
      res
        .json()
        .errors.map((e: { pointer: string }) => e.pointer)
        .sort(),
      ['/ip', '/origin'],
    );
  });

  test('missing or unknown members are 400 naming each by pointer', async () => {
    const res = await init({ origin: ORIGIN, colour: 'red' });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(
      res
        .json()
        .errors.map((e: { pointer: string }) => e.pointer)
        .sort(),
      ['/colour', '/ip', '/user_agent', '/user_reference'],
    );
  });

  test('0.0.0.0 and an empty user agent are accepted (the spec: unknown values)', async () => {
    assert.equal((await init(body({ ip: '0.0.0.0', user_agent: '' }))).statusCode, 200);
  });

  test('the first load opens the connect pages for that customer (created on first use); frame-ancestors is the origin', async () => {
    const ref = uniqueRef('first-use');
    const { url } = (await init(body({ user_reference: ref }))).json();
    const before = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/customers?user_reference=${ref}`,
      headers: client.auth,
    });
    assert.equal(before.json().total, 0, 'not created by init');
    const res = await load(url, `${ORIGIN}/apply/step-3`);
    assert.equal(res.statusCode, 303);
    const picker = await svc.app.inject({ method: 'GET', url: res.headers.location as string });
    assert.equal(picker.statusCode, 200);
    assert.match(picker.headers['content-security-policy'] as string, new RegExp(`frame-ancestors ${ORIGIN}(;|$)`));
    assert.equal(picker.headers['x-frame-options'], undefined);
    assert.match(picker.body, new RegExp(`data-host-origin="${ORIGIN}"`));
    const after = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/customers?user_reference=${ref}`,
      headers: client.auth,
    });
    assert.equal(after.json().total, 1);
  });

  test('a second use is refused with a clear page (410), shown even inside the frame', async () => {
    const { url } = (await init(body())).json();
    assert.equal((await load(url)).statusCode, 303);
    const again = await load(url);
    assert.equal(again.statusCode, 410);
    assert.match(again.body, /This link has already been used/);
    assert.match(again.headers['content-security-policy'] as string, /frame-ancestors \*/);
  });

  test('after 1800 s the URL is refused as expired (410)', async () => {
    const { url } = (await init(body())).json();
    svc.clock.advance(1800);
    const res = await load(url);
    assert.equal(res.statusCode, 410);
    assert.match(res.body, /This link has expired/);
  });

  test('a load from another site is refused (403) and leaves the URL usable from the registered origin', async () => {
    const { url } = (await init(body())).json();
    const wrong = await load(url, 'https://evil.example/page');
    assert.equal(wrong.statusCode, 403);
    assert.match(wrong.body, /can only be shown on Acme Lending’s own website/);
    assert.equal((await load(url, `${ORIGIN}/`)).statusCode, 303);
  });

  test('an existing customer with that user_reference is reused', async () => {
    const ref = uniqueRef('existing');
    const created = (
      await svc.app.inject({
        method: 'POST',
        url: '/public/v3/customers',
        headers: client.auth,
        payload: { user_reference: ref },
      })
    ).json();
    const { url } = (await init(body({ user_reference: ref }))).json();
    assert.equal((await load(url)).statusCode, 303);
    const list = (
      await svc.app.inject({ method: 'GET', url: `/public/v3/customers?user_reference=${ref}`, headers: client.auth })
    ).json();
    assert.deepEqual(
      list.data.map((c: { id: string }) => c.id),
      [created.id],
    );
  });

  test('an unknown token is 404 with a clear page', async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/connect/component/obi_cu_nope' });
    assert.equal(res.statusCode, 404);
    assert.match(res.body, /This link is not valid/);
  });
});
