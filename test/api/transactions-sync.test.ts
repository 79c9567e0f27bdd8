/**
 * The change feed, GET /public/v3/customers/{customer_id}/transactions/sync, and TRANSACTIONS_UPDATED
 * (docs/decisions/0052-transaction-change-feed.md).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../src/db/db.ts';
import { encodeFeedCursor } from '../../src/modules/transactions/feed-cursor.ts';
import { feedPageSql } from '../../src/modules/transactions/feed.repo.ts';
import { feedPosition, removeVanishedPending, storeTransactionRows } from '../../src/modules/transactions/index.ts';
import { buildTransactionRows } from '../../src/modules/transactions/transactions.ingest.ts';
import { newClient, newCustomer, startService, type TestClient, type TestService } from '../helpers/app.ts';
import { makeTransactions, newAccount, submit, type TestAccount } from '../helpers/bank-data.ts';
import { registerWebhook, startSink } from '../helpers/webhook-sink.ts';
import { waitFor } from '../helpers/wait.ts';

interface SyncBody {
  added: Array<{ id: string; external_transaction_id: string; amount: number; pending_transaction_id: string | null }>;
  modified: Array<{ id: string; external_transaction_id: string; amount: number }>;
  removed: Array<{ id: string; external_transaction_id: string; replaced_by: string | null }>;
  next_cursor: string;
  has_more: boolean;
}

function sync(svc: TestService, client: TestClient, customerId: string, query = '') {
  return svc.app.inject({
    method: 'GET',
    url: `/public/v3/customers/${customerId}/transactions/sync${query ? `?${query}` : ''}`,
    headers: client.auth,
  });
}

/** Every page from `cursor` until has_more is false: the items in order and the last cursor. */
async function syncAll(svc: TestService, client: TestClient, customerId: string, cursor?: string, count = 500) {
  const out = {
    added: [] as SyncBody['added'],
    modified: [] as SyncBody['modified'],
    removed: [] as SyncBody['removed'],
    cursor: cursor ?? '',
    pages: 0,
  };
  for (;;) {
    const q = new URLSearchParams({ count: String(count) });
    if (out.cursor) q.set('cursor', out.cursor);
    const res = await sync(svc, client, customerId, q.toString());
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json<SyncBody>();
    out.added.push(...body.added);
    out.modified.push(...body.modified);
    out.removed.push(...body.removed);
    out.cursor = body.next_cursor;
    out.pages += 1;
    if (!body.has_more) return out;
  }
}

const ids = (items: Array<{ external_transaction_id: string }>) => items.map((t) => t.external_transaction_id);

