/**
 * The hosted reconfirmation page (docs/decisions/0060-reconfirmation-links.md) in headless Chromium on a 360-px phone:
 * it says what is shared, passes axe, and the keyboard reaches "Yes, keep sharing", whose form post (with the
 * browser's own Origin header) reconfirms the consent and lands on the thank-you page. Nothing leaves the service;
 * no page logs an error (CSP violations included).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, newLiveClient, newLiveCustomer, startLiveService } from '../helpers/bank-flow.ts';
import { horizontalOverflow, launchBrowser, BROWSER_SKIP } from '../helpers/browser.ts';
import { assertAccessible } from './axe.ts';
import { authorisedConsent } from '../helpers/consents.ts';

describe('hosted reconfirmation page, in the browser', { skip: BROWSER_SKIP }, async () => {
  const svc = await startLiveService();
  const client = await newLiveClient(svc, 'Acme Lending');
  const customer = await newLiveCustomer(svc, client);
  const now = svc.clock.now();
  // An Authorised consent as the callback leaves one, due for reconfirmation in 5 days.
  const consentId = await authorisedConsent(svc.deps.db, {
    clientId: client.clientId,
    customerId: customer.id,
    now,
    reconfirmInDays: 5,
    redirectUrl: client.returnUrl,
  });
  const link = (
    await call(svc, 'POST', '/public/v3/reconfirmations', {
      auth: client.auth.authorization,
      body: { customer_id: customer.id, consent_id: consentId },
    })
  ).json;
  const browser = await launchBrowser(() => [svc.baseUrl]);
  const page = await browser.newPage();

  test('the page says what is shared and when sharing stops, fits a phone and passes axe', async () => {
    await page.goto(link.url);
    await page
      .getByRole('heading', { level: 1, name: 'Do you want to keep sharing your Sandbox Bank data with Acme Lending?' })
      .waitFor();
    const text = await page.locator('main').innerText();
    assert.match(text, /If you do nothing, sharing stops on/);
    assert.match(text, /Your account balances/);
    assert.match(text, /Checking you can afford the loan/);
    assert.equal(await horizontalOverflow(page), 0, 'fits a 360-px screen');
    await assertAccessible(page, 'reconfirm-1-question');
  });

  test('the keyboard reaches "Yes, keep sharing"; one press reconfirms and shows the thank-you page', async () => {
    await page.getByRole('button', { name: 'Yes, keep sharing' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Thank you: sharing goes on' }).waitFor();
    await assertAccessible(page, 'reconfirm-2-done');
    const consent = await call(svc, 'GET', `/public/v3/customers/${customer.id}/consents/${consentId}`, {
      auth: client.auth.authorization,
    });
    assert.equal(consent.json.reconfirm_by_date_time, Math.floor(now.getTime() / 1000) + 90 * 86_400);
  });

  test('nothing was fetched from outside the service, and no page logged an error', () => {
    assert.deepEqual(browser.outside, []);
    assert.deepEqual(browser.problems, []);
  });
});
