/**
 * migrations/0017_transactions_partitioned.sql: transactions is hash-partitioned by customer, every per-customer
 * statement of the service reads one partition, and a large write queues the VACUUM (ANALYZE) of its partition
 * (src/modules/transactions/transactions-maintenance.ts). Runs on the embedded engine, and on PostgreSQL when
 * DATABASE_URL is set.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newClient, newCustomer, startService, uniqueRef } from '../helpers/app.ts';
import { makeTransactions, newAccount, submit } from '../helpers/bank-data.ts';
import { EXISTING_KEYS_SQL } from '../../src/modules/transactions/transactions-existing.repo.ts';
import { partitionOfCustomer } from '../../src/modules/transactions/transactions-maintenance.repo.ts';

/** The partitions of transactions an EXPLAIN names. */
function partitionsIn(plan: Array<Record<string, unknown>>): string[] {
  const names = new Set<string>();
  for (const row of plan)
    for (const m of String(Object.values(row)[0]).matchAll(/transactions_p\d\d/g)) names.add(m[0]);
  return [...names];
}

describe('transactions partitioned by customer', async () => {
  const svc = await startService({}, { queueSchema: `pgboss_${uniqueRef('part').replace(/-/g, '_')}` });
  const db = svc.deps.db;
  const client = await newClient(svc);

  test('the table has 16 hash partitions on customer_id; its primary key starts with the partition key', async () => {
    const parts = await db.query<{ n: number }>(
      "SELECT count(*)::int8 AS n FROM pg_inherits WHERE inhparent = 'transactions'::regclass",
    );
    assert.equal(Number(parts.rows[0]?.n), 16);
    const key = await db.query<{ key: string }>("SELECT pg_get_partkeydef('transactions'::regclass) AS key");
    assert.equal(key.rows[0]?.key, 'HASH (customer_id)');
    const pk = await db.query<{ def: string }>(
      "SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = 'transactions'::regclass AND contype = 'p'",
    );
    assert.equal(pk.rows[0]?.def, 'PRIMARY KEY (customer_id, account_id, external_transaction_id)');
  });

  test('per-customer statements read one partition', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    assert.equal((await submit(svc, client, customer, makeTransactions(account, 20, { prefix: 'p' }))).statusCode, 200);
    const statements: Array<[string, unknown[]]> = [
      [
        'SELECT id FROM transactions t WHERE t.customer_id = $1 ORDER BY t.booking_date_time DESC, t.id DESC LIMIT 10',
        [customer],
      ],
      [EXISTING_KEYS_SQL, [[account.id], ['p-1'], customer]],
      [
        'SELECT 1 FROM accounts a WHERE a.customer_id = $1 AND EXISTS (SELECT 1 FROM transactions t WHERE t.customer_id = $1 AND t.account_id = a.id)',
        [customer],
      ],
      ['SELECT count(*) FROM transactions t WHERE t.customer_id = $1 AND t.booking_date_time >= $2', [customer, 0]],
    ];
    for (const [sql, params] of statements) {
      const plan = await db.query<Record<string, unknown>>(`EXPLAIN (COSTS OFF) ${sql}`, params);
      assert.equal(
        partitionsIn(plan.rows).length,
        1,
        `${sql}\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}`,
      );
    }
    // A re-submission with a change goes through the update by natural key, in the same partition.
    const changed = makeTransactions(account, 20, { prefix: 'p' }).map((t, i) =>
      i === 0 ? { ...t, amount: -9.99 } : t,
    );
    const res = await submit(svc, client, customer, changed);
    assert.equal(res.json().success, '0 saved, 19 already present, 1 updated');
  });

  test('a submission of 10 000 rows queues the VACUUM (ANALYZE) of its partition and the table statistics, which run', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    const res = await submit(svc, client, customer, makeTransactions(account, 10_000, { prefix: 'big' }));
    assert.equal(res.statusCode, 200);
    const partition = await partitionOfCustomer(db, customer);
    assert.ok(partition && /^transactions_p\d\d$/.test(partition));
    assert.ok((await svc.deps.queue.drain(['transactions.maintain'])) >= 1);
    const stats = await db.query<{ vacuumed: boolean; analyzed: boolean }>(
      `SELECT (coalesce(last_vacuum, last_autovacuum) IS NOT NULL) AS vacuumed,
              (coalesce(last_analyze, last_autoanalyze) IS NOT NULL) AS analyzed
       FROM pg_stat_user_tables WHERE relname = $1`,
      [partition],
    );
    assert.deepEqual(stats.rows[0], { vacuumed: true, analyzed: true });
    // The statistics of the partitioned table as a whole (autovacuum never gathers them): a job of the registry.
    assert.equal(await svc.deps.queue.drain(['transactions.analyze']), 1);
    const parent = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'transactions' AND attname = 'booking_date_time'",
    );
    assert.ok((parent.rows[0]?.n ?? 0) >= 1, 'the parent table has statistics');
  });

  test('a small submission queues nothing', async () => {
    const customer = await newCustomer(svc, client);
    const account = await newAccount(svc, client, customer);
    await svc.deps.queue.drain(['transactions.maintain', 'transactions.analyze']);
    assert.equal((await submit(svc, client, customer, makeTransactions(account, 5, { prefix: 's' }))).statusCode, 200);
    assert.equal(await svc.deps.queue.drain(['transactions.maintain', 'transactions.analyze']), 0);
  });
});
