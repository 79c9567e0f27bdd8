/**
 * A report's transaction categories (migrations/0019_category_runs.sql): written under the run's id before the
 * report is stored, made current in its transaction, the replaced ones deleted after; a reader sees one run's
 * categories, never a mix, and an erased customer's go with it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate } from 'node:timers/promises';
import { computeCustomerReport } from '../../src/modules/reports/reports.job.ts';
import { countOf, newClient, newCustomer, startService, type TestService } from '../helpers/app.ts';
import { makeTransactions, newAccount, submit } from '../helpers/bank-data.ts';

/** Category rows of the customer by run: [current run's, any other run's]. */
async function categoryRows(svc: TestService, customerId: string): Promise<[number, number]> {
  const current = await countOf(
    svc,
    `SELECT count(*)::int8 AS n FROM transaction_categories c
     WHERE c.customer_id = $1 AND c.run_id = (SELECT run_id FROM category_runs WHERE customer_id = $1)`,
    [customerId],
  );
  const all = await countOf(svc, 'SELECT count(*)::int8 AS n FROM transaction_categories WHERE customer_id = $1', [
    customerId,
  ]);
  return [current, all - current];
}

/** The categorised view's first page: how many of its rows carry a category id. */
async function classifiedOnPage(svc: TestService, auth: Record<string, string>, customerId: string) {
  const res = await svc.app.inject({
    method: 'GET',
    url: `/public/v3/customers/${customerId}/transactions?max_per_page=50`,
    headers: auth,
  });
  assert.equal(res.statusCode, 200, res.body);
  const rows = res.json().data as Array<{ category_id: string | null }>;
  return { rows: rows.length, classified: rows.filter((r) => r.category_id !== null).length };
}

describe("a report's categories", async () => {
  const svc = await startService();
  const client = await newClient(svc);
  const compute = (customerId: string) => computeCustomerReport(svc.deps, customerId);

  test('a recomputation replaces them: one run’s rows remain, every transaction classified', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    assert.equal(
      (await submit(svc, client, customer, makeTransactions(account, 300, { prefix: 'a' }))).statusCode,
      200,
    );
    assert.equal(await compute(customer), 'computed');
    assert.deepEqual(await categoryRows(svc, customer), [300, 0]);
    const more = makeTransactions(account, 50, { prefix: 'b', start: 1_720_000_000 });
    assert.equal((await submit(svc, client, customer, more)).statusCode, 200);
    assert.equal(await compute(customer), 'computed');
    assert.deepEqual(await categoryRows(svc, customer), [350, 0]);
    assert.deepEqual(await classifiedOnPage(svc, client.auth, customer), { rows: 50, classified: 50 });
  });

  test('rows of a run that is not current are never read, and the next run deletes them', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    await submit(svc, client, customer, makeTransactions(account, 40, { prefix: 'c' }));
    // A run cut off after writing its categories (a crash): rows under a run id that never became current.
    await svc.deps.db.query(
      `INSERT INTO transaction_categories (customer_id, transaction_id, category_id, category_name, merchant, run_id)
       SELECT customer_id, id, 'cut-off', 'Cut off', NULL, 'run-cut-off' FROM transactions WHERE customer_id = $1`,
      [customer],
    );
    assert.deepEqual(await classifiedOnPage(svc, client.auth, customer), { rows: 40, classified: 0 });
    assert.equal(await compute(customer), 'computed');
    assert.deepEqual(await categoryRows(svc, customer), [40, 0]);
    const page = await classifiedOnPage(svc, client.auth, customer);
    assert.deepEqual(page, { rows: 40, classified: 40 });
    assert.equal(
      await countOf(
        svc,
        "SELECT count(*)::int8 AS n FROM transaction_categories WHERE customer_id = $1 AND category_id = 'cut-off'",
        [customer],
      ),
      0,
    );
  });

  test('are erased with their customer', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    await submit(svc, client, customer, makeTransactions(account, 20, { prefix: 'e' }));
    await compute(customer);
    assert.deepEqual(await categoryRows(svc, customer), [20, 0]);
    const del = await svc.app.inject({
      method: 'DELETE',
      url: `/public/v3/customers/${customer}`,
      headers: client.auth,
    });
    assert.equal(del.statusCode, 204);
    assert.equal(
      await countOf(svc, 'SELECT count(*)::int8 AS n FROM transaction_categories WHERE customer_id = $1', [customer]),
      0,
    );
  });

  test('while a big report’s categories are written, readers see the previous state and other statements run', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const n = 20_000;
    assert.equal(
      (await submit(svc, client, customer, makeTransactions(account, n, { prefix: 'big' }))).statusCode,
      200,
    );
    let done = false;
    const computing = compute(customer).finally(() => (done = true));
    let seenWritten = false;
    let duringWrite: { rows: number; classified: number } | null = null;
    while (!done) {
      await setImmediate(); // the embedded engine answers within microtasks: let the computation's own work run
      const [, other] = await categoryRows(svc, customer);
      // Seen early (under half written), so the page below is read long before the last rows and the switch.
      if (other > 0 && other < n / 2) {
        seenWritten = true;
        duringWrite = await classifiedOnPage(svc, client.auth, customer);
        break;
      }
    }
    assert.equal(await computing, 'computed');
    // Embedded: the rows go in by statements PGlite runs others between. (A server writes them in four statements
    // that may finish before a poll comes round, and readers there never waited: the check is the embedded engine's.)
    if (!process.env.DATABASE_URL) {
      assert.ok(seenWritten, 'the categories were written in statements of their own');
      assert.deepEqual(duringWrite, { rows: 50, classified: 0 });
    }
    assert.deepEqual(await categoryRows(svc, customer), [n, 0]);
  });
});
