/**
 * The consent flow over real HTTP on loopback, against the service's own sandbox bank: token → customer →
 * customer token → consent screen → bank-flow URL → the sandbox's form → callback → the client's URL → consent
 * Authorised → the data readable and equal to what the sandbox holds for the persona. Decline, revocation and
 * re-authorisation, bad and replayed states, a return URL not allowed, another customer's token, erasure.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  call,
  connect,
  CookieJar,
  openBankFlow,
  answerBankLogin,
  returnToCallback,
  newLiveClient,
  newLiveCustomer,
  rawTransactions,
  runBankJobs,
  sandboxControl,
  startLiveService,
} from '../helpers/bank-flow.ts';
import { personaAt, SANDBOX_PASSWORD, sandboxAsOf } from '../../src/sandbox-bank/index.ts';

const pence = (x: number | string) => Math.round(Number(x) * 100);

describe('consent flow over HTTP with the sandbox bank', async () => {
  const svc = await startLiveService();
  const client = await newLiveClient(svc);
  const bearer = client.auth.authorization;
  const webhook = await call(svc, 'POST', '/public/v3/webhooks', {
    auth: bearer,
    body: { url: 'https://1.1.1.10/hook' },
  });
  const alice = await newLiveCustomer(svc, client);
  const persona = personaAt('sandbox', 'salaried-monthly', sandboxAsOf(svc.clock.now()));
  let consentId = '';
  let bankConsentId = '';

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Row = Record<string, any>;
  const accountsOf = async (customerId: string) =>
    (await call(svc, 'GET', `/public/v3/customers/${customerId}/accounts`, { auth: bearer })).json.data as Row[];
  const events = async (type: string) => {
    const log = await call(svc, 'GET', `/public/v3/webhooks/${webhook.json.id}/deliveries?max_per_page=500`, {
      auth: bearer,
    });
    return (
      log.json.data as Array<{ webhook_type: string; payload: { account_id?: string; customer_id: string } }>
    ).filter((d) => d.webhook_type === type);
  };

  test('the consent screen is built from the bank and the client settings, with statements and party and the default purpose', async () => {
    const res = await call(svc, 'POST', '/public/v3/webflow/banks/sandbox/consent', {
      auth: alice.appUser,
      body: { application_sharing_purposes: null },
    });
    assert.equal(res.status, 200, res.text);
    const m = res.json.metadata;
    assert.equal(m.slug, 'sandbox');
    assert.equal(m.name, 'Sandbox Bank');
    assert.equal(m.company_name, 'Flow Lender');
    assert.equal(m.application_name, 'Flow Lender');
    assert.equal(m.privacy_policy_url, 'https://lender.example/privacy');
    assert.deepEqual(m.application_sharing_purposes, [
      { description: 'Apply Bank transaction data to improve your financial credibility' },
    ]);
    assert.deepEqual(m.application_sharing_third_parties, []);
    for (const p of ['ReadStatementsDetail', 'ReadParty', 'ReadTransactionsDetail', 'ReadBalances'])
      assert.ok(m.requested_permissions.includes(p), p);
    const now = Math.floor(svc.clock.now().getTime() / 1000);
    assert.ok(Math.abs(now - m.data_access_from - 5 * 365.25 * 86400) < 2 * 86400, 'history from 5 years back');
    assert.ok(Math.abs(m.data_access_to - now - 92 * 86400) < 3 * 86400, 'access until 3 months ahead');
    assert.deepEqual(
      res.json.consents.map((c: { type: string }) => c.type),
      ['account_details', 'account_transactions', 'additional_information'],
    );
  });

  test('approve › the customer returns to the client URL with status=Success and the consent is Authorised', async () => {
    const r = await connect(svc, client, alice.appUser, { username: 'salaried-monthly' });
    assert.equal(r.landing.origin + r.landing.pathname, 'https://lender.example/back');
    assert.equal(r.landing.searchParams.get('from'), 'bank', "the client's own query is kept");
    assert.equal(r.landing.searchParams.get('status'), 'Success');
    assert.equal(r.landing.searchParams.get('customer_id'), alice.id);
    assert.equal(r.landing.searchParams.get('consent_id'), r.flow.consent_id);
    assert.equal(r.landing.searchParams.get('state'), r.flow.state);
    assert.equal(r.landing.searchParams.get('bank_slug'), 'sandbox');
    assert.ok(r.flow.url.startsWith(`${svc.baseUrl}/webflow/start/`), 'endpoint 5 hands out a start address here');
    // FAPI 1.0 Advanced: what the authorisation needs went to the bank in a signed, pushed request object; the
    // browser saw only its reference (test/flows/fapi-connector.test.ts looks closer).
    const bankPage = new URL(r.bankUrl);
    assert.deepEqual([...bankPage.searchParams.keys()].sort(), ['client_id', 'request_uri']);
    assert.match(r.callback, /#.*state=/, 'the hybrid answer came back in the fragment');
    consentId = r.flow.consent_id;
    const status = await call(svc, 'GET', '/public/v3/webflow/banks/sandbox/consent/status', { auth: alice.appUser });
    assert.equal(status.status, 200);
    assert.equal(status.json.consent_id, consentId);
    assert.equal(status.json.status, 'Authorised');
    assert.ok(status.json.permissions.includes('ReadParty'));
  });

  test("approve › the pull stores the persona's accounts, transactions, balances, statements and parties, raw payloads first", async () => {
    assert.equal(await runBankJobs(svc), 1);
    const consent = await call(svc, 'GET', `/public/v3/customers/${alice.id}/consents/${consentId}`, { auth: bearer });
    assert.equal(consent.json.latest_pull.state, 'succeeded', JSON.stringify(consent.json.latest_pull));
    bankConsentId = consent.json.bank_consent_id;

    const accounts = await accountsOf(alice.id);
    assert.equal(accounts.length, persona.accounts.length);
    const txns = await rawTransactions(svc, client, alice.id);
    assert.equal(txns.length, persona.transactions.length);
    for (const pa of persona.accounts) {
      const account = accounts.find((a) => a.number === pa.number)!;
      assert.ok(account, pa.number);
      assert.equal(account.is_authorized, true);
      assert.equal(account.name, pa.name);
      assert.equal(account.sub_type, pa.sub_type);
      assert.deepEqual(account.sort_code_and_account_number, {
        sort_code: pa.sort_code,
        account_number: pa.account_number,
      });
      const theirs = persona.transactions.filter((t) => t.account_number === pa.number);
      const ours = txns.filter((t) => t.account_number === pa.number);
      assert.equal(ours.length, theirs.length, `transactions of ${pa.key}`);
      assert.equal(
        ours.reduce((s, t) => s + pence(t.amount), 0),
        theirs.reduce((s, t) => s + pence(t.amount), 0),
        `sum of ${pa.key}`,
      );
      assert.equal(
        ours.filter((t) => t.status === 'Pending').length,
        theirs.filter((t) => t.status === 'Pending').length,
      );
      const booked =
        pence(pa.opening_balance) +
        theirs.filter((t) => t.status === 'Booked').reduce((s, t) => s + pence(t.amount), 0);
      const balances = (
        await call(svc, 'GET', `/public/v3/customers/${alice.id}/accounts/${account.id}/balances`, { auth: bearer })
      ).json.data;
      assert.equal(
        pence(balances.find((b: { type: string }) => b.type === 'InterimBooked').amount),
        booked,
        'booked balance = opening + booked transactions',
      );

      const statements = (
        await call(svc, 'GET', `/public/v3/customers/${alice.id}/accounts/${account.id}/statements`, { auth: bearer })
      ).json.data;
      const theirStatements = persona.statements.filter((s) => s.AccountId === pa.id);
      assert.equal(statements.length, theirStatements.length);
      const first = statements.find((s: { StatementId: string }) => s.StatementId === theirStatements[0]!.StatementId);
      assert.equal(first.AccountId, account.id);
      assert.deepEqual(first.StatementAmounts, theirStatements[0]!.StatementAmounts);
      const parties = (
        await call(svc, 'GET', `/public/v3/customers/${alice.id}/accounts/${account.id}/party`, { auth: bearer })
      ).json.data;
      assert.deepEqual(
        parties.map((p: { Name: string }) => p.Name).sort(),
        persona.parties
          .filter((p) => p.AccountId === pa.id)
          .map((p) => p.Name)
          .sort(),
      );
    }
    const byId = new Map(persona.transactions.map((t) => [t.external_transaction_id, t]));
    for (const t of txns.slice(0, 200)) {
      const p = byId.get(t.external_transaction_id)!;
      assert.equal(t.name, p.name);
      assert.equal(t.type, p.type);
      assert.equal(t.booking_date_time, p.booking_date_time);
      assert.deepEqual(t.merchant_details ?? undefined, p.merchant_details);
    }
    const raw = await svc.deps.db.query<{ resource: string; n: number }>(
      'SELECT resource, count(*)::int AS n FROM bank_payloads WHERE customer_id = $1 GROUP BY resource ORDER BY resource',
      [alice.id],
    );
    assert.deepEqual(
      raw.rows.map((r) => r.resource),
      ['accounts', 'balances', 'parties', 'statements', 'transactions'],
    );
    assert.ok(
      raw.rows.find((r) => r.resource === 'transactions')!.n >= 3,
      'transactions came in pages (Links.Next followed)',
    );
    const readiness = await call(svc, 'GET', `/public/v3/customers/${alice.id}/report_readiness_statuses/insights`, {
      auth: bearer,
    });
    assert.equal(readiness.json.status, 'not_ready', 'the data marks reports not_ready');
  });

  test('the customer bank list says the customer is connected to the sandbox bank, with the latest consent', async () => {
    const res = await call(svc, 'GET', '/public/v3/webflow/banks', { auth: alice.appUser });
    assert.equal(res.status, 200);
    const sandbox = res.json.data.find((b: { slug: string }) => b.slug === 'sandbox');
    assert.equal(sandbox.is_connected, true);
    assert.equal(sandbox.consent.consent_id, consentId);
    assert.ok(
      res.json.data.every((b: { slug: string; is_connected: boolean }) => b.slug === 'sandbox' || !b.is_connected),
    );
  });

  test('decline › status=Error, the consent is Rejected and no data arrives', async () => {
    const bob = await newLiveCustomer(svc, client);
    const r = await connect(svc, client, bob.appUser, { username: 'gambler', decision: 'decline' });
    assert.equal(r.landing.searchParams.get('status'), 'Error');
    assert.equal(r.landing.searchParams.get('error'), 'access_denied');
    assert.equal(r.landing.searchParams.get('consent_id'), r.flow.consent_id);
    const status = await call(svc, 'GET', '/public/v3/webflow/banks/sandbox/consent/status', { auth: bob.appUser });
    assert.equal(status.json.status, 'Rejected');
    await runBankJobs(svc);
    assert.equal((await accountsOf(bob.id)).length, 0);
    assert.equal((await rawTransactions(svc, client, bob.id)).length, 0);
  });

  test('a wrong password at the bank shows the form again (401) and authorises nothing', async () => {
    const carol = await newLiveCustomer(svc, client);
    const flow = await call(
      svc,
      'POST',
      `/public/v3/webflow/banks/sandbox/redirect?url=${encodeURIComponent(client.returnUrl)}`,
      { auth: carol.appUser },
    );
    assert.equal(flow.status, 200, 'no body counts as {}');
    const jar = new CookieJar();
    const bankUrl = await openBankFlow(svc, flow.json.url, jar);
    const page = await call(svc, 'GET', bankUrl, { jar });
    assert.equal(page.status, 200);
    assert.match(page.text, /name="username"/);
    assert.match(page.text, /name="decision" value="approve"/);
    const wrong = await call(svc, 'POST', bankUrl, {
      jar,
      form: { username: 'gambler', password: 'nope', decision: 'approve' },
    });
    assert.equal(wrong.status, 401);
    const status = await call(svc, 'GET', '/public/v3/webflow/banks/sandbox/consent/status', { auth: carol.appUser });
    assert.equal(status.json.status, 'AwaitingAuthorisation');
  });

  test('bound to the browser › a callback opened in another browser gets a page and changes nothing; the starting browser still finishes', async () => {
    const erin = await newLiveCustomer(svc, client);
    const flow = await call(
      svc,
      'POST',
      `/public/v3/webflow/banks/sandbox/redirect?url=${encodeURIComponent(client.returnUrl)}`,
      { auth: erin.appUser, body: {} },
    );
    const mine = new CookieJar();
    const bankUrl = await openBankFlow(svc, flow.json.url, mine);
    const callback = await answerBankLogin(svc, bankUrl, mine, {
      username: 'benefits',
      password: SANDBOX_PASSWORD,
      decision: 'approve',
    });
    assert.match(callback, /\/webflow\/callback#/, 'the hybrid answer, in the fragment');
    const answer = Object.fromEntries(new URLSearchParams(new URL(callback).hash.slice(1)));

    const stranger = await fetch(`${svc.baseUrl}/webflow/callback`, {
      method: 'POST',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(answer).toString(),
      redirect: 'manual',
    });
    assert.equal(stranger.status, 400);
    assert.match(stranger.headers.get('content-type') ?? '', /text\/html/);
    assert.match(await stranger.text(), /another browser/);
    assert.equal(stranger.headers.get('location'), null);
    const meanwhile = await call(svc, 'GET', '/public/v3/webflow/banks/sandbox/consent/status', { auth: erin.appUser });
    assert.equal(meanwhile.json.status, 'AwaitingAuthorisation', 'nothing changed');

    const finished = await returnToCallback(svc, callback, mine);
    assert.equal(finished.status, 302);
    assert.equal(new URL(finished.headers.get('location') ?? '').searchParams.get('status'), 'Success');
  });

  test('bound to the browser › the start address works once; the bank form answers only the browser it was shown to', async () => {
    const fay = await newLiveCustomer(svc, client);
    const flow = await call(
      svc,
      'POST',
      `/public/v3/webflow/banks/sandbox/redirect?url=${encodeURIComponent(client.returnUrl)}`,
      { auth: fay.appUser, body: {} },
    );
    const mine = new CookieJar();
    const bankUrl = await openBankFlow(svc, flow.json.url, mine);
    const cookie = mine.header() ?? '';
    assert.match(cookie, /obi_flow=/);
    const again = await call(svc, 'GET', flow.json.url, { jar: new CookieJar() });
    assert.equal(again.status, 400, 'a second opening, from anywhere, is refused');
    assert.equal(again.headers.get('location'), null);
    const forged = await call(svc, 'POST', bankUrl, {
      jar: new CookieJar(),
      form: { username: 'benefits', password: SANDBOX_PASSWORD, decision: 'approve' },
    });
    assert.equal(forged.status, 400, "the bank's form refuses an answer from another browser");
    const status = await call(svc, 'GET', '/public/v3/webflow/banks/sandbox/consent/status', { auth: fay.appUser });
    assert.equal(status.json.status, 'AwaitingAuthorisation');
  });

  test('a bad, missing or replayed state is refused and redirects nobody', async () => {
    const dave = await newLiveCustomer(svc, client);
    const r = await connect(svc, client, dave.appUser, { username: 'benefits' });
    const replay = await returnToCallback(svc, r.callback, r.jar);
    assert.equal(replay.status, 400);
    assert.equal(replay.json.code, 'invalid_state');
    assert.equal(replay.headers.get('location'), null);
    const forged = await call(svc, 'GET', `/webflow/callback?state=${'x'.repeat(43)}&code=abc`);
    assert.equal(forged.status, 400);
    assert.equal(forged.json.code, 'invalid_state');
    const missing = await call(svc, 'GET', '/webflow/callback?code=abc');
    assert.equal(missing.status, 400);
    assert.equal(missing.json.errors[0].pointer, '/query/state');
    const status = await call(svc, 'GET', '/public/v3/webflow/banks/sandbox/consent/status', { auth: dave.appUser });
    assert.equal(status.json.status, 'Authorised', 'the replay changed nothing');
  });

  test('a return URL not on the allow-list is refused with 400 naming /query/url, and nothing is created', async () => {
    const erin = await newLiveCustomer(svc, client);
    for (const url of ['https://evil.example/back', 'https://lender.example/back', `${client.returnUrl}&x=1`]) {
      const res = await call(svc, 'POST', `/public/v3/webflow/banks/sandbox/redirect?url=${encodeURIComponent(url)}`, {
        auth: erin.appUser,
        body: {},
      });
      assert.equal(res.status, 400, url);
      assert.equal(res.json.code, 'redirect_url_not_allowed');
      assert.deepEqual(
        res.json.errors.map((e: { pointer: string }) => e.pointer),
        ['/query/url'],
      );
    }
    const none = await call(svc, 'POST', '/public/v3/webflow/banks/sandbox/redirect', { auth: erin.appUser, body: {} });
    assert.equal(none.status, 400);
    assert.equal(none.json.errors[0].pointer, '/query/url');
    assert.equal(
      (await call(svc, 'GET', '/public/v3/webflow/banks/sandbox/consent/status', { auth: erin.appUser })).status,
      404,
    );
  });

  test("another customer's AppUserToken sees none of this customer's consents and cannot act on them", async () => {
    const other = await newLiveCustomer(svc, client);
    const otherClient = await newLiveClient(svc, 'Other Lender');
    const stranger = await newLiveCustomer(svc, otherClient);
    for (const who of [other, stranger]) {
      const status = await call(svc, 'GET', '/public/v3/webflow/banks/sandbox/consent/status', { auth: who.appUser });
      assert.equal(status.status, 404);
      assert.equal(status.json.code, 'consent_not_found');
      const banks = await call(svc, 'GET', '/public/v3/webflow/banks', { auth: who.appUser });
      const sandbox = banks.json.data.find((b: { slug: string }) => b.slug === 'sandbox');
      assert.equal(sandbox.is_connected, false);
      assert.equal(sandbox.consent, null);
      assert.equal(
        (await call(svc, 'DELETE', '/public/v3/webflow/banks/sandbox/consent', { auth: who.appUser })).status,
        404,
      );
      assert.equal(
        (await call(svc, 'POST', '/public/v3/webflow/banks/sandbox/consent/reconfirm', { auth: who.appUser })).status,
        404,
      );
    }
    const foreign = await call(svc, 'GET', `/public/v3/customers/${alice.id}/consents/${consentId}`, {
      auth: otherClient.auth.authorization,
    });
    assert.equal(foreign.status, 404);
    const mine = await call(svc, 'GET', '/public/v3/webflow/banks/sandbox/consent/status', { auth: alice.appUser });
    assert.equal(mine.json.status, 'Authorised');
  });

  test('revoked at the bank › the refresh finds it: Revoked, accounts unauthorised, one ACCOUNT_AUTHORIZATION_LOST per account', async () => {
    const revoked = await sandboxControl(svc, 'POST', `/consents/${bankConsentId}/revoke`);
    assert.equal(revoked.status, 200, revoked.text);
    const refresh = await call(svc, 'POST', `/public/v3/customers/${alice.id}/consents/${consentId}/refresh`, {
      auth: bearer,
    });
    assert.equal(refresh.status, 202);
    assert.equal(refresh.json.pull.state, 'queued');
    await runBankJobs(svc);
    const status = await call(svc, 'GET', '/public/v3/webflow/banks/sandbox/consent/status', { auth: alice.appUser });
    assert.equal(status.json.status, 'Revoked');
    const view = await call(svc, 'GET', `/public/v3/customers/${alice.id}/consents/${consentId}`, { auth: bearer });
    assert.equal(view.json.status_reason, 'revoked_at_bank');
    assert.equal(view.json.latest_pull.error_code, 'auth_lost');
    const accounts = await accountsOf(alice.id);
    assert.ok(accounts.every((a) => a.is_authorized === false));
    const lost = await events('ACCOUNT_AUTHORIZATION_LOST');
    assert.deepEqual(
      lost.map((e) => e.payload.account_id).sort(),
      accounts.map((a) => a.id).sort(),
      'one LOST per account',
    );
    assert.ok(lost.every((e) => e.payload.customer_id === alice.id));
    assert.equal(
      (await rawTransactions(svc, client, alice.id)).length,
      persona.transactions.length,
      'the data already shared stays',
    );
  });

  test('re-authorising › Authorised again, accounts authorised, one ACCOUNT_AUTHORIZATION_GRANTED per account, nothing duplicated', async () => {
    const r = await connect(svc, client, alice.appUser, { username: 'salaried-monthly' });
    assert.equal(r.landing.searchParams.get('status'), 'Success');
    await runBankJobs(svc);
    const status = await call(svc, 'GET', '/public/v3/webflow/banks/sandbox/consent/status', { auth: alice.appUser });
    assert.equal(status.json.status, 'Authorised');
    assert.equal(status.json.consent_id, r.flow.consent_id);
    const accounts = await accountsOf(alice.id);
    assert.equal(accounts.length, persona.accounts.length);
    assert.ok(accounts.every((a) => a.is_authorized === true));
    const granted = await events('ACCOUNT_AUTHORIZATION_GRANTED');
    assert.deepEqual(granted.map((e) => e.payload.account_id).sort(), accounts.map((a) => a.id).sort());
    assert.equal((await events('ACCOUNT_AUTHORIZATION_LOST')).length, accounts.length, 'no new LOST');
    assert.equal((await rawTransactions(svc, client, alice.id)).length, persona.transactions.length);
  });

  test('the customer withdraws the consent › Revoked here, deleted at the bank', async () => {
    const res = await call(svc, 'DELETE', '/public/v3/webflow/banks/sandbox/consent', { auth: alice.appUser });
    assert.equal(res.status, 200);
    assert.equal(res.json.status, 'Revoked');
    await runBankJobs(svc);
    const bank = await sandboxControl(svc, 'GET', '/consents');
    const mine = bank.json.data.filter(
      (c: { Persona: string | null; Status: string }) => c.Persona === 'salaried-monthly',
    );
    assert.ok(mine.length >= 2 && mine.every((c: { Status: string }) => c.Status === 'Revoked'), JSON.stringify(mine));
  });

  test('the business sandbox bank › a business persona arrives with Business accounts (the bank says Personal; its override corrects it)', async () => {
    const shop = await newLiveCustomer(svc, client);
    await assert.rejects(
      connect(svc, client, shop.appUser, { username: 'gambler', slug: 'sandbox-business' }),
      /sandbox form: 401/,
      'personal personas bank elsewhere',
    );
    const r = await connect(svc, client, shop.appUser, { username: 'business-limited', slug: 'sandbox-business' });
    assert.equal(r.landing.searchParams.get('bank_slug'), 'sandbox-business');
    await runBankJobs(svc);
    const accounts = await accountsOf(shop.id);
    const business = personaAt('sandbox-business', 'business-limited', sandboxAsOf(svc.clock.now()));
    assert.equal(accounts.length, business.accounts.length);
    assert.ok(accounts.every((a) => a.type === 'Business' && a.bank_slug === 'sandbox-business'));
    assert.equal((await rawTransactions(svc, client, shop.id)).length, business.transactions.length);
  });

  test("deleting a customer revokes the customer's consent at the bank", async () => {
    const fred = await newLiveCustomer(svc, client);
    await connect(svc, client, fred.appUser, { username: 'pensioner' });
    await runBankJobs(svc);
    const listed = await call(svc, 'GET', `/public/v3/customers/${fred.id}/consents`, { auth: bearer });
    const bankId = listed.json.data[0].bank_consent_id;
    assert.equal((await call(svc, 'DELETE', `/public/v3/customers/${fred.id}`, { auth: bearer })).status, 204);
    await runBankJobs(svc);
    const bank = await sandboxControl(svc, 'GET', '/consents');
    assert.equal(bank.json.data.find((c: { ConsentId: string }) => c.ConsentId === bankId).Status, 'Revoked');
    const left = await svc.deps.db.query(
      'SELECT 1 FROM bank_payloads WHERE customer_id = $1 UNION ALL SELECT 1 FROM consents WHERE customer_id = $1',
      [fred.id],
    );
    assert.equal(left.rows.length, 0, 'consents and raw payloads go with the customer');
  });
});
