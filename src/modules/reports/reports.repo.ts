import type { Db } from '../../db/db.ts';
import { publishedTransaction } from '../../db/transactions-visibility.ts';

export const REPORT_NAMES = ['insights', 'affordability', 'events', 'forecast'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];
export type ReadinessStatus = 'no_data' | 'not_ready' | 'ready';

/** New data: every report of the customer becomes not_ready and its data version rises. */
export async function markReportsNotReady(db: Db, customerId: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO report_states (customer_id, report_name, status, data_version, updated_at)
     SELECT $1, n, 'not_ready', 1, $2
     FROM unnest(ARRAY[${REPORT_NAMES.map((n) => `'${n}'`).join(', ')}]::text[]) AS n
     ON CONFLICT (customer_id, report_name) DO UPDATE SET status = 'not_ready',
       data_version = report_states.data_version + 1, updated_at = EXCLUDED.updated_at`,
    [customerId, now],
  );
}

export async function findReportState(
  db: Db,
  customerId: string,
  name: ReportName,
): Promise<{ status: ReadinessStatus; data_version: number } | null> {
  const r = await db.query<{ status: ReadinessStatus; data_version: number }>(
    'SELECT status, data_version FROM report_states WHERE customer_id = $1 AND report_name = $2',
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
