/**
 * Staged loads on the embedded engine (docs/decisions/0038-staged-ingest.md): a big submission's rows go in by short
 * statements while other statements run in between, unseen and uncounted until one short transaction publishes
 * them; a load that fails or is cut short leaves nothing. The same-customer ordering test runs on both engines.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate } from 'node:timers/promises';
import { discardInterruptedIngests } from '../../src/modules/transactions/index.ts';
import { insertTransactions } from '../../src/modules/transactions/transactions.repo.ts';
import { registerIngest } from '../../src/modules/transactions/transactions-staged.repo.ts';
import { buildTransactionRows } from '../../src/modules/transactions/transactions.ingest.ts';
import { newIds } from '../../src/lib/ids.ts';
import { countOf, newClient, newCustomer, startService, type TestService } from '../helpers/app.ts';
import { makeTransactions, newAccount, submit } from '../helpers/bank-data.ts';

const embeddedOnly = process.env.DATABASE_URL ? 'staged loads are the embedded engine’s (a server stages none)' : false;

/** Rows of the customer written but not published: staged rows of a pending load. */
const stagedRows = (svc: TestService, customerId: string) =>
  countOf(
    svc,
    `SELECT count(*)::int8 AS n FROM transactions
     WHERE customer_id = $1 AND ingest_id IN (SELECT id FROM pending_ingests)`,
    [customerId],
  );

const allRows = (svc: TestService, customerId: string) =>
  countOf(svc, 'SELECT count(*)::int8 AS n FROM transactions WHERE customer_id = $1', [customerId]);

const countedRows = (svc: TestService, customerId: string) =>
  countOf(svc, 'SELECT coalesce(sum(n), 0)::int8 AS n FROM transaction_counts WHERE customer_id = $1', [customerId]);

/** The customer holds `n` rows, all of them counted, and no load is pending. */
async function assertHolds(svc: TestService, customerId: string, n: number): Promise<void> {
  assert.equal(await allRows(svc, customerId), n);
  assert.equal(await countedRows(svc, customerId), n);
  assert.equal(await countOf(svc, 'SELECT count(*)::int8 AS n FROM pending_ingests'), 0);
}

/**
 * Calls `onStaged` once, when the customer's rows are seen staged (written, not published), polling the database
 * while `submission` runs: each poll is a statement PGlite runs between two of the load's statements. Resolves
 * whether the staged state was seen.
 */
async function whenStaged(
  svc: TestService,
  customerId: string,
  submission: Promise<unknown>,
  onStaged: () => Promise<void>,
): Promise<boolean> {
  let done = false;
  void submission.finally(() => (done = true));
  while (!done) {
    await setImmediate(); // the embedded engine answers within microtasks: let the submission's own work run
    if ((await stagedRows(svc, customerId)) > 0) {
      await onStaged();
      return true;
    }
  }
  return false;
}

