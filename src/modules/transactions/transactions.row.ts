/**
 * The stored transaction row, declared once (docs/decisions/0078-one-row-one-reader.md): each column of the
 * `transactions` table that endpoint 10 and the bank pull write, in COPY order, with its SQL type, how a packed batch
 * holds it (PackedRows, transactions.ingest.ts) and how it is written in COPY's CSV. TRANSACTION_COLUMNS, the row
 * type, the unnest arrays of the small insert and the update, the packed text members, the content hash and the CSV
 * encoder all derive from this table. Pure: a worker thread imports it (transactions.task.ts).
 */
import { csvField } from '../../lib/csv.ts';

/**
 * How a packed batch holds a column, and where its value comes from:
 * - `id`, `customer`, `stamp`: not in a row; a fresh id per row, the request's customer, the request's time;
 * - `account`: the row's account id (packed as an index into the batch's distinct accounts);
 * - `shared`: text that repeats across rows (stored once per batch); `unshared`: text (nearly) every row has its own;
 * - `number`: a number of a Float64Array.
 */
type PackedKind = 'id' | 'customer' | 'stamp' | 'account' | 'shared' | 'unshared' | 'number';

/**
 * How a value is written in COPY's CSV: `quoted` text (csvField: an empty string must differ from NULL), or `bare`
 * (uuids, decimals, integers and timestamps have nothing to quote); NULL is nothing either way.
 */
type Encoding = 'quoted' | 'bare';

interface ColumnDeclaration {
  name: string;
  sql: 'uuid' | 'text' | 'numeric' | 'bigint' | 'timestamptz';
  packed: PackedKind;
  encoding: Encoding;
  nullable: boolean;
  /** Part of the natural key or of where the row lives: a later version of the row never changes it. */
  fixed?: true;
  /**
   * Where the raw wire (toRawWire, transactions.service.ts) carries the column: `plain`, a member of its own name
   * (numeric and bigint as JSON numbers), or the object member it is part of; not on the raw wire when absent.
   */
  wire?: 'plain' | RawWireGroup;
}

/** The raw wire's object members, each built from its columns by toRawWire. */
type RawWireGroup = 'balance' | 'merchant_details' | 'proprietary_bank_transaction_code';

const col = <
  const N extends string,
  const S extends ColumnDeclaration['sql'],
  const P extends PackedKind,
  const E extends Encoding,
  const U extends boolean,
  const W extends ColumnDeclaration['wire'] = undefined,
>(
  name: N,
  sql: S,
  packed: P,
  encoding: E,
  nullable: U,
  more: { fixed?: true; wire?: W } = {},
) =>
  ({ name, sql, packed, encoding, nullable, ...more }) as {
    name: N;
    sql: S;
    packed: P;
    encoding: E;
    nullable: U;
    fixed?: true;
    wire: W;
  };

/** Every column endpoint 10 writes, in COPY order. */
export const STORED_COLUMNS = [
  col('id', 'uuid', 'id', 'bare', false, { fixed: true, wire: 'plain' }),
  col('customer_id', 'text', 'customer', 'quoted', false, { fixed: true }),
  col('account_id', 'text', 'account', 'quoted', false, { fixed: true }),
  col('external_transaction_id', 'text', 'unshared', 'quoted', false, { fixed: true, wire: 'plain' }),
  col('name', 'text', 'shared', 'quoted', false, { wire: 'plain' }),
  col('type', 'text', 'shared', 'quoted', true, { wire: 'plain' }),
  col('amount', 'numeric', 'unshared', 'bare', false, { wire: 'plain' }),
  col('currency', 'text', 'shared', 'quoted', false, { wire: 'plain' }),
  col('balance_amount', 'numeric', 'unshared', 'bare', true, { wire: 'balance' }),
  col('balance_currency', 'text', 'shared', 'quoted', true, { wire: 'balance' }),
  col('balance_type', 'text', 'shared', 'quoted', true, { wire: 'balance' }),
  col('status', 'text', 'shared', 'quoted', false, { wire: 'plain' }),
  col('bank_slug', 'text', 'shared', 'quoted', false, { fixed: true, wire: 'plain' }),
  col('account_number', 'text', 'shared', 'quoted', false, { fixed: true, wire: 'plain' }),
  col('category', 'text', 'shared', 'quoted', true),
  col('address_line', 'text', 'shared', 'quoted', true, { wire: 'plain' }),
  col('merchant_name', 'text', 'shared', 'quoted', true, { wire: 'merchant_details' }),
  col('merchant_category_code', 'text', 'shared', 'quoted', true, { wire: 'merchant_details' }),
  col('bank_transaction_code', 'text', 'shared', 'quoted', true, { wire: 'proprietary_bank_transaction_code' }),
  col('bank_transaction_issuer', 'text', 'shared', 'quoted', true, { wire: 'proprietary_bank_transaction_code' }),
  col('value_date_time', 'bigint', 'number', 'bare', false, { wire: 'plain' }),
  col('booking_date_time', 'bigint', 'number', 'bare', false, { wire: 'plain' }),
  col('content_hash', 'bigint', 'number', 'bare', false),
  col('created_at', 'timestamptz', 'stamp', 'bare', false),
  col('updated_at', 'timestamptz', 'stamp', 'bare', false),
] as const satisfies readonly ColumnDeclaration[];

