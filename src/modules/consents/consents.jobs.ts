/** The consent module's jobs: bank.pull (a recorded pull run) and bank.revoke (delete a consent at the bank). */
import type { ConsentDeps } from './bank-access.ts';
import { runBankPull } from './bank-pull.job.ts';
import { BANK_PULL_JOB, BANK_REVOKE_JOB } from './consent-lifecycle.ts';
import { revokeAtBank } from './consents.service.ts';

export async function registerConsentJobs(deps: ConsentDeps): Promise<void> {
  await deps.queue.handle(BANK_PULL_JOB, (data) => runBankPull(deps, String(data.pull_id)));
  await deps.queue.handle(BANK_REVOKE_JOB, (data) => revokeAtBank(deps, data));
}

export { BANK_PULL_JOB, BANK_REVOKE_JOB };
