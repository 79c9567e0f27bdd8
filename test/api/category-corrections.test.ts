/**
 * Corrections that stick (docs/decisions/0061-category-corrections-and-rules.md): PATCH a transaction's category,
 * its history, client rules with a preview, the label export; each wins over the engine in the reports, survives
 * recomputation and resubmission, and marks the reports not ready until the recompute.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { findCategory } from '../../src/analytics/categories/taxonomy.ts';
import { computeCustomerReport } from '../../src/modules/reports/reports.job.ts';
import { newClient, newCustomer, startService, type TestClient } from '../helpers/app.ts';
import { makeTransactions, newAccount, submit, type SubmittedTxn } from '../helpers/bank-data.ts';
import { readLabels, scoreLabels } from '../../scripts/eval/labels.ts';
import { consoleUser, csrfOf } from '../helpers/console.ts';

interface Categorised {
  id: string;
  external_transaction_id: string;
  name: string;
  amount: number;
  category_id: string | null;
  category: string | null;
  category_source: string | null;
  original_category_id: string | null;
  rule_id: string | null;
  correction: { category_id: string; corrected_at: number; corrected_by: { type: string; id: string } } | null;
}

/** March 2026, before the fake clock's June: inside the reports' window. */
const MARCH = 1_772_400_000;
const nameOf = (id: string) => findCategory('Personal', id)?.name;