describe('transactions sync', async () => {
  const svc = await startService({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
  const client = await newClient(svc);
  const other = await newClient(svc, 'Other Lender');

  async function customerWith(n: number, prefix = 'tx'): Promise<{ customer: string; account: TestAccount }> {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    if (n > 0)
      assert.equal((await submit(svc, client, customer, makeTransactions(account, n, { prefix }))).statusCode, 200);
    return { customer, account };
  }

  test('without a cursor › every transaction is added, page by page in the order written, then nothing more', async () => {
    const { customer } = await customerWith(7);
    const first = await sync(svc, client, customer, 'count=3');
    assert.equal(first.statusCode, 200, first.body);
    const page = first.json<SyncBody>();
    assert.deepEqual(ids(page.added), ['tx-0', 'tx-1', 'tx-2']);
    assert.equal(page.has_more, true);
    const rest = await syncAll(svc, client, customer, page.next_cursor, 3);
    assert.deepEqual(ids(rest.added), ['tx-3', 'tx-4', 'tx-5', 'tx-6']);
    assert.deepEqual(rest.modified, []);
    const again = (await sync(svc, client, customer, `cursor=${rest.cursor}`)).json<SyncBody>();
    assert.deepEqual([again.added, again.modified, again.removed, again.has_more], [[], [], [], false]);
    assert.equal(again.next_cursor, rest.cursor, 'nothing new: the cursor stays where it was');
  });

  test('after a resubmission › a changed row is modified, a new one added, an unchanged one absent', async () => {
    const { customer, account } = await customerWith(5);
    const { cursor } = await syncAll(svc, client, customer);
    const txns = makeTransactions(account, 6);
    const res = await submit(svc, client, customer, [txns[0], { ...txns[1], amount: '-9.99' }, txns[5]]);
    assert.equal(res.json().success, '1 saved, 1 already present, 1 updated');
    const next = await syncAll(svc, client, customer, cursor);
    assert.deepEqual(ids(next.added), ['tx-5']);
    assert.deepEqual(ids(next.modified), ['tx-1']);
    assert.equal(next.modified[0]?.amount, -9.99);
    // A client that had not seen tx-1 yet gets it once, as added, in its latest version.
    const fresh = await syncAll(svc, client, customer);
    assert.equal(fresh.added.length, 6);
    assert.equal(fresh.added.find((t) => t.external_transaction_id === 'tx-1')?.amount, -9.99);
  });

  test('a pending transaction booked under another id by a pull › removed and linked both ways', async () => {
    const { customer, account } = await customerWith(0);
    const [pending] = makeTransactions(account, 1, { prefix: 'pend' }).map((t) => ({
      ...t,
      status: 'Pending' as const,
    }));
    assert.equal((await submit(svc, client, customer, [pending])).statusCode, 200);
    const seen = await syncAll(svc, client, customer);
    const pendingId = seen.added[0]?.id;
    assert.ok(pendingId);
    // What a bank pull does (src/modules/consents/bank-pull.store.ts): the position, the rows, the vanished pending.
    const booked = {
      ...pending!,
      external_transaction_id: 'booked-1',
      status: 'Booked' as const,
      booking_date_time: pending!.booking_date_time + 86_400,
    };
    const built = buildTransactionRows(
      [booked],
      new Map([[`${account.bank_slug}\u0000${account.number}`, account.id]]),
    );
    const ctx = { queue: svc.deps.queue, customerId: customer, now: svc.clock.now() };
    await svc.deps.db.transaction(async (tx: Db) => {
      const since = await feedPosition(tx);
      await storeTransactionRows(tx, ctx, built.rows);
      assert.equal(await removeVanishedPending(tx, ctx, account.id, ['booked-1'], 0, since), 1);
    });
    const next = await syncAll(svc, client, customer, seen.cursor);
    assert.equal(next.added.length, 1);
    const bookedId = next.added[0]?.id;
    assert.equal(next.added[0]?.pending_transaction_id, pendingId);
    assert.deepEqual(next.removed, [
      {
        id: pendingId,
        external_transaction_id: pending!.external_transaction_id,
        bank_slug: account.bank_slug,
        account_number: account.number,
        replaced_by: bookedId,
      },
    ]);
    // A client starting now never saw the pending one: only the booked one, added.
    const fresh = await syncAll(svc, client, customer);
    assert.deepEqual([ids(fresh.added), fresh.removed], [['booked-1'], []]);
  });

  test('a cursor of another customer, of another client, or altered › 400 cursor_invalid naming the cursor', async () => {
    const a = await customerWith(2);
    const b = await customerWith(2);
    const cursorOfA = (await sync(svc, client, a.customer)).json<SyncBody>().next_cursor;
    const foreign = await sync(svc, client, b.customer, `cursor=${cursorOfA}`);
    assert.equal(foreign.statusCode, 400);
    assert.equal(foreign.json().code, 'cursor_invalid');
    assert.equal(foreign.json().errors[0].pointer, '/query/cursor');
    const theirs = await newCustomer(svc, other);
    const otherClient = await sync(svc, other, theirs, `cursor=${cursorOfA}`);
    assert.equal(otherClient.json().code, 'cursor_invalid');
    const altered = cursorOfA.replace(/\.([0-9a-z]+)\./, (_, p: string) => `.${p}1.`);
    assert.equal((await sync(svc, client, a.customer, `cursor=${altered}`)).json().code, 'cursor_invalid');
    assert.equal((await sync(svc, client, a.customer, 'cursor=nonsense')).json().code, 'cursor_invalid');
  });

  test(
    'a cursor is good for a second service instance on the same database, as after a restart (nothing is kept per cursor)',
    { skip: process.env.DATABASE_URL ? false : 'needs a database two processes share (DATABASE_URL)' },
    async () => {
      const { customer, account } = await customerWith(3);
      const { cursor } = await syncAll(svc, client, customer);
      await submit(svc, client, customer, makeTransactions(account, 4).slice(3));
      const restarted = await startService({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
      try {
        const res = await restarted.app.inject({
          method: 'GET',
          url: `/public/v3/customers/${customer}/transactions/sync?cursor=${cursor}`,
          headers: client.auth,
        });
        assert.equal(res.statusCode, 200, res.body);
        assert.deepEqual(ids(res.json<SyncBody>().added), ['tx-3']);
      } finally {
        await restarted.close();
      }
    },
  );

  test('a cursor ahead of the stored changes (a database restored from a backup) › 400 cursor_stale', async () => {
    const { customer } = await customerWith(1);
    const ahead = encodeFeedCursor(
      { installationKey: svc.deps.installationKey, clientId: client.clientId, customerId: customer },
      10n ** 15n,
    );
    const res = await sync(svc, client, customer, `cursor=${ahead}`);
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().code, 'cursor_stale');
  });

  test('another client’s customer › 404; a bad count › 400 naming it', async () => {
    const { customer } = await customerWith(1);
    assert.equal((await sync(svc, other, customer)).statusCode, 404);
    const bad = await sync(svc, client, customer, 'count=0');
    assert.equal(bad.statusCode, 400);
    assert.match(JSON.stringify(bad.json().errors), /count/);
    assert.equal((await sync(svc, client, customer, 'count=501')).statusCode, 400);
  });

  test('a page reads one partition of transactions, in the order of the feed index (no sort)', async () => {
    const { customer } = await customerWith(20, 'plan');
    const plan = await svc.deps.db.transaction(async (tx) => {
      // Tiny tables: without this the planner may as well read the few rows and sort them.
      await tx.query('SET LOCAL enable_seqscan = off');
      await tx.query('SET LOCAL enable_bitmapscan = off');
      return tx.query<Record<string, unknown>>(`EXPLAIN (COSTS OFF) ${feedPageSql(101)}`, [customer, '0']);
    });
    const text = plan.rows.map((r) => String(Object.values(r)[0])).join('\n');
    assert.deepEqual([...new Set(text.match(/transactions_p\d\d/g))].length, 1, text);
    assert.match(text, /Index Scan using transactions_p\d\d_customer_id_change_seq_idx/, text);
    assert.doesNotMatch(text, /Sort Key: t\.change_seq/, text);
  });

  test('a big submission (staged on the embedded engine) › seen whole, in constant-size pages', async () => {
    const { customer } = await customerWith(6_000, 'big');
    const all = await syncAll(svc, client, customer);
    assert.equal(all.added.length, 6_000);
    assert.equal(new Set(ids(all.added)).size, 6_000);
    assert.equal(all.pages, 12);
  });

  test('TRANSACTIONS_UPDATED › signed, with the counts since the last one, once per change', async () => {
    const sink = await startSink();
    const hook = await registerWebhook(svc, client.auth, sink.url);
    const { customer, account } = await customerWith(4, 'hook');
    await svc.deps.queue.drain();
    const updates = () =>
      sink.received.filter(
        (r) =>
          (r.json as { webhook_type?: string })?.webhook_type === 'TRANSACTIONS_UPDATED' &&
          (r.json as { customer_id?: string }).customer_id === customer,
      );
    await waitFor(
      async () => {
        await svc.deps.queue.drain();
        return updates().length >= 1;
      },
      { what: 'the first TRANSACTIONS_UPDATED at the sink' },
    );
    const first = updates()[0]!;
    assert.deepEqual(first.json, {
      msg: "The customer's transactions changed; read them from the transactions sync endpoint.",
      webhook_type: 'TRANSACTIONS_UPDATED',
      customer_id: customer,
      added: 4,
      modified: 0,
      removed: 0,
    });
    const headers = Object.fromEntries(Object.entries(first.headers).map(([k, v]) => [k, String(v)]));
    // Signed like every other type (Standard Webhooks), at the time of the service's fake clock.
    const signedAt = new Date(Number(headers['webhook-timestamp']) * 1000);
    const expected = new Webhook(hook.secret).sign(headers['webhook-id']!, signedAt, first.body);
    assert.equal(headers['webhook-signature'], expected);
    const txns = makeTransactions(account, 4, { prefix: 'hook' });
    await submit(svc, client, customer, [{ ...txns[2], name: 'RENAMED' }]);
    await waitFor(
      async () => {
        await svc.deps.queue.drain();
        return updates().length >= 2;
      },
      { what: 'the second TRANSACTIONS_UPDATED at the sink' },
    );
    assert.deepEqual(
      [updates()[1]!.json].map((j) => {
        const { added, modified, removed } = j as Record<string, number>;
        return { added, modified, removed };
      }),
      [{ added: 0, modified: 1, removed: 0 }],
    );
    await svc.deps.queue.drain();
    assert.equal(updates().length, 2, 'no change, no webhook');
  });
});
