/**
 * An erasure in batches that a process left under way (docs/decisions/0074-embedded-erasure-in-batches.md): the
 * first transaction committed (the customer is gone for every reader), a batch or none of the bulk rows went, and
 * the process stopped. A retried DELETE finishes it, and so does the next start (finishInterruptedErasures); either
 * way nothing of the customer is left in the bulk tables, and the record of the erasure goes with the last batch.
 * The stop is made by running the erasure's own first transaction and one batch by hand.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer, startService } from '../helpers/app.ts';
import { makeTransactions, newAccount, submit } from '../helpers/bank-data.ts';
import { computeCustomerReport } from '../../src/modules/reports/reports.job.ts';
import { finishInterruptedErasures } from '../../src/modules/customers/index.ts';
import { beginErasure, eraseNextBatch } from '../../src/modules/customers/customers-erasure.repo.ts';

describe('customer erasure › one left under way by a stopped process is finished', async () => {
  const svc = await startService();
  const client = await newClient(svc, 'Erasure Batches Lender');
  const db = svc.deps.db;

  async function customerCutShort(): Promise<string> {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const res = await submit(svc, client, customer, makeTransactions(account, 30, { prefix: `cut-${customer}` }));
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(await computeCustomerReport(svc.deps, customer), 'computed');
    await db.transaction((tx) => beginErasure(tx, client.clientId, customer, svc.clock.now()));
    assert.equal(await db.transaction((tx) => eraseNextBatch(tx, customer, 10)), true);
    return customer;
  }
  const left = async (customer: string) => {
    const r = await db.query<{ t: number; c: number; n: number; e: number }>(
      `SELECT (SELECT count(*) FROM transactions WHERE customer_id = $1)::int AS t,
              (SELECT count(*) FROM transaction_categories WHERE customer_id = $1)::int AS c,
              (SELECT count(*) FROM transaction_counts WHERE customer_id = $1)::int AS n,
              (SELECT count(*) FROM customer_erasures WHERE erased_customer_id = $1)::int AS e`,
      [customer],
    );
    return r.rows[0]!;
  };

  test('the customer is gone at once; a retried DELETE finishes the erasure and answers 204, then 404', async () => {
    const customer = await customerCutShort();
    const get = await svc.app.inject({ method: 'GET', url: `/public/v3/customers/${customer}`, headers: client.auth });
    assert.equal(get.statusCode, 404);
    const mid = await left(customer);
    assert.equal(mid.t, 20, 'a batch of 10 of the 30 transactions went');
    assert.equal(mid.e, 1);

    const other = await newClient(svc, 'Not Theirs');
    const foreign = await svc.app.inject({
      method: 'DELETE',
      url: `/public/v3/customers/${customer}`,
      headers: other.auth,
    });
    assert.equal(foreign.statusCode, 404, "another client's DELETE does not reach the erasure under way");
    assert.equal((await left(customer)).t, 20);

    const retry = await svc.app.inject({
      method: 'DELETE',
      url: `/public/v3/customers/${customer}`,
      headers: client.auth,
    });
    assert.equal(retry.statusCode, 204, retry.body);
    assert.deepEqual(await left(customer), { t: 0, c: 0, n: 0, e: 0 });
    const again = await svc.app.inject({
      method: 'DELETE',
      url: `/public/v3/customers/${customer}`,
      headers: client.auth,
    });
    assert.equal(again.statusCode, 404);
  });

  test('the next start finishes it (finishInterruptedErasures), with nothing left', async () => {
    const customer = await customerCutShort();
    assert.ok((await finishInterruptedErasures(db)) >= 1);
    assert.deepEqual(await left(customer), { t: 0, c: 0, n: 0, e: 0 });
    assert.equal(await finishInterruptedErasures(db), 0);
  });
});
