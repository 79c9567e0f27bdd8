/**
 * Report readiness (endpoint 18). decisions.md: no_data → not_ready (data arrived, processing) → ready;
 * new data moves a ready report back to not_ready until reprocessed. The computation itself
 * (report.compute) arrives with the insights engine; here the data path marks and enqueues it.
 */
import type { Db } from '../../db/db.ts';
import type { Queue } from '../../jobs/queue.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireCustomer } from '../customers/customers.service.ts';
import * as repo from './reports.repo.ts';
import { REPORT_NAMES, type ReportName } from './reports.repo.ts';

export const REPORT_COMPUTE_JOB = 'report.compute';

/**
 * Called inside the transaction that changed the customer's data: the reports become not_ready and their
 * recomputation is enqueued, both committing (or not) with the data. One waiting job per customer is enough.
 */
export async function markDataChanged(tx: Db, queue: Queue, customerId: string, now: Date): Promise<void> {
  await repo.markReportsNotReady(tx, customerId, now);
  await queue.enqueue(tx, REPORT_COMPUTE_JOB, { customer_id: customerId }, { singletonKey: customerId });
}

export function isReportName(name: string): name is ReportName {
  return (REPORT_NAMES as readonly string[]).includes(name);
}

export async function getReportReadiness(db: Db, clientId: string, customerId: string, name: string) {
  await requireCustomer(db, clientId, customerId);
  if (!isReportName(name)) throw new AppError('report_not_found', `No report named "${name}"; reports are ${REPORT_NAMES.join(', ')}.`);
  const state = await repo.findReportState(db, customerId, name);
  return { name, status: state?.status ?? ('no_data' as const), account_types: await repo.accountTypesWithData(db, customerId) };
}
