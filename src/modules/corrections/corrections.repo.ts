/** SQL of corrections and rules (migrations/0029_category_corrections.sql). */
import type { Db } from '../../db/db.ts';
import { currentCategories, publishedTransaction } from '../../db/transactions-visibility.ts';
import type { AccountType } from '../../analytics/types.ts';
import type { RuleField, RuleMatch } from '../../analytics/classify/client-corrections.ts';

export interface Actor {
  type: 'api_client' | 'console_user';
  id: string;
}

/** The account type and amount of one of the customer's transactions, or null. */
export async function transactionSubject(
  db: Db,
  customerId: string,
  transactionId: string,
): Promise<{ account_type: AccountType; amount: string } | null> {
  const r = await db.query<{ account_type: AccountType; amount: string }>(
    `SELECT a.type AS account_type, t.amount::text AS amount FROM transactions t
     JOIN accounts a ON a.customer_id = t.customer_id AND a.id = t.account_id
     WHERE t.customer_id = $1 AND t.id = $2::uuid AND ${publishedTransaction()}`,
    [customerId, transactionId],
  );
  return r.rows[0] ?? null;
}

export async function insertCorrection(
  db: Db,
  c: {
    id: string;
    customerId: string;
    transactionId: string;
    accountType: AccountType;
    categoryId: string | null;
    previousCategoryId: string | null;
    actor: Actor;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO transaction_category_corrections
       (customer_id, id, transaction_id, account_type, category_id, previous_category_id, actor_type, actor_id, created_at)
     VALUES ($1, $2, $3::uuid, $4, $5, $6, $7, $8, $9)`,
    [
      c.customerId,
      c.id,
      c.transactionId,
      c.accountType,
      c.categoryId,
      c.previousCategoryId,
      c.actor.type,
      c.actor.id,
      c.now,
    ],
  );
}

export interface CorrectionRow {
  id: string;
  category_id: string | null;
  previous_category_id: string | null;
  actor_type: Actor['type'];
  actor_id: string;
  created_at: Date;
  carried_from_transaction_id: string | null;
}

/** Every change of one transaction's category, oldest first (those carried from the pending row it replaced too). */
export async function listCorrections(db: Db, customerId: string, transactionId: string): Promise<CorrectionRow[]> {
  return (
    await db.query<CorrectionRow>(
      `SELECT id, category_id, previous_category_id, actor_type, actor_id, created_at,
         carried_from_transaction_id::text AS carried_from_transaction_id
       FROM transaction_category_corrections WHERE customer_id = $1 AND transaction_id = $2::uuid ORDER BY id`,
      [customerId, transactionId],
    )
  ).rows;
}

/** A labelled transaction of the export: a transaction's current correction and what the engine shows beside it. */
export interface LabelRow {
  customer_id: string;
  transaction_id: string;
  account_type: AccountType;
  name: string;
  amount: string;
  currency: string;
  type: string | null;
  status: string;
  merchant_name: string | null;
  merchant_category_code: string | null;
  booking_date_time: string;
  category_id: string;
  engine_category_id: string | null;
  actor_type: Actor['type'];
  actor_id: string;
  created_at: Date;
}

/** The client's current corrections (the latest change of each transaction, when it set a category), in id order. */
export async function listClientLabels(db: Db, clientId: string): Promise<LabelRow[]> {
  return (
    await db.query<LabelRow>(
      `WITH latest AS (
         SELECT DISTINCT ON (k.customer_id, k.transaction_id) k.*
         FROM transaction_category_corrections k JOIN customers u ON u.id = k.customer_id
         WHERE u.client_id = $1 ORDER BY k.customer_id, k.transaction_id, k.id DESC)
       SELECT k.customer_id, t.id::text AS transaction_id, k.account_type, t.name, t.amount::text AS amount, t.currency,
              t.type, t.status, t.merchant_name, t.merchant_category_code, t.booking_date_time::text AS booking_date_time,
              k.category_id, coalesce(c.original_category_id, c.category_id) AS engine_category_id,
              k.actor_type, k.actor_id, k.created_at
       FROM latest k
       JOIN transactions t ON t.customer_id = k.customer_id AND t.id = k.transaction_id AND ${publishedTransaction()}
       LEFT JOIN transaction_categories c ON c.customer_id = k.customer_id AND c.transaction_id = k.transaction_id
         AND ${currentCategories('c', 'k.customer_id')}
       WHERE k.category_id IS NOT NULL
       ORDER BY k.customer_id, k.id`,
      [clientId],
    )
  ).rows;
}

export interface RuleRow {
  id: string;
  account_type: AccountType;
  field: RuleField;
  match: RuleMatch;
  pattern: string;
  category_id: string;
  priority: number;
  created_by_type: Actor['type'];
  created_by_id: string;
  created_at: Date;
  updated_at: Date;
}

const RULE_COLUMNS =
  'id, account_type, field, match, pattern, category_id, priority, created_by_type, created_by_id, created_at, updated_at';

export async function listRules(db: Db, clientId: string): Promise<RuleRow[]> {
  return (
    await db.query<RuleRow>(`SELECT ${RULE_COLUMNS} FROM category_rules WHERE client_id = $1 ORDER BY created_at, id`, [
      clientId,
    ])
  ).rows;
}

export async function getRule(db: Db, clientId: string, id: string): Promise<RuleRow | null> {
  const r = await db.query<RuleRow>(`SELECT ${RULE_COLUMNS} FROM category_rules WHERE client_id = $1 AND id = $2`, [
    clientId,
    id,
  ]);
  return r.rows[0] ?? null;
}

export interface RuleFields {
  account_type: AccountType;
  field: RuleField;
  match: RuleMatch;
  pattern: string;
  category_id: string;
  priority: number;
}

export async function insertRule(
  db: Db,
  clientId: string,
  id: string,
  f: RuleFields,
  actor: Actor,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO category_rules (client_id, id, account_type, field, match, pattern, category_id, priority,
       created_by_type, created_by_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
    [clientId, id, f.account_type, f.field, f.match, f.pattern, f.category_id, f.priority, actor.type, actor.id, now],
  );
}

export async function updateRule(db: Db, clientId: string, id: string, f: RuleFields, now: Date): Promise<void> {
  await db.query(
    `UPDATE category_rules SET account_type = $3, field = $4, match = $5, pattern = $6, category_id = $7, priority = $8,
       updated_at = $9 WHERE client_id = $1 AND id = $2`,
    [clientId, id, f.account_type, f.field, f.match, f.pattern, f.category_id, f.priority, now],
  );
}

export async function deleteRule(db: Db, clientId: string, id: string): Promise<void> {
  await db.query('DELETE FROM category_rules WHERE client_id = $1 AND id = $2', [clientId, id]);
}

/** `%token%` for ILIKE, with LIKE's own characters escaped. */
function likeContaining(token: string): string {
  return `%${token.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A transaction a rule may match (the SQL's coarse filter; the exact match is the engine's, in the service). */
export interface CandidateRow {
  customer_id: string;
  id: string;
  account_type: AccountType;
  name: string;
  amount: string;
  booking_date_time: string;
  merchant_name: string | null;
  merchant: string | null;
  category_id: string | null;
  category_source: 'correction' | 'rule' | null;
  rule_id: string | null;
  corrected: boolean;
}

/**
 * The client's transactions (or one customer's) of an account type whose text or payee contains `token` in any
 * case: a superset of those a rule with that token in its pattern matches. Up to `limit` rows.
 */
export async function ruleCandidates(
  db: Db,
  q: {
    clientId: string;
    customerId?: string;
    accountType: AccountType;
    field: RuleField;
    token: string;
    limit: number;
  },
): Promise<CandidateRow[]> {
  const like = likeContaining(q.token);
  const where = q.field === 'text' ? 't.name ILIKE $3' : '(t.merchant_name ILIKE $3 OR c.merchant ILIKE $3)';
  const params: unknown[] = [q.clientId, q.accountType, like];
  let customer = '';
  if (q.customerId !== undefined) {
    params.push(q.customerId);
    customer = ` AND u.id = $${params.length}`;
  }
  return (
    await db.query<CandidateRow>(
      `SELECT t.customer_id, t.id::text AS id, a.type AS account_type, t.name, t.amount::text AS amount,
              t.booking_date_time::text AS booking_date_time, t.merchant_name, c.merchant, c.category_id, c.category_source,
              c.rule_id,
              EXISTS (SELECT 1 FROM (SELECT k.category_id FROM transaction_category_corrections k
                        WHERE k.customer_id = t.customer_id AND k.transaction_id = t.id ORDER BY k.id DESC LIMIT 1) l
                      WHERE l.category_id IS NOT NULL) AS corrected
       FROM customers u
       JOIN transactions t ON t.customer_id = u.id AND ${publishedTransaction()}
       JOIN accounts a ON a.customer_id = t.customer_id AND a.id = t.account_id AND a.type = $2
       LEFT JOIN transaction_categories c ON c.customer_id = t.customer_id AND c.transaction_id = t.id
         AND ${currentCategories('c', 't.customer_id')}
       WHERE u.client_id = $1${customer} AND ${where}
       ORDER BY t.customer_id, t.booking_date_time DESC, t.id
       LIMIT ${q.limit}`,
      params,
    )
  ).rows;
}

/** The client's customers with a transaction a stored rule chose the category of. */
export async function customersCategorisedByRule(db: Db, clientId: string, ruleId: string): Promise<string[]> {
  const r = await db.query<{ customer_id: string }>(
    `SELECT DISTINCT c.customer_id FROM transaction_categories c JOIN customers u ON u.id = c.customer_id
     WHERE u.client_id = $1 AND c.rule_id = $2 AND ${currentCategories('c', 'c.customer_id')}`,
    [clientId, ruleId],
  );
  return r.rows.map((x) => x.customer_id);
}

/** The client's customers with a transaction of the account type whose text or payee contains `token` (a superset). */
export async function customersWithCandidates(
  db: Db,
  q: { clientId: string; accountType: AccountType; field: RuleField; token: string },
): Promise<string[]> {
  const where = q.field === 'text' ? 't.name ILIKE $3' : '(t.merchant_name ILIKE $3 OR c.merchant ILIKE $3)';
  const r = await db.query<{ customer_id: string }>(
    `SELECT DISTINCT t.customer_id FROM customers u
     JOIN transactions t ON t.customer_id = u.id AND ${publishedTransaction()}
     JOIN accounts a ON a.customer_id = t.customer_id AND a.id = t.account_id AND a.type = $2
     LEFT JOIN transaction_categories c ON c.customer_id = t.customer_id AND c.transaction_id = t.id
       AND ${currentCategories('c', 't.customer_id')}
     WHERE u.client_id = $1 AND ${where}`,
    [q.clientId, q.accountType, likeContaining(q.token)],
  );
  return r.rows.map((x) => x.customer_id);
}

/** The customer's latest transactions, newest first, with their account types (the console's correction list). */
export async function latestTransactions(
  db: Db,
  customerId: string,
  limit: number,
): Promise<Array<{ id: string; account_type: AccountType }>> {
  return (
    await db.query<{ id: string; account_type: AccountType }>(
      `SELECT t.id::text AS id, a.type AS account_type FROM transactions t
       JOIN accounts a ON a.customer_id = t.customer_id AND a.id = t.account_id
       WHERE t.customer_id = $1 AND ${publishedTransaction()}
       ORDER BY t.booking_date_time DESC, t.id DESC LIMIT ${limit}`,
      [customerId],
    )
  ).rows;
}
