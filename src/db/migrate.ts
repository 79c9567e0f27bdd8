/**
 * Plain SQL migrations from migrations/NNNN_name.sql, forward-only, applied once each, each in its own
 * transaction. A transaction-scoped advisory lock serialises concurrent migrators (two processes
 * starting against the same server), so each file runs exactly once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');
const LOCK_KEY = 7_310_420_001; // arbitrary, fixed: "obi migrations"

export interface MigrationFile {
  version: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), sql: fs.readFileSync(path.join(dir, f), 'utf8') }));
}

/** Applies what is missing; returns the versions applied now. */
export async function migrate(db: Db, files = readMigrations()): Promise<string[]> {
  if (await isUpToDate(db, files)) return [];
  const applied: string[] = [];
  for (const file of files) {
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
      await tx.exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [file.version]);
      if (seen.rows.length > 0) return false;
      await tx.exec(file.sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file.version]);
      return true;
    });
    if (ran) applied.push(file.version);
  }
  return applied;
}

/**
 * Every file recorded already (most starts, and a fresh embedded database made from the pre-initialised image):
 * one read instead of a locked transaction per file. Read without the lock: an applied migration stays applied, so
 * a yes cannot be wrong, and a no goes the locked way.
 */
async function isUpToDate(db: Db, files: MigrationFile[]): Promise<boolean> {
  const table = await db.query<{ t: string | null }>("SELECT to_regclass('schema_migrations')::text AS t");
  if (!table.rows[0]?.t) return false;
  const seen = await db.query<{ version: string }>('SELECT version FROM schema_migrations');
  const versions = new Set(seen.rows.map((r) => r.version));
  return files.every((f) => versions.has(f.version));
}
