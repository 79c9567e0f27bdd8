/**
 * Throttling never locks out a real customer (docs/decisions/0043-hosted-page-limits.md): 20 customers behind one
 * address (an office, a mobile carrier) go through the whole hosted flow — invitation, bank picker, consent screen,
 * the sandbox bank, the return, the result — each page with every file it links, under the default limits; none is
 * refused. Then, with the limits tightened: static files and logos are never counted, one flow's pages are limited
 * per flow (another flow from the same address is not), and the refusal is a styled page with a viewport, a
 * Retry-After and the time to wait in words.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  call,
  CookieJar,
  newLiveClient,
  startBankFlow,
  reachBankLogin,
  answerBankLogin,
  returnToCallback,
  startLiveService,
  type LiveService,
} from '../helpers/bank-flow.ts';
import { startService } from '../helpers/app.ts';
import { SANDBOX_PASSWORD } from '../../src/sandbox-bank/index.ts';

const CUSTOMERS = 20;
/** The defaults of src/config/config.ts (the test helper raises them out of reach otherwise). */
const DEFAULT_LIMITS = { RATE_LIMIT_PAGES_PER_MINUTE: '120', RATE_LIMIT_PAGES_PER_ADDRESS_PER_MINUTE: '3000' };

/** A page and every file it links under /connect (style sheets, scripts, icons, bank logos), as a browser loads it. */
async function load(
  svc: LiveService,
  url: string,
  jar: CookieJar,
): Promise<{ status: number; text: string; files: number }> {
  const page = await call(svc, 'GET', url, { jar });
  const links = [...page.text.matchAll(/(?:src|href)="(\/connect\/(?:assets|brand)\/[^"]+|\/favicon\.ico)"/g)].map(
    (m) => m[1] ?? '',
  );
  for (const link of new Set(links)) {
    const file = await call(svc, 'GET', link.replace(/&amp;/g, '&'), { jar });
    assert.equal(file.status, 200, `${link}: ${file.status}`);
  }
  return { status: page.status, text: page.text, files: links.length };
}

describe('20 customers behind one address, default limits', async () => {
  const svc = await startLiveService(DEFAULT_LIMITS);
  const client = await newLiveClient(svc, 'Office Lending');

  test('each goes through the whole flow; nothing is refused', async () => {
    let requests = 0;
    for (let i = 0; i < CUSTOMERS; i++) {
      const inv = await call(svc, 'POST', '/public/v3/invitations', {
        auth: client.auth.authorization,
        body: { email: `c${i}@example.com`, reference: `office-${i}` },
      });
      assert.equal(inv.status, 201, inv.text);
      const jar = new CookieJar();
      const opened = await call(svc, 'GET', inv.json.url, { jar });
      assert.equal(opened.status, 303, opened.text);
      const session = (opened.headers.get('location') ?? '').replace(/\/banks$/, '');
      const picker = await load(svc, `${session}/banks`, jar);
      assert.equal(picker.status, 200, `customer ${i}: the bank picker`);
      const consent = await load(svc, `${session}/banks/sandbox`, jar);
      assert.equal(consent.status, 200, `customer ${i}: the consent screen`);
      const cont = await call(svc, 'POST', `${session}/banks/sandbox/continue`, { form: {}, jar });
      assert.equal(cont.status, 303, `customer ${i}: continue ${cont.text.slice(0, 200)}`);
      const bankUrl = await startBankFlow(svc, cont.headers.get('location') ?? '', jar);
      const loginUrl = await reachBankLogin(svc, bankUrl, jar);
      const callback = await answerBankLogin(svc, loginUrl, jar, {
        username: 'salaried-monthly',
        password: SANDBOX_PASSWORD,
        decision: 'approve',
      });
      const back = await returnToCallback(svc, callback, jar);
      assert.equal(back.status, 302, back.text);
      const ret = await call(svc, 'GET', back.headers.get('location') ?? '', { jar });
      assert.equal(ret.status, 303, `customer ${i}: the return ${ret.text.slice(0, 200)}`);
      const result = await load(svc, new URL(ret.headers.get('location') ?? '', svc.baseUrl).toString(), jar);
      assert.equal(result.status, 200, `customer ${i}: the result page`);
      assert.match(result.text, /connected/i);
      requests += picker.files + consent.files + result.files + 9;
    }
    // Under the old per-address limit (120 a minute) the second customer's logos were already refused.
    assert.ok(requests > 120 * 3, `${requests} requests from one address`);
  });
});

describe('hosted page limits, tightened', async () => {
  const svc = await startService({ RATE_LIMIT_PAGES_PER_MINUTE: '3', RATE_LIMIT_PAGES_PER_ADDRESS_PER_MINUTE: '8' });
  const address = '198.51.100.77';
  const get = (url: string, remoteAddress = address) => svc.app.inject({ method: 'GET', url, remoteAddress });

  test('static files are never counted', async () => {
    const page = await get('/connect/s/static-check/banks');
    const css = /href="(\/connect\/assets\/[^"]+\.css)"/.exec(page.body)?.[1];
    assert.ok(css, 'the page links its style sheet');
    for (let i = 0; i < 20; i++) assert.equal((await get(css)).statusCode, 200);
    assert.notEqual((await get('/connect/s/another-flow/banks')).statusCode, 429);
  });

  test('a flow is limited on its own; the refusal is a styled page that says when to try again', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await get('/connect/s/busy-flow/banks');
      statuses.push(last.statusCode);
    }
    assert.deepEqual(statuses.slice(0, 3).includes(429), false);
    assert.equal(last?.statusCode, 429);
    assert.ok(Number(last?.headers['retry-after']) > 0, 'Retry-After');
    assert.match(last?.body ?? '', /<meta name="viewport"/);
    assert.match(last?.body ?? '', /<link rel="stylesheet" href="\/connect\/assets\//);
    assert.match(last?.body ?? '', /try again in \d+ (second|minute)/);
    assert.notEqual((await get('/connect/s/calm-flow/banks')).statusCode, 429, 'another flow, same address');
  });

  test('the address has a ceiling of its own', async () => {
    const other = '198.51.100.78';
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await get(`/connect/s/flow-${i}/banks`, other)).statusCode);
    assert.deepEqual(
      statuses.map((s) => s === 429),
      [false, false, false, false, false, false, false, false, true],
    );
  });
});