describe('category corrections and rules', async () => {
  const svc = await startService();
  const client = await newClient(svc);
  const other = await newClient(svc, 'Other Lender');

  const get = (c: TestClient, url: string) => svc.app.inject({ method: 'GET', url, headers: c.auth });
  const send = (c: TestClient, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    payload === undefined
      ? svc.app.inject({ method, url, headers: c.auth })
      : svc.app.inject({ method, url, headers: c.auth, payload });

  async function listed(customer: string): Promise<Categorised[]> {
    const res = await get(client, `/public/v3/customers/${customer}/transactions?max_per_page=1000`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data;
  }
  async function readiness(customer: string): Promise<string> {
    const res = await get(client, `/public/v3/customers/${customer}/report_readiness_statuses/insights`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json().status;
  }
  async function expenditureNames(customer: string): Promise<string[]> {
    const res = await get(client, `/public/v3/customers/${customer}/insights/current_personal`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json().expenditure.categories.map((c: { name: string }) => c.name);
  }
  async function customerWith(n: number): Promise<{ customer: string; txns: SubmittedTxn[] }> {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const txns = makeTransactions(account, n, { start: MARCH });
    assert.equal((await submit(svc, client, customer, txns)).statusCode, 200);
    assert.equal(await computeCustomerReport(svc.deps, customer), 'computed');
    return { customer, txns };
  }

  test('PATCH › the correction shows at once, the report is not ready, and after the recompute it wins in the insights with the engine’s category kept as the original', async () => {
    const { customer, txns } = await customerWith(30);
    const before = await listed(customer);
    const gas = before.find((t) => t.name === 'DD BRITISH GAS' && t.amount < 0);
    assert.ok(gas && gas.category_id && gas.category_id !== 'eating_out');
    assert.equal(gas.category_source, 'engine');
    assert.equal(await readiness(customer), 'ready');

    const res = await send(client, 'PATCH', `/public/v3/customers/${customer}/transactions/${gas.id}`, {
      category_id: 'eating_out',
    });
    assert.equal(res.statusCode, 200, res.body);
    const patched = res.json<Categorised>();
    assert.equal(patched.category_id, 'eating_out');
    assert.equal(patched.category, nameOf('eating_out'));
    assert.equal(patched.category_source, 'correction');
    assert.equal(patched.original_category_id, gas.category_id);
    assert.deepEqual(patched.correction?.corrected_by, { type: 'api_client', id: client.clientId });
    assert.equal(await readiness(customer), 'not_ready');

    assert.equal(await computeCustomerReport(svc.deps, customer), 'computed');
    assert.equal(await readiness(customer), 'ready');
    const after = (await listed(customer)).find((t) => t.id === gas.id);
    assert.equal(after?.category_id, 'eating_out');
    assert.equal(after?.original_category_id, gas.category_id);
    assert.ok((await expenditureNames(customer)).includes(nameOf('eating_out') ?? '?'));

    // A resubmission of the same transaction (its text changed) and another recompute: the correction stays.
    const again = txns.map((t) =>
      t.external_transaction_id === gas.external_transaction_id ? { ...t, name: 'DD BRITISH GAS PLC' } : t,
    );
    assert.equal((await submit(svc, client, customer, again)).statusCode, 200);
    assert.equal(await computeCustomerReport(svc.deps, customer), 'computed');
    const resubmitted = (await listed(customer)).find((t) => t.id === gas.id);
    assert.equal(resubmitted?.name, 'DD BRITISH GAS PLC');
    assert.equal(resubmitted?.category_id, 'eating_out');

    const history = await get(client, `/public/v3/customers/${customer}/transactions/${gas.id}/category_history`);
    assert.equal(history.statusCode, 200, history.body);
    assert.deepEqual(
      history
        .json()
        .data.map((c: { category_id: string; previous_category_id: string }) => [
          c.previous_category_id,
          c.category_id,
        ]),
      [[gas.category_id, 'eating_out']],
    );

    // Withdrawn: the engine's category again, at once and after the recompute; the history keeps both changes.
    const withdrawn = await send(client, 'PATCH', `/public/v3/customers/${customer}/transactions/${gas.id}`, {
      category_id: null,
    });
    assert.equal(withdrawn.statusCode, 200, withdrawn.body);
    assert.equal(withdrawn.json().category_id, gas.category_id);
    assert.equal(withdrawn.json().correction, null);
    assert.equal(await computeCustomerReport(svc.deps, customer), 'computed');
    assert.equal((await listed(customer)).find((t) => t.id === gas.id)?.category_source, 'engine');
    const twice = await get(client, `/public/v3/customers/${customer}/transactions/${gas.id}/category_history`);
    assert.equal(twice.json().data.length, 2);
  });

  test('PATCH › a category of no list, one against the money’s direction, an unknown or foreign transaction: 400 with a pointer, or 404', async () => {
    const { customer } = await customerWith(6);
    const rows = await listed(customer);
    const out = rows.find((t) => t.amount < 0);
    assert.ok(out);
    const url = `/public/v3/customers/${customer}/transactions/${out.id}`;
    for (const body of [{ category_id: 'no_such_category' }, { category_id: 'salary' }]) {
      const res = await send(client, 'PATCH', url, body);
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().errors[0].pointer, '/body/category_id');
    }
    assert.equal((await send(client, 'PATCH', url, { category_id: 'groceries', extra: 1 })).statusCode, 400);
    const unknown = `/public/v3/customers/${customer}/transactions/00000000-0000-7000-8000-000000000000`;
    assert.equal((await send(client, 'PATCH', unknown, { category_id: 'groceries' })).statusCode, 404);
    assert.equal((await send(other, 'PATCH', url, { category_id: 'groceries' })).statusCode, 404);
    assert.equal(
      (
        await send(client, 'PATCH', `/public/v3/customers/${customer}/transactions/not-a-uuid`, {
          category_id: 'groceries',
        })
      ).statusCode,
      400,
    );
    assert.equal(await readiness(customer), 'ready');
  });

  test('rules › the preview counts what would change and stores nothing; the rule then wins after the recompute, a correction still wins over it, and deleting it restores the engine', async () => {
    const { customer } = await customerWith(30);
    const gasCount = (await listed(customer)).filter((t) => t.name === 'DD BRITISH GAS' && t.amount < 0).length;
    assert.ok(gasCount > 0);
    const draft = { account_type: 'Personal', field: 'text', pattern: 'british gas', category_id: 'entertainment' };

    const preview = await send(client, 'POST', `/public/v3/category_rules/preview?customer_id=${customer}`, draft);
    assert.equal(preview.statusCode, 200, preview.body);
    const p = preview.json();
    assert.equal(p.would_change, gasCount);
    assert.equal(p.customers_affected, 1);
    assert.equal(p.complete, true);
    assert.ok(
      p.examples.length > 0 &&
        p.examples.every(
          (e: { name: string; new_category_id: string }) =>
            e.name === 'DD BRITISH GAS' && e.new_category_id === 'entertainment',
        ),
    );
    assert.deepEqual((await get(client, '/public/v3/category_rules')).json().data, []);
    assert.equal(await readiness(customer), 'ready');

    const created = await send(client, 'POST', '/public/v3/category_rules', draft);
    assert.equal(created.statusCode, 201, created.body);
    const rule = created.json();
    assert.equal(rule.match, 'word');
    assert.equal(rule.priority, 100);
    assert.equal(await readiness(customer), 'not_ready');
    assert.equal(await computeCustomerReport(svc.deps, customer), 'computed');
    let gas = (await listed(customer)).filter((t) => t.name === 'DD BRITISH GAS' && t.amount < 0);
    assert.ok(
      gas.every((t) => t.category_id === 'entertainment' && t.category_source === 'rule' && t.rule_id === rule.id),
    );
    assert.ok((await expenditureNames(customer)).includes(nameOf('entertainment') ?? '?'));

    // A correction beats the rule; the rule's own preview no longer counts the corrected one.
    const first = gas[0];
    assert.ok(first);
    const fix = await send(client, 'PATCH', `/public/v3/customers/${customer}/transactions/${first.id}`, {
      category_id: 'groceries',
    });
    assert.equal(fix.statusCode, 200, fix.body);
    assert.equal(await computeCustomerReport(svc.deps, customer), 'computed');
    assert.equal((await listed(customer)).find((t) => t.id === first.id)?.category_id, 'groceries');

    const moved = await send(client, 'PATCH', `/public/v3/category_rules/${rule.id}`, { category_id: 'subscriptions' });
    assert.equal(moved.statusCode, 200, moved.body);
    assert.equal(moved.json().category_id, 'subscriptions');
    assert.equal(await readiness(customer), 'not_ready');
    assert.equal(await computeCustomerReport(svc.deps, customer), 'computed');
    gas = (await listed(customer)).filter((t) => t.name === 'DD BRITISH GAS' && t.amount < 0 && t.id !== first.id);
    assert.ok(gas.every((t) => t.category_id === 'subscriptions'));

    assert.equal((await get(other, `/public/v3/category_rules/${rule.id}`)).statusCode, 404);
    assert.equal((await send(client, 'DELETE', `/public/v3/category_rules/${rule.id}`)).statusCode, 200);
    assert.equal(await readiness(customer), 'not_ready');
    assert.equal(await computeCustomerReport(svc.deps, customer), 'computed');
    gas = (await listed(customer)).filter((t) => t.name === 'DD BRITISH GAS' && t.amount < 0 && t.id !== first.id);
    assert.ok(gas.every((t) => t.category_source === 'engine' && t.category_id !== 'subscriptions'));
    assert.equal((await get(client, `/public/v3/category_rules/${rule.id}`)).statusCode, 404);
  });

  test('rules › a pattern is plain text: regular-expression syntax is punctuation (ignored), a pattern with no letter or digit and a category of another list are 400s', async () => {
    // "(a+)+$" is the word A: no statement text of these customers has it.
    const hostile = {
      account_type: 'Personal',
      field: 'text',
      match: 'word',
      pattern: '(a+)+$',
      category_id: 'groceries',
    };
    const res = await send(client, 'POST', '/public/v3/category_rules/preview', hostile);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().matched, 0);
    const empty = await send(client, 'POST', '/public/v3/category_rules', { ...hostile, pattern: '()+$' });
    assert.equal(empty.statusCode, 400, empty.body);
    assert.equal(empty.json().errors[0].pointer, '/body/pattern');
    const business = await send(client, 'POST', '/public/v3/category_rules', {
      ...hostile,
      pattern: 'acme',
      account_type: 'Business',
      category_id: 'eating_out',
    });
    assert.equal(business.statusCode, 400, business.body);
    assert.equal(business.json().errors[0].pointer, '/body/category_id');
  });

  test('the label export › lists the current corrections with their engine input, and the evaluation reads it as labels', async () => {
    const lender = await newClient(svc, 'Labelling Lender');
    const customer = await newCustomer(svc, lender);
    const account = await newAccount(svc, lender, customer);
    assert.equal((await submit(svc, lender, customer, makeTransactions(account, 9, { start: MARCH }))).statusCode, 200);
    assert.equal(await computeCustomerReport(svc.deps, customer), 'computed');
    const rows = (await get(lender, `/public/v3/customers/${customer}/transactions`)).json().data as Categorised[];
    const tesco = rows.find((t) => t.name.startsWith('CARD PAYMENT TO TESCO') && t.amount < 0);
    assert.ok(tesco);
    await send(lender, 'PATCH', `/public/v3/customers/${customer}/transactions/${tesco.id}`, {
      category_id: 'eating_out',
    });
    const res = await get(lender, '/public/v3/category_corrections/labels');
    assert.equal(res.statusCode, 200, res.body);
    const file = res.json();
    assert.equal(file.format, 'obi-category-labels/1');
    assert.equal(file.data.length, 1);
    assert.equal(file.data[0].transaction_id, tesco.id);
    assert.equal(file.data[0].label, 'eating_out');
    assert.equal(file.data[0].engine_category_id, tesco.category_id);
    assert.equal(file.data[0].name, tesco.name);
    const score = scoreLabels(readLabels(res.body));
    assert.equal(score.count, 1);
    assert.equal(score.agreeing, tesco.category_id === 'eating_out' ? 1 : 0);
    assert.deepEqual(
      (await get(client, '/public/v3/category_corrections/labels'))
        .json()
        .data.some((d: { transaction_id: string }) => d.transaction_id === tesco.id),
      false,
    );
  });

  test('the console › an admin changes a category from the customer page (kept as the console user’s), a viewer sees no control and is refused', async () => {
    const { customer } = await customerWith(6);
    const page = `/console/customers/${encodeURIComponent(customer)}`;
    const { browser: admin } = await consoleUser(svc, client.clientId, 'admin');
    const { browser: viewer } = await consoleUser(svc, client.clientId, 'viewer');
    const out = (await listed(customer)).find((t) => t.amount < 0 && t.category_id !== 'eating_out');
    assert.ok(out);
    const action = `${page}/transactions/${out.id}/category`;

    const seen = await viewer.get(page);
    assert.equal(seen.statusCode, 200);
    assert.match(seen.body, /Latest transactions and their categories/);
    assert.ok(!seen.body.includes(action));
    const refused = await viewer.post(action, { csrf: csrfOf(seen.body), category_id: 'eating_out' });
    assert.equal(refused.statusCode, 403);

    const form = await admin.get(page);
    assert.ok(form.body.includes(`action="${action}"`));
    const done = await admin.post(action, { csrf: csrfOf(form.body), category_id: 'eating_out' });
    assert.equal(done.statusCode, 303, done.body);
    const after = (await listed(customer)).find((t) => t.id === out.id);
    assert.equal(after?.category_id, 'eating_out');
    assert.equal(after?.correction?.corrected_by.type, 'console_user');
    assert.equal(await readiness(customer), 'not_ready');
    const wrong = await admin.post(action, { csrf: csrfOf(form.body), category_id: 'salary' });
    assert.equal(wrong.statusCode, 400);
    assert.match(wrong.body, /income category/);
  });
});
