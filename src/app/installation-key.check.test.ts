/**
 * The installation key checked at start-up against the fingerprint the database recorded (src/app/installation-key.ts,
 * checkKeyFingerprint; migration 0022): another key is refused with a clear error, a deliberate rotation is accepted
 * once with OBI_SECRET_KEY_ROTATED.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPglite } from '../db/pglite.ts';
import { migrate } from '../db/migrate.ts';
import type { Database } from '../db/db.ts';
import { checkKeyFingerprint, InstallationKeyError, keyFingerprint } from './installation-key.ts';

const FIRST = 'first-installation-key-0123456789abcdef';
const OTHER = 'other-installation-key-0123456789abcdef';
const lines: string[] = [];
const log = {
  info: (m: string) => lines.push(m),
  warn: (m: string) => lines.push(m),
  error: (m: string) => lines.push(m),
};
const production = { nodeEnv: 'production' as const, installationKeyRotated: false };

let db: Database;
before(async () => {
  db = await openPglite(null);
  await migrate(db);
});
after(() => db.close());

test('installation key check › the first start records the fingerprint (never the key); the same key starts again', async () => {
  await checkKeyFingerprint(production, db, FIRST, log);
  const rows = (await db.query<{ fingerprint: string }>('SELECT fingerprint FROM installation_key_check')).rows;
  assert.deepEqual(
    rows.map((r) => r.fingerprint),
    [keyFingerprint(FIRST)],
  );
  assert.ok(!rows[0]?.fingerprint.includes(FIRST));
  await checkKeyFingerprint(production, db, FIRST, log);
});

test('installation key check › another key is refused at start-up with an error that says what to do', async () => {
  await assert.rejects(checkKeyFingerprint(production, db, OTHER, log), (err: unknown) => {
    assert.ok(err instanceof InstallationKeyError);
    assert.match(err.message, /not the one this database was used with/);
    assert.match(err.message, /invalid_client/);
    assert.match(err.message, /OBI_SECRET_KEY_ROTATED=true/);
    assert.ok(!err.message.includes(OTHER) && !err.message.includes(FIRST), 'no key in the message');
    return true;
  });
});

test('installation key check › after a deliberate rotation, OBI_SECRET_KEY_ROTATED records the new key once', async () => {
  await checkKeyFingerprint({ ...production, installationKeyRotated: true }, db, OTHER, log);
  await checkKeyFingerprint(production, db, OTHER, log);
  await assert.rejects(checkKeyFingerprint(production, db, FIRST, log), InstallationKeyError);
});
