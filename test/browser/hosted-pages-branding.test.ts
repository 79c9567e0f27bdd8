/**
 * The hosted pages as a lender's own, and usable by everyone: in headless Chromium a branded client's customer
 * goes through the bank picker, the consent screen and the result page, and meets the pages that refuse a link.
 * Each page passes axe-core with no serious or critical violation at phone and desktop sizes (screenshots kept),
 * shows the client's name and logo in the header and its colour on buttons and links, and loads nothing from
 * outside the service. The consent screen fits one phone screen (360 × 740), its details open from the keyboard.
 * A refused (429) invitation link is the lender's page too, at 390 × 844 (docs/decisions/0071-branded-refusal-everywhere.md).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { call, newLiveClient, startLiveService, type LiveClient, type LiveService } from '../helpers/bank-flow.ts';
import {
  BROWSER_SKIP,
  horizontalOverflow,
  launchBrowser,
  PHONE,
  SCREENSHOT_DIR,
  screenshots,
} from '../helpers/browser.ts';
import { SANDBOX_PASSWORD } from '../../src/sandbox-bank/index.ts';
import { assertAccessible, axeViolations } from './axe.ts';

const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" rx="6" fill="#7c2d12"/><text x="60" y="27" font-family="sans-serif" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">ACME</text></svg>';
const LOGO_URL = `data:image/svg+xml;base64,${Buffer.from(LOGO_SVG).toString('base64')}`;
const COLOUR = '#7c2d12';
const COLOUR_RGB = 'rgb(124, 45, 18)';
/** Pages of one flow a minute: well above what one customer's pages here need, so a loop can spend it. */
const PER_FLOW = 10;

/**
 * On the page whose heading is `name`, with its stylesheets applied: the heading is in the DOM before a linked
 * stylesheet has loaded, and a computed style read then is the browser's default (a busy machine shows it).
 */
async function arrive(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await page.waitForLoadState('load');
}

async function invite(svc: LiveService, client: LiveClient, reference: string): Promise<{ url: string }> {
  const res = await call(svc, 'POST', '/public/v3/invitations', {
    auth: client.auth.authorization,
    body: { email: 'jane@example.com', reference: `${reference}-${process.pid}`, first_name: 'Jane' },
  });
  assert.equal(res.status, 201, res.text);
  return res.json;
}

