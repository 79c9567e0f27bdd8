/**
 * The customer's whole journey through the hosted pages, and every way it can go wrong, in headless Chromium at a
 * phone's size (390 × 844) and a desktop's (1440 × 900): the bank picker, the consent screen, Cancel, the sandbox
 * bank's login, success with "Return to {lender}", and the pages that used to be dead ends: Back after finishing,
 * a used link, the bank's answer opened in another browser or received twice, a refused (429) page and an expired
 * link. Each page is branded as the lender's, names the regulated provider, offers the way back to the lender
 * (docs/decisions/0055-hosted-pages-no-dead-ends.md) and passes axe-core with no serious or critical violation at
 * both sizes; screenshots go to test-output/screenshots/hosted-*.
 *
 * One service and one browser for the whole file: the customer's browser and "another browser" are two contexts.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';
import { call, newLiveClient, startLiveService, type LiveService } from '../helpers/bank-flow.ts';
import { BROWSER_SKIP, CHROMIUM_PATH, SCREENSHOT_DIR } from '../helpers/browser.ts';
import { DEADLINE_MS, waitFor } from '../helpers/wait.ts';
import { SANDBOX_PASSWORD } from '../../src/sandbox-bank/index.ts';
import { axeViolations } from './axe.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const RETURN_URL = 'https://lender.example/application';
const FIRM = 'Example Open Banking Ltd';
const FRN = '123456';
const PER_FLOW = 30;
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" rx="6" fill="#7c2d12"/><path d="M20 30 30 10 40 30z" fill="#fff"/></svg>';
const LOGO_URL = `data:image/svg+xml;base64,${Buffer.from(LOGO_SVG).toString('base64')}`;

/** axe at both sizes, with a full-page screenshot at each; the page is left at phone size. */
async function check(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    const found = await axeViolations(page);
    assert.deepEqual(
      found.map((v) => `${v.impact} ${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`),
      [],
      `${name} at ${size.width}×${size.height}`,
    );
    const file = path.join(SCREENSHOT_DIR, `hosted-${name}-${size.width}x${size.height}.png`);
    await page.screenshot({ path: file, fullPage: true });
  }
}

/** On the page whose main heading is `name`, its stylesheets applied. */
async function arrive(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await page.waitForLoadState('load');
}

/** The lender's page as every hosted page shows it: its logo, its name, the regulated provider, a viewport. */
async function assertLenderPage(page: Page, what: string): Promise<void> {
  assert.equal(await page.locator('meta[name="viewport"]').count(), 1, `${what}: a viewport`);
  assert.equal(await page.locator('header img.brand-logo').count(), 1, `${what}: the lender's logo`);
  assert.match(await page.locator('header').innerText(), /Acme Lending/, `${what}: the lender's name`);
  const footer = await page.locator('footer').innerText();
  assert.match(footer, new RegExp(`${FIRM}.*firm reference number ${FRN}`, 's'), `${what}: the regulated provider`);
}

async function assertReturnButton(page: Page, what: string): Promise<void> {
  const back = page.getByRole('link', { name: 'Return to Acme Lending' });
  assert.equal(await back.count(), 1, `${what}: the way back`);
  assert.equal(await back.getAttribute('href'), RETURN_URL, what);
}

/** Headless Chromium with a context per "browser"; requests outside the service are refused and recorded. */
async function launch(svc: LiveService): Promise<{
  browser: Browser;
  context: (viewport: { width: number; height: number }) => Promise<BrowserContext>;
  outside: string[];
  problems: string[];
}> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    timeout: DEADLINE_MS,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--no-first-run'],
  });
  after(() => browser.close().catch(() => undefined));
  const outside: string[] = [];
  const problems: string[] = [];
  const context = async (viewport: { width: number; height: number }) => {
    const c = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: 'Europe/London' });
    c.setDefaultTimeout(DEADLINE_MS);
    c.setDefaultNavigationTimeout(DEADLINE_MS);
    await c.route('**/*', async (route) => {
      const url = route.request().url();
      if (url.startsWith('data:') || url.startsWith('about:') || new URL(url).origin === svc.baseUrl)
        return route.continue();
      outside.push(url);
      return route.abort('blockedbyclient');
    });
    c.on('page', (p) => p.on('console', (m) => m.type() === 'error' && problems.push(`${p.url()}: ${m.text()}`)));
    return c;
  };
  return { browser, context, outside, problems };
}

/** Posts a bank's answer to the callback from `page`, as the bank's redirect in that browser would. */
async function postAnswer(page: Page, svc: LiveService, answer: string): Promise<Response | null> {
  await page.goto('about:blank');
  const done = page.waitForNavigation();
  await page.evaluate(
    ({ action, fields }) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = action;
      for (const [k, v] of fields) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = k;
        input.value = v;
        form.appendChild(input);
      }
      document.body.appendChild(form);
      form.submit();
    },
    { action: `${svc.baseUrl}/webflow/callback`, fields: [...new URLSearchParams(answer)] },
  );
  return done;
}

