/**
 * Db.transaction's genericPlans (src/db/db.ts, docs/decisions/0039-small-submission-generic-plans.md): inside such a
 * transaction a prepared statement is planned generically from its first call, and the setting ends with the
 * transaction, committed or rolled back. On PGlite in memory, and on PostgreSQL when DATABASE_URL is set.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPglite } from '../../src/db/pglite.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import { statementName, type Db } from '../../src/db/db.ts';

const url = process.env.DATABASE_URL;

describe(`generic plans in a transaction (${url ? 'PostgreSQL' : 'PGlite'})`, async () => {
  const db = url ? await openPostgres(url) : await openPglite(null);
  after(() => db.close());

  const mode = async (tx: Db) =>
    (await tx.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode')).rows[0]?.plan_cache_mode;

  /** Runs a prepared statement three times in tx, and says how the session planned it. */
  async function plannedThrice(tx: Db, marker: string) {
    const sql = `SELECT count(*)::int AS n FROM pg_class WHERE relname = $1 /* ${marker} */`;
    for (const name of ['pg_class', 'pg_type', 'pg_proc'])
      assert.equal((await tx.query<{ n: number }>(sql, [name], { prepare: true })).rows[0]?.n, 1);
    const r = await tx.query<{ generic_plans: number; custom_plans: number }>(
      'SELECT generic_plans::int AS generic_plans, custom_plans::int AS custom_plans FROM pg_prepared_statements WHERE name = $1',
      [statementName(sql)],
    );
    return r.rows[0];
  }

  test('a prepared statement is planned generically from its first call, and only in that transaction', async () => {
    const marker = `generic-${process.pid}-${Date.now()}`;
    const planned = await db.transaction(
      async (tx) => {
        assert.equal(await mode(tx), 'force_generic_plan');
        return plannedThrice(tx, marker);
      },
      { genericPlans: true },
    );
    assert.deepEqual(planned, { generic_plans: 3, custom_plans: 0 });
    // Without the option: PostgreSQL's default, custom plans for the first calls.
    const plain = await db.transaction(async (tx) => {
      assert.equal(await mode(tx), 'auto');
      return plannedThrice(tx, `custom-${marker}`);
    });
    assert.deepEqual(plain, { generic_plans: 0, custom_plans: 3 });
  });

  test('the setting ends with its transaction, committed or rolled back', async () => {
    await db.transaction(async (tx) => assert.equal(await mode(tx), 'force_generic_plan'), { genericPlans: true });
    await assert.rejects(
      db.transaction(
        async (tx) => {
          assert.equal(await mode(tx), 'force_generic_plan');
          throw new Error('rolled back');
        },
        { genericPlans: true },
      ),
      /rolled back/,
    );
    // Every connection the pool may hand out next (the embedded engine has one session) is back to the default.
    const modes = await Promise.all(Array.from({ length: 8 }, () => db.transaction((tx) => mode(tx))));
    assert.deepEqual(new Set(modes), new Set(['auto']));
    assert.equal(await mode(db), 'auto');
  });
});
