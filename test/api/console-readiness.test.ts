/**
 * The console customer page's live readiness (src/web/console/console-customers.routes.ts, readiness.json): what the
 * page's script polls while a report is computed. Signed-in staff see their own customer's readiness; another
 * client's customer is a 404; without a session there is no answer but the sign-in page.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer, startService } from '../helpers/app.ts';
import { ConsoleBrowser, consoleUser } from '../helpers/console.ts';
import { generatePersona, toAccountWire } from '../../src/personas/index.ts';

const AS_OF = Date.UTC(2026, 5, 1, 9) / 1000;

describe('console › readiness.json', async () => {
  const svc = await startService();
  const client = await newClient(svc);
  const other = await newClient(svc, 'Other Lender');
  const customer = await newCustomer(svc, client);
  const foreign = await newCustomer(svc, other);
  const { browser } = await consoleUser(svc, client.clientId, 'viewer');
  const url = (id: string) => `/console/customers/${encodeURIComponent(id)}/readiness.json`;

  test('no data, then computing (the page polls), then ready', async () => {
    assert.deepEqual((await browser.get(url(customer))).json(), {
      status: 'no_data',
      processing: null,
      moving: false,
      text: 'There is no bank data for this customer yet: no figures to show.',
    });
    const persona = generatePersona('salaried-monthly', { asOf: AS_OF, seed: 2, years: 1 });
    for (const [path, payload] of [
      ['account_collections', { accounts: persona.accounts.map(toAccountWire) }],
      ['transaction_collections', { transactions: persona.transactions }],
    ] as const) {
      const res = await svc.app.inject({
        method: 'POST',
        url: `/public/v3/customers/${customer}/${path}`,
        headers: client.auth,
        payload,
      });
      assert.equal(res.statusCode, 200, res.body);
    }
    // docs/decisions/0057-readiness-processing.md: the stage and its sentence, which the page's script writes in.
    const since = svc.clock.now().getTime() / 1000;
    assert.deepEqual((await browser.get(url(customer))).json(), {
      status: 'not_ready',
      processing: { stage: 'computing_report', rows_received: null, since },
      moving: true,
      text: 'Computing the report from new data: its figures appear here when it is ready. Started 1 Jun 2026, 09:00 UTC.',
    });
    const page = await browser.get(`/console/customers/${encodeURIComponent(customer)}`);
    assert.match(page.body, new RegExp(`data-poll-readiness="${url(customer).replace(/[.]/g, '\\.')}"`));
    assert.match(page.body, /<button type="button" disabled[^>]*>Download the affordability PDF<\/button>/);
    await svc.deps.queue.drain();
    const res = await browser.get(url(customer));
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.deepEqual(res.json(), { status: 'ready', processing: null, moving: false, text: 'The report is ready.' });
    const ready = await browser.get(`/console/customers/${encodeURIComponent(customer)}`);
    assert.doesNotMatch(ready.body, /data-poll-readiness/);
    assert.match(ready.body, /<a class="button" href="[^"]+\/report\.pdf" download data-pdf-button>/);
  });

  test("another client's customer: 404; without a session: the sign-in page", async () => {
    assert.equal((await browser.get(url(foreign))).statusCode, 404);
    const anonymous = await new ConsoleBrowser(svc).get(url(customer));
    assert.ok([302, 303].includes(anonymous.statusCode), String(anonymous.statusCode));
    assert.doesNotMatch(anonymous.body, /status/);
  });
});
