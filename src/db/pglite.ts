/** The embedded adapter: PGlite (PostgreSQL compiled to WASM) in this process, data on disk or in memory. */
import { PGlite, types } from '@electric-sql/pglite';
import type { Transaction } from '@electric-sql/pglite';
import path from 'node:path';
import {
  GENERIC_PLANS_SQL,
  statementName,
  type Database,
  type Db,
  type QueryResult,
  type TransactionOptions,
} from './db.ts';
import { queryPrepared } from './pglite-prepared.ts';
import { lockDataDir } from './lock.ts';
import { makeFromImage, type DbStartLog } from './pglite-image-load.ts';

// Same value mapping as the server adapter: int8 as number, numeric as exact string.
export const PGLITE_PARSERS = { [types.INT8]: (v: string) => Number(v), [types.NUMERIC]: (v: string) => v };
const parsers = PGLITE_PARSERS;

function bind(q: PGlite | Transaction, inTx: boolean, root: PGlite): Db {
  const db: Db = {
    kind: 'pglite',
    async query<T>(sql: string, params?: unknown[], opts?: { prepare?: boolean }): Promise<QueryResult<T>> {
      if (opts?.prepare) {
        const statement = { name: statementName(sql), sql, inTransaction: inTx };
        const run = () => root._runExclusiveQuery(() => queryPrepared<T>(root, statement, params ?? [], parsers));
        // Outside a transaction, as PGlite's own query() does: after any open transaction ends, never inside it (the
        // query lock alone is free between a transaction's statements).
        return inTx ? run() : root._runExclusiveTransaction(run);
      }
      const r = await q.query<T>(sql, params);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>, options?: TransactionOptions): Promise<T> {
      if (inTx) return fn(db);
      return (q as PGlite).transaction(async (tx) => {
        if (options?.genericPlans) await tx.exec(GENERIC_PLANS_SQL);
        return fn(bind(tx, true, root));
      });
    },
    async copyFrom(table: string, columns: string[], csv: string | AsyncIterable<string | Uint8Array<ArrayBuffer>>) {
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

export interface PgliteOpenOptions {
  /**
   * The directory of a pre-initialised image (src/db/pglite-image.ts) to make a new data directory from; null or
   * absent: initdb. Used only when DATA_DIR/pg is new, and only while the image matches this code.
   */
  image?: string | null;
  /** where a start from the image, or the fall-back to initdb, is reported */
  log?: DbStartLog;
}

/** dataDir null = in memory (tests). Otherwise the directory is locked against a second process. */
export async function openPglite(dataDir: string | null, opts: PgliteOpenOptions = {}): Promise<EmbeddedDatabase> {
  const release = dataDir ? lockDataDir(dataDir) : () => undefined;
  let pglite: PGlite;
  try {
    pglite = dataDir ? await createOnDisk(dataDir, opts) : await PGlite.create({ parsers });
  } catch (err) {
    release();
    throw err;
  }
  return embeddedDatabase(pglite, release);
}

/** DATA_DIR/pg: opened if it holds a database; otherwise made from the image when there is a usable one, else by initdb. */
async function createOnDisk(dataDir: string, opts: PgliteOpenOptions): Promise<PGlite> {
  const pgDir = path.join(dataDir, 'pg');
  const image = await makeFromImage(pgDir, opts.image ?? null, opts.log);
  if (image) {
    try {
      const pglite = await PGlite.create(pgDir, { parsers });
      image.opened();
      return pglite;
    } catch (err) {
      image.failed(err);
    }
  }
  return PGlite.create(pgDir, { parsers });
}

/** Our Database over a PGlite instance; `release` runs after it closes (the data directory's lock). */
export function embeddedDatabase(pglite: PGlite, release: () => void): EmbeddedDatabase {
  const db = bind(pglite, false, pglite);
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
