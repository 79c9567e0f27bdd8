/**
 * The lender console in headless Chromium (docs/decisions/0034-console.md): a member of staff accepts an invitation, signs out and in
 * again, finds a customer with a computed report in the list, opens them, sees the charts drawn, and downloads
 * the affordability PDF. At phone and desktop sizes, with axe-core (no serious or critical violation),
 * screenshots in test-output/screenshots, no request outside the service and no console error (CSP included).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer } from '../helpers/app.ts';
import { startLiveService } from '../helpers/bank-flow.ts';
import {
  BROWSER_SKIP,
  DESKTOP,
  horizontalOverflow,
  launchBrowser,
  PHONE,
  SCREENSHOT_DIR,
  screenshots,
} from '../helpers/browser.ts';
import { assertAccessible, axeViolations } from './axe.ts';
import { holdCustomerWrites } from '../helpers/hold-writes.ts';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { PASSWORD } from '../helpers/console.ts';
import { waitFor } from '../helpers/wait.ts';
import { inviteStaff } from '../../src/modules/console/index.ts';
import { generatePersona, toAccountWire } from '../../src/personas/index.ts';

const AS_OF = Date.UTC(2026, 5, 1, 9) / 1000; // the fake clock's start

/** In the page: every chart's drawing is no wider than its box. */
const CHARTS_FIT = `[...document.querySelectorAll('[data-chart]')].every((box) => {
  const drawing = box.querySelector('canvas, svg');
  return drawing !== null && drawing.getBoundingClientRect().width <= box.clientWidth + 1;
})`;

/** The sizes the console is checked at state by state: a common phone and a common laptop. */
const STATE_SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

/** At each size: nothing sticks out sideways, axe finds nothing serious, and a full-page screenshot is kept. */
async function checkState(pages: readonly Page[], name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const p of pages) {
    const size = p.viewportSize();
    const at = `${name} at ${size?.width}×${size?.height}`;
    await waitFor(() => p.evaluate(CHARTS_FIT), { what: `every chart to fit its box: ${at}` });
    assert.equal(await horizontalOverflow(p), 0, `fits: ${at}`);
    const found = await axeViolations(p);
    assert.deepEqual(
      found.map((v) => `${v.impact} ${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`),
      [],
      at,
    );
    await p.screenshot({ path: path.join(SCREENSHOT_DIR, `console-state-${name}-${size?.width}.png`), fullPage: true });
  }
}

