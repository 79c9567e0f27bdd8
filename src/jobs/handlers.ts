/**
 * Which module function does each job of the registry (src/jobs/registry.ts). Part of the composition root: the
 * table below must name every job exactly once, each handler taking that job's payload (JobHandlers is derived from
 * the registry, so the type checks both; registerJobHandlers checks the names again at start-up). A handler lives
 * here rather than in the registry because several compose modules (report.compute calls transactions and reports),
 * while the registry is a leaf every module may import for the typed enqueue
 * (docs/decisions/0067-jobs-declared-once.md).
 */
import type { AppDeps } from '../app/app-deps.ts';
import { JOB_NAMES, type JobName } from './registry.ts';
import type { JobHandler } from './queue.ts';
import { refreshTransactionStatistics } from '../modules/transactions/index.ts';
import { computeCustomerReport, type ComputeHooks } from '../modules/reports/reports.job.ts';
import { revokeAtBank, runBankPull, scanConsentExpiry, sweepConsents } from '../modules/consents/index.ts';
import { sendReconfirmationEmail } from '../modules/reconfirmations/index.ts';
import { sendInvitationEmail } from '../modules/invitations/invitations.job.ts';
import { runWebhookDispatch } from '../modules/webhooks/index.ts';
import { deleteExpiredConnectRows } from '../modules/connect/index.ts';
import { deleteExpiredConsoleSessions } from '../modules/console/index.ts';
import { pruneExpiredKeys } from '../modules/idempotency/index.ts';
import { pruneExpiredTokens } from '../modules/auth/index.ts';
import { applyRetention } from '../modules/customers/index.ts';
import { customerErasureSteps } from '../app/customer-erasure.ts';
import { announceTransactionChanges, maintainTransactionsPartition } from '../modules/transactions/index.ts';

/** One handler per job of the registry, each typed by its job's payload. */
export type JobHandlers = { [N in JobName]: JobHandler<N> };

export function jobHandlers(deps: AppDeps): JobHandlers {
  return {
    'report.compute': async (data) => {
      // Every write of a customer's transactions queues this job: the change feed's webhook goes first, so a lender
      // hears of new transactions without waiting for the report (docs/decisions/0052-transaction-change-feed.md).
      await announceTransactionChanges(deps, data.customer_id);
      await computeCustomerReport(deps, data.customer_id, reportTestHooks(deps));
    },
    'bank.pull': (data) => runBankPull(deps, data.pull_id, data.customer_ip ?? null),
    'bank.revoke': (data) => revokeAtBank(deps, data),
    'invitation.email': async (data) => {
      await sendInvitationEmail(deps, data.invitation_id);
    },
    'reconfirmation.email': async (data) => {
      await sendReconfirmationEmail(deps, data.reconfirmation_id);
    },
    'webhook.dispatch': async () => {
      await runWebhookDispatch(deps);
    },
    'transactions.maintain': (data) => maintainTransactionsPartition(deps.db, data.partition),
    'transactions.analyze': () => refreshTransactionStatistics(deps.db),
    'consent.sweep': async () => {
      await sweepConsents(deps);
    },
    'consent.expiry-scan': async () => {
      await scanConsentExpiry(deps);
    },
    'connect.housekeeping': () => deleteExpiredConnectRows(deps.db, deps.clock.now()),
    'console.housekeeping': () => deleteExpiredConsoleSessions(deps),
    'auth.housekeeping': async () => {
      await pruneExpiredTokens(deps.db, deps.clock.now());
    },
    'idempotency.prune': async () => {
      await pruneExpiredKeys(deps.db, deps.clock.now());
    },
    'retention.apply': async () => {
      await applyRetention(deps, customerErasureSteps(deps));
    },
  };
}

/**
 * OBI_TEST_HOLD_REPORT_COMPUTE (NODE_ENV=test only, src/config/config.ts): each report.compute run, once recorded, waits
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
  for (const name of JOB_NAMES) await deps.queue.handle(name, handlers[name] as JobHandler);
}
