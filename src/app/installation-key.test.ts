/**
 * The installation key is kept out of the database it protects (src/app/installation-key.ts): it comes from
 * OBI_SECRET_KEY or OBI_SECRET_KEY_FILE; a development install generates one into DATA_DIR/installation-key;
 * production refuses to start without one; an installation whose key an earlier version kept in the database goes
 * on working with it, and the key is moved out (or the operator told how) without ever being lost.
 */
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ConfigError, loadConfig, type Config } from '../config/config.ts';
import type { Database } from '../db/db.ts';
import { openPglite } from '../db/pglite.ts';
import { migrate, readMigrations } from '../db/migrate.ts';
import { generatedKeyFile, InstallationKeyError, loadInstallationKey, type KeyLog } from './installation-key.ts';
import { withDeadline } from '../../test/helpers/wait.ts';

const KEY = 'k'.repeat(40);
const LEGACY = 'a1b2c3d4'.repeat(8);

const tmpDirs: string[] = [];
function tmpDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obi-key-'));
  tmpDirs.push(dir);
  return dir;
}
after(() => tmpDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function recordingLog(): KeyLog & { lines: Array<[string, string]> } {
  const lines: Array<[string, string]> = [];
  return {
    lines,
    info: (m) => lines.push(['info', m]),
    warn: (m) => lines.push(['warn', m]),
    error: (m) => lines.push(['error', m]),
  };
}

describe('OBI_SECRET_KEY and OBI_SECRET_KEY_FILE (config)', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig({ NODE_ENV: 'test', ...env });
      return [];
    } catch (err) {
      assert.ok(err instanceof ConfigError);
      return err.problems;
    }
  };

  test('from the environment', () => {
    const c = loadConfig({ OBI_SECRET_KEY: KEY });
    assert.equal(c.installationKey, KEY);
    assert.equal(c.installationKeySource, 'OBI_SECRET_KEY');
  });

  test('from a file (a Docker or Kubernetes secret); the trailing newline is not part of the key', () => {
    const file = path.join(tmpDir(), 'secret');
    fs.writeFileSync(file, `${KEY}\n`);
    const c = loadConfig({ OBI_SECRET_KEY_FILE: file });
    assert.equal(c.installationKey, KEY);
    assert.equal(c.installationKeySource, 'OBI_SECRET_KEY_FILE');
  });

  test('neither: null (src/app/installation-key.ts decides)', () => {
    assert.equal(loadConfig({}).installationKey, null);
  });

  test('refused: both, a short key, a file that cannot be read', () => {
    const file = path.join(tmpDir(), 'short');
    fs.writeFileSync(file, 'short\n');
    assert.match(problems({ OBI_SECRET_KEY: KEY, OBI_SECRET_KEY_FILE: file }).join(), /set one of them, not both/);
    assert.match(problems({ OBI_SECRET_KEY: 'short' }).join(), /OBI_SECRET_KEY: expected a key of at least 32/);
    assert.match(problems({ OBI_SECRET_KEY_FILE: file }).join(), /OBI_SECRET_KEY_FILE: expected a key of at least 32/);
    assert.match(problems({ OBI_SECRET_KEY_FILE: '/nonexistent/obi-key' }).join(), /cannot read .*ENOENT/);
  });

  test('the report.compute hold hook is refused outside NODE_ENV=test', () => {
    assert.equal(loadConfig({ NODE_ENV: 'test', OBI_TEST_HOLD_REPORT_COMPUTE: 'true' }).testHoldReportCompute, true);
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', OBI_SECRET_KEY: KEY, OBI_TEST_HOLD_REPORT_COMPUTE: 'true' }),
      /OBI_TEST_HOLD_REPORT_COMPUTE: a test hook, accepted only with NODE_ENV=test/,
    );
  });
});