type Stored = (typeof STORED_COLUMNS)[number];
/** The columns a row carries (the others come from the request: its id, customer and time). */
type RowColumn = Extract<Stored, { packed: 'account' | 'shared' | 'unshared' | 'number' }>;
type ValueOf<C extends RowColumn> = C extends { packed: 'number' }
  ? number
  : C extends { nullable: true }
    ? string | null
    : string;

/** One row of the transactions table as built from a submission or a pull (STORED_COLUMNS less id, customer, times). */
export type TransactionRow = { [C in RowColumn as C['name']]: ValueOf<C> };
type RowKey = keyof TransactionRow;
/** The members of a row that are text (or null). */
type TextKey = Extract<RowColumn, { packed: 'account' | 'shared' | 'unshared' }>['name'];

const isRowColumn = (c: Stored): c is RowColumn =>
  c.packed === 'account' || c.packed === 'shared' || c.packed === 'unshared' || c.packed === 'number';

/** The column list of COPY into `transactions`. */
export const TRANSACTION_COLUMNS = STORED_COLUMNS.map((c) => c.name);

/** A row's columns with their SQL types, in COPY order: the unnest arrays of the small insert. */
export const ROW_COLUMNS: ReadonlyArray<readonly [RowKey, string]> = STORED_COLUMNS.filter(isRowColumn).map(
  (c) => [c.name, c.sql] as const,
);

/** The columns a later version of a row may change: the unnest arrays of the update. */
export const UPDATABLE_COLUMNS: ReadonlyArray<readonly [RowKey, string]> = STORED_COLUMNS.filter(
  (c): c is Extract<RowColumn, { name: RowKey }> => isRowColumn(c) && !('fixed' in c),
).map((c) => [c.name, c.sql] as const);

/** The text members of a row besides account_id, in the order a packed batch holds them, and which are unshared. */
export const PACKED_TEXT: readonly TextKey[] = STORED_COLUMNS.filter(
  (c) => c.packed === 'shared' || c.packed === 'unshared',
).map((c) => c.name as TextKey);
export const PACKED_UNSHARED: readonly boolean[] = STORED_COLUMNS.filter(
  (c) => c.packed === 'shared' || c.packed === 'unshared',
).map((c) => c.packed === 'unshared');

/** The number members of a row, in the order a packed batch holds them. */
export const PACKED_NUMBERS = STORED_COLUMNS.filter((c) => c.packed === 'number').map((c) => c.name) as ReadonlyArray<
  Extract<RowColumn, { packed: 'number' }>['name']
>;

/**
 * The members the content hash covers, in its order: every column a later version may change, but the hash itself.
 * Stored hashes depend on this order: changing it makes every known row count as updated once.
 */
const HASHED = UPDATABLE_COLUMNS.map(([c]) => c).filter((c) => c !== 'content_hash');

/**
 * A 53-bit hash of every stored field (cyrb53 over the fields, a separator between them): equal hashes mean
 * "already present", different ones "updated". Compared only between two versions of the same natural key,
 * so collisions (2^-53) are moot. Written as one pass without building a joined string: it runs 100 000 times
 * per submission.
 */
