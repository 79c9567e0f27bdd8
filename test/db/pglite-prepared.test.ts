/**
 * Prepared statements on the embedded engine (src/db/pglite-prepared.ts, Db.query's `prepare`): the same rows,
 * types and counts as a plain query; an error rolls its transaction back; and a prepared statement run outside a
 * transaction waits for an open one to end instead of running inside it (PGlite is one session).
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPglite } from '../../src/db/pglite.ts';
import { bindExecuteSync } from '../../src/db/pglite-prepared.ts';

describe('prepared statements on PGlite', async () => {
  const db = await openPglite(null);
  after(() => db.close());
  await db.exec('CREATE TABLE prep_check (id int PRIMARY KEY, amount numeric, n bigint, label text, at timestamptz)');

  test('give what a plain query gives: rows, types, counts', async () => {
    const insert = 'INSERT INTO prep_check VALUES ($1, $2, $3, $4, $5), ($6, $7, $8, $9, $10)';
    const params = [1, '10.50', 7, 'one — café ✓', '2026-01-02T03:04:05Z', 2, '-0.01', 9, null, null];
    assert.equal((await db.query(insert, params, { prepare: true })).rowCount, 2);
    const select = 'SELECT id, amount, n, label, at FROM prep_check WHERE id = ANY($1::int[]) ORDER BY id';
    const plain = await db.query(select, [[1, 2]]);
    const prepared = await db.query(select, [[1, 2]], { prepare: true });
    const again = await db.query(select, [[1, 2]], { prepare: true }); // the second call binds the parsed statement
    assert.deepEqual(prepared, plain);
    assert.deepEqual(again, plain);
    assert.equal(typeof (prepared.rows[0] as { n: unknown }).n, 'number');
    assert.equal((prepared.rows[0] as { amount: unknown }).amount, '10.50');
    assert.equal((prepared.rows[0] as { label: unknown }).label, 'one — café ✓');
    assert.ok((prepared.rows[0] as { at: unknown }).at instanceof Date);
  });

  test('a call is Bind, Execute and Sync in the PostgreSQL wire format, values as UTF-8 text', () => {
    // prettier-ignore
    const expected = [
      0x42, 0, 0, 0, 30, // Bind and its length
      0, // the unnamed portal
      0x73, 0x31, 0, // statement "s1"
      0, 0, // no parameter format codes: all text
      0, 3, // three values
      0, 0, 0, 2, 0x61, 0x62, // "ab"
      0xff, 0xff, 0xff, 0xff, // NULL
      0, 0, 0, 2, 0xc3, 0xa9, // "é", two bytes
      0, 0, // no result format codes: all text
      0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0, // Execute the unnamed portal, every row
      0x53, 0, 0, 0, 4, // Sync
    ];
    assert.deepEqual([...bindExecuteSync('s1', ['ab', null, 'é'])], expected);
  });

  test('an error rolls its transaction back', async () => {
    const insert = 'INSERT INTO prep_check (id, label) VALUES ($1, $2)';
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query(insert, [10, 'kept?'], { prepare: true });
        await tx.query(insert, [10, 'duplicate key'], { prepare: true });
      }),
      /duplicate key/,
    );
    assert.equal((await db.query('SELECT count(*)::int AS c FROM prep_check WHERE id = 10')).rows[0]?.c, 0);
    // and the session is usable after it
    assert.equal((await db.query(insert, [11, 'after'], { prepare: true })).rowCount, 1);
  });

  test('outside a transaction, it waits for an open one to end instead of running inside it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
    const open = db.transaction(async (tx) => {
      await tx.query('INSERT INTO prep_check (id, label) VALUES (20, $1)', ['uncommitted']);
      inserted();
      await gate;
      throw new Error('rolled back on purpose');
    });
    await insertedNow;
    let answered = false;
    const read = db
      .query<{ c: number }>('SELECT count(*)::int AS c FROM prep_check WHERE id = 20', [], { prepare: true })
      .then((r) => {
        answered = true;
        return r;
      });
    // Give the read every chance to run while the transaction is open: it must not.
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(answered, false, 'the read waited for the transaction');
    release();
    await assert.rejects(open, /on purpose/);
    assert.equal((await read).rows[0]?.c, 0, 'it never saw the rolled-back row');
  });
});
