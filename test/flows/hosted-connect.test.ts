/**
 * The hosted pages' bank flow over HTTP without a browser (the steps a browser without script takes): the continue
 * form starts endpoint 5 with the service's own return address, the sandbox bank's form, the callback. The callback
 * alone marks the invitation used (the customer may never come back); the return page then shows the outcome under
 * a renewed session secret. A declined flow leaves the invitation usable; the component's wait sees the outcome.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  call,
  CookieJar,
  newLiveClient,
  openBankFlow,
  answerBankLogin,
  returnToCallback,
  startLiveService,
  type LiveService,
} from '../helpers/bank-flow.ts';
import { SANDBOX_PASSWORD } from '../../src/sandbox-bank/index.ts';

/**
 * Continue on the consent screen, endpoint 5's start address (which binds the flow to this browser), then the
 * sandbox bank's form: answers where the callback sends the browser. `jar` is the browser's cookies.
 */
async function throughTheBank(
  svc: LiveService,
  session: string,
  decision: 'approve' | 'decline',
  jar: CookieJar,
): Promise<string> {
  const cont = await call(svc, 'POST', `${session}/banks/sandbox/continue`, { form: {}, jar });
  assert.equal(cont.status, 303, cont.text);
  const startUrl = cont.headers.get('location') ?? '';
  assert.match(startUrl, /\/webflow\/start\//);
  const loginUrl = await openBankFlow(svc, startUrl, jar);
  assert.match(loginUrl, /\/sandbox-bank\/sandbox\//);
  const answer = await answerBankLogin(svc, loginUrl, jar, {
    username: 'salaried-monthly',
    password: SANDBOX_PASSWORD,
    decision,
  });
  const callback = await returnToCallback(svc, answer, jar);
  assert.equal(callback.status, 302, callback.text);
  return callback.headers.get('location') ?? '';
}

describe('hosted connect flow over HTTP', async () => {
  const svc = await startLiveService();
  const client = await newLiveClient(svc, 'Acme Lending');
  const bearer = client.auth.authorization;
  const invite = async () =>
    (
      await call(svc, 'POST', '/public/v3/invitations', {
        auth: bearer,
        body: { email: 'a@example.com', reference: `hosted-${Math.random()}` },
      })
    ).json;
  const open = async (url: string, jar: CookieJar) => {
    const res = await call(svc, 'GET', url, { jar });
    assert.equal(res.status, 303, res.text);
    return res.headers.get('location')!.replace(/\/banks$/, '');
  };

  test('approve › the callback marks the invitation used; the return page renews the secret and shows the outcome', async () => {
    const inv = await invite();
    const jar = new CookieJar();
    const session = await open(inv.url, jar);
    const back = new URL(await throughTheBank(svc, session, 'approve', jar));
    assert.equal(
      back.origin + back.pathname,
      `${svc.baseUrl}/connect/return`,
      "endpoint 5 took the service's own return address",
    );
    assert.equal(back.searchParams.get('status'), 'Success');
    const used = (await call(svc, 'GET', `/public/v3/invitations/${inv.id}`, { auth: bearer })).json;
    assert.equal(used.status, 'used', 'marked by the callback, before the customer is back');
    const elsewhere = await call(svc, 'GET', back.toString(), { jar: new CookieJar() });
    assert.equal(elsewhere.status, 400, 'the return address opened in another browser is refused');
    assert.match(elsewhere.text, /Finish in the browser you started in/);
    assert.equal(elsewhere.headers.get('location'), null, 'and no session secret is handed out');
    const ret = await call(svc, 'GET', back.toString(), { jar });
    assert.equal(ret.status, 303);
    const again = await call(svc, 'GET', back.toString(), { jar });
    assert.equal(again.status, 410, 'the return address works once, even in the same browser');
    assert.equal(again.headers.get('location'), null);
    const result = ret.headers.get('location')!;
    assert.match(result, /^\/connect\/s\/obi_ss_[^/]+\/result\?consent_id=/);
    assert.ok(!result.startsWith(session), 'a new secret');
    const page = await call(svc, 'GET', result, { jar });
    assert.equal(page.status, 200);
    assert.match(page.text, /Your Sandbox Bank account is connected/);
    // The old secret no longer opens the session; in this browser (Back) it says the bank is connected
    // (docs/decisions/0055-hosted-pages-no-dead-ends.md), in any other it is unknown.
    const behind = await call(svc, 'GET', `${session}/banks`, { jar });
    assert.equal(behind.status, 410, 'the old secret no longer opens the session');
    assert.match(behind.text, /You have already connected your bank/);
    assert.doesNotMatch(behind.text, /Choose your bank/);
    assert.equal((await call(svc, 'GET', `${session}/banks`)).status, 404, 'another browser: unknown');
  });

  test('decline › the outcome says nothing was shared, with a way to try again; the invitation stays usable', async () => {
    const inv = await invite();
    const jar = new CookieJar();
    const session = await open(inv.url, jar);
    const back = await throughTheBank(svc, session, 'decline', jar);
    assert.equal(new URL(back).searchParams.get('status'), 'Error');
    const ret = await call(svc, 'GET', back, { jar });
    const page = await call(svc, 'GET', ret.headers.get('location') ?? '', { jar });
    assert.match(page.text, /Your Sandbox Bank account was not connected/);
    assert.match(page.text, /You did not approve access at Sandbox Bank/);
    assert.match(page.text, /href="\/connect\/s\/[^"]+\/banks\/sandbox">Try again</);
    assert.equal((await call(svc, 'GET', `/public/v3/invitations/${inv.id}`, { auth: bearer })).json.status, 'pending');
    // No return_url and no customer centre: no way back to offer, so the page says it can be closed (decision 0055).
    assert.match(page.text, /You can now close this page/);
    assert.doesNotMatch(page.text, /data-exit/);
    // Back to a page from before the bank: its secret was replaced; it says so, in words, and changed nothing.
    const earlier = await call(svc, 'GET', `${session}/banks/sandbox`, { jar });
    assert.equal(earlier.status, 410);
    assert.match(earlier.text, /This page is out of date/);
    assert.match(earlier.text, /open the link from your invitation again/);
    assert.equal((await call(svc, 'GET', inv.url, { jar })).status, 303, 'the link still opens');
  });

  test('cancel › changes nothing; returns to the return_url, else the customer centre; the invitation stays usable', async () => {
    const inv = await invite();
    const jar = new CookieJar();
    const session = await open(inv.url, jar);
    const picker = await call(svc, 'GET', `${session}/banks`, { jar });
    assert.match(picker.text, new RegExp(`<a class="header-cancel" href="${session}/cancel">Cancel`));
    const centre = 'https://lender.example/help';
    await call(svc, 'PATCH', '/public/v3/settings', { auth: bearer, body: { service_customer_center_url: centre } });
    const cancel = await call(svc, 'GET', `${session}/cancel`, { jar });
    assert.equal(cancel.status, 200);
    assert.match(cancel.text, /You have not connected a bank/);
    assert.match(cancel.text, new RegExp(`href="${centre}" data-exit="cancelled">Return to Acme Lending<`));
    const own = 'https://lender.example/application';
    await call(svc, 'PATCH', '/public/v3/settings', { auth: bearer, body: { return_url: own } });
    assert.match((await call(svc, 'GET', `${session}/cancel`, { jar })).text, new RegExp(`href="${own}" data-exit`));
    assert.equal((await call(svc, 'GET', `/public/v3/invitations/${inv.id}`, { auth: bearer })).json.status, 'pending');
    assert.equal((await call(svc, 'GET', `${session}/banks`, { jar })).status, 200, 'the session goes on');
    const bad = await call(svc, 'PATCH', '/public/v3/settings', { auth: bearer, body: { return_url: 'javascript:x' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.errors[0].pointer, '/return_url');
    await call(svc, 'PATCH', '/public/v3/settings', {
      auth: bearer,
      body: { return_url: null, service_customer_center_url: null },
    });
  });

  test("component › the wait sees the outcome; the bank window's return page says to close it", async () => {
    const origin = 'https://lender.example';
    await call(svc, 'PATCH', '/public/v3/settings', { auth: bearer, body: { component_origins: [origin] } });
    const { url } = (
      await call(svc, 'POST', '/public/v3/component_auth/init', {
        auth: bearer,
        body: { ip: '0.0.0.0', user_agent: '', user_reference: `cmp-${Math.random()}`, origin },
      })
    ).json;
    const jar = new CookieJar();
    const session = await open(url, jar);
    const consent = await call(svc, 'GET', `${session}/banks/sandbox`, { jar });
    assert.match(consent.text, /target="_blank" data-continue/, 'the bank opens in a new window');
    assert.deepEqual((await call(svc, 'GET', `${session}/status.json?after=0`)).json, { state: 'waiting' });
    const back = await throughTheBank(svc, session, 'approve', jar);
    const popup = await call(svc, 'GET', back, { jar });
    assert.equal(popup.status, 200);
    assert.match(popup.text, /You can close this window/);
    const status = (await call(svc, 'GET', `${session}/status.json?after=0`)).json;
    assert.equal(status.state, 'done');
    assert.equal(status.status, 'Authorised');
    const result = await call(svc, 'GET', status.result_url);
    assert.match(
      result.text,
      /data-host-event="\{&quot;type&quot;:&quot;obi-connect:result&quot;,&quot;status&quot;:&quot;Authorised&quot;/,
    );
    assert.match(result.headers.get('content-security-policy')!, /frame-ancestors https:\/\/lender\.example/);
    // The way back is the host page: a message to it (with script), the host's origin at the top (without).
    assert.match(
      result.text,
      /<a class="button" href="https:\/\/lender\.example" data-exit="connected" target="_top">Return to Acme Lending<\/a>/,
    );
  });
});
