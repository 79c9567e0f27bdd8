/** Which module handles which job. Handlers themselves live in their modules. */
import type { AppDeps } from '../app.ts';
import { computeCustomerReport } from '../modules/reports/reports.job.ts';
import { REPORT_COMPUTE_JOB } from '../modules/reports/reports.service.ts';
import { registerConsentJobs } from '../modules/consents/consents.jobs.ts';
import { INVITATION_EMAIL_JOB } from '../modules/invitations/invitations.service.ts';
import { sendInvitationEmail } from '../modules/invitations/invitations.job.ts';

export async function registerJobHandlers(deps: AppDeps): Promise<void> {
  await deps.queue.handle(REPORT_COMPUTE_JOB, async (job) => {
    await computeCustomerReport(deps, String(job.customer_id));
  });
  await registerConsentJobs(deps); // bank.pull, bank.revoke
  await deps.queue.handle(INVITATION_EMAIL_JOB, async (job) => {
    await sendInvitationEmail(deps, String(job.invitation_id));
  });
}
