import { theRow, type Db } from '../../db/db.ts';

export interface CustomerRow {
  id: string;
  client_id: string;
  user_reference: string;
  created_at: Date;
}

/** Inserts unless the reference is taken; returns the new row, or null with the existing one. */
export async function insertCustomer(
  db: Db,
  c: { id: string; clientId: string; userReference: string; now: Date },
): Promise<CustomerRow | null> {
  const r = await db.query<CustomerRow>(
    `INSERT INTO customers (id, client_id, user_reference, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (client_id, user_reference) DO NOTHING RETURNING *`,
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
  const r = await db.query<CustomerRow>('SELECT * FROM customers WHERE client_id = $1 AND user_reference = $2', [
    clientId,
    userReference,
  ]);
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
    where += ` AND user_reference = $${params.length}`;
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
