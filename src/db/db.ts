/**
 * The Db port: the one way the service talks to PostgreSQL, whichever engine is underneath
 * (PGlite embedded in the process, or a PostgreSQL server through node-postgres).
 * Repositories take a Db as their first argument; inside `transaction` they get a Db bound to it.
 */
import { createHash } from 'node:crypto';
import type { PoolStats } from '../lib/metrics.ts';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export type EngineKind = 'pglite' | 'postgres';

export interface QueryOptions {
  /**
   * Prepare the statement once per connection (a name made from its text: statementName) and reuse it: parsed and
   * planned once instead of on every call, for a long statement run often (src/db/pglite-prepared.ts).
   */
  prepare?: boolean;
}

export interface TransactionOptions {
  /**
   * Plan this transaction's statements generically (plan_cache_mode = force_generic_plan, SET LOCAL: for this
   * transaction alone, on either engine), so a prepared statement is planned once per connection and each call only
   * binds it. Without it PostgreSQL plans a prepared statement on the partitioned transactions table afresh on every
   * call: a generic plan's estimated cost counts every partition, before the pruning it does when it runs, so the
   * planner keeps choosing a custom plan, whose making costs more than running it (the small submission's statement:
   * 0.39 ms of planning for 0.21 ms of work, docs/decisions/0039-small-submission-generic-plans.md). For short
   * transactions of such statements only; inside another transaction it is ignored (the outer one decides).
   */
  genericPlans?: boolean;
}

/** What a transaction runs first to plan its statements generically (TransactionOptions.genericPlans). */
export const GENERIC_PLANS_SQL = 'SET LOCAL plan_cache_mode = force_generic_plan';

const statementNames = new Map<string, string>();

/** The name a statement is prepared under: from its text, so one name never stands for two texts. */
export function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    if (statementNames.size >= 1000) statementNames.clear();
    name = `obi_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return name;
}

export interface Db {
  readonly kind: EngineKind;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<QueryResult<T>>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn in one transaction: commit when it resolves, roll back when it throws. */
  transaction<T>(fn: (tx: Db) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Bulk-load rows with COPY ... FROM STDIN (CSV). `columns` name the target columns; `csv` is the CSV
   * body, whole or as chunks of whole lines, as text or UTF-8 bytes (a server streams them while the next chunk is
   * being made).
   */
  copyFrom(
    table: string,
    columns: string[],
    csv: string | AsyncIterable<string | Uint8Array<ArrayBuffer>>,
  ): Promise<void>;
}

/** A Db that owns its connections. */
export interface Database extends Db {
  close(): Promise<void>;
  /** Cheap round trip for readiness checks. */
  ping(): Promise<boolean>;
  /** The connection pool's state, for /metrics; absent where there is no pool (the embedded engine). */
  poolStats?(): PoolStats;
}

/** pg-boss's database interface, bound to a Db (so jobs can be enqueued inside our transaction). */
export function asBossDb(db: Db): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  return { executeSql: (text, values) => db.query(text, values) };
}

/**
 * The one row a statement always returns (INSERT … RETURNING without ON CONFLICT, SELECT count(*)). Its absence
 * is a bug, not a state to handle, so it throws rather than letting `undefined` travel on.
 */
export function theRow<T>(result: QueryResult<T>): T {
  const [row] = result.rows;
  if (row === undefined) throw new Error('the statement returned no row where one is always expected');
  return row;
}
