/**
 * Ready for a PostgreSQL sharded by customer (Citus, distributed by customer_id; docs/operations.md, "Sharding by
 * customer"): read from the catalog (information_schema, on both engines), every table that holds a customer's data
 * has a primary key, and its primary key, unique keys and foreign keys to other customer tables lead with
 * customer_id, so each is enforced within one shard and a join of a customer's tables stays on one node. A table
 * holds a customer's data when it has a customer_id column or a foreign key to a table that does (customers itself,
 * whose id is the distribution column, is the root). Foreign keys to client-level tables (clients, webhooks, console
 * users: Citus reference tables) are allowed.
 *
 * The tables that do not lead with the customer yet are listed below, each with why and what the move would do; the
 * list may only shrink: a new table that breaks the rule fails here, and so does an entry that no longer applies.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Database } from '../../src/db/db.ts';
import { migrate } from '../../src/db/migrate.ts';
import { openPglite } from '../../src/db/pglite.ts';
import { openPostgres } from '../../src/db/postgres.ts';

/**
 * Known departures, by the finding's text. They predate the rule. The tables whose only reason was "ids are global"
 * were re-keyed by migrations/0037_keys_lead_with_customer.sql (docs/decisions/0083-customer-keys-first-moves.md);
 * what is found by a secret alone goes through a lookup table since migrations/0038_customer_lookups.sql
 * (docs/decisions/0084-customer-lookups.md; LOOKUP_TABLES below), idempotency_keys and webhook deliveries are
 * declared client-level (CLIENT_LEVEL below) and component_urls a client-level reference table (REFERENCE_TABLES
 * below). None is left; a new one needs its reason here (docs/operations.md lists the order of the move).
 */
const KNOWN: Record<string, string> = {};

/**
 * Lookup tables (docs/decisions/0084-customer-lookups.md): what arrives with only a secret or an id finds its customer
 * here, then the customer's row by (customer_id, …). Sharded by customer, each is distributed by its own key, not
 * co-located with customers, so it must be one: only the key and where it leads (LOOKUP_COLUMNS), a primary key
 * without customer_id, no foreign key to a customer table (the customer's erasure deletes its rows by name,
 * src/modules/customers/customers-erasure.repo.ts; its client's by the foreign key to clients, a reference table), and
 * no table referencing it.
 */
const LOOKUP_TABLES: Record<string, string> = {
  customer_lookups:
    "a consent's OAuth state (the bank sends the browser back with it alone), its bank flow's start token (the browser opens it alone), a reconfirmation link's or an invitation's id (their signed URLs), a connect session's id or secret (the hosted pages), a client's user reference (unique per client, across its customers) → the customer; a hosted flow is found by its consent's state",
  customer_tokens:
    'a customer token is presented alone; the row is the mapping token → customer with its client and expiry, read in one statement on the hot path',
};
/**
 * Client-level tables that keep a customer_id (so that a customer's erasure finds their rows) but are the client's,
 * and the tables that hang off them by client_id: sharded by customer they stay on the coordinator or are distributed
 * by client_id (co-located with each other), not co-located with customers. The rule: no foreign key to a customer
 * table (the erasure deletes their rows by name, src/modules/customers/customers-erasure.repo.ts, and what hangs off
 * them goes by its cascade), a primary key that leads with client_id, and no customer table referencing it (a table
 * distributed by customer cannot reference one distributed by client): only another client-level table may, by a key
 * that leads with client_id. One that must keep such a key stays in KNOWN with its reason.
 */
const CLIENT_LEVEL: Record<string, string> = {
  idempotency_keys:
    "a key is the client's Idempotency-Key, and some requests (creating a customer) have no customer yet; submissions name theirs",
  webhook_deliveries:
    "a delivery belongs to the client's webhook (its log and replay are read by webhook and id), and a test event concerns no customer; the erasure deletes a customer's deliveries by name",
  webhook_delivery_attempts:
    'the log of a delivery, keyed and referencing it by (client_id, delivery_id): it goes with its delivery by the cascade',
};

/**
 * Client-level tables that are Citus reference tables when sharded (copied to every node, like clients and webhooks):
 * a distributed customer table may reference one, but one cannot reference a distributed table. The rule: a primary
 * key, and no foreign key to a customer table (the erasure deletes a customer's rows by name,
 * src/modules/customers/customers-erasure.repo.ts). Every write goes to every node, so only what is small and written
 * rarely belongs here.
 */
const REFERENCE_TABLES: Record<string, string> = {
  component_urls:
    'made by the client for a user_reference before its customer may exist, and opened by its token alone (unique across the installation, found in one read on any node); a connect session references the URL that opened it. One row per component load, deleted a day after it expires',
};