describe('staged loads (embedded engine)', { skip: embeddedOnly }, async () => {
  const svc = await startService();
  const client = await newClient(svc);
  const other = await newClient(svc);
  const N = 20_000;

  test('readers see none or all of a big submission while its rows are written, and other statements run in between', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const elsewhere = await newCustomer(svc, other);
    const page = (id: string, auth: Record<string, string>) =>
      svc.app.inject({
        method: 'GET',
        url: `/public/v3/customers/${id}/raw-transactions?max_per_page=5`,
        headers: auth,
      });
    const submission = submit(svc, client, customer, makeTransactions(account, N, { prefix: 'st' }));
    const seen: Array<{ total: number; rows: number }> = [];
    let otherClientRead = 0;
    const staged = await whenStaged(svc, customer, submission, async () => {
      // While staged rows exist: the customer's own reads see nothing of them; another client is answered.
      const mine = await page(customer, client.auth);
      seen.push({ total: mine.json().total, rows: mine.json().data.length });
      otherClientRead = (await page(elsewhere, other.auth)).statusCode;
    });
    const res = await submission;
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(staged, 'the rows were written in statements of their own, before the load was published');
    assert.equal(otherClientRead, 200);
    for (const s of seen) assert.ok(s.total === 0 ? s.rows === 0 : s.total === N && s.rows === 5, JSON.stringify(s));
    const after = (await page(customer, client.auth)).json();
    assert.equal(after.total, N);
    await assertHolds(svc, customer, N);
  });

  // The erasure takes the customer's write turn (docs/decisions/0063-customer-erasure.md): it waits for the staged
  // submission, which completes, and then removes every row of it.
  test('a customer erased while its submission is staged: the erasure waits for it, then no row is left', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const submission = submit(svc, client, customer, makeTransactions(account, N, { prefix: 'er' }));
    let erased = 0;
    const staged = await whenStaged(svc, customer, submission, async () => {
      erased = (
        await svc.app.inject({ method: 'DELETE', url: `/public/v3/customers/${customer}`, headers: client.auth })
      ).statusCode;
    });
    const res = await submission;
    assert.ok(staged, 'the customer was erased while the rows were staged');
    assert.equal(erased, 204);
    assert.equal(res.statusCode, 200, res.body);
    await assertHolds(svc, customer, 0);
  });

  test('a replay under the same Idempotency-Key answers the first result and leaves no second load', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const txns = makeTransactions(account, 6_000, { prefix: 'idem' });
    const key = { 'idempotency-key': `staged-${customer}` };
    const first = await submit(svc, client, customer, txns, key);
    assert.equal(first.statusCode, 200, first.body);
    const again = await submit(svc, client, customer, txns, key);
    assert.equal(again.statusCode, 200, again.body);
    assert.deepEqual(again.json(), first.json());
    await assertHolds(svc, customer, 6_000);
  });

  test('a load a stopped process left pending is deleted at start-up, and the counts stay as they were', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    assert.equal(
      (await submit(svc, client, customer, makeTransactions(account, 10, { prefix: 'kept' }))).statusCode,
      200,
    );
    const accounts = new Map([[`${account.bank_slug}\u0000${account.number}`, account.id]]);
    const { rows } = buildTransactionRows(makeTransactions(account, 700, { prefix: 'cut' }), accounts);
    const ids = newIds(rows.length);
    const load = await registerIngest(svc.deps.db, customer, svc.clock.now());
    const withIds = rows.map((r, i) => ({ ...r, id: ids[i]! }));
    await insertTransactions(svc.deps.db, customer, withIds, svc.clock.now(), load);
    assert.equal(await stagedRows(svc, customer), 700);
    assert.equal(await countedRows(svc, customer), 10);
    assert.equal(
      (
        await svc.app.inject({
          method: 'GET',
          url: `/public/v3/customers/${customer}/raw-transactions?max_per_page=1000`,
          headers: client.auth,
        })
      ).json().data.length,
      10,
    );
    assert.equal(await discardInterruptedIngests(svc.deps.db), 1);
    await assertHolds(svc, customer, 10);
  });
});

describe('one customer’s writers in turn', async () => {
  const svc = await startService();
  const client = await newClient(svc);

  test('a small submission sent during a big one of the same customer: both stored, the key they share once', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const big = makeTransactions(account, 8_000, { prefix: 'turn' });
    const small = [{ ...big[5]!, name: 'CORRECTED NAME' }, ...makeTransactions(account, 2, { prefix: 'late' })];
    // Embedded: the small one is sent once the big one's rows are staged; a server: both at once.
    const bigSent = submit(svc, client, customer, big);
    let smallSent: ReturnType<typeof submit> | undefined;
    const sendSmall = async () => {
      smallSent = submit(svc, client, customer, small);
    };
    if (embeddedOnly) await sendSmall();
    else assert.ok(await whenStaged(svc, customer, bigSent, sendSmall), 'the small one was sent during the load');
    const order: string[] = [];
    const [a, b] = await Promise.all([
      bigSent.then((r) => (order.push('big'), r)),
      smallSent?.then((r) => (order.push('small'), r)),
    ]);
    assert.ok(a && b);
    // Embedded: the small one waited for the load to be published (customer-writes.ts), so it came second.
    if (!embeddedOnly) assert.deepEqual(order, ['big', 'small']);
    assert.equal(a.statusCode, 200, a.body);
    assert.equal(b.statusCode, 200, b.body);
    assert.equal(await allRows(svc, customer), 8_002);
    const total = (
      await svc.app.inject({
        method: 'GET',
        url: `/public/v3/customers/${customer}/raw-transactions?max_per_page=1`,
        headers: client.auth,
      })
    ).json().total;
    assert.equal(total, 8_002);
  });
});