describe('lender console, in the browser', { skip: BROWSER_SKIP }, async () => {
  const svc = await startLiveService();
  const client = await newClient(svc, 'Acme Lending');
  const reference = `console-${process.pid}`;
  const customer = await newCustomer(svc, client, reference);
  await newCustomer(svc, client, `other-${process.pid}`); // a second row: the table gets its filter box
  const persona = generatePersona('salaried-monthly', { asOf: AS_OF, seed: 11, years: 2 });
  for (const [url, payload] of [
    ['account_collections', { accounts: persona.accounts.map(toAccountWire) }],
    ['transaction_collections', { transactions: persona.transactions }],
  ] as const) {
    const res = await svc.app.inject({
      method: 'POST',
      url: `/public/v3/customers/${customer}/${url}`,
      headers: client.auth,
      payload,
    });
    assert.equal(res.statusCode, 200, res.body);
  }
  await svc.deps.queue.drain();
  const email = 'underwriter@example.com';
  const invitation = await inviteStaff(svc.deps, client.clientId, { email, role: 'admin', sendEmail: false }, null);
  const browser = await launchBrowser(() => [svc.baseUrl]);
  const page = await browser.newPage();

  test('the invitation link › sets a password and signs in to the customer list', async () => {
    await page.goto(invitation.url);
    await page.getByRole('heading', { level: 1, name: /Join the Acme Lending console/ }).waitFor();
    await assertAccessible(page, 'console-1-invitation');
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
  });

  test('sign-out, then sign-in with the organisation ID, e-mail and password', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await assertAccessible(page, 'console-2-sign-in');
    assert.equal(await horizontalOverflow(page), 0, 'fits a 360-px screen');
    await page.getByLabel('Organisation ID').fill(client.clientId);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
  });

  test('the customer list › shows the customer with its report ready; the table sorts and filters', async () => {
    const row = page.getByRole('row').filter({ hasText: reference });
    await row.waitFor();
    assert.match(await row.innerText(), /Ready/);
    await page.getByRole('button', { name: 'Reference' }).click();
    assert.equal(await page.locator('th[aria-sort]').getAttribute('aria-sort'), 'ascending');
    const filter = page.getByLabel('Filter customers on this page');
    await filter.fill('no such reference');
    await row.waitFor({ state: 'hidden' });
    await filter.fill(reference);
    await row.waitFor();
    await assertAccessible(page, 'console-3-customers');
    assert.equal(await horizontalOverflow(page), 0, 'fits a 360-px screen');
  });

  test('the customer page › draws every chart (canvas or svg inside each [data-chart]) and shows the figures as tables', async () => {
    await page.getByRole('link', { name: reference }).click();
    await page.getByRole('heading', { level: 1, name: reference }).waitFor();
    const charts = page.locator('[data-chart]');
    await charts.first().waitFor();
    const count = await charts.count();
    assert.ok(count >= 1, 'at least one chart');
    for (let i = 0; i < count; i++) await charts.nth(i).locator('canvas, svg').first().waitFor();
    assert.ok((await page.locator('table[data-sortable]').count()) >= 1);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      // The charts redraw at the new width on the next animation frame (src/web/assets/console-charts.js).
      await waitFor(() => page.evaluate(CHARTS_FIT), { what: `every chart to fit its box at ${size.width} px` });
      assert.equal(await horizontalOverflow(page), 0, `fits ${size.width} px`);
    }
    await assertAccessible(page, 'console-4-customer');
  });

  test('the PDF › downloads from the customer page and is a PDF', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the affordability PDF' }).click(),
    ]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const pdf = Buffer.concat(chunks);
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    await screenshots(page, 'console-5-after-download');
  });

  test('the dark theme › the customer page and the list pass axe (contrast included) with prefers-color-scheme: dark', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: reference }).waitFor();
    await page.locator('[data-chart] canvas, [data-chart] svg').first().waitFor();
    await assertAccessible(page, 'console-6-customer-dark');
    await page.goto(`${svc.baseUrl}/console/customers`);
    await assertAccessible(page, 'console-7-customers-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  test('settings › the retention period: a refused value explained beside the field, then saved; passes axe', async () => {
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const field = page.getByLabel(/Retention period in days/);
    await field.fill('0');
    await page.getByRole('button', { name: 'Save the retention period' }).click();
    await page.getByText('Nothing was saved.', { exact: false }).first().waitFor();
    assert.equal(await page.getByLabel(/Retention period in days/).getAttribute('aria-invalid'), 'true');
    await assertAccessible(page, 'console-8-settings-refused');
    await page.getByLabel(/Retention period in days/).fill('365');
    await page.getByRole('button', { name: 'Save the retention period' }).click();
    await page.getByText('The retention period was saved.').waitFor();
    await page.getByText('Customers’ data is kept for 365 days after their last activity.').waitFor();
    assert.equal(await horizontalOverflow(page), 0, 'fits a 360-px screen');
    const api = await svc.app.inject({ method: 'GET', url: '/public/v3/settings', headers: client.auth });
    assert.equal(api.json().data_retention_days, 365);
  });

  // The states one by one at 390×844 and 1440×900: a page per size, both signed in (one browser, one service).
  const statePages: Page[] = [];
  const openAll = async (url: string) => {
    if (statePages.length === 0)
      for (const size of STATE_SIZES) {
        const p = await browser.newPage();
        await p.setViewportSize(size);
        statePages.push(p);
      }
    for (const p of statePages) await p.goto(`${svc.baseUrl}${url}`);
  };

  test('states › ready: the customer page draws all five charts, affordability by month and risk markers included', async () => {
    await openAll(`/console/customers/${encodeURIComponent(customer)}`);
    for (const p of statePages) {
      for (const id of ['income-expenditure', 'spending-by-category', 'balance', 'affordability', 'risk-markers'])
        await p.locator(`[data-chart="${id}"]`).locator('canvas, svg').first().waitFor();
      assert.equal(await p.getByRole('link', { name: 'Download the affordability PDF' }).count(), 1);
    }
    await checkState(statePages, 'ready');
  });

  test('states › empty: no data, the PDF button disabled with the reason', async () => {
    const empty = await newCustomer(svc, client, `empty-${process.pid}`);
    await openAll(`/console/customers/${encodeURIComponent(empty)}`);
    for (const p of statePages) {
      const button = p.getByRole('button', { name: 'Download the affordability PDF' });
      assert.equal(await button.isDisabled(), true);
      await p.getByText('Nothing to print yet: there is no bank data for this customer.').waitFor();
      await p.getByText('There is no bank data for this customer yet').waitFor();
    }
    await checkState(statePages, 'empty');
  });

  test('states › processing, then computing, then ready: the page follows the work live and shows the report', async () => {
    const busy = await newCustomer(svc, client, `busy-${process.pid}`);
    const big = generatePersona('salaried-monthly', { asOf: AS_OF, seed: 12, years: 5 });
    const accounts = await svc.app.inject({
      method: 'POST',
      url: `/public/v3/customers/${busy}/account_collections`,
      headers: client.auth,
      payload: { accounts: big.accounts.map(toAccountWire) },
    });
    assert.equal(accounts.statusCode, 200, accounts.body);
    const hold = holdCustomerWrites(svc.deps.db, busy);
    await hold.held;
    const submission = svc.app.inject({
      method: 'POST',
      url: `/public/v3/customers/${busy}/transaction_collections`,
      headers: client.auth,
      payload: { transactions: big.transactions },
    });
    try {
      // What the API says is under way, as the page must print it: the rows received are known once the body is read
      // (on PostgreSQL a big first submission is stored while it is read, so they stay unknown: null).
      let rowsReceived: number | null = null;
      await waitFor(
        async () => {
          const r = await svc.app.inject({
            method: 'GET',
            url: `/public/v3/customers/${busy}/report_readiness_statuses/insights`,
            headers: client.auth,
          });
          rowsReceived = r.json().processing?.rows_received ?? null;
          return r.json().processing !== null;
        },
        { what: 'the submission to be under way' },
      );
      if (rowsReceived !== null) assert.equal(rowsReceived, big.transactions.length);
      const storing =
        rowsReceived === null
          ? 'Storing transactions submitted through the API.'
          : `Storing ${big.transactions.length.toLocaleString('en-GB')} transactions submitted through the API.`;
      await openAll(`/console/customers/${encodeURIComponent(busy)}`);
      for (const p of statePages) {
        await p.getByText(storing).waitFor();
        assert.equal(await p.getByRole('button', { name: 'Download the affordability PDF' }).isDisabled(), true);
      }
      await checkState(statePages, 'processing');
      await page.goto(`${svc.baseUrl}/console/customers?q=busy-${process.pid}`);
      assert.match(
        await page
          .getByRole('row')
          .filter({ hasText: `busy-${process.pid}` })
          .innerText(),
        /Receiving data/,
      );
    } finally {
      hold.release();
    }
    assert.equal((await submission).statusCode, 200);
    // The pages were not reloaded: their script follows the readiness and writes the new stage in.
    for (const p of statePages) await p.getByText('Computing the report from new data').waitFor();
    await checkState(statePages, 'computing');
    await svc.deps.queue.drain();
    // Ready: each page reloads itself and shows the report.
    for (const p of statePages)
      await p.locator('[data-chart="affordability"] canvas, [data-chart="affordability"] svg').first().waitFor();
  });

  test('nothing outside the service was asked for, and no page raised an error (CSP violations included)', () => {
    assert.deepEqual(browser.outside, []);
    // The refused retention period is answered 400 on purpose; Chromium logs that status.
    const refused = `${svc.baseUrl}/console/settings/retention: Failed to load resource: the server responded with a status of 400`;
    assert.deepEqual(
      browser.problems.filter((p) => !p.startsWith(refused)),
      [],
    );
  });
});
