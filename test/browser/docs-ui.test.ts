/**
 * The API reference at /docs (src/docs-ui.ts, docs/decisions/0033-admin-listener.md): Scalar, served by the service
 * itself, renders the operations of /openapi.json in a real browser, fetches nothing from elsewhere (no CDN, no
 * fonts, no telemetry) and breaks none of its Content Security Policy.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, startLiveService } from '../helpers/bank-flow.ts';
import { BROWSER_SKIP, DESKTOP, launchBrowser } from '../helpers/browser.ts';
import { waitFor } from '../helpers/wait.ts';

describe('the API docs page', async () => {
  const svc = await startLiveService();

  test('is served with a strict CSP of its own; its script comes from the service', async () => {
    const page = await call(svc, 'GET', '/docs/');
    assert.equal(page.status, 200);
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/, 'the inline configuration by hash only');
    assert.match(csp, /connect-src 'self'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /unsafe-eval|https?:/);
    assert.match(page.text, /<script src="js\/scalar\.js"><\/script>/);
    assert.doesNotMatch(page.text, /https?:\/\//, 'no outside address in the page');
    const script = await call(svc, 'GET', '/docs/js/scalar.js');
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type') ?? '', /javascript/);
    // the reference reads the service's own document
    assert.match(page.text, /"url": "\/openapi\.json"/);
  });

  test(
    'in the browser › renders the operations, fetches nothing from elsewhere, no CSP error',
    { skip: BROWSER_SKIP },
    async () => {
      const browser = await launchBrowser(() => [svc.baseUrl]);
      const page = await browser.newPage();
      await page.setViewportSize(DESKTOP);
      // The reference opens the Authentication group (endpoint 1's) from its link, as a reader following one would.
      await page.goto(`${svc.baseUrl}/docs/#tag/authentication`);
      // A console error (a CSP violation) or an outside request ends the wait at once, saying which.
      const giveUp = () =>
        browser.problems.length + browser.outside.length > 0
          ? JSON.stringify({ problems: browser.problems, outside: browser.outside })
          : undefined;
      const visible = (text: string) => async () => (await page.getByText(text).first().isVisible()) || undefined;
      await waitFor(visible('1. Get an access token'), {
        what: 'the reference to show the operation of endpoint 1',
        giveUp,
      });
      await waitFor(visible('/oauth/v2/token'), { what: 'the path of endpoint 1', giveUp });
      // and the service's other groups, the admin API's included, are listed
      for (const group of ['Customers', 'Reports', 'Admin'])
        await waitFor(visible(`Open Group - ${group}`), { what: `the ${group} group in the sidebar`, giveUp });
      assert.deepEqual(browser.problems, [], 'no console errors (a CSP violation would be one)');
      assert.deepEqual(browser.outside, [], 'nothing fetched from elsewhere');
    },
  );
});
