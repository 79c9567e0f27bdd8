/**
 * The start-up warning when autovacuum is off (src/db/autovacuum.ts): the decision on given settings, and on
 * PostgreSQL (DATABASE_URL set) a fresh database whose partition of transactions has autovacuum_enabled = false.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { autovacuumWarnings } from '../../src/db/autovacuum.ts';
import { loadConfig } from '../../src/config/config.ts';
import { openRuntime, type StartupLog } from '../../src/app/runtime.ts';
import { fakeClock } from '../../src/lib/clock.ts';
import { openPglite } from '../../src/db/pglite.ts';

describe('autovacuum warning', () => {
  test('none when autovacuum is on everywhere', () => {
    assert.deepEqual(autovacuumWarnings({ autovacuum: 'on', tablesOff: [] }), []);
  });

  test('one when the server has it off, one naming the tables that have it off', () => {
    const [server] = autovacuumWarnings({ autovacuum: 'off', tablesOff: [] });
    assert.match(server ?? '', /autovacuum is off on this PostgreSQL server/);
    const [table] = autovacuumWarnings({ autovacuum: 'on', tablesOff: ['transactions_p03'] });
    assert.match(table ?? '', /transactions_p03.*autovacuum_enabled = false/);
    assert.equal(autovacuumWarnings({ autovacuum: 'off', tablesOff: ['transactions_p03'] }).length, 2);
  });

  /** The warnings a start logs. */
  function capture(): { log: StartupLog; warnings: string[] } {
    const warnings: string[] = [];
    const log: StartupLog = { info: () => undefined, error: () => undefined, warn: (_f, m) => warnings.push(m) };
    return { log, warnings };
  }

  test('the embedded engine (no autovacuum worker) is not checked', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: '',
      OBI_SECRET_KEY: 'test-installation-key-not-for-production-use',
    });
    const { log, warnings } = capture();
    const runtime = await openRuntime(config, fakeClock(), {
      db: await openPglite(null),
      queue: false,
      sandboxBank: false,
      log,
    });
    await runtime.close();
    assert.deepEqual(
      warnings.filter((w) => /autovacuum/.test(w)),
      [],
    );
  });

  const url = process.env.DATABASE_URL;
  test('PostgreSQL: a partition with autovacuum_enabled = false is named at start-up', { skip: !url }, async () => {
    const name = `obi_autovacuum_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const target = new URL(url ?? '');
      target.pathname = `/${name}`;
      const config = loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: target.toString(),
        OBI_SECRET_KEY: 'test-installation-key-not-for-production-use',
      });
      const first = capture();
      let runtime = await openRuntime(config, fakeClock(), { queue: false, sandboxBank: false, log: first.log });
      // The server's own setting may be off (a test server often is): only the table warning is looked at.
      const serverOn = (await runtime.db.query<{ autovacuum: string }>('SHOW autovacuum')).rows[0]?.autovacuum === 'on';
      const aboutTables = (ws: string[]) => ws.filter((w) => /autovacuum_enabled = false/.test(w));
      assert.equal(
        first.warnings.some((w) => /off on this PostgreSQL server/.test(w)),
        !serverOn,
      );
      assert.deepEqual(aboutTables(first.warnings), []);
      await runtime.db.query('ALTER TABLE transactions_p05 SET (autovacuum_enabled = false)');
      await runtime.close();
      const second = capture();
      runtime = await openRuntime(config, fakeClock(), { queue: false, sandboxBank: false, log: second.log });
      await runtime.close();
      const warned = aboutTables(second.warnings);
      assert.equal(warned.length, 1, warned.join('\n'));
      assert.match(warned[0] ?? '', /transactions_p05/);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