const LOOKUP_COLUMNS = new Set(['kind', 'key', 'token_hash', 'customer_id', 'client_id', 'expires_at', 'created_at']);

interface Key {
  table: string;
  kind: 'PRIMARY KEY' | 'UNIQUE' | 'UNIQUE INDEX' | 'FOREIGN KEY';
  columns: string[];
  /** a foreign key's referenced table */
  references: string | null;
}

interface Catalog {
  tables: string[];
  customerColumn: Set<string>;
  keys: Key[];
  columns: Map<string, string[]>;
}

async function catalog(db: Database): Promise<Catalog> {
  // Partitions (transactions_p00…) are their parent's: pg_class says which tables are partitions.
  const tables = await db.query<{ table_name: string }>(
    `SELECT t.table_name FROM information_schema.tables t
     JOIN pg_class c ON c.relname = t.table_name AND c.relnamespace = 'public'::regnamespace
     WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND NOT c.relispartition ORDER BY 1`,
  );
  const withCustomer = await db.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'customer_id'",
  );
  const keys = await db.query<{
    table_name: string;
    constraint_type: Key['kind'];
    columns: string[];
    references: string | null;
  }>(
    `SELECT tc.table_name, tc.constraint_type,
       array_agg(k.column_name::text ORDER BY k.ordinal_position) AS columns,
       (SELECT u.table_name FROM information_schema.referential_constraints r
          JOIN information_schema.table_constraints u
            ON u.constraint_schema = r.unique_constraint_schema AND u.constraint_name = r.unique_constraint_name
        WHERE r.constraint_schema = tc.constraint_schema AND r.constraint_name = tc.constraint_name) AS references
     FROM information_schema.table_constraints tc
     JOIN information_schema.key_column_usage k
       ON k.constraint_schema = tc.constraint_schema AND k.constraint_name = tc.constraint_name
      AND k.table_name = tc.table_name
     WHERE tc.table_schema = 'public' AND tc.constraint_type IN ('PRIMARY KEY', 'UNIQUE', 'FOREIGN KEY')
     GROUP BY tc.constraint_schema, tc.constraint_name, tc.table_name, tc.constraint_type`,
  );
  // Unique indexes that back no constraint (partial ones, made by CREATE UNIQUE INDEX): Citus refuses them too when
  // they do not hold the distribution column, and information_schema does not list them.
  const uniqueIndexes = await db.query<{ table_name: string; columns: string[] }>(
    `SELECT t.relname AS table_name,
       array_agg(a.attname::text ORDER BY k.ord) AS columns
     FROM pg_index i
     JOIN pg_class t ON t.oid = i.indrelid AND t.relnamespace = 'public'::regnamespace
     JOIN pg_class x ON x.oid = i.indexrelid
     CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
     JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
     WHERE i.indisunique AND NOT t.relispartition
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
     GROUP BY t.relname, x.relname`,
  );
  const columns = await db.query<{ table_name: string; columns: string[] }>(
    `SELECT table_name, array_agg(column_name::text ORDER BY ordinal_position) AS columns
     FROM information_schema.columns WHERE table_schema = 'public' GROUP BY table_name`,
  );
  return {
    columns: new Map(columns.rows.map((r) => [r.table_name, r.columns])),
    tables: tables.rows.map((r) => r.table_name),
    customerColumn: new Set(withCustomer.rows.map((r) => r.table_name)),
    keys: [
      ...keys.rows.map((r) => ({
        table: r.table_name,
        kind: r.constraint_type,
        columns: r.columns,
        references: r.references,
      })),
      ...uniqueIndexes.rows.map((r) => ({
        table: r.table_name,
        kind: 'UNIQUE INDEX' as const,
        columns: r.columns,
        references: null,
      })),
    ],
  };
}

