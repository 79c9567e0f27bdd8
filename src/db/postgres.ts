/** The server adapter: node-postgres pool. */
import pg from 'pg';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  GENERIC_PLANS_SQL,
  statementName,
  type Database,
  type Db,
  type QueryResult,
  type TransactionOptions,
} from './db.ts';
import { from as copyFromStream } from 'pg-copy-streams';

// int8 (counts, sums of integers) as JS numbers; numeric stays a string so money is never turned into a float here.
pg.types.setTypeParser(20, (v) => Number(v));

type Queryable = pg.Pool | pg.PoolClient;

function bind(kind: 'postgres', q: Queryable, client: pg.PoolClient | null): Db {
  const db: Db = {
    kind,
    async query<T>(sql: string, params?: unknown[], opts?: { prepare?: boolean }): Promise<QueryResult<T>> {
      // node-postgres prepares a named statement once per connection and reuses it after.
      const r = opts?.prepare
        ? await q.query({ name: statementName(sql), text: sql, values: params as unknown[] })
        : await q.query(sql, params as unknown[]);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await q.query(sql);
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>, options?: TransactionOptions): Promise<T> {
      if (client) return fn(db); // already inside one: flat, the outer transaction decides
      const c = await (q as pg.Pool).connect();
      try {
        // With generic plans, the SET goes with BEGIN: one round trip, as BEGIN alone.
        await c.query(options?.genericPlans ? `BEGIN; ${GENERIC_PLANS_SQL}` : 'BEGIN');
        const out = await fn(bind(kind, c, c));
        await c.query('COMMIT');
        return out;
      } catch (err) {
        await c.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        c.release();
      }
    },
    async copyFrom(table: string, columns: string[], csv: string | AsyncIterable<string | Uint8Array<ArrayBuffer>>) {
      const run = async (c: pg.PoolClient) => {
        const sink = c.query(copyFromStream(`COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv)`));
        // One chunk read ahead, not Readable.from's sixteen: COPY's own backpressure reaches the chunks' maker.
        await pipeline(Readable.from(typeof csv === 'string' ? [csv] : csv, { highWaterMark: 1 }), sink);
      };
      if (client) return run(client);
      const c = await (q as pg.Pool).connect();
      try {
        await run(c);
      } finally {
        c.release();
      }
    },
  };
  return db;
}

/**
 * `lazy`: connect on first use instead of proving the server is there now (a read replica: while it is away, reads
 * go to the primary, src/db/read-replica.ts, and the process still starts).
 */
export async function openPostgres(url: string, opts: { lazy?: boolean } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client that errors (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  if (!opts.lazy) await pool.query('SELECT 1');
  const db = bind('postgres', pool, null);
  return {
    ...db,
    async close() {
      await pool.end();
    },
    async ping() {
      try {
        await pool.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    poolStats() {
      return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
    },
  };
}
