/**
 * The report computed on a worker thread is the report computed in-process: computeReportTask through the pool
 * against computeReport on the same persona, and the database's JSON text of a customer's transactions
 * (loadEngineTransactionSlices) against the rows read one by one (loadEngineTransactions).
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { computeReport } from '../../analytics/compute-report.ts';
import { generatePersona, toAccountWire, toEngineInput } from '../../personas/index.ts';
import { createWorkerPool, workerTask } from '../../workers/pool.ts';
import { newClient, newCustomer, startService } from '../../../test/helpers/app.ts';
import {
  decodeEngineTransactions,
  encodeEngineTransactions,
  type ComputedReport,
  type ReportTaskInput,
} from './reports.task.ts';
import { loadEngineTransactions, loadEngineTransactionSlices } from './reports-data.repo.ts';

const AS_OF = Date.UTC(2026, 0, 14, 15, 30) / 1000;
const TASK = workerTask<ReportTaskInput, ComputedReport>(
  new URL('./reports.task.ts', import.meta.url),
  'computeReportTask',
);

describe('report computation on a worker thread', () => {
  const pool = createWorkerPool(1);
  after(() => pool.close());

  for (const name of ['salaried-monthly', 'payday-borrower']) {
    test(`${name}: the pool's report is computeReport's, member for member`, async () => {
      const input = toEngineInput(generatePersona(name, { asOf: AS_OF, seed: 7, years: 2 }));
      const expected = computeReport({ ...input, asOf: AS_OF });
      const slices = encodeEngineTransactions(input.transactions, 500);
      assert.deepEqual(decodeEngineTransactions(slices), input.transactions);
      const got = await pool.run(TASK, { accounts: input.accounts, transactionSlices: slices, asOf: AS_OF });
      assert.equal(got.asOf, expected.asOf);
      assert.equal(got.engineVersion, expected.engineVersion);
      assert.deepEqual(JSON.parse(got.insightsJson), JSON.parse(JSON.stringify(expected.insights)));
      assert.deepEqual(JSON.parse(got.affordabilityJson), JSON.parse(JSON.stringify(expected.affordability)));
      assert.deepEqual(JSON.parse(got.forecastJson), JSON.parse(JSON.stringify(expected.forecast)));
      assert.deepEqual(got.events, expected.events);
      assert.deepEqual(
        got.categories.transactionId.map((id, i) => ({
          transactionId: id,
          categoryId: got.categories.categoryId[i],
          categoryName: got.categories.categoryName[i],
          merchant: got.categories.merchant[i],
        })),
        expected.transactions,
      );
    });
  }
});

describe('the transactions as JSON text from the database', async () => {
  const svc = await startService();
  const client = await newClient(svc);
  const customer = await newCustomer(svc, client);
  const persona = generatePersona('salaried-monthly', { asOf: AS_OF, seed: 3, years: 2 });

  test('decode to the rows loadEngineTransactions reads, in the same order, whatever the slice size', async () => {
    const post = (path: string, payload: unknown) =>
      svc.app.inject({
        method: 'POST',
        url: `/public/v3/customers/${customer}/${path}`,
        headers: client.auth,
        payload: payload as object,
      });
    assert.equal(
      (await post('account_collections', { accounts: persona.accounts.map(toAccountWire) })).statusCode,
      200,
    );
    const res = await post('transaction_collections', { transactions: persona.transactions });
    assert.equal(res.statusCode, 200, res.body);
    const rows = await loadEngineTransactions(svc.deps.db, customer);
    assert.equal(rows.length, persona.transactions.length);
    assert.deepEqual(decodeEngineTransactions(await loadEngineTransactionSlices(svc.deps.db, customer)), rows);
    // in slices of 97 rows: the keyset between slices loses and repeats nothing
    const slices = await loadEngineTransactionSlices(svc.deps.db, customer, 97);
    assert.equal(slices.length, Math.ceil(rows.length / 97));
    assert.deepEqual(decodeEngineTransactions(slices), rows);
  });
});
