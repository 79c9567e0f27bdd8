/** Which module handles which job. Handlers themselves live in their modules. */
import type { AppDeps } from '../app.ts';
import { computeCustomerReport } from '../modules/reports/reports.job.ts';
import { REPORT_COMPUTE_JOB } from '../modules/reports/reports.service.ts';

export async function registerJobHandlers(deps: AppDeps): Promise<void> {
  await deps.queue.handle(REPORT_COMPUTE_JOB, async (job) => {
    await computeCustomerReport(deps, String(job.customer_id));
  });
}
