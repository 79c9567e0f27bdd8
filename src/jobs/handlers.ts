/**
 * Which module function does each job of the registry (src/jobs/registry.ts). Part of the composition root: the
 * table below must name every job exactly once (the type checks it; bindJobHandlers checks it again at start-up).
 */
import type { AppDeps } from '../app-deps.ts';
import { JOB_NAMES, type JobName } from './registry.ts';
import type { JobHandler } from './queue.ts';
import { computeCustomerReport, type ComputeHooks } from '../modules/reports/reports.job.ts';
import { revokeAtBank, runBankPull, sweepConsents } from '../modules/consents/index.ts';
import { sendInvitationEmail } from '../modules/invitations/invitations.job.ts';
import { runWebhookDispatch } from '../modules/webhooks/index.ts';
import { deleteExpiredConnectRows } from '../modules/connect/index.ts';
import { pruneExpiredKeys } from '../modules/idempotency/index.ts';
import { applyRetention } from '../modules/customers/index.ts';
import { customerErasureSteps } from '../customer-erasure.ts';
import { announceTransactionChanges, maintainTransactionsPartition } from '../modules/transactions/index.ts';

export function jobHandlers(deps: AppDeps): Record<JobName, JobHandler> {
  return {
    'report.compute': async (data) => {
      // Every write of a customer's transactions queues this job: the change feed's webhook goes first, so a lender
      // hears of new transactions without waiting for the report (docs/decisions/0052-transaction-change-feed.md).
      await announceTransactionChanges(deps, String(data.customer_id));
      await computeCustomerReport(deps, String(data.customer_id), reportTestHooks(deps));
    },
    'bank.pull': (data) =>
      runBankPull(deps, String(data.pull_id), typeof data.customer_ip === 'string' ? data.customer_ip : null),
    'bank.revoke': (data) => revokeAtBank(deps, data),
    'invitation.email': async (data) => {
      await sendInvitationEmail(deps, String(data.invitation_id));
    },
    'webhook.dispatch': async () => {
      await runWebhookDispatch(deps);
    },
    'transactions.maintain': (data) => maintainTransactionsPartition(deps.db, data),
    'consent.sweep': async () => {
      await sweepConsents(deps);
    },
    'connect.housekeeping': () => deleteExpiredConnectRows(deps.db, deps.clock.now()),
    'idempotency.prune': async () => {
      await pruneExpiredKeys(deps.db, deps.clock.now());
    },
    'retention.apply': async () => {
      await applyRetention(deps, customerErasureSteps(deps));
    },
  };
}

/**
 * OBI_TEST_HOLD_REPORT_COMPUTE (NODE_ENV=test only, src/config.ts): each report.compute run, once recorded, waits
 * until the process is killed, so a crash test can kill the service in the middle of a job. Nothing otherwise.
 */
function reportTestHooks(deps: AppDeps): ComputeHooks {
  if (!deps.config.testHoldReportCompute || deps.config.nodeEnv !== 'test') return {};
  return {
    afterRunStarted: () => {
      deps.logger.warn('test hook: holding report.compute until the process is killed');
      return new Promise<void>(() => undefined);
    },
  };
}

export async function registerJobHandlers(deps: AppDeps): Promise<void> {
  const handlers = jobHandlers(deps);
  const missing = JOB_NAMES.filter((name) => !handlers[name]);
  const unknown = Object.keys(handlers).filter((name) => !JOB_NAMES.includes(name as JobName));
  if (missing.length > 0 || unknown.length > 0)
    throw new Error(`job handlers out of step with the registry: missing ${missing}, unknown ${unknown}`);
  for (const name of JOB_NAMES) await deps.queue.handle(name, handlers[name]);
}
