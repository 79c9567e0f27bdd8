/**
 * The affordability assessment, the declarations and the lender policy through the API
 * (docs/decisions/0050-affordability-assessment.md): a generated salaried renter's data goes in, the report is
 * computed, and the assessment answers from it with the client's policy version and the customer's latest
 * declaration. Also: bad input is 400 with a pointer, and everything is isolated per client.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer, startService } from '../helpers/app.ts';
import { generatePersona, toAccountWire } from '../../src/personas/index.ts';
import { DEFAULT_POLICY } from '../../src/analytics/affordability/sfs-map.ts';

const AS_OF = Date.UTC(2026, 5, 1, 9) / 1000; // the fake clock's start

describe('affordability assessment API', async () => {
  const svc = await startService();
  const client = await newClient(svc);
  const other = await newClient(svc, 'Other Lender');
  const customer = await newCustomer(svc, client);
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, auth = client.auth) =>
    svc.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const assessment = (query = '', auth = client.auth) =>
    send('GET', `/public/v3/customers/${customer}/affordability/assessment${query}`, undefined, auth);
  const declarations = `/public/v3/customers/${customer}/affordability/declarations`;

  test('policy › the built-in default is version 0 until the client sets one', async () => {
    const res = await send('GET', '/public/v3/affordability/policy');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { version: 0, created_at: null, ...DEFAULT_POLICY });
  });

  test('policy › an unknown category or a household size listed twice is 400 with a pointer to each', async () => {
    const bad = structuredClone(DEFAULT_POLICY) as typeof DEFAULT_POLICY;
    bad.variable_rate_categories = ['mortgage', 'groceries'];
    bad.living_cost_buffer.by_household_size.push({ household_size: 1, monthly_amount: 1 });
    const res = await send('PUT', '/public/v3/affordability/policy', bad);
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(
      res.json().errors.map((e: { pointer: string }) => e.pointer),
      ['/variable_rate_categories/1', '/living_cost_buffer/by_household_size/6/household_size'],
    );
    const missing = await send('PUT', '/public/v3/affordability/policy', { variable_rate_stress_percent: 10 });
    assert.equal(missing.statusCode, 400);
    assert.ok(missing.json().errors.some((e: { pointer: string }) => e.pointer === '/living_cost_buffer'));
  });

  test('policy › each PUT is a new version; earlier ones stay readable; other clients do not see it', async () => {
    const first = await send('PUT', '/public/v3/affordability/policy', {
      ...DEFAULT_POLICY,
      declared_tolerance_percent: 5,
    });
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.json().version, 1);
    const second = await send('PUT', '/public/v3/affordability/policy', {
      ...DEFAULT_POLICY,
      variable_rate_stress_percent: 30,
    });
    assert.equal(second.json().version, 2);
    assert.equal((await send('GET', '/public/v3/affordability/policy')).json().version, 2);
    const v1 = await send('GET', '/public/v3/affordability/policy/versions/1');
    assert.equal(v1.json().declared_tolerance_percent, 5);
    const none = await send('GET', '/public/v3/affordability/policy/versions/3');
    assert.equal(none.statusCode, 404);
    assert.equal(none.json().code, 'affordability_policy_not_found');
    assert.equal((await send('GET', '/public/v3/affordability/policy', undefined, other.auth)).json().version, 0);
    assert.equal(
      (await send('GET', '/public/v3/affordability/policy/versions/1', undefined, other.auth)).statusCode,
      404,
    );
  });

  test('declarations › a negative or missing figure is 400 with a pointer; another client is 404', async () => {
    const bad = await send('POST', declarations, {
      income: 2000,
      housing: -1,
      credit_commitments: 0,
      other_essential: 0,
    });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().errors[0].pointer, '/housing');
    const missing = await send('POST', declarations, { income: 2000, housing: 0, credit_commitments: 0 });
    assert.equal(missing.json().errors[0].pointer, '/other_essential');
    const foreign = await send(
      'POST',
      declarations,
      { income: 1, housing: 1, credit_commitments: 1, other_essential: 1 },
      other.auth,
    );
    assert.equal(foreign.statusCode, 404);
    assert.equal(foreign.json().code, 'customer_not_found');
  });

  test('assessment › before any data: 404 no_data, as endpoint 16', async () => {
    const res = await assessment();
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'no_data');
  });

  test('assessment › with the report ready: verified income, SFS headings, the declaration and the policy version', async () => {
    const persona = generatePersona('salaried-monthly', { asOf: AS_OF, seed: 5, years: 2 });
    await send('POST', `/public/v3/customers/${customer}/account_collections`, {
      accounts: persona.accounts.map(toAccountWire),
    });
    const submitted = await send('POST', `/public/v3/customers/${customer}/transaction_collections`, {
      transactions: persona.transactions.filter((t) => t.booking_date_time < AS_OF - 86_400),
    });
    assert.equal(submitted.statusCode, 200, submitted.body);
    assert.equal((await assessment()).statusCode, 409);
    assert.ok((await svc.deps.queue.drain()) >= 1);

    const declared = await send('POST', declarations, {
      income: 2400,
      housing: 600,
      credit_commitments: 0,
      other_essential: 500,
      household_size: 2,
    });
    assert.equal(declared.statusCode, 201, declared.body);
    const listed = (await send('GET', declarations)).json().data;
    assert.equal(listed[0].id, declared.json().id);

    const res = await assessment('?proposed_monthly_amount=300');
    assert.equal(res.statusCode, 200, res.body);
    const a = res.json();
    const insights = (await send('GET', `/public/v3/customers/${customer}/insights/current_personal`)).json();
    assert.equal(a.as_of, insights.as_of);
    assert.equal(a.policy_version, 2);
    assert.equal(a.household_size, 2);
    // The salary (a monthly ACME LOGISTICS stream) counts, and its transactions are the report's.
    const salary = a.income.streams.find((s: { type: string }) => s.type === 'salary');
    assert.equal(salary.counted, true);
    const verified = insights.income_verification.streams.find((s: { type: string }) => s.type === 'salary');
    assert.deepEqual(salary.transaction_ids, verified.transaction_ids);
    const counted = a.income.streams.filter((s: { counted: boolean }) => s.counted);
    const sum = counted.reduce((t: number, s: { monthly_amount: number }) => t + s.monthly_amount, 0);
    assert.equal(a.income.verified_monthly, Math.round(sum * 100) / 100);
    // Rent is paid by standing order (850 a month in 2024, rising with the years): the declaration of 600 understates it.
    const housing = a.declared.items.find((i: { item: string }) => i.item === 'housing');
    assert.equal(housing.declared, 600);
    assert.ok(housing.verified > 800, `rent ${housing.verified}`);
    assert.equal(housing.exceeds_tolerance, true);
    assert.equal(a.declared.declaration_id, declared.json().id);
    const home = a.expenditure.headings.find((h: { id: string }) => h.id === 'home_and_contents');
    assert.ok(home.monthly_average > 800);
    // Each figure names its transactions: the twelve rent payments of the window.
    const rent = home.categories.find((c: { category: string }) => c.category === 'rent');
    assert.equal(rent.transaction_ids.length, a.window.months);
    const { before_commitment: before, after_commitment: after } = a.disposable_income;
    assert.equal(Math.round((before.unstressed - after.unstressed) * 100) / 100, 300);
    assert.equal(a.waterfall.at(-1).running_total, after.stressed);

    const older = (await assessment('?policy_version=0')).json();
    assert.equal(older.policy_version, 0);
  });

  test('assessment › a bad query is 400 with a pointer; an unknown policy version 404; another client 404', async () => {
    const bad = await assessment('?proposed_monthly_amount=-5');
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().errors[0].pointer, /proposed_monthly_amount/);
    const unknown = await assessment('?policy_version=99');
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().code, 'affordability_policy_not_found');
    const foreign = await assessment('', other.auth);
    assert.equal(foreign.statusCode, 404);
    assert.equal(foreign.json().code, 'customer_not_found');
  });
});