describe('where the installation key comes from (start-up)', () => {
  let db: Database;
  before(async () => {
    db = await openPglite(null);
    await migrate(db);
  });
  after(() => db.close());
  beforeEach(() => db.query('DELETE FROM installation'));

  const config = (over: Partial<Config> = {}) => ({
    installationKey: null,
    installationKeySource: null,
    nodeEnv: 'development' as const,
    dataDir: tmpDir(),
    ...over,
  });
  const storeLegacyKey = () => db.query('INSERT INTO installation (secret_key) VALUES ($1)', [LEGACY]);
  const storedKeys = async () =>
    (await db.query<{ secret_key: string }>('SELECT secret_key FROM installation')).rows.map((r) => r.secret_key);
  /** The same database as the server engine: no data directory for the key to move to. */
  const asServer = (d: Database): Database =>
    new Proxy(d, { get: (t, p) => (p === 'kind' ? 'postgres' : Reflect.get(t, p)) });

  test('a fresh installation keeps no key in the database (migration 0008)', async () => {
    const fresh = await openPglite(null);
    try {
      await migrate(fresh);
      assert.deepEqual((await fresh.query('SELECT secret_key FROM installation')).rows, []);
    } finally {
      await fresh.close();
    }
  });

  test('an installation with clients keeps its key through migration 0008 (it may have sealed data with it)', async () => {
    const old = await openPglite(null);
    try {
      const files = readMigrations();
      await migrate(
        old,
        files.filter((f) => f.version < '0008'),
      );
      await old.query("INSERT INTO clients (id, name, secret_hash) VALUES ('old-client', 'Old', $1)", ['0'.repeat(64)]);
      const before = (await old.query<{ secret_key: string }>('SELECT secret_key FROM installation')).rows;
      assert.equal(before.length, 1);
      await migrate(old, files);
      assert.deepEqual((await old.query('SELECT secret_key FROM installation')).rows, before);
    } finally {
      await old.close();
    }
  });

  test('configured: used as it is; nothing is written', async () => {
    const c = config({ installationKey: KEY, installationKeySource: 'OBI_SECRET_KEY' });
    assert.equal(await loadInstallationKey(c, db, recordingLog()), KEY);
    assert.equal(fs.existsSync(generatedKeyFile(c.dataDir)), false);
    assert.deepEqual(await storedKeys(), []);
  });

  test('development without a key: one is generated into DATA_DIR/installation-key, with a warning, and kept', async () => {
    const c = config();
    const log = recordingLog();
    const key = await loadInstallationKey(c, db, log);
    assert.match(key, /^[0-9a-f]{64}$/);
    const file = generatedKeyFile(c.dataDir);
    assert.equal(fs.readFileSync(file, 'utf8').trim(), key);
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    assert.deepEqual(await storedKeys(), [], 'not in the database');
    assert.match(log.lines[0]?.[1] ?? '', /Generated an installation key .*production must set OBI_SECRET_KEY/);
    assert.equal(log.lines[0]?.[0], 'warn');
    assert.equal(await loadInstallationKey(c, db, recordingLog()), key, 'the next start uses the same key');
  });

  test('production without a key: refused', async () => {
    await assert.rejects(
      loadInstallationKey(config({ nodeEnv: 'production' }), db, recordingLog()),
      (err: Error) => err instanceof InstallationKeyError && /production must have one/.test(err.message),
    );
  });

  test('a key an earlier version kept in the embedded database (development): moved to the key file, never lost', async () => {
    await storeLegacyKey();
    const c = config();
    const log = recordingLog();
    assert.equal(await loadInstallationKey(c, db, log), LEGACY);
    assert.equal(fs.readFileSync(generatedKeyFile(c.dataDir), 'utf8').trim(), LEGACY);
    assert.deepEqual(await storedKeys(), [], 'out of the database once the file holds it');
    assert.match(log.lines.map((l) => l[1]).join(), /moved out of the database into .*installation-key/);
    assert.equal(await loadInstallationKey(c, db, recordingLog()), LEGACY, 'the next start reads the file');
  });

  test('the same in production: used, a copy written for the operator, the database copy kept, an error logged', async () => {
    await storeLegacyKey();
    const c = config({ nodeEnv: 'production' });
    const log = recordingLog();
    assert.equal(await loadInstallationKey(c, db, log), LEGACY);
    assert.equal(fs.readFileSync(generatedKeyFile(c.dataDir), 'utf8').trim(), LEGACY);
    assert.deepEqual(await storedKeys(), [LEGACY]);
    assert.equal(log.lines[0]?.[0], 'error');
    assert.match(log.lines[0]?.[1] ?? '', /read from the database it protects.*set OBI_SECRET_KEY/);
  });

  test('a key kept in a server database: used and left there, the operator told how to move it out', async () => {
    await storeLegacyKey();
    const c = config();
    const log = recordingLog();
    assert.equal(await loadInstallationKey(c, asServer(db), log), LEGACY);
    assert.deepEqual(await storedKeys(), [LEGACY]);
    assert.equal(fs.existsSync(generatedKeyFile(c.dataDir)), false);
    assert.match(log.lines[0]?.[1] ?? '', /SELECT secret_key FROM installation/);
    const prod = recordingLog();
    assert.equal(await loadInstallationKey({ ...c, nodeEnv: 'production' }, asServer(db), prod), LEGACY);
    assert.equal(prod.lines[0]?.[0], 'error', 'in production it keeps working, loudly');
  });

  test('once the operator configured the same key, the database copy is removed', async () => {
    await storeLegacyKey();
    const log = recordingLog();
    const c = config({ installationKey: LEGACY, installationKeySource: 'OBI_SECRET_KEY_FILE' });
    assert.equal(await loadInstallationKey(c, asServer(db), log), LEGACY);
    assert.deepEqual(await storedKeys(), []);
    assert.match(log.lines[0]?.[1] ?? '', /now comes from OBI_SECRET_KEY_FILE only/);
  });

  test('a different key configured: the configured one is used, the stored one kept (data may need it)', async () => {
    await storeLegacyKey();
    const log = recordingLog();
    const c = config({ installationKey: KEY, installationKeySource: 'OBI_SECRET_KEY' });
    assert.equal(await loadInstallationKey(c, db, log), KEY);
    assert.deepEqual(await storedKeys(), [LEGACY]);
    assert.equal(log.lines[0]?.[0], 'warn');
    assert.match(log.lines[0]?.[1] ?? '', /not used while OBI_SECRET_KEY is set/);
  });
});

describe('the service in production without a key', () => {
  test('refuses to start (exit 78) and says what to set', async () => {
    const dataDir = tmpDir();
    const child = spawn(process.execPath, ['src/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: '0',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    child.stdout.resume();
    const code = await withDeadline(new Promise<number | null>((resolve) => child.once('exit', resolve)), {
      what: 'the service to refuse to start',
      detail: () => err,
    }).finally(() => child.kill('SIGKILL'));
    assert.equal(code, 78, err);
    assert.match(err, /No installation key: production must have one; set OBI_SECRET_KEY, or OBI_SECRET_KEY_FILE/);
  });
});
