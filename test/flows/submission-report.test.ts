/**
 * Submission → report, end to end: a generated persona's accounts and transactions go in through the API,
 * the report.compute job runs, readiness goes to ready, insights, affordability, events and the forecast are
 * served, REPORT_AVAILABLE is in the webhook outbox (then REPORT_UPDATED after more data).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer, startService } from '../helpers/app.ts';
import { registerWebhook } from '../helpers/webhook-sink.ts';
import { generatePersona, toAccountWire } from '../../src/personas/index.ts';
import { computeCustomerReport } from '../../src/modules/reports/reports.job.ts';

const AS_OF = Date.UTC(2026, 5, 1, 9) / 1000; // the fake clock's start (2026-06-01 09:00 UTC)

describe('submission → report → webhook', async () => {
  const svc = await startService({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
  const client = await newClient(svc);
  await registerWebhook(svc, client.auth, 'http://127.0.0.1:9/hook');
  const customer = await newCustomer(svc, client);
  const persona = generatePersona('salaried-monthly', { asOf: AS_OF, seed: 11, years: 2 });
  const get = (path: string) =>
    svc.app.inject({ method: 'GET', url: `/public/v3/customers/${customer}/${path}`, headers: client.auth });
  const outbox = async () =>
    (
      await svc.deps.db.query<{ event_type: string }>(
        'SELECT event_type FROM webhook_deliveries WHERE customer_id = $1 ORDER BY seq',
        [customer],
      )
    ).rows.map((r) => r.event_type);

  test('before any data: readiness no_data, the reports answer 404 no_data', async () => {
    assert.equal((await get('report_readiness_statuses/insights')).json().status, 'no_data');
    const res = await get('insights/current_personal');
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'no_data');
  });

  test('after the submission and before the job: not_ready, and the reports answer 409 with the readiness', async () => {
    const accounts = await svc.app.inject({
      method: 'POST',
      url: `/public/v3/customers/${customer}/account_collections`,
      headers: client.auth,
      payload: { accounts: persona.accounts.map(toAccountWire) },
    });
    assert.equal(accounts.statusCode, 200, accounts.body);
    const older = persona.transactions.filter((t) => t.booking_date_time < AS_OF - 20 * 86_400);
    const res = await svc.app.inject({
      method: 'POST',
      url: `/public/v3/customers/${customer}/transaction_collections`,
      headers: client.auth,
      payload: { transactions: older },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await get('report_readiness_statuses/affordability')).json().status, 'not_ready');
    const insights = await get('insights/current_personal');
    assert.equal(insights.statusCode, 409);
    assert.equal(insights.json().code, 'report_not_ready');
    assert.equal(insights.json().readiness.status, 'not_ready');
  });

  test('after the job: ready, every report served, REPORT_AVAILABLE in the outbox', async () => {
    assert.ok((await svc.deps.queue.drain()) >= 1);
    for (const name of ['insights', 'affordability', 'events', 'forecast']) {
      assert.equal((await get(`report_readiness_statuses/${name}`)).json().status, 'ready', name);
    }
    const insights = await get('insights/current_personal');
    assert.equal(insights.statusCode, 200, insights.body);
    const body = insights.json();
    for (const member of ['income', 'expenditure', 'financial_patterns', 'financial_markers', 'employment'])
      assert.ok(body[member], member);
    assert.equal(body.employment.expected_salary[0]?.pay_frequency, 'Monthly');
    assert.equal(body.as_of, AS_OF);
    const affordability = await get('affordability/personal');
    assert.equal(affordability.statusCode, 200);
    assert.equal(affordability.json().data.length, 12);
    assert.ok(
      affordability
        .json()
        .data.every(
          (r: { affordability_type: string; account_type: string }) =>
            r.affordability_type === 'TWELVE_MONTH' && r.account_type === 'Personal',
        ),
    );
    assert.equal((await get('events/personal')).statusCode, 200);
    const forecast = await get('forecast/personal');
    assert.equal(forecast.statusCode, 200);
    assert.equal(forecast.json().forecast.length, 90);
    const categorised = await get('transactions?max_per_page=50');
    assert.ok(
      categorised.json().data.every((t: { category_id: string | null }) => typeof t.category_id === 'string'),
      'every transaction classified',
    );
    assert.deepEqual(
      (await outbox()).filter((t) => t.startsWith('REPORT')),
      ['REPORT_AVAILABLE'],
    );
  });

  test('more data: not_ready again, then REPORT_UPDATED after the job', async () => {
    const newer = persona.transactions.filter((t) => t.booking_date_time >= AS_OF - 20 * 86_400);
    const res = await svc.app.inject({
      method: 'POST',
      url: `/public/v3/customers/${customer}/transaction_collections`,
      headers: client.auth,
      payload: { transactions: newer },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(res.json().saved > 0);
    assert.equal((await get('report_readiness_statuses/insights')).json().status, 'not_ready');
    await svc.deps.queue.drain();
    assert.equal((await get('report_readiness_statuses/insights')).json().status, 'ready');
    assert.deepEqual(
      (await outbox()).filter((t) => t.startsWith('REPORT')),
      ['REPORT_AVAILABLE', 'REPORT_UPDATED'],
    );
    const runs = await svc.deps.db.query<{ state: string }>('SELECT state FROM report_runs WHERE customer_id = $1', [
      customer,
    ]);
    assert.deepEqual(
      runs.rows.map((r) => r.state),
      ['succeeded', 'succeeded'],
    );
  });

  test('NEW_EVENT is announced once per new event', async () => {
    const events = (await get('events/personal')).json().data as Array<{ id: number }>;
    const announced = (await outbox()).filter((t) => t === 'NEW_EVENT').length;
    assert.equal(announced, events.length);
  });

  test('data that arrives while a run computes: that run leaves the reports not_ready and enqueues the next', async () => {
    await svc.deps.queue.drain();
    // A writer whose send added nothing (a job of the customer was waiting, and is this run): its mark alone.
    const writerDuringRun = async () => {
      await svc.deps.db.query(
        "UPDATE report_states SET status = 'not_ready', data_version = data_version + 1 WHERE customer_id = $1",
        [customer],
      );
    };
    assert.equal(await computeCustomerReport(svc.deps, customer, { afterRunStarted: writerDuringRun }), 'computed');
    assert.equal((await get('report_readiness_statuses/insights')).json().status, 'not_ready');
    assert.equal(await svc.deps.queue.drain(['report.compute']), 1, 'the run enqueued the next');
    assert.equal((await get('report_readiness_statuses/insights')).json().status, 'ready');
  });
});