/** What breaks the rule, one line each ("accounts: primary key (id)"). */
function findings(c: Catalog): string[] {
  const isCustomerTable = (t: string) =>
    t === 'customers' || (c.customerColumn.has(t) && !(t in CLIENT_LEVEL) && !(t in REFERENCE_TABLES));
  const out: string[] = [];
  for (const table of c.tables) {
    const own = c.keys.filter((k) => k.table === table);
    const fks = own.filter((k) => k.kind === 'FOREIGN KEY' && k.references !== null && isCustomerTable(k.references));
    if (table in LOOKUP_TABLES) {
      out.push(...lookupFindings(c, table, own, fks));
      continue;
    }
    if (table in CLIENT_LEVEL) {
      const pk = own.find((k) => k.kind === 'PRIMARY KEY');
      if (pk?.columns[0] !== 'client_id') out.push(`${table} (client-level): primary key not led by client_id`);
      for (const k of fks) out.push(`${table} (client-level): foreign key (${k.columns.join(', ')}) → ${k.references}`);
      for (const k of c.keys)
        if (
          k.kind === 'FOREIGN KEY' &&
          k.references === table &&
          !(k.table in CLIENT_LEVEL && k.columns[0] === 'client_id')
        )
          out.push(
            `${k.table} (client-level): foreign key (${k.columns.join(', ')}) → ${table}, distributed by client`,
          );
      continue;
    }
    if (table in REFERENCE_TABLES) {
      if (!own.some((k) => k.kind === 'PRIMARY KEY')) out.push(`${table} (reference): no primary key`);
      for (const k of fks) out.push(`${table} (reference): foreign key (${k.columns.join(', ')}) → ${k.references}`);
      continue;
    }
    if (!isCustomerTable(table)) {
      if (fks.length > 0) out.push(`${table}: no customer_id column`);
      continue;
    }
    // customers is distributed by its id: its keys lead with id; every other table's with customer_id.
    const lead = table === 'customers' ? 'id' : 'customer_id';
    const pk = own.find((k) => k.kind === 'PRIMARY KEY');
    if (!pk) out.push(`${table}: no primary key`);
    for (const k of own) {
      const cols = `(${k.columns.join(', ')})`;
      if (k.kind === 'PRIMARY KEY' && k.columns[0] !== lead) out.push(`${table}: primary key ${cols}`);
      if (k.kind === 'UNIQUE' && k.columns[0] !== lead) out.push(`${table}: unique ${cols}`);
      if (k.kind === 'UNIQUE INDEX' && k.columns[0] !== lead) out.push(`${table}: unique index ${cols}`);
    }
    for (const k of fks)
      if (k.columns[0] !== 'customer_id') out.push(`${table}: foreign key (${k.columns.join(', ')}) → ${k.references}`);
  }
  return out.sort();
}

/** What keeps a declared lookup table from being one (distributed by its own key, apart from customers). */
function lookupFindings(c: Catalog, table: string, own: Key[], fks: Key[]): string[] {
  const out: string[] = [];
  for (const col of c.columns.get(table) ?? [])
    if (!LOOKUP_COLUMNS.has(col)) out.push(`${table} (lookup): column ${col} beyond the mapping`);
  const pk = own.find((k) => k.kind === 'PRIMARY KEY');
  if (!pk || pk.columns.includes('customer_id')) out.push(`${table} (lookup): primary key not its own key`);
  for (const k of fks) out.push(`${table} (lookup): foreign key (${k.columns.join(', ')}) → ${k.references}`);
  for (const k of c.keys)
    if (k.kind === 'FOREIGN KEY' && k.references === table) out.push(`${k.table}: foreign key → lookup ${table}`);
  return out;
}

describe('the schema, for a PostgreSQL sharded by customer', async () => {
  const db = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite(null);
  await migrate(db);
  const cat = await catalog(db);
  const found = findings(cat);
  const tables = cat.tables;
  await db.close();

  test("every customer table's primary key, unique keys and foreign keys lead with the customer", () => {
    const unknown = found.filter((f) => !(f in KNOWN));
    assert.deepEqual(unknown, [], 'a table that holds customer data must lead its keys with customer_id');
  });

  test('every known departure is still there (the list only shrinks)', () => {
    const gone = Object.keys(KNOWN).filter((k) => !found.includes(k));
    assert.deepEqual(gone, [], 'remove these from KNOWN: the schema no longer departs so');
  });

  test('every declared lookup table exists and is one (its key, the customer, no foreign key to customers)', () => {
    assert.deepEqual(
      found.filter((f) => f.includes('lookup')),
      [],
    );
    for (const table of Object.keys(LOOKUP_TABLES)) assert.ok(tables.includes(table), `${table} is a table`);
  });

  test('every declared client-level table exists, leads with the client and references no customer table', () => {
    assert.deepEqual(
      found.filter((f) => f.includes('(client-level)')),
      [],
    );
    for (const table of Object.keys(CLIENT_LEVEL)) assert.ok(tables.includes(table), `${table} is a table`);
  });

  test('every declared reference table exists and references no customer table', () => {
    assert.deepEqual(
      found.filter((f) => f.includes('(reference)')),
      [],
    );
    for (const table of Object.keys(REFERENCE_TABLES)) assert.ok(tables.includes(table), `${table} is a table`);
  });

  test('the tables keyed by customer already are most of the data: transactions and what derives from it', () => {
    for (const table of ['transactions', 'report_states', 'transaction_categories', 'customer_events'])
      assert.ok(!found.some((f) => f.startsWith(`${table}:`)), table);
  });
});
