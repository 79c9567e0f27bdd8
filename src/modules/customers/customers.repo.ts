import { theRow, type Db } from '../../db/db.ts';
import { customerOfLookup } from '../../db/customer-lookups.ts';

export interface CustomerRow {
  id: string;
  client_id: string;
  user_reference: string;
  created_at: Date;
}

/*
 * A client's user references are unique across its customers, so across shards: the pair (client, reference) → customer
 * is a lookup row (docs/decisions/0084-customer-lookups.md), its key the pair as a JSON array (unambiguous whatever
 * either holds). The customer is then read by its id. `$c` and `$r` are the client's and the reference's parameters.
 */
const customerOfReference = (c: number, r: number) =>
  customerOfLookup('user_reference', `jsonb_build_array($${c}::text, $${r}::text)::text`);

/**
 * Inserts unless the reference is taken; returns the new row, or null with the existing one. The reference's lookup
 * row is claimed first, in the same statement: of two racing, the second waits and inserts nothing.
 */
export async function insertCustomer(
  db: Db,
  c: { id: string; clientId: string; userReference: string; now: Date },
): Promise<CustomerRow | null> {
  const r = await db.query<CustomerRow>(
    `WITH lookup AS (
       INSERT INTO customer_lookups (kind, key, customer_id, client_id)
       VALUES ('user_reference', jsonb_build_array($2::text, $3::text)::text, $1, $2)
       ON CONFLICT (kind, key) DO NOTHING RETURNING customer_id)
     INSERT INTO customers (id, client_id, user_reference, created_at) SELECT $1, $2, $3, $4 FROM lookup RETURNING *`,
    [c.id, c.clientId, c.userReference, c.now],
  );
  return r.rows[0] ?? null;
}

export async function findCustomer(db: Db, clientId: string, id: string): Promise<CustomerRow | null> {
  const r = await db.query<CustomerRow>('SELECT * FROM customers WHERE client_id = $1 AND id = $2', [clientId, id]);
  return r.rows[0] ?? null;
}

export async function findCustomerByReference(
  db: Db,
  clientId: string,
  userReference: string,
): Promise<CustomerRow | null> {
  const r = await db.query<CustomerRow>(
    `SELECT * FROM customers WHERE id = ${customerOfReference(1, 2)} AND client_id = $1 AND user_reference = $2`,
    [clientId, userReference],
  );
  return r.rows[0] ?? null;
}

export async function listCustomers(
  db: Db,
  clientId: string,
  opts: { userReference?: string; limit: number; offset: number },
): Promise<{ rows: CustomerRow[]; total: number }> {
  const params: unknown[] = [clientId];
  let where = 'client_id = $1';
  if (opts.userReference !== undefined) {
    params.push(opts.userReference);
    where += ` AND id = ${customerOfReference(1, params.length)} AND user_reference = $${params.length}`;
  }
  const total = theRow(
    await db.query<{ n: number }>(`SELECT count(*)::int8 AS n FROM customers WHERE ${where}`, params),
  ).n;
  const rows = (
    await db.query<CustomerRow>(
      `SELECT * FROM customers WHERE ${where} ORDER BY created_at, id LIMIT ${opts.limit} OFFSET ${opts.offset}`,
      params,
    )
  ).rows;
  return { rows, total };
}

export async function searchCustomers(
  db: Db,
  clientId: string,
  opts: { query?: string; limit: number; offset: number },
): Promise<{ rows: CustomerRow[]; total: number }> {
  const params: unknown[] = [clientId];
  let where = 'client_id = $1';
  if (opts.query !== undefined && opts.query !== '') {
    // LIKE's wildcards in the query are matched literally.
    params.push(`%${opts.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, opts.query);
    where += ` AND (user_reference ILIKE $2 OR id = $3)`;
  }
  const total = theRow(
    await db.query<{ n: number }>(`SELECT count(*)::int8 AS n FROM customers WHERE ${where}`, params),
  ).n;
  const rows = (
    await db.query<CustomerRow>(
      `SELECT * FROM customers WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${opts.limit} OFFSET ${opts.offset}`,
      params,
    )
  ).rows;
  return { rows, total };
}
