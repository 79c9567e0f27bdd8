/**
 * The API reference at /docs (src/docs-ui.ts, docs/decisions/0037-docs-redoc-prerendered.md): Redoc, prerendered
 * by the service from its own /openapi.json, shows the operations before any script runs, then works as Redoc in a
 * real browser (following a link, a deep link), fetches nothing from elsewhere (no CDN, fonts or telemetry) and
 * breaks none of its Content Security Policy.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, startLiveService } from '../helpers/bank-flow.ts';
import { BROWSER_SKIP, DESKTOP, launchBrowser } from '../helpers/browser.ts';
import { waitFor } from '../helpers/wait.ts';
import { docsPageSource, splitBuiltPage } from '../../src/docs-ui.ts';
import { createLogger } from '../../src/logger.ts';

describe('the API docs page', async () => {
  const svc = await startLiveService();

  test('is the prerendered reference of the served document, with a strict CSP and its script from the service', async () => {
    const page = await call(svc, 'GET', '/docs');
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/, 'the one inline script by hash only');
    assert.match(csp, /connect-src 'self'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /unsafe-eval|https?:/);
    // The operations are in the HTML itself, from the document this service serves (its own server address).
    const document = (await call(svc, 'GET', '/openapi.json')).json as {
      servers: Array<{ url: string }>;
      paths: Record<string, unknown>;
    };
    const has = (text: string) => page.text.includes(text);
    assert.ok(has(document.servers[0]!.url), 'the served document, not a copy built elsewhere');
    for (const group of ['Authentication', 'Customers', 'Reports', 'Admin'])
      assert.ok(has(`>${group}<`), `the ${group} group is in the HTML`);
    assert.ok(!/href="\/(?!\/)/.test(page.text), 'links stay on the page (hash routes)');
    assert.ok(!has('cdn.redoc'), 'nothing from a CDN');
    const src = /<script type="module" src="(\/docs\/redoc-[A-Za-z0-9_-]+\.js)"><\/script>/.exec(page.text)?.[1];
    assert.ok(src, 'the script is served by the service');
    const script = await call(svc, 'GET', src);
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type') ?? '', /javascript/);
    assert.match(script.headers.get('cache-control') ?? '', /immutable/);
    assert.match(script.text, /"disableTelemetry":true/);
    assert.doesNotMatch(script.text, /cdn\.redoc\.ly/);
    assert.equal((await call(svc, 'GET', '/docs/redoc-AAAAAAAAAAAAAAAA.js')).status, 404, 'no other script');
    const logo = await call(svc, 'GET', '/docs/redocly-logo.svg');
    assert.equal(logo.status, 200);
    assert.match(logo.headers.get('content-type') ?? '', /image\/svg\+xml/);
    // /docs/ is the same page
    assert.equal((await call(svc, 'GET', '/docs/')).text, page.text);
  });

  test(
    'in the browser › shows the operations, follows links and deep links, fetches nothing from elsewhere, no CSP error',
    { skip: BROWSER_SKIP },
    async () => {
      const browser = await launchBrowser(() => [svc.baseUrl]);
      const page = await browser.newPage();
      await page.setViewportSize(DESKTOP);
      // A console error (a CSP violation, a failed hydration) or an outside request ends a wait at once, saying which.
      const giveUp = () =>
        browser.problems.length + browser.outside.length > 0
          ? JSON.stringify({ problems: browser.problems, outside: browser.outside })
          : undefined;
      const visible = (text: string) => async () => (await page.getByText(text).first().isVisible()) || undefined;
      // A reader following a link to endpoint 1's group lands on it.
      await page.goto(`${svc.baseUrl}/docs#/authentication`);
      await waitFor(visible('1. Get an access token'), { what: 'the operation of endpoint 1', giveUp });
      await waitFor(visible('/oauth/v2/token'), { what: 'the path of endpoint 1', giveUp });
      // The sidebar lists the service's groups, the admin API's included, and following one opens it.
      for (const group of ['Customers', 'Reports', 'Admin'])
        await waitFor(visible(group), { what: `the ${group} group in the sidebar`, giveUp });
      await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
      await waitFor(async () => page.url().endsWith('/docs#/reports') || undefined, {
        what: 'the address of the Reports group',
        giveUp,
      });
      await waitFor(visible('18. Get report status'), { what: "the Reports group's first operation", giveUp });
      assert.deepEqual(browser.problems, [], 'no console errors (a CSP violation would be one)');
      assert.deepEqual(browser.outside, [], 'nothing fetched from elsewhere');

      // Before its script has run, the page already shows the API and its groups (what a reader sees at the first
      // paint): the script is refused here, so what shows is the HTML alone.
      const still = await browser.newPage();
      await still.setViewportSize(DESKTOP);
      await still.route(/\/docs\/redoc-/, (route) => route.abort('blockedbyclient'));
      await still.goto(`${svc.baseUrl}/docs`);
      assert.ok(await still.getByText('Open Banking Insights API').first().isVisible(), 'the title');
      for (const group of ['Authentication', 'Customers', 'Reports'])
        assert.ok(await still.getByText(group, { exact: true }).first().isVisible(), `the ${group} group`);
      await still.close();
    },
  );
});

describe('building the reference', () => {
  const logger = createLogger({ logLevel: 'silent' });

  test('a built page is kept in the cache directory and served from it by the next process', async () => {
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obi-docs-cache-'));
    try {
      const document = JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Cache check', version: '1' },
        paths: { '/ping': { get: { summary: 'Ping the cache check', responses: { '200': { description: 'ok' } } } } },
      });
      const first = await docsPageSource({ cacheDir, logger }, () => document)();
      assert.match(first.html, /Ping the cache check/);
      const kept = fs.readdirSync(cacheDir);
      assert.equal(kept.length, 1, 'one file, no temporary left behind');
      assert.match(kept[0]!, /^[0-9a-f]{32}\.html$/);
      // A second source (a restarted service) with a CLI that cannot run still has the page: from the cache.
      const second = await docsPageSource({ cacheDir, logger, cliPath: '/nonexistent/cli.js' }, () => document)();
      assert.equal(second.html, first.html);
      assert.equal(second.scriptPath, first.scriptPath);
    } finally {
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  test('a build that fails answers docs_unavailable, and is not tried again at once', async () => {
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obi-docs-cache-'));
    try {
      const source = docsPageSource({ cacheDir, logger, cliPath: '/nonexistent/cli.js' }, () => '{"openapi":"3.1.0"}');
      await assert.rejects(source(), { code: 'docs_unavailable' });
      await assert.rejects(source(), { code: 'docs_unavailable' });
      assert.deepEqual(fs.readdirSync(cacheDir), []);
    } finally {
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  test('a page that would load from elsewhere, or report usage, is refused', () => {
    const page = (options: string, extra = '') =>
      `<html><head>${extra}</head><body><div id="redoc"><a href="/x">x</a></div><script type="module">` +
      `const __redoc_options = ${options};\nhydrate();</script></body></html>`;
    assert.throws(() => splitBuiltPage(page('{"disableTelemetry":false}')), /telemetry/);
    assert.throws(
      () =>
        splitBuiltPage(page('{"disableTelemetry":true}', '<link rel="modulepreload" href="https://cdn.example/x.js">')),
      /elsewhere/,
    );
    const ok = splitBuiltPage(page('{"disableTelemetry":true}'));
    assert.match(ok.html, /href="#\/x"/);
    assert.match(ok.html, /<script type="module" src="\/docs\/redoc-[A-Za-z0-9_-]{16}\.js"><\/script>/);
  });
});
