/**
 * The embedded database's pre-initialised image (src/db/pglite-image.ts): a fresh data directory made from it is
 * complete and works, an older image gets the newer migrations, an unusable one falls back to initdb, and
 * installations made from the same image share no secret. No timings here: bench/cold-start.bench.ts measures.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { openPglite } from '../../src/db/pglite.ts';
import { migrate, readMigrations } from '../../src/db/migrate.ts';
import { findImage, type ImageManifest } from '../../src/db/pglite-image.ts';
import { makeFromImage, type DbStartLog } from '../../src/db/pglite-image-load.ts';
import { buildServiceImage } from '../../scripts/build-pglite-image.ts';
import { startChildService, type ChildService } from '../helpers/child-service.ts';

const ALL = readMigrations().map((m) => m.version);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'obi-image-test-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));

let seq = 0;
const freshDir = () => path.join(root, `data-${++seq}`);

/** A log that keeps its lines. */
function recordingLog(): DbStartLog & { lines: { level: string; fields: object; message: string }[] } {
  const lines: { level: string; fields: object; message: string }[] = [];
  return {
    lines,
    info: (fields, message) => lines.push({ level: 'info', fields, message }),
    warn: (fields, message) => lines.push({ level: 'warn', fields, message }),
  };
}

async function appliedVersions(dataDir: string): Promise<string[]> {
  const db = await openPglite(dataDir);
  try {
    return (await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).rows.map(
      (r) => r.version,
    );
  } finally {
    await db.close();
  }
}

/** A copy of the image in `from`, changed by `change`, in a directory of its own. */
function alteredImage(from: string, change: (manifest: ImageManifest, dir: string) => void): string {
  const dir = path.join(root, `image-${++seq}`);
  fs.cpSync(from, dir, { recursive: true });
  const file = path.join(dir, 'image.json');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as ImageManifest;
  change(manifest, dir);
  fs.writeFileSync(file, JSON.stringify(manifest));
  return dir;
}

let image: string;

before(async () => {
  image = path.join(root, 'image');
  await buildServiceImage(image);
});

describe('a fresh data directory made from the image', () => {
  test('has every migration applied, so start-up applies none', async () => {
    const dataDir = freshDir();
    const log = recordingLog();
    const db = await openPglite(dataDir, { image, log });
    try {
      assert.deepEqual(await migrate(db), []);
      const rows = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
      assert.deepEqual(
        rows.rows.map((r) => r.version),
        ALL,
      );
      assert.ok(log.lines.some((l) => l.message.includes('created from the pre-initialised image')));
      const boss = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pgboss.queue');
      assert.ok((boss.rows[0]?.n ?? 0) > 0, "pg-boss's schema and queues come with the image");
      await db.exec('CREATE TABLE kept_across_restarts (x int); INSERT INTO kept_across_restarts VALUES (1)');
    } finally {
      await db.close();
    }
    // an existing database is opened, never replaced by the image
    const again = recordingLog();
    const reopened = await openPglite(dataDir, { image, log: again });
    try {
      assert.equal((await reopened.query('SELECT x FROM kept_across_restarts')).rows.length, 1);
      assert.deepEqual(again.lines, []);
    } finally {
      await reopened.close();
    }
  });

  test('an image from an older set of migrations gets the newer ones', async () => {
    const files = readMigrations();
    // Not older than 0008: an image holding 0001's generated key is refused (below).
    const older = files.slice(0, Math.max(8, files.length - 2));
    const olderImage = path.join(root, 'image-older');
    await buildServiceImage(olderImage, older);
    const dataDir = freshDir();
    const log = recordingLog();
    const db = await openPglite(dataDir, { image: olderImage, log });
    try {
      const newer = files.slice(older.length).map((m) => m.version);
      const made = log.lines.find((l) => l.message.includes('created from the pre-initialised image'));
      assert.deepEqual((made?.fields as { newerMigrations?: string[] }).newerMigrations, newer);
      assert.deepEqual(await migrate(db), newer);
    } finally {
      await db.close();
    }
    assert.deepEqual(await appliedVersions(dataDir), ALL);
  });

  test('a start cut short while extracting leaves nothing that stops the next one', async () => {
    const dataDir = freshDir();
    fs.mkdirSync(path.join(dataDir, 'pg.from-image', 'base'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'pg.from-image', 'base', 'half-written'), 'x');
    const db = await openPglite(dataDir, { image });
    await db.close();
    assert.equal(fs.existsSync(path.join(dataDir, 'pg.from-image')), false);
    assert.deepEqual(await appliedVersions(dataDir), ALL);
  });
});

