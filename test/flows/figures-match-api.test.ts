/**
 * One source of truth for every figure (docs/decisions/0042-figures-from-the-api.md): for five personas whose
 * data goes in through the API, every money amount, percentage and count the console's customer page and the
 * affordability PDF print is one the API answers for the same customer (formatting aside: "−£1,234.50" is
 * -1234.5). The gambling share is checked on its own too: the API gives a percentage, printed as it is.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { newClient, newCustomer, startService } from '../helpers/app.ts';
import { BROWSER_SKIP, CHROMIUM_PATH } from '../helpers/browser.ts';
import { consoleUser } from '../helpers/console.ts';
import { generatePersona, toAccountWire } from '../../src/personas/index.ts';
import { formatPercent } from '../../src/modules/overview/index.ts';

const run = promisify(execFile);
const AS_OF = Date.UTC(2026, 5, 1, 9) / 1000; // the fake clock's start (2026-06-01 09:00 UTC)
const PERSONAS = ['gambler', 'payday-borrower', 'overdrawn', 'salaried-monthly', 'pensioner'];

type Json = Record<string, unknown> | unknown[] | number | string | boolean | null;

/**
 * Every number anywhere in the bodies, as cents (money) — the set a printed amount must come from — and every amount
 * the API's own sentences print (the assessment's reasons, markers' explanations), which the pages show verbatim.
 */
function numbersOf(value: Json, into = new Set<number>()): Set<number> {
  if (typeof value === 'number') into.add(Math.round(value * 100));
  else if (typeof value === 'string') for (const c of printedMoney(value)) into.add(c);
  else if (Array.isArray(value)) for (const v of value) numbersOf(v as Json, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) numbersOf(v as Json, into);
  return into;
}

/**
 * The percentages the API gives: ratio_to_income, ratio_to_recurring_income and the assessment's `…_percent` fields
 * as they are, shares × 100, and the percentages the API's own sentences print.
 */
