/**
 * SQL of the affordability assessment: declarations (one customer's), policies (one client's, versioned), and the
 * read-only look-ups of the customer's payments the assessment explains its income with.
 */
import type { Db } from '../../db/db.ts';
import { currentCategories, publishedTransaction } from '../../db/transactions-visibility.ts';
import type { DeclarationBody, PolicyBody } from '../../analytics/affordability/assessment-schema.ts';

export interface DeclarationRow {
  id: string;
  income: string;
  housing: string;
  credit_commitments: string;
  other_essential: string;
  household_size: number;
  declared_at: string;
}

const DECLARATION_COLUMNS = `id, income::text AS income, housing::text AS housing,
  credit_commitments::text AS credit_commitments, other_essential::text AS other_essential, household_size,
  declared_at::text AS declared_at`;

export async function insertDeclaration(
  db: Db,
  id: string,
  customerId: string,
  body: Required<DeclarationBody>,
  now: Date,
): Promise<DeclarationRow> {
  const r = await db.query<DeclarationRow>(
    `INSERT INTO affordability_declarations
       (id, customer_id, income, housing, credit_commitments, other_essential, household_size, declared_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${DECLARATION_COLUMNS}`,
    [
      id,
      customerId,
      body.income,
      body.housing,
      body.credit_commitments,
      body.other_essential,
      body.household_size,
      now,
    ],
  );
  return r.rows[0] as DeclarationRow;
}

/** The customer's declarations, newest first, at most `limit`. */
export async function listDeclarations(db: Db, customerId: string, limit: number): Promise<DeclarationRow[]> {
  const r = await db.query<DeclarationRow>(
    `SELECT ${DECLARATION_COLUMNS} FROM affordability_declarations WHERE customer_id = $1
     ORDER BY declared_at DESC, id DESC LIMIT $2`,
    [customerId, limit],
  );
  return r.rows;
}

export interface PolicyRow {
  version: number;
  body: PolicyBody;
  created_at: string;
}

/** The client's policy of that version, or its latest when `version` is null. */
export async function findPolicy(db: Db, clientId: string, version: number | null): Promise<PolicyRow | null> {
  const r = await db.query<PolicyRow>(
    `SELECT version, body, created_at::text AS created_at FROM affordability_policies
     WHERE client_id = $1 AND ($2::int IS NULL OR version = $2::int) ORDER BY version DESC LIMIT 1`,
    [clientId, version],
  );
  return r.rows[0] ?? null;
}

/**
 * Adds the client's next policy version. The client's row is locked first, so two PUTs at once get two versions
 * one after the other rather than one failing on the primary key.
 */
export async function insertNextPolicy(db: Db, clientId: string, body: PolicyBody, now: Date): Promise<PolicyRow> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM clients WHERE id = $1 FOR UPDATE', [clientId]);
    const r = await tx.query<PolicyRow>(
      `INSERT INTO affordability_policies (client_id, version, body, created_at)
       SELECT $1, coalesce(max(version), 0) + 1, $2::jsonb, $3 FROM affordability_policies WHERE client_id = $1
       RETURNING version, body, created_at::text AS created_at`,
      [clientId, JSON.stringify(body), now],
    );
    return r.rows[0] as PolicyRow;
  });
}

export interface PaymentRow {
  id: string;
  booking_date_time: string;
  amount: string;
  category_id: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The customer's booked transactions with these ids (another customer's ids find nothing). */
export async function paymentsByIds(db: Db, customerId: string, ids: readonly string[]): Promise<PaymentRow[]> {
  const uuids = ids.filter((id) => UUID.test(id));
  if (uuids.length === 0) return [];
  const r = await db.query<PaymentRow>(
    `SELECT t.id::text AS id, t.booking_date_time::text AS booking_date_time, t.amount::text AS amount,
       NULL::text AS category_id
     FROM transactions t WHERE t.customer_id = $1 AND t.id = ANY($2::uuid[]) AND ${publishedTransaction()}`,
    [customerId, uuids],
  );
  return r.rows;
}

/** Booked money in of the customer in these stored categories, booked in [from, to] (Unix seconds). */
export async function paymentsInCategories(
  db: Db,
  customerId: string,
  categoryIds: readonly string[],
  from: number,
  to: number,
): Promise<PaymentRow[]> {
  const r = await db.query<PaymentRow>(
    `SELECT t.id::text AS id, t.booking_date_time::text AS booking_date_time, t.amount::text AS amount, c.category_id
     FROM transaction_categories c
     JOIN transactions t ON t.customer_id = c.customer_id AND t.id = c.transaction_id
     WHERE c.customer_id = $1 AND ${currentCategories('c', '$1')} AND c.category_id = ANY($2::text[])
       AND t.status = 'Booked' AND t.amount > 0 AND t.booking_date_time BETWEEN $3 AND $4 AND ${publishedTransaction()}`,
    [customerId, categoryIds, from, to],
  );
  return r.rows;
}

export interface SpendingIdRow {
  category_id: string;
  id: string;
}

/** The ids of the customer's booked money out in [from, to] (Unix seconds), with their stored categories, newest first. */
export async function spendingIds(db: Db, customerId: string, from: number, to: number): Promise<SpendingIdRow[]> {
  const r = await db.query<SpendingIdRow>(
    `SELECT c.category_id, t.id::text AS id FROM transaction_categories c
     JOIN transactions t ON t.customer_id = c.customer_id AND t.id = c.transaction_id
     WHERE c.customer_id = $1 AND ${currentCategories('c', '$1')} AND t.status = 'Booked' AND t.amount < 0
       AND t.booking_date_time BETWEEN $2 AND $3 AND ${publishedTransaction()}
     ORDER BY t.booking_date_time DESC, t.id DESC`,
    [customerId, from, to],
  );
  return r.rows;
}
