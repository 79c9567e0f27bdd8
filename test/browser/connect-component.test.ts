/**
 * The web component (endpoint 7) embedded in a client's page on another origin (another loopback port), in headless
 * Chromium: the customer picks the sandbox bank and reads the consent screen inside the client's page, approves in
 * the bank window that opens, and the component shows the outcome and tells the host page (a DOM event). The
 * client sees the consent Authorised and the data. A second use of the URL, and the URL on a site that is not
 * registered, are refused with a clear message inside the frame.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, newLiveClient, runBankJobs, startLiveService } from '../helpers/bank-flow.ts';
import { launchBrowser, screenshots, BROWSER_SKIP } from '../helpers/browser.ts';
import { SANDBOX_PASSWORD } from '../../src/sandbox-bank/index.ts';

/** The client's website: one page that embeds the component with the one-time URL it was given. */
async function startHostSite(serviceBaseUrl: string): Promise<{ origin: string; setUrl(url: string): void }> {
  let componentUrl = '';
  const server = http.createServer((req, res) => {
    if (req.url !== '/apply') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Acme Lending · Apply</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:12px;background:#eef2f7}h1{font-size:1.25rem}#bank-connect{max-width:640px;margin:0 auto;border:1px solid #cbd5e1;border-radius:8px;overflow:hidden;background:#fff}</style>
</head><body><h1>Apply for a loan · step 3 of 4: your bank</h1>
<div id="bank-connect"></div>
<p>Outcome: <output id="outcome">waiting</output></p>
<script src="${serviceBaseUrl}/connect/embed.js"></script>
<script>
document.getElementById('bank-connect').addEventListener('obi-connect', function (e) {
  document.getElementById('outcome').textContent = e.detail.status + ' ' + e.detail.bank_slug + ' ' + e.detail.customer_id;
});
ObiConnect.mount('#bank-connect', ${JSON.stringify(componentUrl)});
</script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  after(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // the browser keeps connections alive
      }),
  );
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setUrl: (url) => {
      componentUrl = url;
    },
  };
}

describe('web component embedded in a page on another origin, in the browser', { skip: BROWSER_SKIP }, async () => {
  const svc = await startLiveService();
  const client = await newLiveClient(svc, 'Acme Lending');
  const bearer = client.auth.authorization;
  const host = await startHostSite(svc.baseUrl);
  const stranger = await startHostSite(svc.baseUrl); // a site that is not registered
  await call(svc, 'PATCH', '/public/v3/settings', { auth: bearer, body: { component_origins: [host.origin] } });
  const userReference = `component-${process.pid}`;
  const oneTimeUrl = async (origin: string) => {
    const res = await call(svc, 'POST', '/public/v3/component_auth/init', {
      auth: bearer,
      body: { ip: '127.0.0.1', user_agent: 'test', user_reference: userReference, origin },
    });
    assert.equal(res.status, 200, res.text);
    return res.json.url as string;
  };
  const firstUrl = await oneTimeUrl(host.origin);
  host.setUrl(firstUrl);
  const browser = await launchBrowser(() => [svc.baseUrl, host.origin, stranger.origin]);
  const page = await browser.newPage();
  const frame = page.frameLocator('iframe[title="Connect your bank account"]');

  test('the host page shows the bank picker inside the component', async () => {
    await page.goto(`${host.origin}/apply`);
    await frame.getByRole('heading', { level: 1, name: 'Choose your bank' }).waitFor();
    await frame.getByText('Secure connection for Acme Lending').waitFor();
    // the component reports its height and the host page's iframe grows to fit it
    await page.waitForFunction('parseInt(document.querySelector("iframe").style.height || "0", 10) > 520');
    await screenshots(page, 'component-1-banks');
  });

  test('the consent screen, then the bank in a new window; the component waits for it', async () => {
    await frame.getByRole('link', { name: /^Sandbox Bank Test bank/ }).click();
    await frame.getByRole('heading', { level: 1, name: 'Sandbox Bank' }).waitFor();
    await frame.getByRole('heading', { level: 2, name: 'What will be shared' }).waitFor();
    await screenshots(page, 'component-2-consent');
    const popupOpened = page.waitForEvent('popup');
    await frame.getByRole('button', { name: 'Continue to Sandbox Bank' }).click();
    const bank = await popupOpened;
    await frame.getByText(/Waiting for you to approve at Sandbox Bank/).waitFor();
    await bank.waitForURL(/\/sandbox-bank\/sandbox\//);
    await bank.getByLabel('Username').fill('salaried-monthly');
    await bank.getByLabel('Password').fill(SANDBOX_PASSWORD);
    await bank.getByRole('button', { name: 'Approve' }).click();
    await bank.waitForURL(/\/connect\/return\?/);
    await bank.getByRole('heading', { level: 1, name: 'Your Sandbox Bank account is connected' }).waitFor();
    await bank.getByText('You can close this window').waitFor();
    await screenshots(bank, 'component-3-bank-window-done');
    await bank.close();
  });

  test('the component shows the outcome and tells the host page', async () => {
    await frame.getByRole('heading', { level: 1, name: 'Your Sandbox Bank account is connected' }).waitFor();
    await page
      .locator('#outcome')
      .filter({ hasText: /^Authorised sandbox / })
      .waitFor();
    await screenshots(page, 'component-4-result');
  });

  test('the client sees the consent Authorised and the data of the customer with that user_reference', async () => {
    const found = await call(svc, 'GET', `/public/v3/customers?user_reference=${userReference}`, { auth: bearer });
    assert.equal(found.json.total, 1, 'created on first use');
    const customerId = found.json.data[0].id as string;
    assert.equal(await page.locator('#outcome').innerText(), `Authorised sandbox ${customerId}`);
    const consents = await call(svc, 'GET', `/public/v3/customers/${customerId}/consents`, { auth: bearer });
    assert.deepEqual(
      consents.json.data.map((c: { status: string }) => c.status),
      ['Authorised'],
    );
    await runBankJobs(svc);
    const txns = await call(svc, 'GET', `/public/v3/customers/${customerId}/raw-transactions?max_per_page=10`, {
      auth: bearer,
    });
    assert.ok(txns.json.total > 100, 'transactions');
  });

  test('a second use of the URL is refused with a clear message in the frame', async () => {
    const again = await browser.newPage();
    await again.goto(`${host.origin}/apply`);
    await again
      .frameLocator('iframe')
      .getByRole('heading', { level: 1, name: 'This link has already been used' })
      .waitFor();
    await screenshots(again, 'component-5-second-use');
    await again.close();
  });

  test('the URL on a site that is not registered is refused with a clear message in the frame', async () => {
    stranger.setUrl(await oneTimeUrl(host.origin));
    const elsewhere = await browser.newPage();
    await elsewhere.goto(`${stranger.origin}/apply`);
    await elsewhere
      .frameLocator('iframe')
      .getByRole('heading', { level: 1, name: 'This page cannot be shown here' })
      .waitFor();
    await screenshots(elsewhere, 'component-6-wrong-origin');
    await elsewhere.close();
  });

  test('nothing was fetched from outside the service and the two sites; no page logged an error', () => {
    assert.deepEqual(browser.outside, []);
    // The two refusals are served as 410 and 403 on purpose; Chromium logs those statuses.
    assert.deepEqual(
      browser.problems.filter(
        (p) => !/\/apply: Failed to load resource: the server responded with a status of (410|403)/.test(p),
      ),
      [],
    );
  });
});
