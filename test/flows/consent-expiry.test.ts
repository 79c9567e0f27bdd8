/**
 * Consent expiry and reconfirmation (docs/decisions/0059-consent-expiry-and-reconfirmation.md,
 * docs/decisions/0060-reconfirmation-links.md), with a moving clock and no waiting: CONSENT_EXPIRING before the
 * 90-day reconfirmation and before the bank's expiry, once per consent and moment, through the job registry's scan;
 * CONSENT_EXPIRED when either lapses; the hosted reconfirmation link (create, list, get, revoke, e-mail) whose page
 * shows what is shared and reconfirms (CONSENT_RECONFIRMED) or withdraws (revoked, as the customer's withdrawal) in
 * one step; its refusals; isolation between clients.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { newClient, newCustomer, startService, type TestClient } from '../helpers/app.ts';
import { consoleUser } from '../helpers/console.ts';
import { freshTarget } from '../helpers/fresh-target.ts';
import { deliver, registerWebhook, startSink } from '../helpers/webhook-sink.ts';
import { Webhook } from 'standardwebhooks';
import { scanConsentExpiry } from '../../src/modules/consents/index.ts';
import { authorisedConsent as makeAuthorisedConsent } from '../helpers/consents.ts';

const DAY = 86_400;
const outbox = await mkdtemp(path.join(os.tmpdir(), 'obi-reconfirm-outbox-'));

describe('consent expiry and reconfirmation', async () => {
  // The scans and the sweep run as the registry runs them, over every consent in the database, with a clock moved
  // by months: on the shared PostgreSQL database they would end other test files' consents mid-flow. A database of
  // this file's own keeps them to its own.
  const target = process.env.DATABASE_URL ? await freshTarget('obi_consent_expiry') : null;
  const svc = await startService({
    MAIL_OUTBOX_DIR: outbox,
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    ...(target ? { DATABASE_URL: target.env.DATABASE_URL } : {}),
  });
  // Registered after the service's own close (test/helpers/app.ts), so it runs once the service let go of it.
  if (target) after(() => target.drop());
  const client = await newClient(svc, 'Acme Lending');
  const other = await newClient(svc, 'Other Lending');
  const nowS = () => Math.floor(svc.clock.now().getTime() / 1000);

  /** Clients' access tokens last an hour: after the clock moves by days, each gets a new one. */
  async function renew(c: TestClient): Promise<void> {
    const res = await svc.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      payload: { client_id: c.clientId, client_secret: c.clientSecret, grant_type: 'client_credentials' },
    });
    c.token = res.json().access_token;
    c.auth.authorization = `Bearer ${c.token}`;
  }
  async function advanceDays(days: number): Promise<void> {
    svc.clock.advance(days * DAY);
    await renew(client);
    await renew(other);
  }
  const hook = await svc.app.inject({
    method: 'POST',
    url: '/public/v3/webhooks',
    headers: client.auth,
    payload: { url: 'https://1.1.1.10/hook' },
  });
  const webhookId = hook.json().id as string;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function events(type: string, consentId: string): Promise<any[]> {
    const log = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/webhooks/${webhookId}/deliveries?max_per_page=500`,
      headers: client.auth,
    });
    return (log.json().data as Array<{ webhook_type: string; payload: { consent_id?: string } }>)
      .filter((d) => d.webhook_type === type && d.payload.consent_id === consentId)
      .map((d) => d.payload);
  }

  /** An Authorised consent as the callback leaves one: authorised now, reconfirm in 90 days, the bank's expiry given. */
  async function authorisedConsent(
    customerId: string,
    bankExpiryDays: number | null,
    clientId = client.clientId,
  ): Promise<string> {
    return makeAuthorisedConsent(svc.deps.db, {
      clientId,
      customerId,
      now: svc.clock.now(),
      bankExpiryDays,
    });
  }
  const consentView = async (customerId: string, consentId: string) =>
    (
      await svc.app.inject({
        method: 'GET',
        url: `/public/v3/customers/${customerId}/consents/${consentId}`,
        headers: client.auth,
      })
    ).json();
  /** The scan as the registry runs it: enqueued under its name and drained. */
  async function runScan(): Promise<void> {
    await svc.deps.db.transaction((tx) => svc.deps.queue.enqueue(tx, 'consent.expiry-scan', {}));
    await svc.deps.queue.drain(['consent.expiry-scan']);
  }
  const createLink = (payload: object, auth = client.auth) =>
    svc.app.inject({ method: 'POST', url: '/public/v3/reconfirmations', headers: auth, payload });
  const pagePath = (url: string) => new URL(url).pathname;

  const alice = await newCustomer(svc, client);
  // Bank access well past 90 days: the reconfirmation is what ends it first.
  const aliceConsent = await authorisedConsent(alice, 200);

  test('the 90-day reconfirmation › CONSENT_EXPIRING once, 7 days before, however often the scan runs', async () => {
    await runScan();
    assert.equal((await events('CONSENT_EXPIRING', aliceConsent)).length, 0, 'nothing 90 days ahead');
    await advanceDays(82); // 8 days before the due moment: still outside the window
    await runScan();
    assert.equal((await events('CONSENT_EXPIRING', aliceConsent)).length, 0, 'nothing 8 days ahead');
    await advanceDays(1.5); // 6.5 days before
    // Two runs at once (two processes after a restart, a made-up missed run), then another: one warning.
    await Promise.all([scanConsentExpiry(svc.deps), scanConsentExpiry(svc.deps)]);
    await runScan();
    const warned = await events('CONSENT_EXPIRING', aliceConsent);
    assert.equal(warned.length, 1, 'one warning for one consent and moment');
    const due = (await consentView(alice, aliceConsent)).reconfirm_by_date_time;
    assert.deepEqual(
      { ...warned[0], msg: undefined },
      {
        msg: undefined,
        webhook_type: 'CONSENT_EXPIRING',
        customer_id: alice,
        consent_id: aliceConsent,
        bank_slug: 'sandbox',
        reason: 'reconfirmation',
        due_at: due,
      },
    );
    assert.match(warned[0].msg, /reconfirm/);
  });

  test('the console’s customer page › a notice names the bank and the reconfirmation date, only inside the window', async () => {
    const { browser } = await consoleUser(svc, client.clientId, 'viewer');
    const page = await browser.get(`/console/customers/${alice}`);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /id="consent-expiry"/);
    assert.match(page.body, /Sandbox Bank: the customer must reconfirm by/);
    const bob = await newCustomer(svc, client);
    await authorisedConsent(bob, null);
    const calm = await browser.get(`/console/customers/${bob}`);
    assert.equal(calm.statusCode, 200);
    assert.doesNotMatch(calm.body, /id="consent-expiry"/, 'a consent 90 days from its end has no notice');
  });

  let linkId = '';
  let linkUrl = '';
  test('a reconfirmation link › 201 with a signed url, listed and readable by its client only', async () => {
    const res = await createLink({ customer_id: alice, consent_id: aliceConsent });
    assert.equal(res.statusCode, 201, res.body);
    const link = res.json();
    assert.equal(link.status, 'pending');
    assert.equal(link.outcome, null);
    assert.equal(link.expires_in, 7 * DAY);
    assert.equal(link.consent_id, aliceConsent);
    assert.match(link.url, new RegExp(`^http://127\\.0\\.0\\.1:8080/connect/reconfirm/${link.id}/[A-Za-z0-9_-]{32}$`));
    linkId = link.id;
    linkUrl = link.url;
    const list = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/reconfirmations?customer_id=${alice}`,
      headers: client.auth,
    });
    assert.deepEqual(
      list.json().data.map((l: { id: string }) => l.id),
      [linkId],
    );
    const got = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/reconfirmations/${linkId}`,
      headers: client.auth,
    });
    assert.equal(got.json().url, linkUrl);
    const foreign = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/reconfirmations/${linkId}`,
      headers: other.auth,
    });
    assert.equal(foreign.statusCode, 404);
    assert.equal(foreign.json().code, 'reconfirmation_not_found');
    const foreignRevoke = await svc.app.inject({
      method: 'DELETE',
      url: `/public/v3/reconfirmations/${linkId}`,
      headers: other.auth,
    });
    assert.equal(foreignRevoke.statusCode, 404);
    const foreignList = await svc.app.inject({ method: 'GET', url: '/public/v3/reconfirmations', headers: other.auth });
    assert.deepEqual(foreignList.json().data, []);
    const foreignCreate = await createLink({ customer_id: alice, consent_id: aliceConsent }, other.auth);
    assert.equal(foreignCreate.statusCode, 404);
    assert.equal(foreignCreate.json().code, 'customer_not_found');
  });

  test('bad requests › Problem Details naming the field', async () => {
    const unknown = await createLink({ customer_id: alice, consent_id: 'no-such-consent' });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().errors[0].pointer, '/consent_id');
    const noEmail = await createLink({ customer_id: alice, consent_id: aliceConsent, send_email: true });
    assert.equal(noEmail.statusCode, 400);
    assert.equal(noEmail.json().errors[0].pointer, '/email');
    const tooLong = await createLink({ customer_id: alice, consent_id: aliceConsent, expires_in: 31 * DAY });
    assert.equal(tooLong.statusCode, 400);
    assert.equal(tooLong.json().errors[0].pointer, '/expires_in');
  });

  test('the hosted page › shows what is shared in plain English and when sharing stops, with the two answers', async () => {
    const page = await svc.app.inject({ method: 'GET', url: pagePath(linkUrl) });
    assert.equal(page.statusCode, 200);
    assert.match(page.headers['content-security-policy'] as string, /frame-ancestors 'none'/);
    assert.equal(page.headers['cache-control'], 'no-store');
    for (const words of [
      'Do you want to keep sharing your Sandbox Bank data with Acme Lending?',
      'Your account balances',
      'Money going out of your accounts',
      'Checking you can afford the loan',
      'If you do nothing, sharing stops on',
      'value="reconfirm"',
      'value="withdraw"',
    ])
      assert.ok(page.body.includes(words), words);
    const forged = await svc.app.inject({ method: 'GET', url: `/connect/reconfirm/${linkId}/${'A'.repeat(32)}` });
    assert.equal(forged.statusCode, 404);
  });

  test('reconfirm › one step: 90 days more, CONSENT_RECONFIRMED, the link used; a second answer changes nothing', async () => {
    const before = (await consentView(alice, aliceConsent)).reconfirm_by_date_time;
    const foreignSite = await svc.app.inject({
      method: 'POST',
      url: pagePath(linkUrl),
      headers: { origin: 'https://evil.example' },
      payload: { answer: 'withdraw' },
    });
    assert.equal(foreignSite.statusCode, 200, 'another site’s form only shows the page again');
    assert.equal((await consentView(alice, aliceConsent)).status, 'Authorised');
    const answered = await svc.app.inject({
      method: 'POST',
      url: pagePath(linkUrl),
      headers: { origin: 'http://127.0.0.1:8080' },
      payload: { answer: 'reconfirm' },
    });
    assert.equal(answered.statusCode, 303);
    assert.equal(answered.headers.location, pagePath(linkUrl));
    const after = await consentView(alice, aliceConsent);
    assert.equal(after.status, 'Authorised');
    assert.equal(after.reconfirm_by_date_time, nowS() + 90 * DAY);
    assert.ok(after.reconfirm_by_date_time > before);
    const reconfirmed = await events('CONSENT_RECONFIRMED', aliceConsent);
    assert.equal(reconfirmed.length, 1);
    assert.equal(reconfirmed[0].due_at, after.reconfirm_by_date_time);
    const done = await svc.app.inject({ method: 'GET', url: pagePath(linkUrl) });
    assert.ok(done.body.includes('Thank you: sharing goes on'), done.body);
    const again = await svc.app.inject({ method: 'POST', url: pagePath(linkUrl), payload: { answer: 'withdraw' } });
    assert.equal(again.statusCode, 303);
    assert.equal((await consentView(alice, aliceConsent)).status, 'Authorised', 'a used link answers nothing more');
    assert.equal((await events('CONSENT_RECONFIRMED', aliceConsent)).length, 1);
    const link = (
      await svc.app.inject({ method: 'GET', url: `/public/v3/reconfirmations/${linkId}`, headers: client.auth })
    ).json();
    assert.equal(link.status, 'used');
    assert.equal(link.outcome, 'reconfirmed');
    const revoke = await svc.app.inject({
      method: 'DELETE',
      url: `/public/v3/reconfirmations/${linkId}`,
      headers: client.auth,
    });
    assert.equal(revoke.statusCode, 409);
    assert.equal(revoke.json().code, 'reconfirmation_used');
  });

  test('the new period › its own warning (a new due moment), then CONSENT_EXPIRED when it lapses', async () => {
    await advanceDays(84); // 6 days before the new due moment
    await runScan();
    assert.equal((await events('CONSENT_EXPIRING', aliceConsent)).length, 2);
    await advanceDays(7);
    await svc.deps.db.transaction((tx) => svc.deps.queue.enqueue(tx, 'consent.sweep', {}));
    await svc.deps.queue.drain(['consent.sweep']);
    await runScan();
    const view = await consentView(alice, aliceConsent);
    assert.equal(view.status, 'Revoked');
    assert.equal(view.status_reason, 'reconfirmation_lapsed');
    const expired = await events('CONSENT_EXPIRED', aliceConsent);
    assert.equal(expired.length, 1);
    assert.equal(expired[0].reason, 'reconfirmation');
    const ended = await createLink({ customer_id: alice, consent_id: aliceConsent });
    assert.equal(ended.statusCode, 409);
    assert.equal(ended.json().code, 'consent_not_authorised');
  });

  test('the bank’s expiry › CONSENT_EXPIRING with reason expiry, then the scan ends it: Revoked (expired), CONSENT_EXPIRED once', async () => {
    const bob = await newCustomer(svc, client);
    const expiresAt = nowS() + 10 * DAY;
    const consent = await authorisedConsent(bob, 10);
    await advanceDays(4);
    await runScan();
    const warned = await events('CONSENT_EXPIRING', consent);
    assert.deepEqual(
      warned.map((w) => w.reason),
      ['expiry'],
    );
    assert.equal(warned[0].due_at, expiresAt);
    await advanceDays(6);
    await runScan();
    await runScan();
    const view = await consentView(bob, consent);
    assert.equal(view.status, 'Revoked');
    assert.equal(view.status_reason, 'expired');
    assert.equal((await events('CONSENT_EXPIRED', consent)).length, 1);
  });

  test('withdraw through the link › the consent is revoked as the customer’s withdrawal, and the bank is told', async () => {
    const carol = await newCustomer(svc, client);
    const consent = await authorisedConsent(carol, null);
    const link = (
      await createLink({ customer_id: carol, consent_id: consent, email: 'carol@example.com', send_email: true })
    ).json();
    assert.equal(link.send_email, true);
    assert.equal(await svc.deps.queue.drain(['reconfirmation.email']), 1);
    const sent = (
      await svc.app.inject({ method: 'GET', url: `/public/v3/reconfirmations/${link.id}`, headers: client.auth })
    ).json();
    assert.equal(sent.email_sent_at, nowS());
    const files = (await readdir(outbox)).filter((f) => f.includes(`reconfirmation-${link.id}`));
    assert.equal(files.length, 1, 'the e-mail is in the outbox');
    await svc.deps.queue.drain(['bank.revoke']); // the deletions earlier tests caused
    const answered = await svc.app.inject({ method: 'POST', url: pagePath(link.url), payload: { answer: 'withdraw' } });
    assert.equal(answered.statusCode, 303);
    const view = await consentView(carol, consent);
    assert.equal(view.status, 'Revoked');
    assert.equal(view.status_reason, 'revoked_by_customer');
    const done = await svc.app.inject({ method: 'GET', url: pagePath(link.url) });
    assert.ok(done.body.includes('You have stopped sharing'));
    assert.equal(await svc.deps.queue.drain(['bank.revoke']), 1, 'the consent is deleted at the bank');
  });

  test('a revoked or expired link › its page says so and changes nothing', async () => {
    const dave = await newCustomer(svc, client);
    const consent = await authorisedConsent(dave, null);
    const revoked = (await createLink({ customer_id: dave, consent_id: consent })).json();
    const del = await svc.app.inject({
      method: 'DELETE',
      url: `/public/v3/reconfirmations/${revoked.id}`,
      headers: client.auth,
    });
    assert.equal(del.statusCode, 200);
    assert.equal(del.json().status, 'revoked');
    const page = await svc.app.inject({ method: 'POST', url: pagePath(revoked.url), payload: { answer: 'withdraw' } });
    assert.equal(page.statusCode, 410);
    assert.ok(page.body.includes('This link has been withdrawn'));
    const short = (await createLink({ customer_id: dave, consent_id: consent, expires_in: 300 })).json();
    svc.clock.advance(301);
    const late = await svc.app.inject({ method: 'POST', url: pagePath(short.url), payload: { answer: 'reconfirm' } });
    assert.equal(late.statusCode, 410);
    assert.ok(late.body.includes('This link has expired'));
    assert.equal((await consentView(dave, consent)).status, 'Authorised');
  });

  test('the new types › signed and retried like every webhook (Standard Webhooks; a 500 is tried again)', async (t) => {
    const sink = await startSink();
    const hooked = await newClient(svc, 'Hooked Lending');
    const hookOf = await registerWebhook(svc, hooked.auth, sink.url);
    sink.answer = (_r, n) => ({ status: n === 0 ? 500 : 200 });
    const erin = await newCustomer(svc, hooked);
    await authorisedConsent(erin, 5, hooked.clientId);
    await runScan();
    await deliver(svc, hooked.clientId);
    svc.clock.advance(10); // past the first retry's delay (5 s ±10 %)
    await deliver(svc, hooked.clientId);
    const [first, second] = await sink.waitFor(2);
    assert.equal(first!.json.webhook_type, 'CONSENT_EXPIRING');
    assert.equal(second!.headers['webhook-id'], first!.headers['webhook-id'], 'the retry is the same message');
    t.mock.timers.enable({ apis: ['Date'], now: svc.clock.now() });
    const headers = Object.fromEntries(
      ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => [h, String(second!.headers[h])]),
    );
    assert.deepEqual(new Webhook(hookOf.secret).verify(second!.body, headers), JSON.parse(second!.body));
    t.mock.timers.reset();
    await sink.close();
  });

  test('e-mails to one address › capped per client a day like invitations (429 naming /email), sending the url yourself still works', async () => {
    const fred = await newCustomer(svc, client);
    const consent = await authorisedConsent(fred, null);
    const email = { customer_id: fred, consent_id: consent, email: 'fred@example.com', send_email: true };
    for (let i = 0; i < 3; i++) assert.equal((await createLink(email)).statusCode, 201);
    const capped = await createLink(email);
    assert.equal(capped.statusCode, 429);
    assert.equal(capped.json().errors[0].pointer, '/email');
    assert.ok(Number(capped.headers['retry-after']) > 0);
    assert.equal((await createLink({ ...email, send_email: false })).statusCode, 201);
  });
});
