import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Db } from '../../src/db/db.ts';
import { deleteClient } from '../../src/modules/clients/index.ts';
import { listRawTransactions, removeVanishedPending } from '../../src/modules/transactions/transactions.service.ts';
import { countOf, newClient, newCustomer, startService, type TestService } from '../helpers/app.ts';
import { makeTransactions, newAccount, readAll, submit, type TestAccount } from '../helpers/bank-data.ts';

const DAY = 86_400;
const PERIOD = 2_592_000; // migrations/0013_transaction_counts.sql
const START = 1_699_920_000; // 2023-11-14, a little before a period boundary (1 701 216 000)

/** n transactions on an account, one a day from `start`, ids `${prefix}-i`. */
function daily(account: TestAccount, n: number, prefix: string, start = START) {
  return makeTransactions(account, n, { prefix }).map((t, i) => ({
    ...t,
    value_date_time: start + i * DAY,
    booking_date_time: start + i * DAY,
  }));
}

/** The maintained counts of a customer equal a count(*) of its transactions, key by key. */
async function assertCountsExact(svc: TestService, customerId: string): Promise<void> {
  const norm = (rows: Array<Record<string, unknown>>) => rows.map((r) => Object.values(r).map(String).join('|'));
  const want = await svc.deps.db.query(
    `SELECT account_id, bank_slug, account_number, currency, floor(booking_date_time / 2592000.0)::bigint AS period,
            count(*)::int8 AS n
     FROM transactions WHERE customer_id = $1 GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
    [customerId],
  );
  const got = await svc.deps.db.query(
    `SELECT account_id, bank_slug, account_number, currency, period, n
     FROM transaction_counts WHERE customer_id = $1 ORDER BY 1, 2, 3, 4, 5`,
    [customerId],
  );
  assert.deepEqual(norm(got.rows), norm(want.rows));
}

const countsRows = (svc: TestService, customerId: string) =>
  countOf(svc, 'SELECT count(*)::int8 AS n FROM transaction_counts WHERE customer_id = $1', [customerId]);

describe('duplicate detection across batches (endpoint 10)', async () => {
  const svc = await startService();
  const client = await newClient(svc);

  test('a small batch into a big account › same content is already present, changed content updates, new is saved', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const first = daily(account, 60, 'k');
    assert.equal((await submit(svc, client, customer, first)).statusCode, 200);
    const again = [first[3]!, { ...first[7]!, amount: -1.23, status: 'Booked' }, ...daily(account, 1, 'new')];
    const res = await submit(svc, client, customer, again);
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().success, '1 saved, 1 already present, 1 updated');
    const stored = await svc.deps.db.query<{ amount: string }>(
      "SELECT amount::text AS amount FROM transactions WHERE account_id = $1 AND external_transaction_id = 'k-7'",
      [account.id],
    );
    assert.equal(Number(stored.rows[0]?.amount), -1.23);
    await assertCountsExact(svc, customer);
  });

  test('a batch as big as the account, over several accounts › each key found once', async () => {
    const customer = await newCustomer(svc, client);
    const a = await newAccount(svc, client, customer);
    const b = await newAccount(svc, client, customer);
    const txA = daily(a, 40, 'a');
    const txB = daily(b, 5, 'b');
    await submit(svc, client, customer, [...txA, ...txB]);
    const changed = { ...txA[0]!, name: 'A NEW NAME' };
    const res = await submit(svc, client, customer, [changed, ...txA.slice(1), ...txB, ...daily(b, 2, 'b2')]);
    assert.equal(res.json().success, '2 saved, 44 already present, 1 updated');
    await assertCountsExact(svc, customer);
  });

  test('the same external id in two accounts is two transactions', async () => {
    const customer = await newCustomer(svc, client);
    const a = await newAccount(svc, client, customer);
    const b = await newAccount(svc, client, customer);
    await submit(svc, client, customer, daily(a, 20, 'same'));
    const res = await submit(svc, client, customer, daily(b, 1, 'same'));
    assert.equal(res.json().success, '1 saved, 0 already present, 0 updated');
  });
});

describe('maintained transaction counts', async () => {
  const svc = await startService();
  const client = await newClient(svc);

  test('stay exact after inserts and after updates that move a row to another currency or period', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const txns = daily(account, 90, 'u');
    await submit(svc, client, customer, txns);
    await assertCountsExact(svc, customer);
    const moved = [
      { ...txns[0]!, currency: 'EUR' },
      { ...txns[1]!, booking_date_time: txns[1]!.booking_date_time + 2 * PERIOD },
      { ...txns[2]!, status: 'Pending' as const },
    ];
    assert.equal((await submit(svc, client, customer, moved)).json().updated, 3);
    await assertCountsExact(svc, customer);
  });

  test('stay exact after vanished pending transactions are removed', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const txns = daily(account, 50, 'pend').map((t, i) => ({ ...t, status: i % 2 ? ('Pending' as const) : 'Booked' }));
    await submit(svc, client, customer, txns);
    const keep = txns.filter((_, i) => i % 4 !== 1).map((t) => t.external_transaction_id);
    const ctx = { queue: svc.deps.queue, customerId: customer, now: svc.clock.now() };
    const removed = await svc.deps.db.transaction((tx) => removeVanishedPending(tx, ctx, account.id, keep, START, 0n));
    assert.equal(removed, 13);
    await assertCountsExact(svc, customer);
    const page = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/customers/${customer}/raw-transactions?max_per_page=10`,
      headers: client.auth,
    });
    assert.equal(page.json().total, 37);
  });

  test('are gone with a deleted customer, and with a deleted client', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    await submit(svc, client, customer, daily(account, 70, 'del'));
    assert.ok((await countsRows(svc, customer)) > 0);
    const del = await svc.app.inject({
      method: 'DELETE',
      url: `/public/v3/customers/${customer}`,
      headers: client.auth,
    });
    assert.equal(del.statusCode, 204);
    assert.equal(await countsRows(svc, customer), 0);

    const other = await newClient(svc, 'Leaving Lender');
    const theirs = await newCustomer(svc, other);
    await submit(svc, other, theirs, daily(await newAccount(svc, other, theirs), 30, 'gone'));
    assert.ok((await countsRows(svc, theirs)) > 0);
    await deleteClient(svc.deps.db, other.clientId, { actor: 'cli', now: svc.clock.now(), confirm: other.clientId });
    assert.equal(await countsRows(svc, theirs), 0);
  });

  test('a failed submission leaves them as they were', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    await submit(svc, client, customer, daily(account, 10, 'ok'));
    const bad = daily(account, 10, 'bad');
    bad[9] = { ...bad[9]!, amount: 'twelve' };
    assert.equal((await submit(svc, client, customer, bad)).statusCode, 400);
    await assertCountsExact(svc, customer);
    assert.equal(
      (
        await svc.app.inject({
          method: 'GET',
          url: `/public/v3/customers/${customer}/raw-transactions`,
          headers: client.auth,
        })
      ).json().total,
      10,
    );
  });
});

