/**
 * Report readiness (endpoint 18), docs/decisions/0010-report-readiness.md: no_data → not_ready (data arrived, processing) → ready;
 * new data moves a ready report back to not_ready until reprocessed. The computation itself
 * (report.compute) arrives with the insights engine; here the data path marks and enqueues it.
 */
import type { Db } from '../../db/db.ts';
import type { Queue } from '../../jobs/queue.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireCustomer } from '../customers/index.ts';
import * as repo from './reports.repo.ts';
import * as data from './reports-data.repo.ts';
import { REPORT_NAMES, type ReportName } from './reports.repo.ts';
import { processingOf } from './data-work.ts';
import type { AffordabilityBody, EventsBody, ForecastBody, InsightsBody } from './reports.wire.ts';

/**
 * Called inside the transaction that changed the customer's data: the reports become not_ready and their
 * recomputation is enqueued, both committing (or not) with the data. One waiting job per customer is enough: the
 * statement that marks the reports also looks for one (Queue.waitingJobSql, which holds it until this transaction
 * ends, so it cannot start before the new data is committed), and a job is sent only when none is waiting.
 */
export async function markDataChanged(tx: Db, queue: Queue, customerId: string, now: Date): Promise<void> {
  const waiting = await repo.markReportsNotReady(tx, customerId, now, queue.waitingJobSql('report.compute', '$1'));
  if (!waiting) await queue.enqueue(tx, 'report.compute', { customer_id: customerId }, { singletonKey: customerId });
}

/**
 * markDataChanged for a writer that marks the reports in a statement of its own (one round trip less: issue 15,
 * point 3). dataChangedSql gives the WITH items to add to that statement: report_marks (the reports marked, when
 * `when` holds) and report_job_waiting (Queue.waitingJobSql's look-up), the customer and the time being the SQL
 * expressions `customer` and `now`; DATA_CHANGED_COLUMNS, the columns its result must carry; finishDataChanged, with
 * that result, enqueues the recomputation when the reports were marked and no job is waiting.
 */
export function dataChangedSql(queue: Queue, customer: string, now: string, when: string): string {
  const waiting = queue.waitingJobSql('report.compute', customer) ?? 'SELECT 1 WHERE false';
  return `report_marks AS (${repo.markReportsNotReadySql(customer, now, when)} RETURNING 1),
  report_job_waiting AS (${waiting})`;
}

export const DATA_CHANGED_COLUMNS = `(SELECT count(*) FROM report_marks)::int AS report_marks,
  (SELECT count(*) FROM report_job_waiting)::int AS report_job_waiting`;

export interface DataChangedResult {
  report_marks: number;
  report_job_waiting: number;
}

export async function finishDataChanged(
  tx: Db,
  queue: Queue,
  customerId: string,
  found: DataChangedResult,
): Promise<void> {
  if (Number(found.report_marks) > 0 && Number(found.report_job_waiting) === 0)
    await queue.enqueue(tx, 'report.compute', { customer_id: customerId }, { singletonKey: customerId });
}

export function isReportName(name: string): name is ReportName {
  return (REPORT_NAMES as readonly string[]).includes(name);
}

export async function getReportReadiness(db: Db, clientId: string, customerId: string, name: string) {
  await requireCustomer(db, clientId, customerId);
  if (!isReportName(name))
    throw new AppError('report_not_found', `No report named "${name}"; reports are ${REPORT_NAMES.join(', ')}.`);
  const state = await repo.findReportState(db, customerId, name);
  const status = state?.status ?? ('no_data' as const);
  return {
    name,
    status,
    account_types: await repo.accountTypesWithData(db, customerId),
    // docs/decisions/0057-readiness-processing.md: data being stored, or the report being computed
    processing: await processingOf(db, customerId, status === 'not_ready', state?.updated_at ?? null),
  };
}

/**
 * docs/decisions/0010-report-readiness.md: endpoints 15–17 (and the forecast) on a report that is not ready answer 409 report_not_ready
 * with the readiness in the body; with no_data they answer 404 no_data. Never stale figures as current.
 */
async function readyReport(db: Db, clientId: string, customerId: string, name: ReportName) {
  const readiness = await getReportReadiness(db, clientId, customerId, name);
  if (readiness.status === 'no_data')
    throw new AppError('no_data', 'There is no bank data for this customer yet.', { extra: { readiness } });
  const snapshot = readiness.status === 'ready' ? await data.latestSnapshot(db, customerId) : null;
  if (!snapshot) {
    throw new AppError(
      'report_not_ready',
      `The ${name} report is being computed from new data; try again shortly or wait for the REPORT_AVAILABLE / REPORT_UPDATED webhook.`,
      { extra: { readiness }, headers: { 'retry-after': '5' } },
    );
  }
  return snapshot;
}

export async function getPersonalInsights(db: Db, clientId: string, customerId: string): Promise<InsightsBody> {
  const s = await readyReport(db, clientId, customerId, 'insights');
  return { ...s.insights, as_of: Number(s.as_of), engine_version: s.engine_version };
}

export async function getPersonalAffordability(
  db: Db,
  clientId: string,
  customerId: string,
): Promise<AffordabilityBody> {
  const s = await readyReport(db, clientId, customerId, 'affordability');
  return { data: s.affordability, as_of: Number(s.as_of), engine_version: s.engine_version };
}

export async function getPersonalEvents(db: Db, clientId: string, customerId: string): Promise<EventsBody> {
  await readyReport(db, clientId, customerId, 'events');
  const rows = await data.listEvents(db, customerId);
  return { data: rows.map((r) => ({ ...r.body, created_at: Math.floor(new Date(r.created_at).getTime() / 1000) })) };
}

export async function getPersonalForecast(db: Db, clientId: string, customerId: string): Promise<ForecastBody> {
  const s = await readyReport(db, clientId, customerId, 'forecast');
  return { ...s.forecast, as_of: Number(s.as_of), engine_version: s.engine_version };
}