export function contentHash(r: TransactionRow): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (const key of HASHED) {
    const raw = r[key];
    if (raw === null) {
      h1 = Math.imul(h1 ^ 1, 2654435761);
      h2 = Math.imul(h2 ^ 1, 1597334677);
    } else {
      const v = typeof raw === 'number' ? String(raw) : raw;
      for (let i = 0; i < v.length; i++) {
        const ch = v.charCodeAt(i);
        h1 = Math.imul(h1 ^ ch, 2654435761);
        h2 = Math.imul(h2 ^ ch, 1597334677);
      }
    }
    // field separator, so ("ab", "c") and ("a", "bc") differ
    h1 = Math.imul(h1 ^ 0xffff, 2654435761);
    h2 = Math.imul(h2 ^ 0xffff, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** A column's place in a CSV line: 0 the id, 1 the customer, 2 the time, 3 quoted text, 4 a bare value. */
const LINE_KIND = STORED_COLUMNS.map((c) =>
  c.packed === 'id' ? 0 : c.packed === 'customer' ? 1 : c.packed === 'stamp' ? 2 : c.encoding === 'quoted' ? 3 : 4,
);
const LINE_KEY = STORED_COLUMNS.map((c) => c.name as RowKey);

/**
 * The encoder of COPY's CSV lines in TRANSACTION_COLUMNS order (WITH (FORMAT csv)): `line(row, id)` with its newline;
 * `tail` is appended to each line before it (`,<ingest id>` for a staged load's extra column). A loop over the table
 * with csvField's quoting inline: it runs 100 000 times per submission (about 25 ms per 20 000 rows, half as much
 * again as a hand-written template literal, on a worker thread or between COPY chunks).
 */
export function csvLines(customerId: string, stamp: string, tail = '') {
  const customer = csvField(customerId);
  const end = `${tail}\n`;
  const n = LINE_KIND.length;
  return (r: TransactionRow, id: string): string => {
    let line = '';
    for (let k = 0; k < n; k++) {
      if (k > 0) line += ',';
      const kind = LINE_KIND[k];
      if (kind === 0) line += id;
      else if (kind === 1) line += customer;
      else if (kind === 2) line += stamp;
      else {
        const v = r[LINE_KEY[k] as RowKey];
        if (v === null) continue;
        if (kind === 4 || typeof v === 'number') line += v;
        else line += v.includes('"') ? `"${v.replace(/"/g, '""')}"` : `"${v}"`;
      }
    }
    return line + end;
  };
}

type PlainWireColumn = Extract<Stored, { wire: 'plain' }>;

/** The raw wire's plain members: each such column under its own name, numeric and bigint as JSON numbers. */
export type RawWirePlain = {
  [C in PlainWireColumn as C['name']]: C['sql'] extends 'numeric' | 'bigint'
    ? number
    : C['nullable'] extends true
      ? string | null
      : string;
};

/**
 * The raw wire's members in the API's order (endpoint 11, the change feed; answers stay byte for byte as they were):
 * a plain column's name, or an object member built from its columns. Checked below against the columns' `wire`.
 */
const RAW_WIRE_ORDER = [
  'id',
  'external_transaction_id',
  'name',
  'type',
  'amount',
  'balance',
  'currency',
  'status',
  'bank_slug',
  'account_number',
  'address_line',
  'merchant_details',
  'proprietary_bank_transaction_code',
  'value_date_time',
  'booking_date_time',
] as const satisfies ReadonlyArray<PlainWireColumn['name'] | RawWireGroup>;

/**
 * The raw wire's layout for toRawWire: each member in order, a plain column with whether it is a JSON number, or a
 * group its mapper builds.
 */
export const RAW_WIRE: ReadonlyArray<
  { member: PlainWireColumn['name']; number: boolean; group: null } | { member: RawWireGroup; group: RawWireGroup }
> = RAW_WIRE_ORDER.map((member) => {
  const column = STORED_COLUMNS.find((c) => c.name === member && c.wire === 'plain');
  return column
    ? {
        member: column.name as PlainWireColumn['name'],
        number: column.sql === 'numeric' || column.sql === 'bigint',
        group: null,
      }
    : { member: member as RawWireGroup, group: member as RawWireGroup };
});

{
  // Every plain column and every group has its place in RAW_WIRE_ORDER, once.
  const wanted = new Set<string>(
    STORED_COLUMNS.flatMap((c) => (c.wire === undefined ? [] : [c.wire === 'plain' ? c.name : c.wire])),
  );
  const placed = new Set<string>(RAW_WIRE_ORDER);
  if (placed.size !== RAW_WIRE_ORDER.length || wanted.size !== placed.size || [...wanted].some((m) => !placed.has(m)))
    throw new Error('RAW_WIRE_ORDER does not match the columns declared on the raw wire');
}