describe('totals of transaction lists (endpoint 11)', async () => {
  const svc = await startService();
  const client = await newClient(svc);
  const customer = await newCustomer(svc, client);
  const personal = await newAccount(svc, client, customer);
  const business = await newAccount(svc, client, customer, { bank_slug: 'tide', type: 'Business' });
  const euro = await newAccount(svc, client, customer, { bank_slug: 'revolut', currency: 'EUR' });
  await submit(svc, client, customer, [
    ...daily(personal, 200, 'p'),
    ...daily(business, 120, 'b', START + 13 * 3600),
    ...daily(euro, 45, 'e', START + 40 * DAY).map((t, i) => ({ ...t, currency: i % 3 ? 'EUR' : 'USD' })),
  ]);
  // Another client's customer with the same account numbers and days: never part of these totals.
  const otherClient = await newClient(svc, 'Other Lender');
  const stranger = await newCustomer(svc, otherClient);
  const strangerAccount = await newAccount(svc, otherClient, stranger, { number: personal.number });
  await submit(svc, otherClient, stranger, daily(strangerAccount, 150, 'p'));

  const totalOf = async (query: string) => {
    const res = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/customers/${customer}/raw-transactions?max_per_page=7&${query}`,
      headers: client.auth,
    });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().total as number;
  };
  const sqlCount = async (where: string, params: unknown[]) =>
    Number(
      (
        await svc.deps.db.query<{ n: number }>(
          `SELECT count(*)::int8 AS n FROM transactions t WHERE t.customer_id = $1 AND ${where}`,
          [customer, ...params],
        )
      ).rows[0]?.n,
    );

  test('unfiltered, and filtered by bank, account number, account type and currency', async () => {
    assert.equal(await totalOf(''), 365);
    assert.equal(await totalOf('bank_slug=tide'), 120);
    assert.equal(await totalOf(`account_number=${personal.number}`), 200);
    assert.equal(await totalOf('account_type=Business'), 120);
    assert.equal(await totalOf('account_type=Personal'), 245);
    assert.equal(await totalOf('currency=EUR'), 30);
    assert.equal(await totalOf('currency=USD&bank_slug=revolut'), 15);
    assert.equal(await totalOf('currency=GBP&bank_slug=revolut'), 0);
  });

  test('booking windows: inside one period, across periods with partial ends, on period bounds, open-ended', async () => {
    const boundary = Math.ceil(START / PERIOD) * PERIOD;
    const windows: Array<[number | undefined, number | undefined]> = [
      [START + 3 * DAY, START + 9 * DAY],
      [START + 5 * DAY + 1, START + 150 * DAY - 1],
      [boundary, boundary + 2 * PERIOD - 1],
      [boundary - 1, boundary + 3 * PERIOD],
      [START + 100 * DAY, undefined],
      [undefined, START + 77 * DAY],
      [START + 10 * DAY, START + 3 * DAY],
    ];
    for (const [from, to] of windows) {
      const q = [
        from === undefined ? '' : `booking_date_time_from=${from}`,
        to === undefined ? '' : `booking_date_time_to=${to}`,
      ]
        .filter(Boolean)
        .join('&');
      const where = ['true'];
      const params: unknown[] = [];
      if (from !== undefined) where.push(`t.booking_date_time >= $${params.push(from) + 1}`);
      if (to !== undefined) where.push(`t.booking_date_time <= $${params.push(to) + 1}`);
      assert.equal(await totalOf(q), await sqlCount(where.join(' AND '), params), q);
      assert.equal(
        await totalOf(`${q}&account_type=Business`),
        await sqlCount(`${where.join(' AND ')} AND t.account_id = $${params.length + 2}`, [...params, business.id]),
        `${q} Business`,
      );
    }
  });

  test('a walk by cursor returns every row once and keeps the total it began with', async () => {
    const rows = await readAll(svc, client, customer, 'max_per_page=11');
    assert.equal(rows.length, 365);
    assert.equal(new Set(rows.map((r) => r.id)).size, 365);
    const windowed = await readAll(
      svc,
      client,
      customer,
      `max_per_page=13&booking_date_time_from=${START + 20 * DAY}&booking_date_time_to=${START + 90 * DAY}`,
    );
    assert.equal(
      windowed.length,
      await totalOf(`booking_date_time_from=${START + 20 * DAY}&booking_date_time_to=${START + 90 * DAY}`),
    );
  });

  test('rows that share a booking time are each read once (the id breaks the tie)', async () => {
    const tied = await newCustomer(svc, client);
    const account = await newAccount(svc, client, tied);
    await submit(
      svc,
      client,
      tied,
      makeTransactions(account, 60, { prefix: 'tie' }).map((t) => ({ ...t, booking_date_time: START })),
    );
    const rows = await readAll(svc, client, tied, 'max_per_page=7');
    assert.equal(new Set(rows.map((r) => r.id)).size, 60);
  });

  test('no count(*) over the history: a page by cursor counts nothing, a first page only a window’s ends', async () => {
    const seen: string[] = [];
    const db = svc.deps.db;
    const recording: Db = {
      kind: db.kind,
      query: (sql, params) => {
        seen.push(sql);
        return db.query(sql, params);
      },
      exec: (sql) => db.exec(sql),
      transaction: (fn) => db.transaction(fn),
      copyFrom: (table, columns, csv) => db.copyFrom(table, columns, csv),
    };
    const first = await listRawTransactions(recording, client.clientId, customer, {}, 1, 50);
    assert.equal(first.total, 365);
    assert.ok(!seen.some((sql) => /count\(/i.test(sql)), 'the unfiltered first page runs no count');
    seen.length = 0;
    const second = await listRawTransactions(recording, client.clientId, customer, {}, 2, 50, first.nextCursor);
    assert.equal(second.total, 365);
    assert.ok(!seen.some((sql) => /count\(|transaction_counts/i.test(sql)), 'a page by cursor counts nothing');
    seen.length = 0;
    const window = { booking_date_time_from: START + 5 * DAY + 1, booking_date_time_to: START + 150 * DAY - 1 };
    await listRawTransactions(recording, client.clientId, customer, window, 1, 50);
    for (const sql of seen.filter((s) => /count\(/i.test(s)))
      assert.match(sql, /booking_date_time >= .* AND t\.booking_date_time <= /, 'a count only over a bounded range');
  });

  test('another client cannot read this customer, and its own customer’s totals are its own', async () => {
    const res = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/customers/${customer}/raw-transactions`,
      headers: otherClient.auth,
    });
    assert.equal(res.statusCode, 404);
    const theirs = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/customers/${stranger}/raw-transactions?account_number=${personal.number}`,
      headers: otherClient.auth,
    });
    assert.equal(theirs.json().total, 150);
    const all = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/customers/${stranger}/raw-transactions`,
      headers: otherClient.auth,
    });
    assert.equal(all.json().total, 150);
  });
});
