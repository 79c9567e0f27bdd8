/**
 * Endpoint 10 reads bodies of a megabyte or more on a worker thread (src/http/json-body.ts, bodyTask;
 * src/modules/transactions/transactions.task.ts). Each body here is sent twice: as it is (read on the main thread)
 * and padded with trailing whitespace past the threshold (read on the worker thread). The answers must be the same,
 * status and Problem Details alike, and a valid batch must store the same rows.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { newClient, newCustomer, startService } from '../helpers/app.ts';
import { makeTransactions, newAccount } from '../helpers/bank-data.ts';
import { OFF_THREAD_FROM } from '../../src/http/json-body.ts';
import { readSubmission } from '../../src/modules/transactions/transactions.task.ts';
import { ShallowSubmission, SubmittedTransaction } from '../../src/modules/transactions/transactions.wire.ts';

describe('a big submission read on a worker thread answers as a small one', async () => {
  const svc = await startService();
  const client = await newClient(svc);
  const customer = await newCustomer(svc, client);
  const account = await newAccount(svc, client, customer);
  const url = (id: string) => `/public/v3/customers/${id}/transaction_collections`;
  const send = (id: string, payload: Buffer, headers: Record<string, string> = {}) =>
    svc.app.inject({
      method: 'POST',
      url: url(id),
      headers: { ...client.auth, 'content-type': 'application/json', ...headers },
      payload,
    });
  const padded = (body: Buffer) => Buffer.concat([body, Buffer.alloc(OFF_THREAD_FROM + 10, ' ')]);
  const text = (n: number, edit: (t: string) => string = (t) => t) =>
    Buffer.from(edit(JSON.stringify({ transactions: makeTransactions(account, n) })));
  const items = (n: number) => makeTransactions(account, n) as Array<Record<string, unknown>>;
  const json = (v: unknown) => Buffer.from(JSON.stringify(v));

  // Counts the tasks the pool runs, to see which way each body went.
  const pool = svc.deps.workerPool;
  const run = pool.run.bind(pool);
  let tasks = 0;
  pool.run = (...args) => {
    tasks++;
    return run(...args);
  };

  /** The same answer either way; returns it. */
  const same = async (body: Buffer, id = customer) => {
    const before = tasks;
    const small = await send(id, body);
    assert.equal(tasks, before, 'a small body is read on the main thread');
    const big = await send(id, padded(body));
    assert.ok(tasks > before, 'a big body is read on a worker thread');
    assert.equal(big.statusCode, small.statusCode, big.body);
    assert.equal(big.headers['content-type'], small.headers['content-type']);
    assert.deepEqual(big.json(), small.json());
    return small;
  };

  const cases: Array<[string, Buffer]> = [
    ['malformed JSON', Buffer.from('{"transactions":[{"a":1,"a":2}')],
    ['whitespace only', Buffer.from(' ')],
    [
      'bytes that are not UTF-8',
      (() => {
        const t = text(3).toString();
        const at = t.indexOf('BGC ACME') + 3;
        return Buffer.concat([Buffer.from(t.slice(0, at)), Buffer.from([0xff]), Buffer.from(t.slice(at))]);
      })(),
    ],
    ['a NUL in a string', text(5, (t) => t.replace('"DD BRITISH GAS"', '"DD BRITISH\\u0000GAS"'))],
    ['a lone surrogate in a member name', text(2, (t) => t.replace('"status"', '"st\\udbffatus"'))],
    ['a member name given twice', text(3, (t) => t.replace('"amount":', '"amount":1,"amount":'))],
    ['nesting too deep', Buffer.from(`{"transactions":[${'['.repeat(200)}${']'.repeat(200)}]}`)],
    ['a root that is an array', json([{ transactions: [] }])],
    ['a root that is a string', json('transactions')],
    ['a root that is null', json(null)],
    ['no transactions member', json({})],
    ['transactions not an array', json({ transactions: { a: [1, 2] } })],
    ['unknown members beside transactions', json({ transactions: items(2), extra: [1], more: { a: 1 } })],
    ['a "__proto__" member', Buffer.from(`{"transactions":[],"__proto__":{"x":1}}`)],
    ['items of the wrong shape', json({ transactions: [1, null, 'x', [], { ...items(1)[0], currency: 'gbp' }] })],
    [
      'more than 100 bad items',
      json({ transactions: items(150).map((t, i) => (i % 2 ? { ...t, status: 'Done', extra: 1 } : t)) }),
    ],
    ['an amount with too many decimals', json({ transactions: items(3).map((t) => ({ ...t, amount: '1.23456' })) })],
    [
      'a time beyond year 9999, a balance amount too big',
      json({
        transactions: items(3).map((t, i) =>
          i === 1
            ? {
                ...t,
                value_date_time: 253_402_300_800,
                balance: { amount: '1e15', currency: 'GBP', type: 'ClosingBooked' },
              }
            : t,
        ),
      }),
    ],
    ['an id repeated for the same account', json({ transactions: [...items(3), { ...items(1)[0], name: 'again' }] })],
    [
      'an account the customer does not have',
      json({ transactions: items(3).map((t) => ({ ...t, account_number: '99' })) }),
    ],
    [
      'unknown accounts and bad values, more than 100 problems in all',
      json({
        transactions: items(240).map((t, i) =>
          i % 3 === 0 ? { ...t, account_number: `9${i % 7}` } : i % 3 === 1 ? { ...t, amount: '0.00001' } : t,
        ),
      }),
    ],
    [
      'the bank slug of an unknown account spelt as an account id',
      json({
        transactions: [items(1)[0], { ...items(1)[0], bank_slug: account.id, name: 'x' }],
      }),
    ],
  ];
  for (const [name, body] of cases) {
    test(`${name}: the same 4xx`, async () => {
      const res = await same(body);
      assert.ok(res.statusCode >= 400 && res.statusCode < 500, res.body);
    });
  }

  test('an unknown customer: the same 404, after the same body checks', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    assert.equal((await same(text(3), missing)).statusCode, 404);
    assert.equal((await same(json({ transactions: [1] }), missing)).statusCode, 400);
  });

  test('a valid batch: the same answer, and the same rows stored', async () => {
    const other = await newCustomer(svc, client);
    const otherAccount = await newAccount(svc, client, other, { number: account.number });
    assert.equal(otherAccount.number, account.number);
    const txns = makeTransactions(account, 3_000).map((t, i) =>
      i % 4 === 0
        ? {
            ...t,
            balance: { amount: '12.5', currency: 'GBP', type: 'InterimBooked' },
            merchant_details: { merchant_name: 'Caf\u00e9 \u{1F600}', merchant_category_code: '5812' },
            proprietary_bank_transaction_code: { code: 'POS', issuer: null },
            address_line: i % 8 === 0 ? '' : 'High St',
            category: 'Food',
          }
        : t,
    );
    const body = json({ transactions: txns });
    const small = await send(customer, body);
    const big = await send(other, padded(body));
    assert.equal(small.statusCode, 200, small.body);
    assert.deepEqual(big.json(), small.json());
    const rows = async (id: string) =>
      (
        await svc.deps.db.query<Record<string, unknown>>(
          `SELECT external_transaction_id, name, type, amount::text, currency, balance_amount::text, balance_currency,
             balance_type, status, bank_slug, account_number, category, address_line, merchant_name,
             merchant_category_code, bank_transaction_code, bank_transaction_issuer, value_date_time::text,
             booking_date_time::text, content_hash::text
           FROM transactions WHERE customer_id = $1 ORDER BY external_transaction_id`,
          [id],
        )
      ).rows;
    const stored = await rows(other);
    assert.equal(stored.length, txns.length);
    assert.deepEqual(stored, await rows(customer));
    // Sent again: everything already present, either way.
    assert.deepEqual((await send(other, padded(body))).json(), (await send(customer, body)).json());
  });

  test("Idempotency-Key: the body hash is the bytes' SHA-256; a replay is a replay", async () => {
    const fresh = await newCustomer(svc, client);
    await newAccount(svc, client, fresh, { number: account.number });
    const body = padded(json({ transactions: items(5) }));
    const answer = readSubmission({ body, hash: true, shallow: ShallowSubmission, item: SubmittedTransaction });
    assert.ok(!('refused' in answer));
    assert.equal(answer.bodyHash, createHash('sha256').update(body).digest('hex'));
    const key = { 'idempotency-key': `k-${fresh}` };
    const first = await send(fresh, body, key);
    assert.equal(first.statusCode, 200, first.body);
    const again = await send(fresh, body, key);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.json(), first.json());
    const other = await send(fresh, padded(json({ transactions: items(6) })), key);
    assert.equal(other.statusCode >= 400, true, other.body);
  });

  test('a first submission stored while it is read: a bad item after thousands of loaded rows stores nothing', async () => {
    // More items than one chunk of COPY text (transactions.task.ts, streamSubmission), so loading has begun when
    // the bad one is read; the answer is the usual reading's (the same body to a customer already holding rows), and
    // the customer holds nothing after it.
    const count = async (id: string) =>
      Number(
        (
          await svc.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM transactions WHERE customer_id = $1', [
            id,
          ])
        ).rows[0]?.n,
      );
    const bad: Array<[string, (t: Record<string, unknown>) => Record<string, unknown>]> = [
      ['an amount with too many decimals', (t) => ({ ...t, amount: '1.23456' })],
      ['an account the customer does not have', (t) => ({ ...t, account_number: '99' })],
      ['an item of the wrong shape', (t) => ({ ...t, status: 'Done' })],
      ['an id given before', () => items(1)[0] ?? {}],
    ];
    for (const [name, edit] of bad) {
      const fresh = await newCustomer(svc, client);
      await newAccount(svc, client, fresh, { number: account.number });
      const txns = items(6_000);
      txns[5_999] = edit(txns[5_999] ?? {});
      const body = json({ transactions: txns });
      const small = await send(customer, body); // over OFF_THREAD_FROM too: read the usual way (customer holds rows)
      const big = await send(fresh, padded(body));
      assert.ok(big.statusCode >= 400 && big.statusCode < 500, `${name}: ${big.body.slice(0, 200)}`);
      assert.equal(big.statusCode, small.statusCode, name);
      assert.deepEqual(big.json(), small.json(), name);
      assert.equal(await count(fresh), 0, `${name}: nothing stored`);
    }
    // And the same body without the bad item is stored whole.
    const fresh = await newCustomer(svc, client);
    await newAccount(svc, client, fresh, { number: account.number });
    const ok = await send(fresh, padded(json({ transactions: items(6_000) })));
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(await count(fresh), 6_000);
  });

  test('a first submission read as it arrives: stored whole when every byte comes, nothing when it is cut off', async () => {
    // The body comes in pieces, a turn of the event loop apart: on PostgreSQL the handler runs at the first bytes and
    // the worker thread waits for the rest as it reads (docs/decisions/0078-one-row-one-reader.md).
    const body = padded(json({ transactions: items(6_000) }));
    const inPieces = (cutAt = Infinity) =>
      Readable.from(
        (async function* () {
          for (let i = 0; i < body.length; i += 256 * 1024) {
            if (i >= cutAt) throw new Error('the client went away');
            yield body.subarray(i, Math.min(body.length, i + 256 * 1024));
            await new Promise((resolve) => setImmediate(resolve));
          }
        })(),
      );
    const sendStream = (id: string, payload: Readable) =>
      svc.app.inject({
        method: 'POST',
        url: url(id),
        headers: { ...client.auth, 'content-type': 'application/json', 'content-length': String(body.length) },
        payload,
      });
    const rowsOf = async (id: string) =>
      Number(
        (
          await svc.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM transactions WHERE customer_id = $1', [
            id,
          ])
        ).rows[0]?.n,
      );
    const whole = await newCustomer(svc, client);
    await newAccount(svc, client, whole, { number: account.number });
    const ok = await sendStream(whole, inPieces());
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(await rowsOf(whole), 6_000);

    const cut = await newCustomer(svc, client);
    await newAccount(svc, client, cut, { number: account.number });
    const res = await sendStream(cut, inPieces(body.length / 2)).catch(() => null);
    if (res) assert.ok(res.statusCode >= 400 && res.statusCode < 500, res.body.slice(0, 200));
    assert.equal(await rowsOf(cut), 0, 'nothing stored');
  });
});