describe('an image that cannot serve falls back to initdb, saying why', () => {
  const cases: [string, () => string, RegExp][] = [
    ['there is none', () => path.join(root, 'no-image-here'), /there is none/],
    [
      'it is damaged',
      () =>
        alteredImage(image, (m, dir) => {
          const file = path.join(dir, m.file);
          const bytes = fs.readFileSync(file);
          bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] ?? 0) ^ 0xff;
          fs.writeFileSync(file, bytes);
        }),
      /damaged/,
    ],
    [
      'it was made by another PGlite',
      () => alteredImage(image, (m) => void (m.packages['@electric-sql/pglite'] = '0.0.1')),
      /made with @electric-sql\/pglite 0\.0\.1/,
    ],
    [
      'a migration it holds has changed since',
      () => alteredImage(image, (m) => void (m.migrations[0] = { version: ALL[0] ?? '', sha256: 'f'.repeat(64) })),
      /has changed/,
    ],
    [
      'it holds a migration this code does not have',
      () => alteredImage(image, (m) => void m.migrations.push({ version: '9999_from_the_future', sha256: '0' })),
      /9999_from_the_future/,
    ],
    [
      'its tarball is not a tar (though its checksum matches)',
      () =>
        alteredImage(image, (m, dir) => {
          const gz = gzipSync(Buffer.from('not a tar archive at all, but long enough to be read as one? '.repeat(20)));
          fs.writeFileSync(path.join(dir, m.file), gz);
          m.sha256 = findSha(gz);
        }),
      /extracting the pre-initialised image failed/,
    ],
  ];
  for (const [when, imageDir, reason] of cases) {
    test(`when ${when}`, async () => {
      const pgDir = path.join(freshDir(), 'pg');
      const log = recordingLog();
      assert.equal(await makeFromImage(pgDir, imageDir(), log), null);
      assert.equal(log.lines.length, 1);
      assert.equal(log.lines[0]?.level, 'warn');
      assert.match(log.lines[0]?.message ?? '', reason);
      assert.match(log.lines[0]?.message ?? '', /initdb/);
      assert.equal(fs.existsSync(pgDir), false, 'nothing is left of the attempt');
      assert.equal(fs.existsSync(`${pgDir}.from-image`), false);
    });
  }

  test('and the database initdb makes then works, with every migration', async () => {
    const damaged = alteredImage(image, (m) => void (m.sha256 = '0'.repeat(64)));
    const dataDir = freshDir();
    const log = recordingLog();
    const db = await openPglite(dataDir, { image: damaged, log });
    try {
      assert.match(log.lines[0]?.message ?? '', /damaged/);
      assert.deepEqual(await migrate(db), ALL);
    } finally {
      await db.close();
    }
  });

  test('OBI_PGLITE_IMAGE=off (image null) uses initdb and says so', async () => {
    const log = recordingLog();
    assert.equal(await makeFromImage(path.join(freshDir(), 'pg'), null, log), null);
    assert.match(log.lines[0]?.message ?? '', /off/);
  });
});

describe('the image holds nothing of an installation', () => {
  test('an image that would hold a key a migration generated is refused, and nothing is written', async () => {
    const dir = path.join(root, 'image-refused');
    await assert.rejects(buildServiceImage(dir, readMigrations().slice(0, 1)), /installation/);
    assert.ok('unusable' in findImage(dir));
  });

  test('two installations made from the same image share no key and no secret', async () => {
    const dirs = [freshDir(), freshDir()];
    const services = await Promise.all(dirs.map((dataDir) => startFromImage(dataDir)));
    try {
      for (const svc of services) {
        assert.match(svc.output(), /created from the pre-initialised image/);
        await createCustomerThrough(svc);
      }
    } finally {
      await Promise.all(services.map((svc) => svc.stop('SIGTERM')));
    }
    const keys = dirs.map((d) => fs.readFileSync(path.join(d, 'installation-key'), 'utf8'));
    assert.notEqual(keys[0], keys[1]);
    const hashes: string[] = [];
    for (const dataDir of dirs) {
      const db = await openPglite(dataDir);
      try {
        assert.equal((await db.query('SELECT 1 FROM installation')).rows.length, 0);
        const r = await db.query<{ secret_hash: string }>("SELECT secret_hash FROM clients WHERE id = 'image-test'");
        hashes.push(r.rows[0]?.secret_hash ?? '');
      } finally {
        await db.close();
      }
    }
    assert.notEqual(hashes[0], hashes[1], 'the same secret, peppered with a different installation key');
  });
});

const CLIENT_SECRET = 'image-test-secret-0123456789';

function startFromImage(dataDir: string): Promise<ChildService> {
  return startChildService({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    OBI_PGLITE_IMAGE: image,
    OBI_SECRET_KEY: '',
    OBI_BOOTSTRAP_CLIENTS: `image-test:${CLIENT_SECRET}`,
  });
}

async function createCustomerThrough(svc: ChildService): Promise<void> {
  const token = await fetch(`${svc.baseUrl}/oauth/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: 'image-test', client_secret: CLIENT_SECRET, grant_type: 'client_credentials' }),
  });
  assert.equal(token.status, 200, await token.clone().text());
  const { access_token } = (await token.json()) as { access_token: string };
  const customer = await fetch(`${svc.baseUrl}/public/v3/customers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
    body: JSON.stringify({ user_reference: 'made-from-the-image' }),
  });
  assert.equal(customer.status, 201, await customer.clone().text());
}

function findSha(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
