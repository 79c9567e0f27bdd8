/**
 * Headers on every kind of answer (docs/security.md, "Headers"), and the pages still working under their Content
 * Security Policies in a real browser: the API docs and the sandbox bank's login page show with no CSP violation.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  call,
  CookieJar,
  newLiveClient,
  newLiveCustomer,
  openBankFlow,
  startLiveService,
} from '../helpers/bank-flow.ts';
import { BROWSER_SKIP, launchBrowser } from '../helpers/browser.ts';
import { waitFor } from '../helpers/wait.ts';

describe('security headers', async () => {
  const svc = await startLiveService();
  const client = await newLiveClient(svc, 'Header Lender');
  const customer = await newLiveCustomer(svc, client);

  test('API answers › nosniff, no-store, a CSP that loads and frames nothing; errors too', async () => {
    for (const [path, auth] of [
      [`/public/v3/customers/${customer.id}`, client.auth.authorization],
      ['/public/v3/customers/nope', client.auth.authorization],
      ['/public/v3/customers', undefined],
      ['/openapi.json', undefined],
    ] as const) {
      const res = await call(svc, 'GET', path, { auth });
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', path);
      assert.equal(res.headers.get('cache-control'), 'no-store', path);
      assert.match(res.headers.get('content-security-policy') ?? '', /default-src 'none'/, path);
      assert.match(res.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/, path);
    }
    const token = await call(svc, 'POST', '/oauth/v2/token', {
      body: { client_id: client.clientId, client_secret: client.clientSecret, grant_type: 'client_credentials' },
    });
    assert.equal(token.headers.get('cache-control'), 'no-store');
  });

  test('the docs and the sandbox bank page have their own CSP', async () => {
    const docs = await call(svc, 'GET', '/docs/');
    assert.match(docs.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    assert.match(docs.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    const flow = await call(
      svc,
      'POST',
      `/public/v3/webflow/banks/sandbox/redirect?url=${encodeURIComponent(client.returnUrl)}`,
      {
        auth: customer.appUser,
        body: {},
      },
    );
    const jar = new CookieJar();
    const loginUrl = await openBankFlow(svc, flow.json.url, jar);
    const bankPage = await call(svc, 'GET', loginUrl, { jar });
    assert.equal(bankPage.status, 200);
    assert.match(
      bankPage.headers.get('content-security-policy') ?? '',
      /default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; form-action 'self'/,
    );
    assert.doesNotMatch(bankPage.headers.get('content-security-policy') ?? '', /script-src[^;]*unsafe-inline/);
    assert.equal(bankPage.headers.get('cache-control'), 'no-store');
  });

  test('in the browser › the docs render under their CSP with no violation', { skip: BROWSER_SKIP }, async () => {
    const browser = await launchBrowser(() => [svc.baseUrl]);
    const page = await browser.newPage();
    await page.goto(`${svc.baseUrl}/docs/`);
    // The reference (Redoc, src/docs-ui/docs-ui.ts) shows the document's title.
    await waitFor(async () => (await page.getByText('Open Banking Insights API').count()) > 0 || undefined, {
      what: 'the docs to render',
    });
    assert.deepEqual(browser.problems, [], 'no console errors (a CSP violation would be one)');
    assert.deepEqual(browser.outside, [], 'nothing fetched from elsewhere');
  });
});
