/**
 * The web component's pages (endpoint 7) inside a client's page on another origin, branded: the bank picker and the
 * consent screen show the client's logo and colour inside the frame, pass axe-core with no serious or critical
 * violation at phone and desktop sizes, and load nothing from outside the service and the host page.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from 'playwright-core';
import { call, newLiveClient, startLiveService } from '../helpers/bank-flow.ts';
import { BROWSER_SKIP, DESKTOP, launchBrowser, PHONE, screenshots } from '../helpers/browser.ts';
import { waitFor } from '../helpers/wait.ts';
import { axeViolations } from './axe.ts';

const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" rx="6" fill="#14532d"/><path fill="#fff" d="M10 30 20 10l10 20z"/></svg>';

/** The client's website: one page embedding the component with the one-time URL it is given. */
async function startHostSite(serviceBaseUrl: string): Promise<{ origin: string; setUrl(url: string): void }> {
  let componentUrl = '';
  const server = http.createServer((req, res) => {
    if (req.url !== '/apply') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Green Loans · Apply</title></head><body><main><h1>Connect your bank</h1><div id="bank-connect"></div></main>
<script src="${serviceBaseUrl}/connect/embed.js"></script>
<script>ObiConnect.mount('#bank-connect', ${JSON.stringify(componentUrl)});</script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  after(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setUrl: (url) => {
      componentUrl = url;
    },
  };
}

/** axe inside the component's frame, at desktop and phone sizes. */
async function assertFrameAccessible(page: Page, frame: () => Frame, name: string): Promise<void> {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    const found = await axeViolations(frame());
    assert.deepEqual(
      found.map((v) => `${v.impact} ${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`),
      [],
      `${name} at ${size.width}×${size.height}`,
    );
  }
  await screenshots(page, name);
}

describe('web component pages, branded, in the browser', { skip: BROWSER_SKIP }, async () => {
  const svc = await startLiveService();
  const client = await newLiveClient(svc, 'Green Loans');
  const bearer = client.auth.authorization;
  const host = await startHostSite(svc.baseUrl);
  const settings = await call(svc, 'PATCH', '/public/v3/settings', {
    auth: bearer,
    body: {
      component_origins: [host.origin],
      primary_colour: '#14532d',
      logo_url: `data:image/svg+xml;base64,${Buffer.from(LOGO_SVG).toString('base64')}`,
    },
  });
  assert.equal(settings.status, 200, settings.text);
  const init = await call(svc, 'POST', '/public/v3/component_auth/init', {
    auth: bearer,
    body: {
      ip: '127.0.0.1',
      user_agent: 'test',
      user_reference: `component-brand-${process.pid}`,
      origin: host.origin,
    },
  });
  assert.equal(init.status, 200, init.text);
  host.setUrl(init.json.url);
  const browser = await launchBrowser(() => [svc.baseUrl, host.origin]);
  const page = await browser.newPage();
  const inFrame = page.frameLocator('iframe[title="Connect your bank account"]');
  const frame = () => {
    const f = page.frames().find((x) => x.url().startsWith(`${svc.baseUrl}/connect/s/`));
    if (!f) throw new Error('the component frame is not there');
    return f;
  };

  test('the bank picker in the frame › the client’s logo and colour; passes axe', async () => {
    await page.goto(`${host.origin}/apply`);
    await inFrame.getByRole('heading', { level: 1, name: 'Choose your bank' }).waitFor();
    await inFrame.getByText('Secure connection for Green Loans').waitFor();
    await waitFor(() => frame().evaluate('document.querySelector("img.brand-logo")?.naturalWidth > 0'), {
      what: 'the client’s logo to load in the frame',
    });
    await frame().waitForLoadState('load');
    const more = inFrame.locator('summary', { hasText: 'Banks not available yet' });
    assert.equal(await more.evaluate((s) => getComputedStyle(s).color), 'rgb(20, 83, 45)');
    await assertFrameAccessible(page, frame, 'component-branded-1-banks');
  });

  test('the consent screen in the frame › the button in the client’s colour; passes axe', async () => {
    await inFrame.getByRole('link', { name: /^Sandbox Bank Test bank/ }).click();
    await inFrame.getByRole('heading', { level: 1, name: 'Sandbox Bank' }).waitFor();
    // With its stylesheets applied: a computed style read before they load is the browser's default.
    await frame().waitForLoadState('load');
    const button = inFrame.getByRole('button', { name: 'Continue to Sandbox Bank' });
    assert.equal(await button.evaluate((b) => getComputedStyle(b).backgroundColor), 'rgb(20, 83, 45)');
    await inFrame.getByText('Sandbox Bank opens in a new window').waitFor();
    await assertFrameAccessible(page, frame, 'component-branded-2-consent');
  });

  test('nothing was fetched from outside, and no page logged an error', () => {
    assert.deepEqual(browser.outside, []);
    assert.deepEqual(browser.problems, []);
  });
});