async function approveAtSandbox(page: Page, decision: 'Approve' | 'Decline'): Promise<void> {
  await page.getByRole('button', { name: 'Continue to Sandbox Bank' }).click();
  await page.waitForURL(/\/sandbox-bank\/sandbox\//);
  await page.getByLabel('Username').fill('salaried-monthly');
  await page.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await page.getByRole('button', { name: decision }).click();
  await page.waitForURL(/\/connect\/s\/[^/]+\/result\?consent_id=/);
}

/** How tall the page's content is (the document's scroll height never reports less than the window). */
const documentHeight = (page: Page) =>
  page.evaluate('Math.ceil(document.body.getBoundingClientRect().height)') as Promise<number>;

describe('hosted pages: branding and accessibility, in the browser', { skip: BROWSER_SKIP }, async () => {
  const svc = await startLiveService({ RATE_LIMIT_PAGES_PER_MINUTE: String(PER_FLOW) });
  const client = await newLiveClient(svc, 'Acme Lending');
  const settings = await call(svc, 'PATCH', '/public/v3/settings', {
    auth: client.auth.authorization,
    body: {
      logo_url: LOGO_URL,
      primary_colour: COLOUR,
      terms_and_condition_url: 'https://lender.example/terms',
      service_customer_center_url: 'https://lender.example/help',
    },
  });
  assert.equal(settings.status, 200, settings.text);
  const plain = await newLiveClient(svc, 'Plain Lending');
  const browser = await launchBrowser(() => [svc.baseUrl]);
  const page = await browser.newPage();
  const invitation = await invite(svc, client, 'brand');
  let refusedUrl = '';

  test('the bank picker › the client’s logo and name in the header, its colour on links; passes axe', async () => {
    const res = await page.goto(invitation.url);
    await arrive(page, 'Choose your bank');
    // The CSP the pages had before branding: nothing inline, images from this service only.
    const csp = (await res?.allHeaders())?.['content-security-policy'] ?? '';
    assert.match(csp, /style-src 'self';/);
    assert.match(csp, new RegExp(`img-src 'self' ${svc.baseUrl};`));
    assert.equal(await page.locator('[style]').count(), 0, 'no style attribute');
    assert.equal(await page.locator('style').count(), 0, 'no style element');
    const header = page.locator('header.site-header');
    assert.match(await header.innerText(), /Secure connection for Acme Lending/);
    const logo = header.locator('img.brand-logo');
    assert.equal(await logo.count(), 1);
    assert.match((await logo.getAttribute('src')) ?? '', /^\/connect\/brand\/[A-Za-z0-9_-]+\/logo\.[0-9a-f]{16}\.svg$/);
    await page.waitForFunction('document.querySelector("img.brand-logo").naturalWidth > 0');
    const more = page.locator('summary', { hasText: 'Banks not available yet' });
    assert.equal(await more.evaluate((a) => getComputedStyle(a).color), COLOUR_RGB);
    // Bank logos: the sandbox bank's own file, the others' initials tiles, all from this service.
    const sandboxLogo = page.getByRole('link', { name: /^Sandbox Bank Test bank/ }).locator('img');
    assert.match((await sandboxLogo.getAttribute('src')) ?? '', /^\/connect\/assets\/bank-sandbox\.[0-9a-f]{12}\.svg$/);
    await page.waitForFunction(
      'Array.from(document.querySelectorAll("img.logo")).every((i) => i.complete && i.naturalWidth > 0)',
    );
    assert.equal(await horizontalOverflow(page), 0);
    await assertAccessible(page, 'branded-1-banks');
  });

  test('the logo and the colour’s stylesheet › served by the service, cached, inert; made-up addresses are 404', async () => {
    const src = (await page.locator('header img.brand-logo').getAttribute('src')) ?? '';
    const logo = await call(svc, 'GET', src);
    assert.equal(logo.status, 200);
    assert.equal(logo.text, LOGO_SVG);
    assert.equal(logo.headers.get('content-type'), 'image/svg+xml');
    assert.equal(logo.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.match(logo.headers.get('content-security-policy') ?? '', /default-src 'none'.*sandbox/);
    assert.equal(logo.headers.get('x-content-type-options'), 'nosniff');
    const [, ref, file] = /^\/connect\/brand\/([^/]+)\/(.+)$/.exec(src) ?? [];
    assert.ok(ref && file);
    const flipped = `${ref.slice(0, 5)}${ref[5] === 'A' ? 'B' : 'A'}${ref.slice(6)}`;
    for (const wrong of [
      `/connect/brand/${flipped}/${file}`,
      `/connect/brand/${ref}/logo.0000000000000000.svg`,
      `/connect/brand/${ref}/${file.replace('.svg', '.png')}`,
      `/connect/brand/nope/${file}`,
    ])
      assert.equal((await call(svc, 'GET', wrong)).status, 404, wrong);
    const sheet = (await page.locator('link[rel="stylesheet"][href*="/brand-"]').getAttribute('href')) ?? '';
    assert.match(sheet, /^\/connect\/assets\/brand-7c2d12\.[0-9a-f]{8}\.css$/);
    const css = await call(svc, 'GET', sheet);
    assert.equal(css.status, 200);
    assert.match(css.headers.get('content-type') ?? '', /^text\/css/);
    assert.equal(css.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.match(css.text, /--brand: #7c2d12;/);
    for (const wrong of [
      sheet.replace('7c2d12', '7c2d1g'),
      sheet.replace('7c2d12', '7C2D12'),
      '/connect/assets/brand-7c2d12.css',
    ])
      assert.equal((await call(svc, 'GET', wrong)).status, 404, wrong);
  });

  test('the consent screen › fits one 360 × 740 phone screen; the button in the client’s colour; passes axe', async () => {
    await page.getByRole('link', { name: /^Sandbox Bank Test bank/ }).click();
    await arrive(page, 'Sandbox Bank');
    await screenshots(page, 'branded-2-consent');
    const height = await documentHeight(page);
    assert.ok(
      height <= PHONE.height,
      `the consent page is ${height} px tall at phone size; one screen is ${PHONE.height}`,
    );
    assert.equal(await horizontalOverflow(page), 0);
    const button = page.getByRole('button', { name: 'Continue to Sandbox Bank' });
    assert.equal(await button.evaluate((b) => getComputedStyle(b).backgroundColor), COLOUR_RGB);
    assert.equal(await button.evaluate((b) => getComputedStyle(b).color), 'rgb(255, 255, 255)');
    for (const h of [
      'What will be shared',
      'Why',
      'Who will see it',
      'For how long',
      'More information from Acme Lending',
    ])
      assert.equal(await page.getByRole('heading', { level: 2, name: h }).count(), 1, h);
    await assertAccessible(page, 'branded-2-consent');
  });

  test('the consent screen › the details open and close from the keyboard, and pass axe open', async () => {
    const summary = page.locator('summary', { hasText: 'Everything that will be shared' });
    const details = page.locator('details', { has: summary });
    assert.equal(await details.evaluate((d) => (d as HTMLDetailsElement).open), false);
    assert.equal(await page.getByRole('heading', { level: 3, name: 'Your transactions' }).count(), 0, 'folded');
    // The disclosure is in the tab order: from the section's heading, Tab reaches it.
    await page.getByRole('heading', { level: 2, name: 'What will be shared' }).click();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate('document.activeElement.textContent'), 'Everything that will be shared');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 3, name: 'Your transactions' }).waitFor();
    assert.equal(await details.evaluate((d) => (d as HTMLDetailsElement).open), true);
    // The OBIE codes, folded inside (docs/decisions/0055-hosted-pages-no-dead-ends.md).
    assert.doesNotMatch(await details.innerText(), /ReadTransactionsDetail/);
    await page.locator('details.codes summary').click();
    assert.match(await details.innerText(), /ReadTransactionsDetail/);
    assert.match(await details.innerText(), /You can withdraw your consent at any time/);
    await assertAccessible(page, 'branded-3-consent-details');
    await summary.focus();
    await page.keyboard.press('Space');
    await page.waitForFunction('!document.querySelector("details.more").open');
  });

  test('the result page › connected, in the client’s colours; passes axe', async () => {
    await approveAtSandbox(page, 'Approve');
    await arrive(page, 'Your Sandbox Bank account is connected');
    assert.equal(await page.locator('header img.brand-logo').count(), 1);
    const another = page.getByRole('link', { name: 'Connect another bank account' });
    assert.equal(await another.evaluate((a) => getComputedStyle(a).color), COLOUR_RGB);
    await assertAccessible(page, 'branded-4-result');
  });

  test('the result page › not connected (declined at the bank); passes axe', async () => {
    const second = await invite(svc, client, 'brand-decline');
    await page.goto(second.url);
    await page.getByRole('link', { name: /^Sandbox Bank Test bank/ }).click();
    await arrive(page, 'Sandbox Bank');
    await approveAtSandbox(page, 'Decline');
    await arrive(page, 'Your Sandbox Bank account was not connected');
    await assertAccessible(page, 'branded-5-result-declined');
  });

  test('notice pages › a used invitation and an unknown link say so clearly and pass axe', async () => {
    const used = await page.goto(invitation.url);
    assert.equal(used?.status(), 410);
    await arrive(page, 'You have already connected your bank');
    await assertAccessible(page, 'branded-6-notice-used');
    const unknown = await page.goto(`${svc.baseUrl}/connect/invitations/inv_nope/nope`);
    assert.equal(unknown?.status(), 404);
    await arrive(page, 'This link is not valid');
    await assertAccessible(page, 'branded-7-notice-unknown');
  });

  test('a refused invitation link (429) › the lender’s page at 390 × 844: name, logo, viewport, the wait, the way back; axe', async () => {
    const busy = await invite(svc, client, 'brand-busy');
    // The link's budget spent (another tab, a script): the customer's next open is refused.
    for (let i = 0; i < PER_FLOW; i++) await call(svc, 'GET', new URL(busy.url).pathname);
    await page.setViewportSize({ width: 390, height: 844 });
    const res = await page.goto(busy.url);
    assert.equal(res?.status(), 429);
    assert.match((await res?.allHeaders())?.['retry-after'] ?? '', /^\d+$/);
    await arrive(page, 'Please wait a moment');
    assert.equal(await page.locator('meta[name="viewport"]').count(), 1);
    assert.match(await page.locator('header').innerText(), /Secure connection for Acme Lending/);
    await page.waitForFunction('document.querySelector("header img.brand-logo")?.naturalWidth > 0');
    assert.match(await page.locator('main').innerText(), /try again in \d+ (seconds?|minutes?)/);
    const back = page.getByRole('link', { name: 'Return to Acme Lending' });
    assert.equal(await back.getAttribute('href'), 'https://lender.example/help');
    assert.equal(await horizontalOverflow(page), 0);
    const found = await axeViolations(page);
    assert.deepEqual(
      found.map((v) => `${v.impact} ${v.id}`),
      [],
    );
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'branded-8-refused-429-390x844.png'), fullPage: true });
    await page.setViewportSize(PHONE);
    refusedUrl = busy.url;
  });

  test('a client without branding › the pages’ own look, no logo; picker and consent pass axe', async () => {
    const inv = await invite(svc, plain, 'plain');
    await page.goto(inv.url);
    await arrive(page, 'Choose your bank');
    assert.equal(await page.locator('header img').count(), 0);
    assert.match(await page.locator('header').innerText(), /Secure connection for Plain Lending/);
    await assertAccessible(page, 'plain-1-banks');
    await page.getByRole('link', { name: /^Sandbox Bank Test bank/ }).click();
    await arrive(page, 'Sandbox Bank');
    const button = page.getByRole('button', { name: 'Continue to Sandbox Bank' });
    assert.equal(await button.evaluate((b) => getComputedStyle(b).backgroundColor), 'rgb(29, 78, 216)');
    assert.ok((await documentHeight(page)) <= PHONE.height, 'one phone screen');
    await assertAccessible(page, 'plain-2-consent');
  });

  test('the favicon › /favicon.ico and the SVG icon are served by the service and cached', async () => {
    const ico = await call(svc, 'GET', '/favicon.ico');
    assert.equal(ico.status, 200);
    assert.equal(ico.headers.get('content-type'), 'image/x-icon');
    assert.match(ico.headers.get('cache-control') ?? '', /^public, max-age=\d+/);
    const icon = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute('href');
    assert.ok(icon);
    const svg = await call(svc, 'GET', icon);
    assert.equal(svg.status, 200);
    assert.equal(svg.headers.get('content-type'), 'image/svg+xml');
    assert.equal(svg.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  });

  test('nothing was fetched from outside the service, and no page logged an error', () => {
    assert.deepEqual(browser.outside, []);
    // The used, unknown and refused links are served as 410, 404 and 429 on purpose; Chromium logs those statuses.
    const expected = [
      `${invitation.url}: `,
      `${svc.baseUrl}/connect/invitations/inv_nope/nope: `,
      `${refusedUrl}: `,
    ].map((at) => `${at}Failed to load resource: the server responded with a status of 4`);
    assert.deepEqual(
      browser.problems.filter((p) => !expected.some((e) => p.startsWith(e))),
      [],
    );
  });
});
