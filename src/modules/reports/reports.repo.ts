import type { Db } from '../../db/db.ts';
import { publishedTransaction } from '../../db/transactions-visibility.ts';

export const REPORT_NAMES = ['insights', 'affordability', 'events', 'forecast'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];
export type ReadinessStatus = 'no_data' | 'not_ready' | 'ready';

/**
 * New data: every report of the customer becomes not_ready and its data version rises. Answers whether a
 * recomputation was already due, so that none need be sent: every report was not_ready before this mark (the writer
 * that marked it first sent report.compute), and the customer's latest run neither failed (pg-boss may have given up
 * on it) nor has been running longer than report.compute's expiry (its process may be gone). A run that is under way
 * enqueues the next itself when it finds the version moved (reports.job.ts). On PostgreSQL the reports' rows are
 * locked first, so the answer is read after a run finishing meanwhile has committed (its `ready`, its run's state).
 */
export async function markReportsNotReady(db: Db, customerId: string, now: Date): Promise<{ alreadyDue: boolean }> {
  if (db.kind !== 'pglite')
    await db.query('SELECT 1 FROM report_states WHERE customer_id = $1 FOR UPDATE', [customerId], { prepare: true });
  const r = await db.query<{ already_due: boolean }>(
    `WITH before AS (
       SELECT count(*) FILTER (WHERE status = 'not_ready') AS not_ready FROM report_states WHERE customer_id = $1
     ), last_run AS (
       SELECT state, started_at FROM report_runs WHERE customer_id = $1 ORDER BY started_at DESC LIMIT 1
     ), marked AS (
       INSERT INTO report_states (customer_id, report_name, status, data_version, updated_at)
       SELECT $1, n, 'not_ready', 1, $2
       FROM unnest(ARRAY[${REPORT_NAMES.map((n) => `'${n}'`).join(', ')}]::text[]) AS n
       ON CONFLICT (customer_id, report_name) DO UPDATE SET status = 'not_ready',
         data_version = report_states.data_version + 1, updated_at = EXCLUDED.updated_at
       RETURNING 1
     )
     SELECT (SELECT not_ready FROM before) = ${REPORT_NAMES.length} AND NOT EXISTS (
       SELECT 1 FROM last_run WHERE state = 'failed'
         OR (state = 'running' AND started_at < $2::timestamptz - interval '${REPORT_COMPUTE_EXPIRY_SECONDS} seconds')
     ) AS already_due`,
    [customerId, now],
    { prepare: true }, // every submission's statement (src/db/pglite-prepared.ts)
  );
  return { alreadyDue: r.rows[0]?.already_due === true };
}

/** report.compute's expireInSeconds (src/jobs/registry.ts): a run 'running' longer than this has lost its job. */
const REPORT_COMPUTE_EXPIRY_SECONDS = 300;

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
       EXISTS (SELECT 1 FROM transactions t WHERE t.customer_id = $1 AND t.account_id = a.id AND ${publishedTransaction()}) OR EXISTS (SELECT 1 FROM balances b WHERE b.customer_id = $1 AND b.account_id = a.id))
     ORDER BY a.type DESC`,
    [customerId],
  );
  return r.rows.map((x) => x.type);
}
