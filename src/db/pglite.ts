/** The embedded adapter: PGlite (PostgreSQL compiled to WASM) in this process, data on disk or in memory. */
import { PGlite, types } from '@electric-sql/pglite';
import type { Transaction } from '@electric-sql/pglite';
import path from 'node:path';
import type { Database, Db, QueryResult } from './db.ts';
import { lockDataDir } from './lock.ts';

// Same value mapping as the server adapter: int8 as number, numeric as exact string.
const parsers = { [types.INT8]: (v: string) => Number(v), [types.NUMERIC]: (v: string) => v };

function bind(q: PGlite | Transaction, inTx: boolean): Db {
  const db: Db = {
    kind: 'pglite',
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const r = await q.query<T>(sql, params);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (inTx) return fn(db);
      return (q as PGlite).transaction((tx) => fn(bind(tx, true)));
    },
    async copyFrom(table: string, columns: string[], csv: string | AsyncIterable<string>) {
      // One COPY per chunk: the engine runs on this thread, and the awaits between chunks let it breathe.
      for await (const chunk of typeof csv === 'string' ? [csv] : csv) {
        await q.query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
          blob: new Blob([chunk]),
        });
      }
    },
  };
  return db;
}

/** The pglite instance is exposed for pg-boss's adapter. */
export interface EmbeddedDatabase extends Database {
  readonly pglite: PGlite;
}

/** dataDir null = in memory (tests). Otherwise the directory is locked against a second process. */
export async function openPglite(dataDir: string | null): Promise<EmbeddedDatabase> {
  const release = dataDir ? lockDataDir(dataDir) : () => undefined;
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dataDir ? path.join(dataDir, 'pg') : undefined, { parsers });
  } catch (err) {
    release();
    throw err;
  }
  const db = bind(pglite, false);
  return {
    ...db,
    pglite,
    async close() {
      try {
        if (!pglite.closed) await pglite.close();
      } finally {
        release();
      }
    },
    async ping() {
      try {
        await pglite.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
  };
}
