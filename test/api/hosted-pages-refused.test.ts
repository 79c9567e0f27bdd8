/**
 * Every refused (429) hosted page a customer can meet is the lender's page (docs/decisions/0071-branded-refusal-everywhere.md):
 * an invitation link, a component link, a connect session's pages, the bank picker when the API refuses the
 * customer's token, and the reconfirmation page. Each answers 429 with Retry-After, a viewport, the lender's name and
 * logo, the wait in words and the way back; never the bare "Too many requests".
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { newClient, newCustomer, startService, uniqueRef } from '../helpers/app.ts';
import { authorisedConsent } from '../helpers/consents.ts';

const PER_FLOW = 3;
const RETURN_URL = 'https://lender.example/application';
const ORIGIN = 'https://shop.lender.example';
const LOGO_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
const LOGO_URL = `data:image/svg+xml;base64,${Buffer.from(LOGO_SVG).toString('base64')}`;

/** The refusal as every hosted page shows it. */
function assertBrandedRefusal(res: LightMyRequestResponse, what: string): void {
  assert.equal(res.statusCode, 429, what);
  assert.match(String(res.headers['retry-after']), /^\d+$/, `${what}: Retry-After`);
  assert.match(String(res.headers['content-type']), /^text\/html/, what);
  assert.match(res.body, /<meta name="viewport"/, `${what}: a viewport`);
  assert.match(res.body, /Please wait a moment/, what);
  assert.match(res.body, /try again in (\d+ seconds?|\d+ minutes?|a minute)/, `${what}: the wait in words`);
  assert.match(res.body, /Secure connection for <strong>Acme Lending<\/strong>/, `${what}: the lender's name`);
  assert.match(res.body, /<img class="brand-logo" src="[^"]*\/connect\/brand\//, `${what}: the lender's logo`);
  assert.match(res.body, /<link rel="stylesheet" href="\/connect\/assets\/brand-/, `${what}: the lender's colour`);
  assert.doesNotMatch(res.body, /Too many requests/, `${what}: not the bare refusal`);
}

describe('hosted pages › a refused page is the lender’s', async () => {
  const svc = await startService({
    RATE_LIMIT_PAGES_PER_MINUTE: String(PER_FLOW),
    // The API's budget of one customer token for its bank list, below the pages' own limit per flow.
    RATE_LIMIT_CUSTOMER_FLOW_PER_MINUTE: '2',
  });
  const client = await newClient(svc, 'Acme Lending');
  const settings = await svc.app.inject({
    method: 'PATCH',
    url: '/public/v3/settings',
    headers: client.auth,
    payload: { logo_url: LOGO_URL, primary_colour: '#7c2d12', return_url: RETURN_URL, component_origins: [ORIGIN] },
  });
  assert.equal(settings.statusCode, 200, settings.body);
  // An address of this file's own: on PostgreSQL the counters' table is shared with the other files.
  const remoteAddress = '203.0.113.71';
  const get = (url: string, headers: Record<string, string> = {}) =>
    svc.app.inject({ method: 'GET', url, remoteAddress, headers });
  const invitation = async () =>
    new URL(
      (
        await svc.app.inject({
          method: 'POST',
          url: '/public/v3/invitations',
          headers: client.auth,
          payload: { email: 'a@example.com', reference: uniqueRef('busy') },
        })
      ).json().url,
    ).pathname;

  test('an invitation link opened too often › 429, branded, Retry-After, the way back', async () => {
    const link = await invitation();
    for (let i = 0; i < PER_FLOW; i++) assert.notEqual((await get(link)).statusCode, 429);
    const res = await get(link);
    assertBrandedRefusal(res, 'invitation');
    assert.match(res.body, new RegExp(`<a class="button" href="${RETURN_URL}"[^>]*>Return to Acme Lending</a>`));
    assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/);
  });

  test('an invitation link with a wrong signature names no lender when refused', async () => {
    const link = (await invitation()).replace(/\/[^/]+$/, '/not-the-signature');
    for (let i = 0; i < PER_FLOW; i++) await get(link);
    const res = await get(link);
    assert.equal(res.statusCode, 429);
    assert.match(res.body, /<meta name="viewport"/);
    assert.doesNotMatch(res.body, /Acme Lending/);
  });

  test('a component link loaded too often › 429, branded, shown only in its host’s frame', async () => {
    const init = await svc.app.inject({
      method: 'POST',
      url: '/public/v3/component_auth/init',
      headers: client.auth,
      payload: { ip: '203.0.113.7', user_agent: 'Mozilla/5.0', user_reference: uniqueRef('cmp'), origin: ORIGIN },
    });
    assert.equal(init.statusCode, 200, init.body);
    const link = new URL(init.json().url).pathname;
    for (let i = 0; i < PER_FLOW; i++)
      assert.notEqual((await get(link, { referer: `${ORIGIN}/apply` })).statusCode, 429);
    const res = await get(link, { referer: `${ORIGIN}/apply` });
    assertBrandedRefusal(res, 'component');
    assert.match(String(res.headers['content-security-policy']), new RegExp(`frame-ancestors ${ORIGIN}(;|$)`));
    assert.match(res.body, /<body class="framed" data-host-origin="https:\/\/shop\.lender\.example"/);
  });

  test('a session’s page reloaded too often › 429, branded', async () => {
    const opened = await get(await invitation());
    const cookie = String([opened.headers['set-cookie']].flat()[0] ?? '').split(';', 1)[0] ?? '';
    const consentPage = `${String(opened.headers.location).replace(/\/banks$/, '')}/cancel`;
    for (let i = 0; i < PER_FLOW; i++) assert.equal((await get(consentPage, { cookie })).statusCode, 200);
    assertBrandedRefusal(await get(consentPage, { cookie }), 'session page');
  });

  test('the bank picker when the API refuses the customer’s token › 429, branded, not "Something went wrong"', async () => {
    const opened = await get(await invitation());
    const cookie = String([opened.headers['set-cookie']].flat()[0] ?? '').split(';', 1)[0] ?? '';
    const picker = String(opened.headers.location);
    // Its budget of 2 bank lists a minute: the third picker is refused by the API, within the pages' own limit.
    for (let i = 0; i < 2; i++) assert.equal((await get(picker, { cookie })).statusCode, 200);
    const res = await get(picker, { cookie });
    assertBrandedRefusal(res, 'bank picker');
    assert.match(res.body, new RegExp(`href="${RETURN_URL}"[^>]*>Return to Acme Lending<`));
  });

  test('a reconfirmation link loaded too often › 429, branded, the way back', async () => {
    const customer = await newCustomer(svc, client);
    const consentId = await authorisedConsent(svc.deps.db, {
      clientId: client.clientId,
      customerId: customer,
      now: svc.clock.now(),
      reconfirmInDays: 5,
      redirectUrl: RETURN_URL,
      purposes: [],
    });
    const created = await svc.app.inject({
      method: 'POST',
      url: '/public/v3/reconfirmations',
      headers: client.auth,
      payload: { customer_id: customer, consent_id: consentId },
    });
    assert.equal(created.statusCode, 201, created.body);
    const link = new URL(created.json().url).pathname;
    for (let i = 0; i < PER_FLOW; i++) assert.equal((await get(link)).statusCode, 200);
    const res = await get(link);
    assert.equal(res.statusCode, 429);
    assert.match(String(res.headers['retry-after']), /^\d+$/);
    assert.match(res.body, /<meta name="viewport"/);
    assert.match(res.body, /Secure connection for <strong>Acme Lending<\/strong>/);
    assert.match(res.body, /<img class="brand-logo"/);
    assert.match(res.body, /try again in \d+ (seconds?|minutes?)/);
    assert.match(res.body, new RegExp(`href="${RETURN_URL}"[^>]*>Return to Acme Lending<`));
    assert.doesNotMatch(res.body, /Too many requests/);
  });
});
