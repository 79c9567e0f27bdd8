import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPglite } from '../../src/db/pglite.ts';
import { migrate, readMigrations } from '../../src/db/migrate.ts';

const RENAME = '0014_event_transaction_id';

test("migration 0014 renames stored events' transaction_ref to the spec's transaction_id, value unchanged", async () => {
  const db = await openPglite(null);
  try {
    const files = readMigrations();
    assert.ok(files.some((f) => f.version === RENAME));
    await migrate(
      db,
      files.filter((f) => f.version < RENAME),
    );
    // Stored by engine 2.0.0: one event naming its transaction, one naming none. Foreign keys are not what is
    // tested here, so the rows stand alone.
    await db.exec("SET session_replication_role = 'replica'");
    await db.query(
      `INSERT INTO customer_events (customer_id, event_id, body, created_at) VALUES
         ('c1', 1, $1::jsonb, now()), ('c1', 2, $2::jsonb, now())`,
      [
        JSON.stringify({ id: 1, event_type: 'NEW_LOAN', transaction_ref: '3f0c6f8e-0000-4000-8000-000000000001' }),
        JSON.stringify({ id: 2, event_type: 'SALARY_MISSING' }),
      ],
    );
    await db.exec("SET session_replication_role = 'origin'");
    assert.deepEqual(
      await migrate(db, files),
      files.filter((f) => f.version >= RENAME).map((f) => f.version),
    );
    const rows = (
      await db.query<{ event_id: number; body: Record<string, unknown> }>(
        'SELECT event_id::int AS event_id, body FROM customer_events ORDER BY event_id',
      )
    ).rows;
    assert.deepEqual(rows[0]?.body, {
      id: 1,
      event_type: 'NEW_LOAN',
      transaction_id: '3f0c6f8e-0000-4000-8000-000000000001',
    });
    assert.deepEqual(rows[1]?.body, { id: 2, event_type: 'SALARY_MISSING' });
  } finally {
    await db.close();
  }
});
