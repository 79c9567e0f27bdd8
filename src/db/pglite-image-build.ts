/**
 * Building the pre-initialised image of the embedded database (src/db/pglite-image.ts): initdb, the migrations and
 * whatever `prepare` adds (pg-boss's schema, scripts/build-pglite-image.ts), then checks that it holds nothing of an
 * installation before it is written.
 *
 * Nothing per-installation: every table is empty but schema_migrations and the ones the caller names (pg-boss's
 * version and queue policies). No secret, not even a deleted one: migration 0001 generated an installation key that
 * 0008 deletes; its row would linger in the table file and its INSERT in the write-ahead log. So the tables are
 * rewritten (VACUUM FULL), the log is moved on past those records with old segments removed, not recycled
 * (wal_recycle=off), and the build fails if any value such a migration generated is still in the tarball's bytes.
 */
import { PGlite } from '@electric-sql/pglite';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from './db.ts';
import { migrate, readMigrations, type MigrationFile } from './migrate.ts';
import { embeddedDatabase, PGLITE_PARSERS, type EmbeddedDatabase } from './pglite.ts';
import { imageIdentity, writeImage, type ImageManifest } from './pglite-image.ts';
import { createTar } from './tar.ts';

export interface BuildImageOptions {
  /** runs on the database after the migrations (pg-boss creates its schema) */
  prepare?: (db: EmbeddedDatabase) => Promise<void>;
  /** tables (schema.name) that may hold rows in the image besides public.schema_migrations */
  tablesWithRows?: string[];
  /** the migrations to apply (tests build older images); default migrations/ */
  migrations?: MigrationFile[];
  now?: Date;
}

/** Builds the image and writes it into `dir` (replacing the one there); returns its manifest. */
export async function buildImage(dir: string, opts: BuildImageOptions = {}): Promise<ImageManifest> {
  const migrations = opts.migrations ?? readMigrations();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'obi-pglite-image-'));
  try {
    const generated = await initialise(path.join(work, 'pg'), migrations, opts);
    // Taken from the directory PGlite shut down cleanly: a start from it needs no recovery.
    const tar = createTar(path.join(work, 'pg'));
    if (generated.some((secret) => tar.includes(Buffer.from(secret))))
      throw new Error('the image would still hold a key a migration generated: not written');
    return writeImage(dir, tar, imageIdentity(migrations), opts.now ?? new Date());
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** initdb, migrations, `prepare`, the checks and the scrub, in `pgDir`; returns the secrets migrations generated. */
async function initialise(pgDir: string, migrations: MigrationFile[], opts: BuildImageOptions): Promise<string[]> {
  const pglite = await PGlite.create(pgDir, {
    parsers: PGLITE_PARSERS,
    startParams: [...PGlite.defaultStartParams, '-c', 'wal_recycle=off'],
  });
  const db = embeddedDatabase(pglite, () => undefined);
  try {
    const generated: string[] = [];
    for (const file of migrations) {
      await migrate(db, [file]);
      generated.push(...(await generatedSecrets(db)));
    }
    await opts.prepare?.(db);
    await refuseRows(db, ['public.schema_migrations', ...(opts.tablesWithRows ?? [])]);
    await scrub(db);
    return generated;
  } finally {
    await db.close();
  }
}

/** Values migrations generate that must never be in an image: 0001's installation key (deleted by 0008). */
async function generatedSecrets(db: Db): Promise<string[]> {
  const has = await db.query(
    "SELECT 1 FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'installation' AND column_name = 'secret_key'",
  );
  if (has.rows.length === 0) return [];
  const r = await db.query<{ secret_key: string | null }>('SELECT secret_key FROM installation');
  return r.rows.flatMap((row) => (row.secret_key ? [row.secret_key] : []));
}

/** Fails unless every table outside `allowed` is empty. */
async function refuseRows(db: Db, allowed: string[]): Promise<void> {
  const tables = await db.query<{ name: string; quoted: string }>(
    `SELECT n.nspname || '.' || c.relname AS name, format('%I.%I', n.nspname, c.relname) AS quoted
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
      ORDER BY 1`,
  );
  const withRows: string[] = [];
  for (const t of tables.rows) {
    if (allowed.includes(t.name)) continue;
    const r = await db.query(`SELECT 1 FROM ${t.quoted} LIMIT 1`);
    if (r.rows.length > 0) withRows.push(t.name);
  }
  if (withRows.length > 0)
    throw new Error(`the image must hold no installation's data, and these tables have rows: ${withRows.join(', ')}`);
}

/** Dead rows rewritten away, and the write-ahead log moved on past every record of them (see the file's comment). */
async function scrub(db: Db): Promise<void> {
  await db.exec('VACUUM FULL');
  for (let i = 0; i < 3; i++) {
    await db.query('SELECT pg_switch_wal()');
    await db.exec('CHECKPOINT');
  }
}
