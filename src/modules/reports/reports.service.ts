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
 * recomputation is enqueued, both committing (or not) with the data. When the reports' own state shows a
 * recomputation already due (repo.markReportsNotReady), nothing is sent: a small submission then pays no pg-boss
 * insert. Otherwise the job's stately policy keeps one waiting per customer (pg-boss's own unique index), and a run
 * that finds the data version moved on while it computed enqueues the next itself (reports.job.ts), so no change is
 * left without a run (docs/decisions/0068-sql-stays-in-repositories.md).
 */
export async function markDataChanged(tx: Db, queue: Queue, customerId: string, now: Date): Promise<void> {
  const { alreadyDue } = await repo.markReportsNotReady(tx, customerId, now);
  if (!alreadyDue) await queue.enqueue(tx, 'report.compute', { customer_id: customerId }, { singletonKey: customerId });
}

function isReportName(name: string): name is ReportName {
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
