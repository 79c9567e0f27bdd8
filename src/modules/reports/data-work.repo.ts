/**
 * Work under way on a customer's data (migrations/0032_data_work.sql, docs/decisions/0057-readiness-processing.md):
 * one row per submission or bank pull being stored, written and deleted by statements of their own. A row expires
 * by the database's own clock (a stopped process leaves it behind), whatever clock the service runs on.
 */
import type { Db } from '../../db/db.ts';
import { newId } from '../../lib/ids.ts';

export type DataWorkKind = 'submission' | 'bank_pull';

/** Longer than any store takes; after it a row left by a stopped process no longer counts. */
const WORK_EXPIRES = "interval '30 minutes'";

/**
 * Records the work; nothing for a customer that does not exist (the work itself then answers its 404, and a
 * submission read on a worker thread starts before the customer is looked up).
 */
export async function startDataWork(
  db: Db,
  work: { customerId: string; kind: DataWorkKind; rows: number | null; now: Date },
): Promise<string> {
  const id = newId();
  await db.query(
    `WITH gone AS (DELETE FROM data_work WHERE expires_at < now())
     INSERT INTO data_work (id, customer_id, kind, rows_received, started_at, expires_at)
     SELECT $1::text, $2::text, $3::text, $4::integer, $5::timestamptz, now() + ${WORK_EXPIRES}
     WHERE EXISTS (SELECT 1 FROM customers WHERE id = $2::text)`,
    [id, work.customerId, work.kind, work.rows, work.now],
  );
  return id;
}

export async function setDataWorkRows(db: Db, customerId: string, id: string, rows: number): Promise<void> {
  await db.query('UPDATE data_work SET rows_received = $3 WHERE customer_id = $1 AND id = $2', [customerId, id, rows]);
}

export async function endDataWork(db: Db, customerId: string, id: string): Promise<void> {
  await db.query('DELETE FROM data_work WHERE customer_id = $1 AND id = $2', [customerId, id]);
}

export interface ProcessingRow {
  kind: DataWorkKind | 'report';
  rows_received: number | null;
  started_at: Date | string;
}

/**
 * What is under way for the customer, the earliest first: live data work, then a report run in progress. One
 * statement; the report run is looked at only when the reports are being computed (the caller's status).
 */
export async function findProcessing(db: Db, customerId: string, computing: boolean): Promise<ProcessingRow[]> {
  const r = await db.query<ProcessingRow>(
    `(SELECT kind, rows_received, started_at FROM data_work
       WHERE customer_id = $1 AND expires_at >= now() ORDER BY started_at LIMIT 1)
     UNION ALL
     (SELECT 'report'::text, NULL::integer, started_at FROM report_runs
       WHERE $2 AND customer_id = $1 AND state = 'running' ORDER BY started_at DESC LIMIT 1)`,
    [customerId, computing],
  );
  return r.rows;
}
