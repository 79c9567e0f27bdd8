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
import { BROWSER_SKIP, DESKTOP, horizontalOverflow, launchBrowser, PHONE, screenshots } from '../helpers/browser.ts';
import { assertAccessible } from './axe.ts';
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

  test('nothing outside the service was asked for, and no page raised an error (CSP violations included)', () => {
    assert.deepEqual(browser.outside, []);
    assert.deepEqual(browser.problems, []);
  });
});
