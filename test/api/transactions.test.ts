import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer, startService } from '../helpers/app.ts';
import { makeTransactions, newAccount, readAll, submit, totalPence } from '../helpers/bank-data.ts';

describe('submit transactions (endpoint 10)', async () => {
  const svc = await startService();
  const client = await newClient(svc);
  const count = async (customerId: string) =>
    Number(
      (
        await svc.deps.db.query<{ n: number }>('SELECT count(*)::int8 AS n FROM transactions WHERE customer_id = $1', [
          customerId,
        ])
      ).rows[0]!.n,
    );

  test('stores every transaction and says how many were saved', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const res = await submit(svc, client, customer, makeTransactions(account, 50));
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      status: 'success',
      success: '50 saved, 0 already present, 0 updated',
      saved: 50,
      updated: 0,
      already_present: 50 - 50,
    });
    assert.equal(await count(customer), 50);
  });

  test('when the same batch is sent again › inserts nothing and counts them as already present', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const txns = makeTransactions(account, 40);
    await submit(svc, client, customer, txns);
    const again = await submit(svc, client, customer, txns);
    assert.equal(again.statusCode, 200);
    assert.equal(again.json().success, '0 saved, 40 already present, 0 updated');
    assert.equal(await count(customer), 40);
  });

  test('when one item is bad › answers 400 naming it by pointer and stores nothing', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const txns = makeTransactions(account, 30);
    txns[17] = { ...txns[17]!, amount: 'twelve' };
    const res = await submit(svc, client, customer, txns);
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().code, 'validation_failed');
    assert.deepEqual(
      res.json().errors.map((e: { pointer: string }) => e.pointer),
      ['/transactions/17/amount'],
    );
    assert.equal(await count(customer), 0);
  });

  test('when a value has more decimals than money can hold, or a timestamp is in milliseconds › 400 with pointers, nothing stored', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const txns = makeTransactions(account, 5);
    txns[1] = { ...txns[1]!, amount: 1.00001 };
    txns[3] = { ...txns[3]!, booking_date_time: 1_700_000_000_000 };
    const res = await submit(svc, client, customer, txns);
    assert.equal(res.statusCode, 400);
    assert.deepEqual(
      res.json().errors.map((e: { pointer: string }) => e.pointer),
      ['/transactions/1/amount', '/transactions/3/booking_date_time'],
    );
    assert.equal(await count(customer), 0);
  });

  test('when members are missing, unknown or of the wrong type › 400 with a pointer to each', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const [a, b, c] = makeTransactions(account, 3);
    const { name: _drop, ...noName } = a!;
    const res = await submit(svc, client, customer, [noName, { ...b, colour: 'red' }, { ...c, status: 'Cleared' }]);
    assert.equal(res.statusCode, 400);
    const pointers = res
      .json()
      .errors.map((e: { pointer: string }) => e.pointer)
      .sort();
    assert.deepEqual(pointers, ['/transactions/0/name', '/transactions/1/colour', '/transactions/2/status']);
  });

  test('numeric strings are accepted for amounts, balances and timestamps', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const [t] = makeTransactions(account, 1);
    const res = await submit(svc, client, customer, [
      {
        ...t,
        amount: '-12.50',
        balance: { amount: '1000.01', currency: 'GBP', type: 'InterimBooked' },
        booking_date_time: '1700000000',
        value_date_time: '1700000001',
      },
    ]);
    assert.equal(res.statusCode, 200);
    const [row] = await readAll(svc, client, customer);
    assert.equal(row!.amount, -12.5);
    assert.deepEqual(row!.balance, { amount: 1000.01, currency: 'GBP', type: 'InterimBooked' });
    assert.equal(row!.booking_date_time, 1_700_000_000);
    assert.equal(row!.value_date_time, 1_700_000_001);
  });

  test('when an id repeats within the batch › answers 400 naming both and stores nothing', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const txns = makeTransactions(account, 10);
    txns[8] = { ...txns[8]!, external_transaction_id: txns[2]!.external_transaction_id };
    const res = await submit(svc, client, customer, txns);
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().errors[0].pointer, '/transactions/8/external_transaction_id');
    assert.match(res.json().errors[0].detail, /\/transactions\/2\//);
    assert.equal(await count(customer), 0);
  });

  test('when the account does not exist › answers 422 naming the items and stores nothing', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const txns = makeTransactions(account, 4);
    txns[2] = { ...txns[2]!, account_number: '99999999999999' };
    const res = await submit(svc, client, customer, txns);
    assert.equal(res.statusCode, 422);
    assert.equal(res.json().code, 'account_not_found_for_transaction');
    assert.deepEqual(
      res.json().errors.map((e: { pointer: string }) => e.pointer),
      ['/transactions/2/account_number'],
    );
    assert.equal(await count(customer), 0);
  });

  test('Pending → Booked with the same id updates that one row and keeps its id', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const [t] = makeTransactions(account, 1);
    await submit(svc, client, customer, [{ ...t, status: 'Pending' }]);
    const [pending] = await readAll(svc, client, customer);
    const res = await submit(svc, client, customer, [{ ...t, status: 'Booked', amount: -20 }]);
    assert.equal(res.json().success, '0 saved, 0 already present, 1 updated');
    const rows = await readAll(svc, client, customer);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.id, pending!.id);
    assert.equal(rows[0]!.status, 'Booked');
    assert.equal(rows[0]!.amount, -20);
  });

  test('two concurrent overlapping submissions end with one row per natural key and no 5xx', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const all = makeTransactions(account, 3000);
    const [r1, r2] = await Promise.all([
      submit(svc, client, customer, all.slice(0, 2000)),
      submit(svc, client, customer, all.slice(1000)),
    ]);
    assert.equal(r1.statusCode, 200, r1.body);
    assert.equal(r2.statusCode, 200, r2.body);
    assert.equal(r1.json().saved + r2.json().saved, 3000);
    assert.equal(r1.json().already_present + r2.json().already_present, 1000);
    assert.equal(await count(customer), 3000);
  });

  test('totals read back (count and exact sum of amounts) equal what was sent', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const txns = makeTransactions(account, 2345);
    await submit(svc, client, customer, txns);
    const rows = await readAll(svc, client, customer);
    assert.equal(rows.length, txns.length);
    assert.equal(totalPence(rows as Array<{ amount: number }>), totalPence(txns));
    const dbSum = (
      await svc.deps.db.query<{ s: string }>('SELECT sum(amount)::text AS s FROM transactions WHERE customer_id = $1', [
        customer,
      ])
    ).rows[0]!.s;
    assert.equal(BigInt(Math.round(Number(dbSum) * 100)), totalPence(txns));
  });

  test('more than 100 000 transactions is 422 too_many_transactions', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const [t] = makeTransactions(account, 1);
    const many = Array.from({ length: 100_001 }, (_, i) => ({ ...t, external_transaction_id: `x${i}` }));
    const res = await submit(svc, client, customer, many);
    assert.equal(res.statusCode, 422);
    assert.equal(res.json().code, 'too_many_transactions');
    assert.equal(await count(customer), 0);
  });

  test('after a submission the reports are not_ready and one report.compute job is enqueued', async () => {
    const customer = await newCustomer(svc, client);
    const readiness = () =>
      svc.app.inject({
        method: 'GET',
        url: `/public/v3/customers/${customer}/report_readiness_statuses/insights`,
        headers: client.auth,
      });
    assert.deepEqual((await readiness()).json(), {
      name: 'insights',
      status: 'no_data',
      account_types: [],
      processing: null,
    });
    const account = await newAccount(svc, client, customer);
    await submit(svc, client, customer, makeTransactions(account, 5));
    await submit(svc, client, customer, makeTransactions(account, 6));
    assert.deepEqual((await readiness()).json(), {
      name: 'insights',
      status: 'not_ready',
      account_types: ['Personal'],
      // docs/decisions/0057-readiness-processing.md: queued, since the reports became not_ready (the fake clock)
      processing: { stage: 'computing_report', rows_received: null, since: svc.clock.now().getTime() / 1000 },
    });
    const jobs = await svc.deps.db.query<{ n: number }>(
      "SELECT count(*)::int8 AS n FROM pgboss.job WHERE name = 'report.compute' AND data->>'customer_id' = $1",
      [customer],
    );
    assert.equal(Number(jobs.rows[0]!.n), 1, 'one waiting job per customer');
    const unknown = await svc.app.inject({
      method: 'GET',
      url: `/public/v3/customers/${customer}/report_readiness_statuses/salary`,
      headers: client.auth,
    });
    assert.equal(unknown.statusCode, 404);
  });

  test('a small submission sends no second job while one is waiting, and sends one once the reports were computed', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const jobs = async (state: string) =>
      Number(
        (
          await svc.deps.db.query<{ n: number }>(
            "SELECT count(*)::int8 AS n FROM pgboss.job WHERE name = 'report.compute' AND singleton_key = $1 AND state = $2",
            [customer, state],
          )
        ).rows[0]!.n,
      );
    const version = async () =>
      Number(
        (
          await svc.deps.db.query<{ v: number }>(
            'SELECT max(data_version)::int8 AS v FROM report_states WHERE customer_id = $1',
            [customer],
          )
        ).rows[0]!.v,
      );
    const txns = makeTransactions(account, 3);
    assert.equal((await submit(svc, client, customer, txns.slice(0, 1))).json().saved, 1);
    assert.equal(await jobs('created'), 1);
    assert.equal(await version(), 1);
    assert.equal((await submit(svc, client, customer, txns.slice(0, 2))).json().saved, 1);
    assert.equal(await jobs('created'), 1, 'the waiting job covers the new data');
    assert.equal(await version(), 2, 'the reports are marked again');
    // Known data only: nothing is marked, nothing is sent.
    assert.equal((await submit(svc, client, customer, txns.slice(0, 2))).json().already_present, 2);
    assert.equal(await version(), 2);
    // The waiting job runs and the reports are ready: new data sends another. (Data arriving while a run computes is
    // the run's to pick up: it enqueues the next itself, test/flows/submission-report.test.ts.)
    await svc.deps.queue.drain(['report.compute']);
    const ready = await svc.deps.db.query<{ status: string }>(
      'SELECT DISTINCT status FROM report_states WHERE customer_id = $1',
      [customer],
    );
    assert.deepEqual(
      ready.rows.map((r) => r.status),
      ['ready'],
    );
    assert.equal(await jobs('created'), 0);
    const changed = { ...txns[1]!, amount: -1 };
    const res = (await submit(svc, client, customer, [changed, txns[2]!])).json();
    assert.deepEqual([res.saved, res.updated], [1, 1]);
    assert.equal(await jobs('created'), 1, 'new data after the reports were computed: another job waits');
    assert.equal(await version(), 3);
    // The queue may be shared with other test files (one database on PostgreSQL): no stand-in active job is left.
    await svc.deps.db.query("DELETE FROM pgboss.job WHERE name = 'report.compute' AND singleton_key = $1", [customer]);
  });

  test('a failed submission enqueues no job and leaves readiness as it was', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const txns = makeTransactions(account, 3);
    txns[0] = { ...txns[0]!, account_number: 'nope' };
    assert.equal((await submit(svc, client, customer, txns)).statusCode, 422);
    const jobs = await svc.deps.db.query<{ n: number }>(
      "SELECT count(*)::int8 AS n FROM pgboss.job WHERE data->>'customer_id' = $1",
      [customer],
    );
    assert.equal(Number(jobs.rows[0]!.n), 0);
  });

  test('Idempotency-Key › same key and body replays the first answer; another body is 422', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const txns = makeTransactions(account, 5);
    const key = { 'idempotency-key': `k-${customer}` };
    const first = await submit(svc, client, customer, txns, key);
    const replay = await submit(svc, client, customer, txns, key);
    assert.equal(replay.statusCode, 200);
    assert.deepEqual(replay.json(), first.json());
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    const other = await submit(svc, client, customer, txns.slice(1), key);
    assert.equal(other.statusCode, 422);
    assert.equal(other.json().code, 'idempotency_key_reused');
  });

  test('Idempotency-Key › a key still in flight is 409', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const body = JSON.stringify({ transactions: makeTransactions(account, 2) });
    // the first request's claim, as it is while that request runs
    const { createHash } = await import('node:crypto');
    const url = `/public/v3/customers/${customer}/transaction_collections`;
    const hash = createHash('sha256')
      .update(`${url}\n${createHash('sha256').update(body).digest('hex')}`)
      .digest('hex');
    await svc.deps.db.query(
      "INSERT INTO idempotency_keys (client_id, key, request_hash, state, created_at) VALUES ($1, 'busy', $2, 'in_flight', $3)",
      [client.clientId, hash, svc.clock.now()],
    );
    const res = await svc.app.inject({
      method: 'POST',
      url,
      headers: { ...client.auth, 'content-type': 'application/json', 'idempotency-key': 'busy' },
      payload: body,
    });
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().code, 'idempotency_key_in_use');
    svc.clock.advance(301); // a claim left by a crashed request is taken over
    const later = await svc.app.inject({
      method: 'POST',
      url,
      headers: { ...client.auth, 'content-type': 'application/json', 'idempotency-key': 'busy' },
      payload: body,
    });
    assert.equal(later.statusCode, 200);
  });
});

describe('body limit', async () => {
  const svc = await startService({ BODY_LIMIT_BYTES: '4096' });
  const client = await newClient(svc);
  test('a body over the limit is 413 and nothing is stored', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const res = await submit(svc, client, customer, makeTransactions(account, 100));
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().code, 'body_too_large');
    const n = (
      await svc.deps.db.query<{ n: number }>('SELECT count(*)::int8 AS n FROM transactions WHERE customer_id = $1', [
        customer,
      ])
    ).rows[0]!.n;
    assert.equal(Number(n), 0);
  });
});
