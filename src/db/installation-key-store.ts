/**
 * The statements of the installation key's checks (src/app/installation-key.ts): the fingerprint recorded at the first
 * start with a key (table installation_key_check, migration 0022) and the key older installations kept in the
 * database (table installation).
 */
import type { Db } from './db.ts';

export async function readKeyFingerprint(db: Db): Promise<{ fingerprint: string; recorded_at: Date } | null> {
  const r = await db.query<{ fingerprint: string; recorded_at: Date }>(
    'SELECT fingerprint, recorded_at FROM installation_key_check WHERE id = 1',
  );
  return r.rows[0] ?? null;
}

/** Records the first fingerprint (a concurrent first start records the same one). */
export async function recordFirstKeyFingerprint(db: Db, fingerprint: string): Promise<void> {
  await db.query('INSERT INTO installation_key_check (id, fingerprint) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [
    fingerprint,
  ]);
}

/** After a deliberate rotation: the new key's fingerprint replaces the old. */
export async function replaceKeyFingerprint(db: Db, fingerprint: string): Promise<void> {
  await db.query('UPDATE installation_key_check SET fingerprint = $1, recorded_at = now() WHERE id = 1', [fingerprint]);
}

/** The key the database still holds (installations made before the key moved out of it), if any. */
export async function readStoredKey(db: Db): Promise<string | null> {
  const r = await db.query<{ secret_key: string | null }>('SELECT secret_key FROM installation ORDER BY id LIMIT 1');
  return r.rows[0]?.secret_key ?? null;
}

export async function forgetStoredKey(db: Db): Promise<void> {
  await db.query('DELETE FROM installation');
}
