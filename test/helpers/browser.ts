/**
 * Headless Chromium (Debian's chromium, driven by playwright-core) for the hosted-page tests: a fresh profile per
 * browser, every request outside the given loopback origins refused and recorded (the pages must fetch nothing
 * from outside the service), and screenshots at phone and desktop sizes written to test-output/ for people to see.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { DEADLINE_MS } from './wait.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 900 };
export const SCREENSHOT_DIR = path.resolve('test-output/screenshots');

/**
 * `npm test` on a new machine (Node and npm only) skips the browser tests, saying why; CI sets
 * OBI_REQUIRE_BROWSER=1 after installing Chromium, and then a missing browser fails loudly instead.
 */
export const BROWSER_SKIP: string | false =
  existsSync(CHROMIUM_PATH) || process.env.OBI_REQUIRE_BROWSER === '1'
    ? false
    : `no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH); CI requires it`;

export interface TestBrowser {
  context: BrowserContext;
  /** requests the browser tried to make outside the allowed origins */
  outside: string[];
  /** console errors and uncaught page errors (CSP violations show up here) */
  problems: string[];
  newPage(): Promise<Page>;
}

export async function launchBrowser(allowedOrigins: () => string[]): Promise<TestBrowser> {
  // Loud, not skipped: CI must never pass these tests by not running them.
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  const profile = await mkdtemp(path.join(os.tmpdir(), 'obi-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    timeout: DEADLINE_MS, // starting Chromium on a busy machine
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: PHONE,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  // Two browsers and two services may share two cores with the rest of the suite (and with other work): every
  // wait of playwright's (waitFor, waitForURL, clicks) polls for its condition under the suite's minutes-long deadline.
  context.setDefaultTimeout(DEADLINE_MS);
  context.setDefaultNavigationTimeout(DEADLINE_MS);
  const outside: string[] = [];
  const problems: string[] = [];
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith('data:') || allowedOrigins().includes(new URL(url).origin)) return route.continue();
    outside.push(url);
    return route.abort('blockedbyclient');
  });
  const watch = (page: Page) => {
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`${page.url()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
  };
  context.on('page', watch);
  context.pages().forEach(watch);
  after(async () => {
    await context.close().catch(() => undefined);
    await rm(profile, { recursive: true, force: true });
  });
  return { context, outside, problems, newPage: () => context.newPage() };
}

/** Screenshots of the page at phone and desktop sizes (full page); the page is left at phone size. */
export async function screenshots(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-phone.png`), fullPage: true });
}

/** The page fits a 360-px-wide phone: nothing sticks out sideways. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  ) as Promise<number>;
}