describe(
  'hosted pages: the journey and its dead ends, at 390 × 844 and 1440 × 900',
  { skip: BROWSER_SKIP },
  async () => {
    const svc = await startLiveService({
      REGULATED_FIRM_NAME: FIRM,
      REGULATED_FIRM_FCA_NUMBER: FRN,
      RATE_LIMIT_PAGES_PER_MINUTE: String(PER_FLOW),
    });
    const client = await newLiveClient(svc, 'Acme Lending');
    const settings = await call(svc, 'PATCH', '/public/v3/settings', {
      auth: client.auth.authorization,
      body: { logo_url: LOGO_URL, primary_colour: '#7c2d12', return_url: RETURN_URL },
    });
    assert.equal(settings.status, 200, settings.text);
    const invite = async (reference: string, body: Record<string, unknown> = {}) => {
      const res = await call(svc, 'POST', '/public/v3/invitations', {
        auth: client.auth.authorization,
        body: { email: 'jane@example.com', reference: `${reference}-${process.pid}`, first_name: 'Jane', ...body },
      });
      assert.equal(res.status, 201, res.text);
      return res.json as { url: string };
    };
    const { context, outside, problems } = await launch(svc);
    const mine = await context(PHONE); // the customer's browser
    const other = await context(DESKTOP); // another browser on the same device
    const page = await mine.newPage();
    const elsewhere = await other.newPage();
    // The bank's answers as this browser posted them to the callback (the sandbox answers in the fragment).
    const answers: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/webflow/callback') answers.push(r.postData() ?? '');
    });
    const first = await invite('journey');
    let pickerUrl = '';
    let consentUrl = '';

    test('the bank picker › branded, the provider named, Cancel; bank marks from simple-icons load; axe', async () => {
      await page.goto(first.url);
      await arrive(page, 'Choose your bank');
      pickerUrl = page.url();
      await assertLenderPage(page, 'picker');
      assert.equal(await page.getByRole('link', { name: 'Cancel connecting your bank' }).count(), 1);
      await page.locator('summary', { hasText: 'Banks not available yet' }).click();
      const barclays = page.locator('li[data-search="barclays barclays"] img');
      assert.match((await barclays.getAttribute('src')) ?? '', /^\/connect\/assets\/bank-barclays\.[0-9a-f]{12}\.svg$/);
      await page.waitForFunction(
        'Array.from(document.querySelectorAll("img.logo")).every((i) => i.complete && i.naturalWidth > 0)',
      );
      await check(page, 'picker');
    });

    test('a bank logo › not counted by the limits, cacheable for a year', async () => {
      const src = (await page.locator('li[data-search="monzo monzo"] img').getAttribute('src')) ?? '';
      for (let i = 0; i <= PER_FLOW; i += 1) {
        const res = await call(svc, 'GET', src);
        assert.equal(res.status, 200, `logo request ${i + 1}`);
        assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
        assert.match(res.text, /^<svg [^>]*><rect [^>]*fill="#[0-9a-f]{6}"\/><path /);
      }
    });

    test('the consent screen › permissions in plain English, the OBIE codes folded in a details element; axe', async () => {
      await page.getByRole('link', { name: /^Sandbox Bank Test bank/ }).click();
      await arrive(page, 'Sandbox Bank');
      consentUrl = page.url();
      await assertLenderPage(page, 'consent');
      await page.locator('summary', { hasText: 'Everything that will be shared' }).click();
      const plain = page.getByRole('heading', { level: 3, name: 'What your bank will ask you to confirm' });
      await plain.waitFor();
      const list = await page.locator('details.more > ul.ticks').last().innerText();
      assert.match(list, /How much money is in your accounts/);
      assert.doesNotMatch(list, /Read[A-Z]/, 'no code among the plain words');
      const codes = page.locator('details.codes');
      assert.equal(await codes.evaluate((d) => (d as HTMLDetailsElement).open), false, 'the codes start folded');
      assert.equal(await page.locator('details.codes code', { hasText: 'ReadBalances' }).isVisible(), false);
      await codes.locator('summary').click();
      await page.locator('details.codes code', { hasText: 'ReadBalances' }).waitFor();
      await check(page, 'consent');
    });

    test('Cancel › says nothing was shared, returns to the lender or back into the flow; axe', async () => {
      await page.getByRole('link', { name: 'Cancel connecting your bank' }).click();
      await arrive(page, 'You have not connected a bank');
      await assertLenderPage(page, 'cancel');
      await assertReturnButton(page, 'cancel');
      assert.match(await page.locator('main').innerText(), /Nothing was shared with Acme Lending/);
      await check(page, 'cancel');
      await page.getByRole('link', { name: 'Choose your bank' }).click();
      await arrive(page, 'Choose your bank');
      await page.goto(consentUrl);
      await arrive(page, 'Sandbox Bank');
    });

    test('the sandbox bank’s login › a bank’s page, marked as a sandbox; axe', async () => {
      await page.getByRole('button', { name: 'Continue to Sandbox Bank' }).click();
      await page.waitForURL(/\/sandbox-bank\/sandbox\//);
      await arrive(page, 'Log in to approve access');
      assert.equal(await page.locator('meta[name="viewport"]').count(), 1);
      assert.match(await page.locator('.sandbox-banner').innerText(), /Sandbox: a test bank with invented data/);
      const approve = page.getByRole('button', { name: 'Approve' });
      assert.equal(await approve.evaluate((b) => getComputedStyle(b).backgroundColor), 'rgb(11, 61, 46)');
      await check(page, 'sandbox-login');
    });

    test('success › "Return to Acme Lending" to the lender’s return_url; a reload shows the same; axe', async () => {
      await page.getByLabel('Username').fill('salaried-monthly');
      await page.getByLabel('Password').fill(SANDBOX_PASSWORD);
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.waitForURL(/\/connect\/s\/[^/]+\/result\?consent_id=/);
      await arrive(page, 'Your Sandbox Bank account is connected');
      await assertLenderPage(page, 'success');
      await assertReturnButton(page, 'success');
      await check(page, 'success');
      await page.reload();
      await arrive(page, 'Your Sandbox Bank account is connected');
    });

    test('Back after finishing › the earlier pages say the bank is connected, with the way back; axe', async () => {
      for (const [url, name] of [
        [consentUrl, 'back-consent'],
        [pickerUrl, 'back-picker'],
      ] as const) {
        const res = await page.goto(url);
        assert.equal(res?.status(), 410, name);
        await arrive(page, 'You have already connected your bank');
        await assertLenderPage(page, name);
        await assertReturnButton(page, name);
        if (name === 'back-consent') await check(page, 'back-after-finish');
      }
    });

    test('a used link › the invitation opened again says it was used, branded, with the way back; axe', async () => {
      const res = await page.goto(first.url);
      assert.equal(res?.status(), 410);
      await arrive(page, 'You have already connected your bank');
      await assertLenderPage(page, 'used');
      await assertReturnButton(page, 'used');
      await check(page, 'used-link');
    });

    test('the bank’s answer received twice (another browser) › branded, says so, the way back; axe', async () => {
      assert.equal(answers.length, 1, 'the callback was posted once');
      const res = await postAnswer(elsewhere, svc, answers[0] ?? '');
      assert.equal(res?.status(), 400);
      await arrive(elsewhere, 'Your bank’s answer has already been received');
      await assertLenderPage(elsewhere, 'answer-used');
      await assertReturnButton(elsewhere, 'answer-used');
      await check(elsewhere, 'bank-answer-used');
    });

    test('returning from the bank in another browser › nothing changes; branded, says where to finish; axe', async () => {
      const second = await invite('elsewhere');
      // The customer's browser approves, but the bank's answer reaches another browser (not this one).
      let held = '';
      await page.route('**/webflow/callback', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        held = route.request().postData() ?? '';
        return route.abort('aborted');
      });
      await page.goto(second.url);
      await page.getByRole('link', { name: /^Sandbox Bank Test bank/ }).click();
      await page.getByRole('button', { name: 'Continue to Sandbox Bank' }).click();
      await page.getByLabel('Username').fill('salaried-monthly');
      await page.getByLabel('Password').fill(SANDBOX_PASSWORD);
      await page.getByRole('button', { name: 'Approve' }).click();
      await waitFor(() => held !== '', { what: 'the bank’s answer, posted to the callback and held' });
      await page.unroute('**/webflow/callback');
      const res = await postAnswer(elsewhere, svc, held);
      assert.equal(res?.status(), 400);
      await arrive(elsewhere, 'Finish in the browser you started in');
      await assertLenderPage(elsewhere, 'other-browser');
      await assertReturnButton(elsewhere, 'other-browser');
      await check(elsewhere, 'return-other-browser');
    });

    test('refused (429) › the flow’s branding, a viewport, Retry-After and the wait in words; axe', async () => {
      const third = await invite('busy');
      await page.goto(third.url);
      await arrive(page, 'Choose your bank');
      const picker = new URL(page.url()).pathname;
      // The flow's budget spent (another tab, a script): its next page is refused.
      for (let i = 0; i < PER_FLOW; i += 1) await call(svc, 'GET', picker);
      const res = await page.reload();
      assert.equal(res?.status(), 429);
      assert.match((await res?.allHeaders())?.['retry-after'] ?? '', /^\d+$/);
      await arrive(page, 'Please wait a moment');
      assert.match(await page.locator('main').innerText(), /try again in \d+ seconds?|try again in (a|\d+) minutes?/);
      await assertLenderPage(page, 'refused');
      await assertReturnButton(page, 'refused');
      await check(page, 'refused-429');
    });

    test('an expired link › says when it expired, branded, with the way back; axe', async () => {
      const fourth = await invite('expired', { expires_in: 300 });
      svc.clock.advance(301);
      const res = await page.goto(fourth.url);
      assert.equal(res?.status(), 410);
      await arrive(page, 'This link has expired');
      await assertLenderPage(page, 'expired');
      await assertReturnButton(page, 'expired');
      await check(page, 'expired-link');
    });

    test('nothing was fetched from outside the service, and no page broke its policy', () => {
      assert.deepEqual(outside, []);
      assert.deepEqual(
        problems.filter((p) => /Content Security Policy|Refused to/.test(p)),
        [],
      );
    });
  },
);
