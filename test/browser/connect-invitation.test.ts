/**
 * A customer in headless Chromium, on a 360-px phone, using the keyboard where a person would: opens the invitation
 * link, finds the sandbox bank by searching, reads the consent screen, continues to the sandbox bank, approves, and
 * lands on the result page. Then the client sees the consent Authorised and the data, and the invitation used.
 * No request leaves the service; the pages raise no console errors (CSP violations included).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, newLiveClient, runBankJobs, startLiveService } from '../helpers/bank-flow.ts';
import { horizontalOverflow, launchBrowser, screenshots, BROWSER_SKIP } from '../helpers/browser.ts';
import { SANDBOX_PASSWORD } from '../../src/sandbox-bank/index.ts';

describe('hosted connect pages: an invitation, in the browser', { skip: BROWSER_SKIP }, async () => {
  const svc = await startLiveService();
  const client = await newLiveClient(svc, 'Acme Lending');
  const bearer = client.auth.authorization;
  await call(svc, 'PATCH', '/public/v3/settings', {
    auth: bearer,
    body: {
      terms_and_condition_url: 'https://lender.example/terms',
      service_customer_center_url: 'https://lender.example/help',
    },
  });
  const invitation = (
    await call(svc, 'POST', '/public/v3/invitations', {
      auth: bearer,
      body: { email: 'jane@example.com', reference: `browser-${process.pid}`, first_name: 'Jane' },
    })
  ).json;
  const browser = await launchBrowser(() => [svc.baseUrl]);
  const page = await browser.newPage();

  test('the invitation link opens the bank picker; the search finds the sandbox bank, marked as a test bank', async () => {
    await page.goto(invitation.url);
    await page.getByRole('heading', { level: 1, name: 'Choose your bank' }).waitFor();
    assert.match(await page.title(), /Choose your bank · Acme Lending/);
    assert.equal(await horizontalOverflow(page), 0, 'fits a 360-px screen');
    await screenshots(page, 'invitation-1-banks');
    await page.getByLabel('Search for your bank').focus();
    await page.keyboard.type('sandbox');
    await page.getByRole('status').filter({ hasText: 'match' }).waitFor();
    assert.match(await page.locator('#bank-count').innerText(), /^3 banks match “sandbox”$/);
    assert.equal(await page.getByRole('link', { name: /Barclays/ }).count(), 0, 'the list is filtered');
    const sandbox = page.getByRole('link', { name: /^Sandbox Bank Test bank/ });
    assert.equal(await sandbox.count(), 1);
    await screenshots(page, 'invitation-2-search');
  });

  test('the keyboard reaches the bank and opens its consent screen, which says what, why, who, how long, with the links', async () => {
    await page.keyboard.press('Tab'); // from the search box to the first bank
    assert.equal(await page.evaluate('document.activeElement.textContent.trim().startsWith("Sandbox Bank")'), true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Sandbox Bank' }).waitFor();
    for (const h of [
      'What will be shared',
      'Why',
      'Who will see it',
      'For how long',
      'More information from Acme Lending',
    ]) {
      assert.equal(await page.getByRole('heading', { level: 2, name: h }).count(), 1, h);
    }
    const text = await page.locator('main').innerText();
    assert.match(text, /This is a test bank/);
    assert.match(text, /Apply Bank transaction data to improve your financial credibility/);
    assert.match(text, /It will not be shared with anyone else/);
    assert.match(text, /Your transactions from\s+1 June 2021/);
    assert.match(text, /Access ends on\s+1 September 2026/);
    assert.equal(
      await page.getByRole('link', { name: /Privacy policy/ }).getAttribute('href'),
      'https://lender.example/privacy',
    );
    assert.equal(
      await page.getByRole('link', { name: /Terms and conditions/ }).getAttribute('href'),
      'https://lender.example/terms',
    );
    assert.equal(
      await page.getByRole('link', { name: /Customer help centre/ }).getAttribute('href'),
      'https://lender.example/help',
    );
    assert.equal(await horizontalOverflow(page), 0);
    await screenshots(page, 'invitation-3-consent');
  });

  test('continue leads to the sandbox bank; approving there lands on the result page', async () => {
    const button = page.getByRole('button', { name: 'Continue to Sandbox Bank' });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/sandbox-bank\/sandbox\//);
    await page.getByLabel('Username').fill('salaried-monthly');
    await page.getByLabel('Password').fill(SANDBOX_PASSWORD);
    await screenshots(page, 'invitation-4-bank');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/connect\/s\/[^/]+\/result\?consent_id=/);
    await page.getByRole('heading', { level: 1, name: 'Your Sandbox Bank account is connected' }).waitFor();
    assert.equal(await page.evaluate('document.activeElement.tagName'), 'H1', 'focus moves to the outcome');
    assert.equal(await horizontalOverflow(page), 0);
    await screenshots(page, 'invitation-5-result');
  });

  test('the client sees the consent Authorised, the data after the pull, and the invitation used', async () => {
    const consents = await call(svc, 'GET', `/public/v3/customers/${invitation.customer_id}/consents`, {
      auth: bearer,
    });
    assert.equal(consents.status, 200, consents.text);
    assert.deepEqual(
      consents.json.data.map((c: { status: string; bank_slug: string }) => [c.bank_slug, c.status]),
      [['sandbox', 'Authorised']],
    );
    await runBankJobs(svc);
    const accounts = await call(svc, 'GET', `/public/v3/customers/${invitation.customer_id}/accounts`, {
      auth: bearer,
    });
    assert.ok(accounts.json.data.length > 0, 'accounts');
    const txns = await call(
      svc,
      'GET',
      `/public/v3/customers/${invitation.customer_id}/raw-transactions?max_per_page=10`,
      { auth: bearer },
    );
    assert.ok(txns.json.total > 100, 'transactions');
    const inv = (await call(svc, 'GET', `/public/v3/invitations/${invitation.id}`, { auth: bearer })).json;
    assert.equal(inv.status, 'used');
    assert.equal(inv.used_at, Math.floor(svc.clock.now().getTime() / 1000));
  });

  test('opening the used invitation again says so clearly', async () => {
    const res = await page.goto(invitation.url);
    assert.equal(res?.status(), 410);
    await page.getByRole('heading', { level: 1, name: 'You have already connected your bank' }).waitFor();
    await screenshots(page, 'invitation-6-used');
  });

  test('nothing was fetched from outside the service, and no page logged an error', () => {
    assert.deepEqual(browser.outside, []);
    // The used invitation's page is served as 410 on purpose; Chromium logs that status. Anything else is a problem.
    assert.deepEqual(
      browser.problems.filter(
        (p) =>
          !p.includes(
            `${new URL(invitation.url).pathname}: Failed to load resource: the server responded with a status of 410`,
          ),
      ),
      [],
    );
  });
});
