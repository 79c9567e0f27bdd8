/**
 * The affordability PDF (GET /public/v3/customers/{id}/reports/affordability.pdf, docs/decisions/0035-affordability-pdf.md):
 * a generated persona's data goes in through the API, the report is computed, the PDF is printed by headless
 * Chromium, and its text (pdftotext -layout) carries the figures the API serves at endpoints 15 and 16, the
 * report's as_of and engine version, the accounts covered and the data window. Also: 401 without a token, 404 for
 * another client's customer, 404 no_data and 409 before the report is ready, 503 without Chromium.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { newClient, newCustomer, startService } from '../helpers/app.ts';
import { BROWSER_SKIP, CHROMIUM_PATH } from '../helpers/browser.ts';
import { generatePersona, toAccountWire } from '../../src/personas/index.ts';
import { isoDate, londonDay } from '../../src/analytics/calendar/london.ts';
import {
  formatDay,
  formatInstant,
  formatMoney,
  formatMonth,
  renderAffordabilityPdf,
} from '../../src/modules/overview/index.ts';
import { statusForCode } from '../../src/http/error-codes.ts';
import { AppError } from '../../src/lib/app-error.ts';

const run = promisify(execFile);
const OUTPUT_DIR = path.resolve('test-output/pdf');
const AS_OF = Date.UTC(2026, 5, 1, 9) / 1000; // the fake clock's start (2026-06-01 09:00 UTC)

async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'obi-pdf-'));
  try {
    const file = path.join(dir, 'report.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the affordability PDF', { skip: BROWSER_SKIP }, async () => {
  const svc = await startService({ OBI_CHROMIUM_PATH: CHROMIUM_PATH });
  const client = await newClient(svc);
  const other = await newClient(svc, 'Other Lender');
  const customer = await newCustomer(svc, client);
  const persona = generatePersona('salaried-monthly', { asOf: AS_OF, seed: 5, years: 2 });
  const url = (id = customer) => `/public/v3/customers/${id}/reports/affordability.pdf`;
  const get = (path: string, headers: Record<string, string> = client.auth) =>
    svc.app.inject({ method: 'GET', url: path, headers });
  const submitted = persona.transactions.filter((t) => t.booking_date_time < AS_OF - 10 * 86_400);
  // The lender's letterhead: its company name and logo (settings), on page 1.
  const LENDER = 'Northgate Lending Ltd';
  const LOGO_SVG =
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" rx="6" fill="#1e3a8a"/></svg>';
  const branded = await svc.app.inject({
    method: 'PATCH',
    url: '/public/v3/settings',
    headers: client.auth,
    payload: {
      company_name: LENDER,
      logo_url: `data:image/svg+xml;base64,${Buffer.from(LOGO_SVG).toString('base64')}`,
    },
  });
  assert.equal(branded.statusCode, 200, branded.body);

  test('without a token: 401 Problem Details', async () => {
    const res = await get(url(), {});
    assert.equal(res.statusCode, 401);
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  });

  test('before any data: 404 no_data, as endpoint 16', async () => {
    const res = await get(url());
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'no_data');
  });

  test('after the submission and before the report: 409 report_not_ready', async () => {
    const accounts = await svc.app.inject({
      method: 'POST',
      url: `/public/v3/customers/${customer}/account_collections`,
      headers: client.auth,
      payload: { accounts: persona.accounts.map(toAccountWire) },
    });
    assert.equal(accounts.statusCode, 200, accounts.body);
    const res = await svc.app.inject({
      method: 'POST',
      url: `/public/v3/customers/${customer}/transaction_collections`,
      headers: client.auth,
      payload: { transactions: submitted },
    });
    assert.equal(res.statusCode, 200, res.body);
    const pdf = await get(url());
    assert.equal(pdf.statusCode, 409, pdf.body);
    assert.equal(pdf.json().code, 'report_not_ready');
  });

  test("another client's customer and an unknown id: 404, the same body", async () => {
    assert.ok((await svc.deps.queue.drain()) >= 1);
    const foreign = await get(url(), other.auth);
    const unknown = await get(url('no-such-customer'), other.auth);
    assert.equal(foreign.statusCode, 404);
    assert.equal(unknown.statusCode, 404);
    assert.equal(foreign.json().code, 'customer_not_found');
    assert.equal(foreign.json().detail, unknown.json().detail);
  });

  test('when ready: a PDF whose text carries the figures of endpoints 15 and 16', async () => {
    const res = await get(url());
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.match(
      String(res.headers['content-disposition']),
      /^attachment; filename="affordability-[A-Za-z0-9_-]+\.pdf"$/,
    );
    assert.equal(res.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');
    // A size budget, not a timing (docs/decisions/0042-figures-from-the-api.md): 24 months of data, at most 300 KB.
    assert.ok(res.rawPayload.length <= 300 * 1024, `${res.rawPayload.length} bytes`);
    assert.match(res.rawPayload.toString('latin1'), /\/StructTreeRoot/, 'a tagged PDF');
    const text = await pdfText(res.rawPayload);
    // For people to look at, beside the browser tests' screenshots.
    await mkdir(OUTPUT_DIR, { recursive: true });
    await writeFile(path.join(OUTPUT_DIR, 'affordability.pdf'), res.rawPayload);

    const insights = (await get(`/public/v3/customers/${customer}/insights/current_personal`)).json();
    const affordability = (await get(`/public/v3/customers/${customer}/affordability/personal`)).json();
    const accounts = (await get(`/public/v3/customers/${customer}/accounts`)).json().data as Array<{
      id: string;
      number: string;
      name: string | null;
      nickname: string | null;
    }>;

    assert.ok(text.includes(formatInstant(insights.as_of)), 'as_of');
    assert.ok(text.includes(insights.engine_version), 'engine version');
    const records = affordability.data as Array<{ year: number; month: number; amount: number; currency: string }>;
    assert.ok(records.length > 0);
    const latest = records.at(-1);
    assert.ok(latest);
    assert.match(
      text,
      new RegExp(`Latest month, ${formatMonth(latest.year, latest.month)}: ${formatMoney(latest.amount, 'GBP')}`),
      'the latest month of affordability on page 1',
    );
    for (const r of records) {
      const line = text
        .split('\n')
        .find(
          (l) =>
            l.trimStart().startsWith(formatMonth(r.year, r.month)) && l.includes(formatMoney(r.amount, r.currency)),
        );
      assert.ok(line, `affordability of ${formatMonth(r.year, r.month)}: ${formatMoney(r.amount, r.currency)}`);
    }
    const income = insights.income.monthly_amounts.at(-1);
    const spent = insights.expenditure.monthly_amounts.find(
      (m: { year: number; month: number }) => m.year === income.year && m.month === income.month,
    );
    const monthLine = text
      .split('\n')
      .find(
        (l) =>
          l.trimStart().startsWith(formatMonth(income.year, income.month)) &&
          l.includes(formatMoney(income.amount, 'GBP')) &&
          l.includes(formatMoney(spent.amount, 'GBP')),
      );
    assert.ok(monthLine, `income ${income.amount} and expenditure ${spent.amount} of ${income.year}-${income.month}`);

    const personal = persona.accounts.filter((a) => a.type === 'Personal').map((a) => a.number);
    const personalIds = accounts.filter((a) => personal.includes(a.number)).map((a) => a.id);
    assert.ok(personalIds.length > 0);
    for (const a of accounts) {
      const name = a.nickname ?? a.name;
      if (name) assert.ok(text.includes(name), `account name ${name}`);
    }
    const booked = submitted.filter((t) => t.status === 'Booked' && personal.includes(t.account_number));
    const first = formatDay(isoDate(londonDay(Math.min(...booked.map((t) => t.booking_date_time)))));
    const last = formatDay(isoDate(londonDay(Math.max(...booked.map((t) => t.booking_date_time)))));
    assert.ok(text.includes(`${first} to ${last}`), `data window ${first} to ${last}`);

    // Page 1 also carries the affordability assessment as its endpoint answers it (docs/decisions/0050).
    const assessment = (await get(`/public/v3/customers/${customer}/affordability/assessment`)).json();
    const page1 = text.split('\f')[0] ?? '';
    assert.ok(page1.includes('Affordability assessment'), 'the assessment on page 1');
    const stressed = formatMoney(assessment.disposable_income.after_commitment.stressed, 'GBP');
    assert.ok(page1.includes(stressed), `stressed disposable income ${stressed}`);
    assert.ok(page1.includes(formatMoney(assessment.income.verified_monthly, 'GBP')), 'verified income');
    // Page 1 is the whole decision summary on the lender's letterhead.
    assert.ok(page1.includes(LENDER), "the lender's name on page 1");
    // (The logo beside it, with the name as its text alternative: src/modules/overview/overview.document.test.ts.)
    for (const heading of ['Verified income streams', 'Committed spending', 'Risk markers', 'Affordability'])
      assert.ok(page1.includes(heading), `${heading} on page 1`);
    assert.ok(page1.includes(`${first} to ${last}`), 'the data window on page 1');
    for (const a of accounts.filter((x) => personalIds.includes(x.id)))
      assert.ok(
        page1.includes(a.number) || page1.includes(a.nickname ?? a.name ?? a.number),
        `account ${a.number} on page 1`,
      );
    // Risk markers with their amounts: each present marker's money figure as the API gives it.
    const gambling = insights.financial_markers.gambling;
    if (gambling.count > 0) assert.ok(page1.includes(formatMoney(gambling.total_amounts.last_12m, 'GBP')));
    else assert.match(page1.replace(/\s+/g, ' '), /Not present: [^.]*Gambling|None of the \d+ risk markers/);
  });
});

describe('the affordability PDF without Chromium (OBI_CHROMIUM_PATH=off)', async () => {
  const svc = await startService({ OBI_CHROMIUM_PATH: 'off' });
  const client = await newClient(svc);
  const customer = await newCustomer(svc, client);

  test('503 pdf_unavailable as Problem Details, with Retry-After', async () => {
    const res = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/customers/${customer}/reports/affordability.pdf`,
      headers: client.auth,
    });
    assert.equal(res.statusCode, 503);
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
    assert.equal(res.json().code, 'pdf_unavailable');
    assert.ok(res.headers['retry-after']);
  });

  test('the service function says the same', async () => {
    await assert.rejects(
      renderAffordabilityPdf(svc.deps, client.clientId, customer),
      (err: unknown) => err instanceof AppError && err.code === 'pdf_unavailable',
    );
    assert.equal(statusForCode('pdf_unavailable'), 503);
  });
});