function percentagesOf(bodies: Json[]): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown, key = ''): void => {
    if (typeof v === 'number') {
      if (key.startsWith('ratio_to_') || key.endsWith('_percent')) out.add(formatPercent(v));
      if (key === 'negative_balance_ratio') out.add(formatPercent(v * 100));
    } else if (typeof v === 'string') for (const p of printedPercentages(v)) out.add(p);
    else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(bodies);
  return out;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The page as people read it: no scripts (chart options), no tags, entities decoded. */
function pageText(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#?\w+);/g, (m, e: string) => ENTITIES[e] ?? m);
}

/** Printed money as cents: "£1,234.50" → 123450, "−£12.00" or "-£12.00" → -1200. */
function printedMoney(text: string): number[] {
  return [...text.matchAll(/([−-]?)£([\d,]+\.\d{2})/g)].map(
    (m) => (m[1] ? -1 : 1) * Math.round(Number((m[2] ?? '').replace(/,/g, '')) * 100),
  );
}

const printedPercentages = (text: string) => [...text.matchAll(/(\d+(?:\.\d+)?)%/g)].map((m) => `${m[1]}%`);

/** The counts the risk markers print, with the API's value each must equal. */
const COUNTED: Array<[string, (i: Insights) => number]> = [
  ['gambling payments in the last 12 months', (i) => i.financial_markers.gambling.count],
  ['payday loans received in the last 12 months', (i) => i.financial_markers.payday_loan.count],
  ['loans received in the last 12 months', (i) => i.financial_markers.loan_income.count],
  ['cash withdrawals in the last 12 months', (i) => i.financial_markers.cash_withdrawals.count],
  ['bank charges in the last 12 months', (i) => i.financial_markers.bank_charges.num_last_12m.count],
  [
    'returned direct debits in the last 12 months',
    (i) => i.financial_markers.returned_direct_debits.num_last_12m.count,
  ],
];

interface Rate {
  count: number;
  ratio_to_income: number;
}
interface Insights {
  financial_markers: {
    gambling: Rate;
    payday_loan: Rate;
    loan_income: Rate;
    cash_withdrawals: Rate;
    bank_charges: { num_last_12m: { count: number } };
    returned_direct_debits: { num_last_12m: { count: number } };
  };
}

async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'obi-figures-'));
  try {
    const file = path.join(dir, 'report.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function checkFigures(where: string, text: string, money: Set<number>, percentages: Set<string>, insights: Insights) {
  const amounts = printedMoney(text);
  assert.ok(amounts.length > 20, `${where}: money is printed (${amounts.length})`);
  const unknown = amounts.filter((c) => !money.has(c));
  assert.deepEqual(unknown, [], `${where}: amounts the API does not answer (cents)`);
  const shares = printedPercentages(text);
  assert.deepEqual(
    shares.filter((p) => !percentages.has(p)),
    [],
    `${where}: percentages the API does not answer`,
  );
  const flat = text.replace(/\s+/g, ' ');
  for (const [words, count] of COUNTED) {
    for (const m of flat.matchAll(new RegExp(`(?<![\\w-])(\\d+) ${words}`, 'g')))
      assert.equal(Number(m[1]), count(insights), `${where}: "${m[0]}"`);
  }
  const gambling = insights.financial_markers.gambling;
  if (gambling.count > 0)
    assert.ok(flat.includes(`(${formatPercent(gambling.ratio_to_income)} of income)`), `${where}: the gambling share`);
}

/** The API's count for each risk marker the chart labels (overview.markers.ts), by the marker's label. */
const MARKER_COUNTS: Record<string, (i: Insights) => number> = {
  Gambling: (i) => i.financial_markers.gambling.count,
  'Payday loans': (i) => i.financial_markers.payday_loan.count,
  'New borrowing': (i) => i.financial_markers.loan_income.count,
  'Cash withdrawals': (i) => i.financial_markers.cash_withdrawals.count,
  'Bank charges': (i) => i.financial_markers.bank_charges.num_last_12m.count,
  'Returned direct debits': (i) => i.financial_markers.returned_direct_debits.num_last_12m.count,
};

type ChartOption = {
  xAxis: { data?: string[] };
  yAxis: { data?: string[] };
  series: Array<{ data: Array<{ value: number; label?: { formatter: string } }> }>;
};

/** The chart options the page carries (the JSON blocks after each chart element), by chart id. */
function chartsOf(html: string): Map<string, ChartOption> {
  const out = new Map<string, ChartOption>();
  for (const m of html.matchAll(/<script type="application\/json" id="chart-([a-z-]+)">([^<]*)<\/script>/g))
    out.set(m[1] ?? '', JSON.parse(m[2] ?? 'null') as ChartOption);
  return out;
}

/**
 * The charts of affordability by month and of the risk markers: every bar is an amount the API answers, months are
 * written "Mar 2026", and each marker's printed label ("£45.00 (3)") carries the API's amount and count.
 */
function checkCharts(where: string, html: string, money: Set<number>, insights: Insights) {
  const charts = chartsOf(html);
  const affordability = charts.get('affordability');
  assert.ok(affordability, `${where}: the affordability chart`);
  for (const label of affordability.xAxis.data ?? []) assert.match(label, /^[A-Z][a-z]{2} \d{4}$/, where);
  const bars = affordability.series.flatMap((x) => x.data.map((d) => Math.round(d.value * 100)));
  assert.ok(bars.length > 0, `${where}: affordability has months`);
  assert.deepEqual(
    bars.filter((c) => !money.has(c)),
    [],
    `${where}: affordability bars the API does not answer`,
  );
  const markers = charts.get('risk-markers');
  assert.ok(markers, `${where}: the risk markers chart`);
  const labels = markers.yAxis.data ?? [];
  const data = markers.series[0]?.data ?? [];
  assert.equal(labels.length, data.length, where);
  for (const [i, label] of labels.entries()) {
    const d = data[i];
    const count = MARKER_COUNTS[label];
    assert.ok(d && count, `${where}: marker ${label}`);
    assert.ok(money.has(Math.round(d.value * 100)), `${where}: ${label} bar ${d.value}`);
    const printed = d.label?.formatter ?? '';
    assert.deepEqual(printedMoney(printed), [Math.round(d.value * 100)], `${where}: ${label} "${printed}"`);
    assert.match(printed, new RegExp(`\\(${count(insights)}\\)$`), `${where}: ${label} count "${printed}"`);
  }
}

describe('every figure printed is the API’s', { skip: BROWSER_SKIP }, async () => {
  const svc = await startService({ OBI_CHROMIUM_PATH: CHROMIUM_PATH });
  const client = await newClient(svc);
  const { browser } = await consoleUser(svc, client.clientId, 'viewer');
  const api = async (url: string) => {
    const res = await svc.app.inject({ method: 'GET', url, headers: client.auth });
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    return res;
  };

  for (const [n, name] of PERSONAS.entries()) {
    test(`${name}: the console page and the PDF print only the API's figures`, async () => {
      const customer = await newCustomer(svc, client, `figures-${name}`);
      const persona = generatePersona(name, { asOf: AS_OF, seed: 11 + n, years: 2 });
      const base = `/public/v3/customers/${customer}`;
      for (const [url, payload] of [
        [`${base}/account_collections`, { accounts: persona.accounts.map(toAccountWire) }],
        [`${base}/transaction_collections`, { transactions: persona.transactions }],
      ] as const) {
        const res = await svc.app.inject({ method: 'POST', url, headers: client.auth, payload });
        assert.equal(res.statusCode, 200, res.body);
      }
      await svc.deps.queue.drain();

      const insights = (await api(`${base}/insights/current_personal`)).json();
      const bodies: Json[] = [
        insights,
        (await api(`${base}/affordability/personal`)).json(),
        (await api(`${base}/affordability/assessment`)).json(),
        (await api(`${base}/forecast/personal`)).json(),
        (await api(`${base}/events/personal`)).json(),
        (await api(`${base}/accounts`)).json(),
      ];
      let next: string | null = `${base}/raw-transactions?max_per_page=1000`;
      while (next) {
        const body = (await api(next)).json() as {
          data: Array<{ amount: number }>;
          _links?: { next?: { href: string } | null };
        };
        bodies.push(body.data.map((t) => t.amount));
        const href = body._links?.next?.href;
        next = href ? `${new URL(href, 'http://x').pathname}${new URL(href, 'http://x').search}` : null;
      }
      const money = numbersOf(bodies);
      const percentages = percentagesOf(bodies);

      const page = await browser.get(`/console/customers/${encodeURIComponent(customer)}`);
      assert.equal(page.statusCode, 200);
      checkFigures(`${name} console`, pageText(page.body), money, percentages, insights);
      checkCharts(`${name} console charts`, page.body, money, insights);

      const pdf = await api(`${base}/reports/affordability.pdf`);
      checkFigures(`${name} PDF`, await pdfText(pdf.rawPayload), money, percentages, insights);
    });
  }
});
