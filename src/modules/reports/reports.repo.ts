import type { Db } from '../../db/db.ts';
import { publishedTransaction } from '../../db/transactions-visibility.ts';

export const REPORT_NAMES = ['insights', 'affordability', 'events', 'forecast'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];
export type ReadinessStatus = 'no_data' | 'not_ready' | 'ready';

/**
 * The upsert of markReportsNotReady, with the customer and the time as the given SQL expressions (parameters of the
 * caller's statement), and only when `when` holds: for a writer that marks the reports in a statement of its own.
 */
export function markReportsNotReadySql(customer: string, now: string, when = 'true'): string {
  return `INSERT INTO report_states (customer_id, report_name, status, data_version, updated_at)
     SELECT ${customer}, n, 'not_ready', 1, ${now}
     FROM unnest(ARRAY[${REPORT_NAMES.map((n) => `'${n}'`).join(', ')}]::text[]) AS n WHERE ${when}
     ON CONFLICT (customer_id, report_name) DO UPDATE SET status = 'not_ready',
       data_version = report_states.data_version + 1, updated_at = EXCLUDED.updated_at`;
}

/**
 * New data: every report of the customer becomes not_ready and its data version rises. With `waitingJobSql` (a
 * SELECT of the job queue keyed by $1, the customer: Queue.waitingJobSql), the same statement runs it and answers
 * whether it found a row; otherwise it answers false.
 */
export async function markReportsNotReady(
  db: Db,
  customerId: string,
  now: Date,
  waitingJobSql: string | null = null,
): Promise<boolean> {
  const mark = markReportsNotReadySql('$1', '$2');
  if (waitingJobSql === null) {
    await db.query(mark, [customerId, now]);
    return false;
  }
  const r = await db.query<{ waiting: number }>(
    `WITH marked AS (${mark}), waiting AS (${waitingJobSql}) SELECT count(*)::int AS waiting FROM waiting`,
    [customerId, now],
  );
  return Number(r.rows[0]?.waiting ?? 0) > 0;
}

export async function findReportState(
  db: Db,
  customerId: string,
  name: ReportName,
): Promise<{ status: ReadinessStatus; data_version: number; updated_at: Date | string } | null> {
  const r = await db.query<{ status: ReadinessStatus; data_version: number; updated_at: Date | string }>(
    'SELECT status, data_version, updated_at FROM report_states WHERE customer_id = $1 AND report_name = $2',
    [customerId, name],
  );
  return r.rows[0] ?? null;
}

/** The account types (Personal, Business) of the customer's accounts that hold transactions or balances. */
export async function accountTypesWithData(db: Db, customerId: string): Promise<string[]> {
  const r = await db.query<{ type: string }>(
    `SELECT DISTINCT a.type FROM accounts a WHERE a.customer_id = $1 AND (
       EXISTS (SELECT 1 FROM transactions t WHERE t.customer_id = $1 AND t.account_id = a.id AND ${publishedTransaction()}) OR EXISTS (SELECT 1 FROM balances b WHERE b.account_id = a.id))
     ORDER BY a.type DESC`,
    [customerId],
  );
  return r.rows.map((x) => x.type);
}
