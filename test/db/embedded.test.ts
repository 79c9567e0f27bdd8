import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../../src/db/pglite.ts';
import { migrate, readMigrations } from '../../src/db/migrate.ts';

describe('the embedded database', () => {
  test('a second process opening the same data directory fails with a clear message', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obi-lock-'));
    const db = await openPglite(dir);
    try {
      const child = spawnSync(process.execPath, ['src/cli/cli.ts', 'clients', 'list'], {
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
      assert.notEqual(child.status, 0);
      assert.match(child.stderr, /is in use by another process \(pid \d+\)/);
    } finally {
      await db.close();
    }
    // once released, the directory opens again
    const again = await openPglite(dir);
    await again.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a lock left by a dead process is taken over', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obi-stale-'));
    fs.writeFileSync(path.join(dir, 'obi.lock'), '999999'); // no such pid
    const db = await openPglite(dir);
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('migrations apply once each; a second run applies nothing', async () => {
    const db = await openPglite(null);
    try {
      const first = await migrate(db);
      assert.deepEqual(
        first,
        readMigrations().map((m) => m.version),
      );
      assert.deepEqual(await migrate(db), []);
      const rows = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
      assert.deepEqual(
        rows.rows.map((r) => r.version),
        first,
      );
    } finally {
      await db.close();
    }
  });

  test('a failing migration leaves nothing of itself behind', async () => {
    const db = await openPglite(null);
    try {
      await migrate(db);
      await assert.rejects(
        migrate(db, [{ version: '9999_bad', sql: 'CREATE TABLE half_done (id int); SELECT no_such_function();' }]),
      );
      const t = await db.query("SELECT to_regclass('half_done') AS t");
      assert.equal((t.rows[0] as { t: unknown }).t, null);
      assert.equal((await db.query("SELECT 1 FROM schema_migrations WHERE version = '9999_bad'")).rows.length, 0);
    } finally {
      await db.close();
    }
  });

  test('money is stored exactly: numeric amounts come back as exact decimal strings', async () => {
    const db = await openPglite(null);
    try {
      const r = await db.query<{ s: string }>('SELECT (0.1::numeric(18,4) + 0.2::numeric(18,4))::numeric(18,4) AS s');
      assert.equal(r.rows[0]!.s, '0.3000');
    } finally {
      await db.close();
    }
  });
});
