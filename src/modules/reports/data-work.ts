/**
 * Readiness's `processing` (docs/decisions/0057-readiness-processing.md): what is under way on a customer's data
 * while the status alone would not say it. A submission of many transactions or a bank pull is recorded while it is
 * stored (trackDataWork, data-work.repo.ts), before its turn among the customer's writers and outside its
 * transaction, so a reader sees it from the moment the work is accepted; a report being computed is read from the
 * reports' own state and runs.
 */
import type { Db } from '../../db/db.ts';
import * as work from './data-work.repo.ts';
import type { DataWorkKind } from './data-work.repo.ts';

export type ProcessingStage = 'storing_submission' | 'storing_bank_data' | 'computing_report';

export interface Processing {
  stage: ProcessingStage;
  rows_received: number | null;
  since: number;
}

/** What a tracked piece of work may say about itself while it runs. */
export interface DataWorkProgress {
  /** the transactions received so far, once known (a bank pull knows them after reading every page) */
  rowsReceived(rows: number): Promise<void>;
}

/**
 * Runs `fn` with the work recorded as under way for the customer; the record goes when `fn` ends, however it ends.
 * The two statements are the only cost, so callers use it for work that takes a noticeable time.
 */
export async function trackDataWork<T>(
  db: Db,
  what: { customerId: string; kind: DataWorkKind; rows: number | null; now: Date },
  fn: (progress: DataWorkProgress) => Promise<T>,
): Promise<T> {
  const id = await work.startDataWork(db, what);
  try {
    return await fn({ rowsReceived: (rows) => work.setDataWorkRows(db, what.customerId, id, rows) });
  } finally {
    await work.endDataWork(db, what.customerId, id).catch(() => undefined); // left behind, it expires (data-work.repo.ts)
  }
}

const STAGE: Record<work.ProcessingRow['kind'], ProcessingStage> = {
  submission: 'storing_submission',
  bank_pull: 'storing_bank_data',
  report: 'computing_report',
};

const seconds = (d: Date | string) => Math.floor(new Date(d).getTime() / 1000);

/**
 * The customer's work under way: data being stored comes first (it is what the report waits for), then the report
 * being computed (`computing`: the reports are not_ready; `computingSince`, when they became so, for a computation
 * queued but not started yet). Null when nothing is under way.
 */
export async function processingOf(
  db: Db,
  customerId: string,
  computing: boolean,
  computingSince: Date | string | null,
): Promise<Processing | null> {
  const rows = await work.findProcessing(db, customerId, computing);
  const found = rows.find((r) => r.kind !== 'report') ?? rows[0];
  if (found) return { stage: STAGE[found.kind], rows_received: found.rows_received, since: seconds(found.started_at) };
  if (computing && computingSince !== null)
    return { stage: 'computing_report', rows_received: null, since: seconds(computingSince) };
  return null;
}
