/**
 * A correction follows the booking (docs/decisions/0061-category-corrections-and-rules.md): a lender corrects the
 * category of a pending transaction; the bank later books it under another id, and the pull that removes the pending
 * row and links it to the booked one (docs/decisions/0052-transaction-change-feed.md) carries the correction over.
 * The booked row shows the corrected category in the categorised view and in the recomputed report, and its history
 * names the pending row the changes were made on. A submission never links two ids: a resubmission books a pending
 * row under the same external_transaction_id, which keeps the row, its id and its correction.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { categoriesFor } from '../../src/analytics/categories/taxonomy.ts';
import { computeCustomerReport } from '../../src/modules/reports/reports.job.ts';
import { currentCategories } from '../../src/db/transactions-visibility.ts';
import { newClient, newCustomer, startService } from '../helpers/app.ts';
import { makeTransactions, newAccount, submit } from '../helpers/bank-data.ts';
import {
  call,
  connect,
  newLiveClient,
  newLiveCustomer,
  renewToken,
  runBankJobs,
  startLiveService,
} from '../helpers/bank-flow.ts';

interface Categorised {
  id: string;
  external_transaction_id: string;
  status: string;
  amount: number;
  category_id: string | null;
  category_source: string | null;
  original_category_id: string | null;
  correction: { category_id: string; corrected_at: number; corrected_by: { type: string; id: string } } | null;
}

describe('a correction of a pending transaction › follows it when the bank books it under another id', async () => {
  const svc = await startLiveService({ BANK_PULL_RETRY_SCHEDULE: '0,0' });

  test('the booked row shows the corrected category (view and report), its history names both ids; a second pull changes nothing', async () => {
    const client = await newLiveClient(svc);
    const customer = await newLiveCustomer(svc, client);
    const flow = (await connect(svc, client, customer.appUser, { username: 'payday-borrower+pending-new-id' })).flow;
    await runBankJobs(svc);
    const auth = () => ({ auth: client.auth.authorization });
    const listed = async (): Promise<Categorised[]> => {
      const res = await call(svc, 'GET', `/public/v3/customers/${customer.id}/transactions?max_per_page=1000`, auth());
      assert.equal(res.status, 200, res.text);
      return res.json.data;
    };

    const before = await listed();
    const pending = before.find(
      (t) => t.status === 'Pending' && t.external_transaction_id.startsWith('PND') && t.amount < 0,
    );
    assert.ok(pending, 'a pending payment came under its pending id');
    const target = categoriesFor('Personal').find(
      (c) => c.income_expenditure === 'expenditure' && c.id !== pending.category_id,
    );
    assert.ok(target);
    const patched = await call(svc, 'PATCH', `/public/v3/customers/${customer.id}/transactions/${pending.id}`, {
      ...auth(),
      body: { category_id: target.id },
    });
    assert.equal(patched.status, 200, patched.text);
    const correctedAt = (patched.json.correction as Categorised['correction'])!.corrected_at;

    // Three days on the bank books it under a new id; the refresh pulls it.
    svc.clock.advance(3 * 86_400);
    await renewToken(svc, client);
    const refresh = await call(
      svc,
      'POST',
      `/public/v3/customers/${customer.id}/consents/${flow.consent_id}/refresh`,
      auth(),
    );
    assert.equal(refresh.status, 202, refresh.text);
    await runBankJobs(svc);

    const after = await listed();
    assert.ok(!after.some((t) => t.id === pending.id), 'the pending row went');
    const booked = after.find((t) => `PND${t.external_transaction_id}` === pending.external_transaction_id);
    assert.ok(booked, 'booked under the new id');
    assert.notEqual(booked.id, pending.id);
    assert.equal(booked.status, 'Booked');
    assert.equal(booked.category_id, target.id);
    assert.equal(booked.category_source, 'correction');
    assert.deepEqual(booked.correction, {
      category_id: target.id,
      corrected_at: correctedAt,
      corrected_by: { type: 'api_client', id: client.clientId },
    });

    const history = await call(
      svc,
      'GET',
      `/public/v3/customers/${customer.id}/transactions/${booked.id}/category_history`,
      auth(),
    );
    assert.equal(history.status, 200, history.text);
    const changes = history.json.data as Array<Record<string, unknown>>;
    assert.equal(changes.length, 1);
    assert.equal(changes[0]!.category_id, target.id);
    assert.equal(changes[0]!.previous_category_id, pending.category_id, 'the category before stays readable');
    assert.equal(changes[0]!.changed_at, correctedAt);
    assert.equal(changes[0]!.carried_from_transaction_id, pending.id);

    // The report: recomputed, its stored category of the booked row is the correction's.
    assert.equal(await computeCustomerReport(svc.deps, customer.id), 'computed');
    const stored = await svc.deps.db.query<{ category_id: string; category_source: string | null }>(
      `SELECT c.category_id, c.category_source FROM transaction_categories c
       WHERE c.customer_id = $1 AND c.transaction_id = $2::uuid AND ${currentCategories('c', '$1')}`,
      [customer.id, booked.id],
    );
    assert.deepEqual(stored.rows, [{ category_id: target.id, category_source: 'correction' }]);
    const recomputed = (await listed()).find((t) => t.id === booked.id);
    assert.equal(recomputed?.category_id, target.id);
    assert.equal(recomputed?.original_category_id === target.id, false, "the engine's own category stays beside it");

    // Another refresh: nothing more is carried, the history is the same.
    svc.clock.advance(86_400);
    await renewToken(svc, client);
    assert.equal(
      (await call(svc, 'POST', `/public/v3/customers/${customer.id}/consents/${flow.consent_id}/refresh`, auth()))
        .status,
      202,
    );
    await runBankJobs(svc);
    const again = await call(
      svc,
      'GET',
      `/public/v3/customers/${customer.id}/transactions/${booked.id}/category_history`,
      auth(),
    );
    assert.deepEqual(again.json.data, changes);
  });
});

describe('a correction of a pending transaction › a resubmission that books it (same external id) keeps it', async () => {
  const svc = await startService();
  const client = await newClient(svc, 'Resubmitting Lender');

  test('the row keeps its id, the corrected category and its history; nothing is carried', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const [first] = makeTransactions(account, 1, { prefix: `resub-${customer}` }).map((t) => ({
      ...t,
      amount: '-42.50',
      status: 'Pending' as const,
    }));
    assert.equal((await submit(svc, client, customer, [first])).statusCode, 200);
    const list = async (): Promise<Categorised[]> => {
      const res = await svc.app.inject({
        method: 'GET',
        url: `/public/v3/customers/${customer}/transactions`,
        headers: client.auth,
      });
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data;
    };
    const [pending] = await list();
    assert.ok(pending);
    const target = categoriesFor('Personal').find(
      (c) => c.income_expenditure === 'expenditure' && c.id !== pending.category_id,
    )!;
    const patched = await svc.app.inject({
      method: 'PATCH',
      url: `/public/v3/customers/${customer}/transactions/${pending.id}`,
      headers: client.auth,
      payload: { category_id: target.id },
    });
    assert.equal(patched.statusCode, 200, patched.body);

    assert.equal((await submit(svc, client, customer, [{ ...first!, status: 'Booked' }])).statusCode, 200);
    const [booked] = await list();
    assert.equal(booked?.id, pending.id);
    assert.equal(booked?.status, 'Booked');
    assert.equal(booked?.category_id, target.id);
    assert.equal(booked?.category_source, 'correction');
    const history = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/customers/${customer}/transactions/${pending.id}/category_history`,
      headers: client.auth,
    });
    assert.deepEqual(
      history
        .json()
        .data.map((c: { category_id: string; carried_from_transaction_id: string | null }) => [
          c.category_id,
          c.carried_from_transaction_id,
        ]),
      [[target.id, null]],
    );
  });
});
