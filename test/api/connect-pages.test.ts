/**
 * The hosted connect pages without a browser: security headers, escaping, the server-side search, the refusals
 * (session expired, invitation withdrawn mid-way, unknown state), the status poll, the static files, and the
 * masking of secrets in logged URLs.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, startService, uniqueRef } from '../helpers/app.ts';
import { maskUrl as maskConnectUrl } from '../../src/lib/log-redaction.ts';
import { deleteExpiredConnectRows } from '../../src/modules/connect/connect.service.ts';

describe('hosted connect pages', async () => {
  const svc = await startService();
  const client = await newClient(svc, 'Acme Lending');
  await svc.app.inject({
    method: 'PATCH',
    url: '/public/v3/settings',
    headers: client.auth,
    payload: { application_name: 'Acme <script>alert(1)</script> Loans' },
  });
  // One browser: its cookies (the session binding) go with every page it opens.
  const cookies = new Map<string, string>();
  const get = async (url: string) => {
    const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await svc.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    for (const line of [res.headers['set-cookie'] ?? []].flat()) {
      const [pair = ''] = String(line).split(';');
      const at = pair.indexOf('=');
      if (at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
  /** A new invitation's session: the path of its bank picker. */
  const openSession = async () => {
    const inv = (
      await svc.app.inject({
        method: 'POST',
        url: '/public/v3/invitations',
        headers: client.auth,
        payload: { email: 'a@example.com', reference: uniqueRef('pages') },
      })
    ).json();
    const res = await get(new URL(inv.url).pathname);
    assert.equal(res.statusCode, 303);
    return { inv, banks: res.headers.location as string };
  };

  test('pages carry a strict CSP (nothing inline, nothing from elsewhere), no-referrer, no-store, DENY framing', async () => {
    const { banks } = await openSession();
    const res = await get(banks);
    const csp = res.headers['content-security-policy'] as string;
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /style-src 'self'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(res.headers['x-frame-options'], 'DENY');
    assert.equal(res.headers['referrer-policy'], 'no-referrer');
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.doesNotMatch(res.body, /<script>|<style>|\sstyle="|\son[a-z]+="/, 'no inline script, style or handlers');
    assert.doesNotMatch(res.body, /https?:\/\/(?!127\.0\.0\.1:8080)[a-z]/i, 'no outside address in the page');
  });

  test("the client's name is escaped wherever it appears", async () => {
    const { banks } = await openSession();
    const res = await get(banks);
    assert.ok(!res.body.includes('<script>alert(1)</script>'));
    assert.ok(res.body.includes('Acme &lt;script&gt;alert(1)&lt;/script&gt; Loans'));
  });

  test('the page is labelled: a language, a title, one h1, a labelled search, progress steps', async () => {
    const { banks } = await openSession();
    const body = (await get(banks)).body;
    assert.match(body, /<html lang="en-GB"/);
    assert.match(body, /<title>Choose your bank · Acme/);
    assert.equal(body.match(/<h1/g)?.length, 1);
    assert.match(body, /<label for="bank-search">Search for your bank<\/label>/);
    assert.match(body, /<ol class="steps" aria-label="Progress">/);
    assert.match(body, /aria-current="step"/);
    assert.match(body, /<a class="skip-link" href="#main">/);
  });

  test('the search works without script: ?q= filters on the server and opens the banks not available yet', async () => {
    const { banks } = await openSession();
    const body = (await get(`${banks}?q=monz`)).body;
    assert.match(body, /1 bank match “monz”/);
    assert.match(body, /Monzo/);
    assert.doesNotMatch(body, /Barclays|Sandbox Bank/);
    assert.match(body, /<details class="bank-group more-banks" data-group data-later open>/);
  });

  test('a Business invitation lists the business banks first', async () => {
    const inv = (
      await svc.app.inject({
        method: 'POST',
        url: '/public/v3/invitations',
        headers: client.auth,
        payload: {
          email: 'b@example.com',
          reference: uniqueRef('biz'),
          customer_type: 'Business',
          company_name: 'Widgets Ltd',
        },
      })
    ).json();
    const body = (await get((await get(new URL(inv.url).pathname)).headers.location as string)).body;
    assert.ok(body.indexOf('Sandbox Business Bank') < body.indexOf('>Sandbox Bank<'));
  });

  test('a bank the installation cannot connect to is not offered: its consent page is refused', async () => {
    const { banks } = await openSession();
    const res = await get(`${banks}/barclays`);
    assert.equal(res.statusCode, 404);
    assert.match(res.body, /This bank cannot be connected here/);
    assert.match(res.body, /href="\/connect\/s\/[^"]+\/banks">Choose a bank</);
  });

  test('the consent page for the sandbox bank is built from endpoint 4', async () => {
    const { banks } = await openSession();
    const res = await get(`${banks}/sandbox`);
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<h1>Sandbox Bank<\/h1>/);
    assert.match(res.body, /Apply Bank transaction data to improve your financial credibility/);
    assert.match(
      res.body,
      /<form class="continue" method="post" action="\/connect\/s\/[^"]+\/banks\/sandbox\/continue" data-continue/,
    );
    assert.doesNotMatch(res.body, /target="_blank" data-continue/, 'an invitation continues in the same window');
  });

  test('an invitation withdrawn while its page is open ends the session', async () => {
    const { inv, banks } = await openSession();
    await svc.app.inject({ method: 'DELETE', url: `/public/v3/invitations/${inv.id}`, headers: client.auth });
    const res = await get(banks);
    assert.equal(res.statusCode, 410);
    assert.match(res.body, /This invitation has been withdrawn/);
  });

  test('the status poll waits while no bank flow started; an unknown session is gone (410)', async () => {
    const { banks } = await openSession();
    const status = await get(banks.replace(/\/banks$/, '/status.json?after=0'));
    assert.equal(status.statusCode, 200);
    assert.deepEqual(status.json(), { state: 'waiting' });
    assert.equal((await get('/connect/s/obi_ss_unknown/status.json')).statusCode, 410);
  });

  test('the return page with an unknown or missing state is refused', async () => {
    for (const url of ['/connect/return?state=made-up&status=Success', '/connect/return']) {
      const res = await get(url);
      assert.equal(res.statusCode, 404, url);
      assert.match(res.body, /This link is not valid/);
    }
  });

  test('the style sheet and script are served with long caching under hashed names; embed.js for other sites', async () => {
    const { banks } = await openSession();
    const body = (await get(banks)).body;
    const css = /href="(\/connect\/assets\/connect\.[0-9a-f]{12}\.css)"/.exec(body)![1]!;
    const js = /src="(\/connect\/assets\/connect\.[0-9a-f]{12}\.js)"/.exec(body)![1]!;
    const cssRes = await get(css);
    assert.equal(cssRes.statusCode, 200);
    assert.match(cssRes.headers['content-type'] as string, /^text\/css/);
    assert.match(cssRes.headers['cache-control'] as string, /immutable/);
    assert.match((await get(js)).headers['content-type'] as string, /^text\/javascript/);
    const embed = await get('/connect/embed.js');
    assert.equal(embed.statusCode, 200);
    assert.equal(embed.headers['cross-origin-resource-policy'], 'cross-origin');
    assert.match(embed.body, /window\.ObiConnect = \{ mount: mount \}/);
    assert.equal((await get('/connect/assets/nope.js')).statusCode, 404);
  });

  test('the hosted pages are not in the OpenAPI document', async () => {
    const doc = (await get('/openapi.json')).json();
    assert.ok(Object.keys(doc.paths).every((p) => !p.startsWith('/connect')));
    assert.ok(doc.paths['/public/v3/component_auth/init'] && doc.paths['/public/v3/invitations']);
  });

  test('logged URLs have their secrets masked', () => {
    // A search is a filter value: masked too (src/lib/log-redaction.ts).
    assert.equal(
      maskConnectUrl('/connect/s/obi_ss_abc/banks/sandbox?q=x'),
      '/connect/s/[redacted]/banks/sandbox?q=[redacted]',
    );
    assert.equal(maskConnectUrl('/connect/component/obi_cu_abc'), '/connect/component/[redacted]');
    assert.equal(maskConnectUrl('/connect/invitations/0190-id/SIGNATURE'), '/connect/invitations/0190-id/[redacted]');
    assert.equal(
      maskConnectUrl('/connect/return?status=Success&state=s3cr3t&consent_id=c'),
      '/connect/return?status=Success&state=[redacted]&consent_id=c',
    );
  });

  test('a session ends after 2 hours with a clear page (last: it moves the clock past the access token too)', async () => {
    const { banks } = await openSession();
    svc.clock.advance(2 * 3600);
    const res = await get(banks);
    assert.equal(res.statusCode, 410);
    assert.match(res.body, /This page has expired/);
    // a day later, housekeeping drops it
    svc.clock.advance(86_400 + 1);
    await deleteExpiredConnectRows(svc.deps.db, svc.clock.now());
    assert.equal((await get(banks)).statusCode, 404);
    // with the lookups of the sessions it dropped (docs/decisions/0084-customer-lookups.md): none is left pointing
    // at a session that is gone
    const stale = await svc.deps.db.query(
      `SELECT l.kind FROM customer_lookups l
       WHERE l.kind IN ('connect_session', 'connect_session_secret') AND NOT EXISTS (
         SELECT 1 FROM connect_sessions s WHERE s.customer_id = l.customer_id
           AND l.key IN (s.id, s.secret_hash, s.previous_secret_hash))`,
    );
    assert.deepEqual(stale.rows, []);
  });
});
