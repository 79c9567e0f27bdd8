/**
 * How real UK banks differ, played by the sandbox bank and met end to end through the service
 * (docs/decisions/0046-real-bank-variations.md): a bank without PAR (the request object in the URL, response_type
 * and scope beside it, hybrid chosen by `auto`, the assertion's aud its token endpoint); acr asked for and answered;
 * statements not built and parties refused (recorded as not offered, the consent untouched); long-form codes,
 * counterparty names instead of descriptions, zone-less times and an unreadable item (skipped and counted) in one
 * pull; a last page linking to itself and links on the bank's other host and API version; an expired start
 * address shown as a page with the way back; TLS 1.2 held to the FAPI suites by the bank.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import tls from 'node:tls';
import { decodeJwt, importPKCS8 } from 'jose';
import * as oidc from 'openid-client';
import { Agent, fetch as undiciFetch } from 'undici';
import {
  answerBankLogin,
  call,
  connect,
  CookieJar,
  newLiveClient,
  newLiveCustomer,
  rawTransactions,
  reachBankLogin,
  returnToCallback,
  runBankJobs,
  startBankFlow,
  startLiveService,
  type LiveClient,
} from '../helpers/bank-flow.ts';
import { personaAt, sandboxAsOf, SANDBOX_PASSWORD } from '../../src/sandbox-bank/index.ts';

describe('consent flow › the variations of real UK banks', async () => {
  const svc = await startLiveService();
  const client = await newLiveClient(svc);
  const persona = (slug: string, name: string) => personaAt(slug, name, sandboxAsOf(svc.clock.now()));

  async function pulled(username: string, slug = 'sandbox', c: LiveClient = client) {
    const customer = await newLiveCustomer(svc, c);
    const r = await connect(svc, c, customer.appUser, { username, slug });
    assert.equal(r.landing.searchParams.get('status'), 'Success', r.landing.toString());
    await runBankJobs(svc);
    const view = await call(svc, 'GET', `/public/v3/customers/${customer.id}/consents/${r.flow.consent_id}`, {
      auth: c.auth.authorization,
    });
    return { customer, flow: r, view: view.json };
  }

  test('a bank without PAR: the request object travels in the URL with response_type and scope beside it', async () => {
    const { customer, flow, view } = await pulled('thin-file', 'sandbox-no-par');
    const url = new URL(flow.bankUrl);
    assert.deepEqual([...url.searchParams.keys()].sort(), ['client_id', 'request', 'response_type', 'scope']);
    assert.equal(url.searchParams.get('response_type'), 'code id_token', '`auto` chose hybrid, the UK baseline');
    const inner = decodeJwt(url.searchParams.get('request')!);
    assert.equal(inner.response_type, url.searchParams.get('response_type'));
    assert.equal(inner.scope, url.searchParams.get('scope'));
    assert.equal(inner.state, flow.flow.state, 'the request object carries the state endpoint 5 answered');
    assert.equal((inner.claims as { id_token: Record<string, unknown> }).id_token.acr, undefined, 'no acr published');
    assert.equal(view.latest_pull.state, 'succeeded', JSON.stringify(view.latest_pull));
    assert.equal(
      (await rawTransactions(svc, client, customer.id)).length,
      persona('sandbox-no-par', 'thin-file').transactions.length,
    );

    // The bank insists: the same kind of URL without the duplicated parameters is refused.
    const other = await newLiveCustomer(svc, client);
    const started = await call(
      svc,
      'POST',
      `/public/v3/webflow/banks/sandbox-no-par/redirect?url=${encodeURIComponent(client.returnUrl)}`,
      { auth: other.appUser, body: {} },
    );
    const bare = new URL(await startBankFlow(svc, started.json.url, new CookieJar()));
    bare.searchParams.delete('response_type');
    bare.searchParams.delete('scope');
    const refused = await call(svc, 'GET', bare.toString());
    assert.equal(refused.status, 400);
    assert.match(refused.text, /response_type and scope must also be given outside the request object/);
  });

  test("the no-PAR bank wants its token endpoint as the assertion's aud: the issuer (the default) is refused", async () => {
    // The service's pull above got its tokens with client_assertion_audience "token_endpoint"; openid-client's
    // default audience is refused by this bank.
    const creds = svc.deps.sandboxBank!.client('sandbox-no-par');
    const agent = new Agent({ connect: { ca: creds.caPem, cert: creds.certPem, key: creds.keyPem } });
    try {
      const key = { key: await importPKCS8(creds.signingKeyPem, 'PS256'), kid: creds.signingKeyId };
      const config = await oidc.discovery(
        new URL(creds.discoveryUrl),
        creds.clientId,
        { use_mtls_endpoint_aliases: true },
        oidc.PrivateKeyJwt(key),
        {
          execute: [oidc.allowInsecureRequests],
          [oidc.customFetch]: (url, init) =>
            undiciFetch(url, { ...(init as object), dispatcher: agent }) as unknown as Promise<Response>,
        },
      );
      await assert.rejects(
        oidc.clientCredentialsGrant(config, { scope: 'accounts' }),
        (err: { error?: string }) => err.error === 'invalid_client',
      );
    } finally {
      await agent.close();
    }
  });

  test('acr: asked for as essential where the bank publishes it, and the id_token answers it', async () => {
    const customer = await newLiveCustomer(svc, client);
    const flow = await call(
      svc,
      'POST',
      `/public/v3/webflow/banks/sandbox/redirect?url=${encodeURIComponent(client.returnUrl)}`,
      { auth: customer.appUser, body: {} },
    );
    const jar = new CookieJar();
    const login = await reachBankLogin(svc, await startBankFlow(svc, flow.json.url, jar), jar);
    const callback = await answerBankLogin(svc, login, jar, {
      username: 'thin-file',
      password: SANDBOX_PASSWORD,
      decision: 'approve',
    });
    const idToken = decodeJwt(new URLSearchParams(new URL(callback).hash.slice(1)).get('id_token')!);
    assert.equal(idToken.acr, 'urn:openbanking:psd2:sca');
    const back = await returnToCallback(svc, callback, jar);
    assert.equal(new URL(back.headers.get('location')!).searchParams.get('status'), 'Success');
  });

  test('optional resources not offered, long codes, counterparties, zone-less times and a bad item: one complete pull', async () => {
    const { customer, view } = await pulled(
      'thin-file+no-statements+no-parties+long-codes+no-description+zoneless+bad-item+self-next',
    );
    assert.equal(view.status, 'Authorised', 'a 404 or a 403 on an optional resource leaves the consent alone');
    const pull = view.latest_pull;
    assert.equal(pull.state, 'succeeded', JSON.stringify(pull));
    assert.equal(pull.attempts, 1);
    assert.deepEqual(pull.counts.not_offered, ['parties', 'statements']);
    const p = persona('sandbox', 'thin-file');
    assert.equal(pull.counts.skipped_items, p.accounts.length, 'the first item of each account was unreadable');
    assert.deepEqual(pull.counts.skipped_by_resource, { transactions: p.accounts.length });
    assert.equal(pull.counts.statements, 0);
    const stored = await rawTransactions(svc, client, customer.id);
    assert.equal(stored.length, p.transactions.length - p.accounts.length, 'everything but the bad items');
    const byId = new Map(p.transactions.map((t) => [t.external_transaction_id, t]));
    const typed = new Set(['DirectDebit', 'StandingOrder', 'CardPayment', 'FasterPayment', 'BankGiroCredit']);
    for (const t of stored) {
      const expected = byId.get(t.external_transaction_id)!;
      assert.equal(t.name, expected.name, 'the counterparty name, not "(no description)"');
      assert.equal(t.booking_date_time, expected.booking_date_time, 'a zone-less time read as London time');
      if (expected.type && typed.has(expected.type)) assert.equal(t.type, expected.type, 'from the long-form code');
    }
  });

  test('charges and currency exchange: kept per transaction, on endpoint 11 and in the change feed', async () => {
    const { customer, view } = await pulled('thin-file+fx');
    assert.equal(view.latest_pull.state, 'succeeded', JSON.stringify(view.latest_pull));
    const p = persona('sandbox', 'thin-file');
    const cards = new Map(
      p.transactions.filter((t) => t.type === 'CardPayment' && t.amount < 0).map((t) => [t.external_transaction_id, t]),
    );
    assert.ok(cards.size > 0, 'the persona has card payments');
    const stored = await rawTransactions(svc, client, customer.id);
    assert.equal(stored.length, p.transactions.length);
    for (const t of stored) {
      const card = cards.get(t.external_transaction_id);
      if (!card) {
        assert.equal(t.charge_amount, undefined, `${t.external_transaction_id}: no charge when the bank gave none`);
        assert.equal(t.currency_exchange, undefined);
        continue;
      }
      // What the sandbox bank sends (src/sandbox-bank/data.ts): a 2.99 % fee and a euro payment at 0.85.
      assert.deepEqual(t.charge_amount, {
        amount: Math.round(Math.abs(card.amount) * 2.99) / 100,
        currency: card.currency,
      });
      assert.equal(t.currency_exchange.source_currency, 'EUR');
      assert.equal(t.currency_exchange.target_currency, card.currency);
      assert.equal(t.currency_exchange.exchange_rate, 0.85);
      assert.equal(t.currency_exchange.instructed_amount.currency, 'EUR');
      assert.ok(Math.abs(t.currency_exchange.instructed_amount.amount - Math.abs(card.amount) / 0.85) < 0.01);
    }
    let withCharge = 0;
    for (let cursor = '', more = true; more;) {
      const feed = await call(
        svc,
        'GET',
        `/public/v3/customers/${customer.id}/transactions/sync?count=500${cursor && `&cursor=${encodeURIComponent(cursor)}`}`,
        { auth: client.auth.authorization },
      );
      assert.equal(feed.status, 200, JSON.stringify(feed.json));
      withCharge += feed.json.added.filter((t: { charge_amount?: unknown }) => t.charge_amount !== undefined).length;
      cursor = feed.json.next_cursor;
      more = feed.json.has_more;
    }
    assert.equal(withCharge, cards.size, 'the change feed carries the same details');
  });

  test("paging: Links.Next on the bank's other host and API version is followed; a last page naming itself ends it", async () => {
    const { customer, view } = await pulled('overdrawn+alias-next+self-next');
    assert.equal(view.latest_pull.state, 'succeeded', JSON.stringify(view.latest_pull));
    const p = persona('sandbox', 'overdrawn');
    assert.ok(p.transactions.length > 500, 'more than one page');
    assert.equal((await rawTransactions(svc, client, customer.id)).length, p.transactions.length);
    const urls = await svc.deps.db.query<{ url: string }>(
      `SELECT url FROM bank_payloads WHERE pull_id = $1 AND resource = 'transactions' ORDER BY id`,
      [view.latest_pull.id],
    );
    assert.ok(urls.rows.some((r) => r.url.includes('://localhost:') && r.url.includes('/v3.1.11/aisp/')));
    // The overdraft limit (CreditLine) is kept with the balances.
    const lines = await svc.deps.db.query<{ credit_line: unknown }>(
      'SELECT credit_line FROM balances WHERE customer_id = $1 AND credit_line IS NOT NULL',
      [customer.id],
    );
    if (p.accounts.some((a) => a.overdraft_limit > 0)) assert.ok(lines.rows.length > 0, 'credit lines stored');
  });

  test('the bank holds TLS 1.2 to the FAPI 1.0 Advanced suites', async () => {
    const { port } = new URL(svc.deps.sandboxBank!.mtlsBaseUrl);
    const handshake = (ciphers: string) =>
      new Promise<string>((resolve) => {
        const socket = tls.connect(
          { host: '127.0.0.1', port: Number(port), maxVersion: 'TLSv1.2', ciphers, rejectUnauthorized: false },
          () => {
            resolve(socket.getCipher().name);
            socket.end();
          },
        );
        socket.on('error', (err) => resolve(`refused: ${(err as NodeJS.ErrnoException).code ?? err.message}`));
      });
    assert.equal(await handshake('ECDHE-RSA-AES128-GCM-SHA256'), 'ECDHE-RSA-AES128-GCM-SHA256');
    assert.match(await handshake('ECDHE-RSA-CHACHA20-POLY1305'), /^refused/);
    assert.match(await handshake('AES128-SHA256'), /^refused/);
  });

  test('an expired start address: a page in the hosted layout with the way back to the client', async () => {
    const customer = await newLiveCustomer(svc, client);
    const flow = await call(
      svc,
      'POST',
      `/public/v3/webflow/banks/sandbox/redirect?url=${encodeURIComponent(client.returnUrl)}`,
      { auth: customer.appUser, body: {} },
    );
    assert.equal(flow.status, 200, flow.text);
    // Endpoint 5 signs nothing yet: the row keeps the sealed state until a browser opens the address.
    const row = await svc.deps.db.query<{ bank_flow_state_sealed: string | null }>(
      'SELECT bank_flow_state_sealed FROM consents WHERE id = $1',
      [flow.json.consent_id],
    );
    assert.ok(row.rows[0]?.bank_flow_state_sealed);
    svc.clock.advance(31 * 60);
    const page = await call(svc, 'GET', flow.json.url, { jar: new CookieJar() });
    assert.equal(page.status, 400);
    assert.match(page.text, /This link to your bank has expired/);
    assert.match(page.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    const href = /<a class="button" href="([^"]+)"/.exec(page.text)?.[1]?.replaceAll('&amp;', '&');
    assert.ok(href, 'a way back');
    const back = new URL(href);
    assert.equal(`${back.origin}${back.pathname}`, 'https://lender.example/back');
    assert.equal(back.searchParams.get('status'), 'Error');
    assert.equal(back.searchParams.get('error'), 'consent_expired');
    assert.equal(back.searchParams.get('state'), flow.json.state);
    assert.equal(back.searchParams.get('consent_id'), flow.json.consent_id);
  });
});
