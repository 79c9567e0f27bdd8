/**
 * The customer overview of the lender console (src/modules/overview, loadCustomerOverview → renderCustomerSections):
 * a gambler persona's data through the API, the report computed; the overview carries the report's figures,
 * the report's months of income against expenditure, the gambling marker with the transactions behind it, the events with their
 * transactions; another client gets nothing; a hostile transaction description comes out of the page inert.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer, startService } from '../helpers/app.ts';
import { generatePersona, toAccountWire } from '../../src/personas/index.ts';
import { loadCustomerOverview } from '../../src/modules/overview/index.ts';
import { renderCustomerSections } from '../../src/web/console/customer-sections.ts';

const AS_OF = Date.UTC(2026, 5, 1, 9) / 1000; // the fake clock's start (2026-06-01 09:00 UTC)
const HOSTILE = '</script><img src=x onerror=alert(1)>';

describe('the customer overview', async () => {
  const svc = await startService();
  const client = await newClient(svc);
  const other = await newClient(svc, 'Other Lender');
  const customer = await newCustomer(svc, client);
  const persona = generatePersona('gambler', { asOf: AS_OF, seed: 3, years: 2 });
  const get = (path: string) =>
    svc.app.inject({ method: 'GET', url: `/public/v3/customers/${customer}/${path}`, headers: client.auth });

  test('before any data: no report and no made-up figures', async () => {
    const overview = await loadCustomerOverview(svc.deps, client.clientId, customer);
    assert.ok(overview);
    assert.equal(overview.readiness, 'no_data');
    assert.equal(overview.report, null);
  });

  test("another client's customer, or an unknown id: null", async () => {
    assert.equal(await loadCustomerOverview(svc.deps, other.clientId, customer), null);
    assert.equal(await loadCustomerOverview(svc.deps, client.clientId, 'no-such-customer'), null);
  });

  test('after the report: the figures of the API, the report months, markers with their transactions', async () => {
    const accounts = await svc.app.inject({
      method: 'POST',
      url: `/public/v3/customers/${customer}/account_collections`,
      headers: client.auth,
      payload: { accounts: persona.accounts.map(toAccountWire) },
    });
    assert.equal(accounts.statusCode, 200, accounts.body);
    // The latest stake of May carries hostile text in its description (still a bet: the operator's name stays).
    const hostile = persona.transactions.findLastIndex(
      (t, i) => persona.labels[i] === 'gambling' && t.booking_date_time < AS_OF - 2 * 86_400,
    );
    const transactions = persona.transactions.map((t, i) =>
      i === hostile ? { ...t, name: `${t.name} ${HOSTILE}` } : t,
    );
    const res = await svc.app.inject({
      method: 'POST',
      url: `/public/v3/customers/${customer}/transaction_collections`,
      headers: client.auth,
      payload: { transactions },
    });
    assert.equal(res.statusCode, 200, res.body);
    const notReady = await loadCustomerOverview(svc.deps, client.clientId, customer);
    assert.equal(notReady?.readiness, 'not_ready');
    assert.equal(notReady?.report, null);
    assert.ok((await svc.deps.queue.drain()) >= 1);

    const overview = await loadCustomerOverview(svc.deps, client.clientId, customer);
    const report = overview?.report;
    assert.ok(overview && report);
    assert.equal(overview.readiness, 'ready');
    const insights = (await get('insights/current_personal')).json();
    const forecast = (await get('forecast/personal')).json();
    assert.equal(report.as_of, insights.as_of);
    assert.equal(report.engine_version, insights.engine_version);
    assert.deepEqual(
      report.months.map((m) => [m.year, m.month, m.income]),
      insights.income.monthly_amounts.map((a: { year: number; month: number; amount: number }) => [
        a.year,
        a.month,
        a.amount,
      ]),
    );
    assert.equal(report.balance.first_negative_date, forecast.first_negative_date);
    assert.deepEqual(report.balance.forecast, forecast.forecast);
    assert.equal(report.accounts_covered.length, persona.accounts.filter((a) => a.type === 'Personal').length);

    const gambling = report.risk_markers.find((m) => m.key === 'gambling');
    assert.ok(gambling?.raised);
    assert.equal(gambling.transaction_count, insights.financial_markers.gambling.count);
    assert.ok(gambling.transactions.length > 0);
    for (const t of gambling.transactions) {
      assert.match(t.date, /^\d{4}-\d{2}-\d{2}$/);
      assert.ok(t.description.length > 0 && t.amount < 0, JSON.stringify(t));
    }
    const withTx = report.events.filter((e) => e.transaction);
    const events = (await get('events/personal')).json().data;
    assert.equal(report.events.length, events.length);
    assert.equal(
      withTx.length,
      events.filter((e: { transaction_id?: string }) => e.transaction_id).length,
      'every event transaction resolved',
    );
    for (const r of report.recurring.filter((x) => x.next_expected_date))
      assert.match(r.next_expected_date ?? '', /^\d{4}-\d{2}-\d{2}$/);
  });

  test('the page fragment: figures present, the hostile description inert', async () => {
    const overview = await loadCustomerOverview(svc.deps, client.clientId, customer);
    assert.ok(overview);
    const page = renderCustomerSections(overview);
    assert.ok(!page.includes(HOSTILE));
    assert.ok(!page.includes('<img'));
    assert.ok(
      page.includes('&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;'),
      'the description is on the page, escaped',
    );
    // The overview's five charts (affordability by month and the risk markers among them) and the affordability
    // assessment's waterfall (src/web/console/assessment-section.ts).
    assert.equal((page.match(/<script\b/g) ?? []).length, 6);
    assert.match(page, /Gambling: present/);
  });
});
