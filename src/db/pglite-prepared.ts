/**
 * Named prepared statements on the embedded engine (src/db/pglite.ts, Db.query's `prepare`). PGlite's query() parses
 * and plans its text on every call, and PGlite runs PostgreSQL as WASM on this thread: a long statement (the small
 * submission's, src/modules/transactions/transactions.repo.ts) costs milliseconds of parsing and planning for a
 * fraction of that in execution. Here a statement is parsed once per PGlite instance (one session) under a name, and
 * each call only binds and executes it (PostgreSQL's plan cache does the rest), through PGlite's wire-protocol entry
 * point, with PGlite's own serializers and parsers for the values.
 */
import { types, type PGlite } from '@electric-sql/pglite';
import type { QueryResult } from './db.ts';

const encoder = new TextEncoder();

/** One frontend message: its type byte, its length, its body. */
function message(type: string, body: Uint8Array[]): Uint8Array {
  const length = body.reduce((n, part) => n + part.length, 0);
  const out = new Uint8Array(5 + length);
  out[0] = type.charCodeAt(0);
  new DataView(out.buffer).setInt32(1, 4 + length);
  let at = 5;
  for (const part of body) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const cstring = (s: string) => {
  const bytes = encoder.encode(s);
  const out = new Uint8Array(bytes.length + 1);
  out.set(bytes);
  return out;
};
const int16 = (n: number) => {
  const out = new Uint8Array(2);
  new DataView(out.buffer).setInt16(0, n);
  return out;
};
const int32 = (n: number) => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setInt32(0, n);
  return out;
};
const join = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const SYNC = message('S', []);

interface Prepared {
  paramTypes: number[];
  fields: Array<{ name: string; dataTypeID: number }>;
}

/** Per PGlite instance (one session each), the statements parsed on it, by name. */
const preparedOn = new WeakMap<PGlite, Map<string, Prepared>>();

/** Per PGlite instance, the parsers its query() uses (its own, array types included) with the caller's over them. */
const parsersOf = new WeakMap<PGlite, Record<number, (value: string) => unknown>>();

interface ProtocolMessage {
  name: string;
  dataTypeIDs?: number[];
  fields?: Array<{ name: string; dataTypeID: number } | string | null>;
  text?: string;
}

/** Parses `sql` under `name` (once per instance) and learns its parameter and column types. */
async function prepare(pglite: PGlite, name: string, sql: string): Promise<Prepared> {
  let statements = preparedOn.get(pglite);
  if (!statements) preparedOn.set(pglite, (statements = new Map()));
  const known = statements.get(name);
  if (known) return known;
  const r = await pglite.execProtocol(
    join([
      message('P', [cstring(name), cstring(sql), int16(0)]),
      message('D', [encoder.encode('S'), cstring(name)]),
      SYNC,
    ]),
    { syncToFs: false },
  );
  const messages = r.messages as unknown as ProtocolMessage[];
  const params = messages.find((m) => m.name === 'parameterDescription');
  const row = messages.find((m) => m.name === 'rowDescription');
  const prepared: Prepared = {
    paramTypes: params?.dataTypeIDs ?? [],
    fields: ((row?.fields ?? []) as Array<{ name: string; dataTypeID: number }>).map((f) => ({
      name: f.name,
      dataTypeID: f.dataTypeID,
    })),
  };
  statements.set(name, prepared);
  return prepared;
}

/**
 * Runs the statement `sql`, prepared under `name`, with `params`: rows as PGlite's query() would give them (the same
 * serializers and parsers). Called with PGlite's query lock held (the caller's runExclusive); outside a transaction
 * the data directory is synced after it, as query() does. An error is thrown (and aborts the transaction it is in).
 */
export async function queryPrepared<T>(
  pglite: PGlite,
  statement: { name: string; sql: string; inTransaction: boolean },
  params: unknown[],
  parsers: Record<number, (value: string) => unknown>,
): Promise<QueryResult<T>> {
  const { name, sql } = statement;
  const prepared = await prepare(pglite, name, sql);
  let parse = parsersOf.get(pglite);
  if (!parse) parsersOf.set(pglite, (parse = { ...pglite.parsers, ...parsers }));
  const values: Uint8Array[] = [];
  for (const [i, value] of params.entries()) {
    if (value === null || value === undefined) {
      values.push(int32(-1));
      continue;
    }
    const serialize = pglite.serializers[prepared.paramTypes[i] ?? 0];
    const bytes = encoder.encode(serialize ? serialize(value) : String(value));
    values.push(int32(bytes.length), bytes);
  }
  const r = await pglite.execProtocol(
    join([
      message('B', [cstring(''), cstring(name), int16(0), int16(params.length), ...values, int16(0)]),
      message('E', [cstring(''), int32(0)]),
      SYNC,
    ]),
    { syncToFs: false },
  );
  if (!statement.inTransaction) await pglite.syncToFs();
  const rows: T[] = [];
  let rowCount = 0;
  for (const m of r.messages as unknown as ProtocolMessage[]) {
    if (m.name === 'dataRow') {
      const fields = (m.fields ?? []) as Array<string | null>;
      const row: Record<string, unknown> = {};
      for (const [k, field] of prepared.fields.entries())
        row[field.name] = types.parseType(fields[k] ?? null, field.dataTypeID, parse);
      rows.push(row as T);
    } else if (m.name === 'commandComplete') {
      const [command, ...rest] = (m.text ?? '').split(' ');
      const n = Number(rest.at(-1));
      // As src/db/pglite.ts reports PGlite's affectedRows: the rows written, 0 for a SELECT.
      if (['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY'].includes(command ?? '') && !Number.isNaN(n)) rowCount += n;
    }
  }
  return { rows, rowCount };
}
