/**
 * What a customer's erasure needs of the modules that use the customers module (docs/decisions/0063-customer-erasure.md):
 * part of the composition root, wired into the DELETE route (src/app/routes.ts), the retention job (src/jobs/handlers.ts)
 * and a client's deletion (src/app/admin-server.ts, src/cli/cli-direct.ts).
 */
import type { Config } from '../config/config.ts';
import type { Queue } from '../jobs/queue.ts';
import type { ErasureStep, ErasureSteps } from '../modules/customers/index.ts';
import type { Db } from '../db/db.ts';
import { consentJobKeysOfCustomer, revokeConsentsOfDeletedCustomer } from '../modules/consents/index.ts';
import { deleteInvitationMailOfCustomer, invitationJobKeysOfCustomer } from '../modules/invitations/index.ts';
import { reconfirmationJobKeysOfCustomer } from '../modules/reconfirmations/index.ts';
import { customerWrites, lockCustomerTransactions } from '../modules/transactions/index.ts';

export function customerErasureSteps(deps: { config: Pick<Config, 'mailOutboxDir'>; queue: Queue }): ErasureSteps {
  const before: ErasureStep[] = [
    // Each consent still alive at a bank is revoked there by a job carrying only the bank's consent id.
    (tx, customerId) => revokeConsentsOfDeletedCustomer(tx, deps.queue, customerId),
    async (tx, customerId) => {
      await deleteInvitationMailOfCustomer(deps.config, tx, customerId);
    },
    (tx, customerId) => forgetCustomerJobs(tx, deps.queue, customerId),
  ];
  // On the embedded engine, after any staged load of the customer (docs/decisions/0038-staged-ingest.md).
  // After the customer's writers of transactions on a server (their advisory lock): a submission or pull under way
  // commits first, and its rows are erased with the rest.
  return { inTurn: customerWrites, lockWriters: lockCustomerTransactions, before };
}

/** The same work for each customer of a client being deleted (its transaction holds them all). */
export function beforeClientCustomerErased(deps: { config: Pick<Config, 'mailOutboxDir'>; queue: Queue }): ErasureStep {
  // The client's deletion locks the client (no new customer work can start) and holds every row it deletes.
  const steps = customerErasureSteps(deps).before ?? [];
  return async (tx, customerId) => {
    for (const step of steps) await step(tx, customerId);
  };
}

/**
 * The queue's jobs that name the customer go with them, through pg-boss's API in the erasure's transaction
 * (docs/decisions/0073-job-data-after-erasure.md): report.compute (the customer's id), bank.pull (a consent's id, a
 * pull's id, the customer's sealed IP address), the e-mail jobs (an invitation's or link's id), whatever their state.
 * bank.revoke's finished jobs go too; those still to run (the erasure's own revocations) stay to do their work and go
 * an hour after they finish (the queue's keepFinishedSeconds).
 */
async function forgetCustomerJobs(tx: Db, queue: Queue, customerId: string): Promise<void> {
  const { consentIds, bankConsentIds } = await consentJobKeysOfCustomer(tx, customerId);
  await queue.forget(tx, 'report.compute', [customerId]);
  await queue.forget(tx, 'bank.pull', consentIds);
  await queue.forget(tx, 'bank.revoke', bankConsentIds, { finishedOnly: true });
  await queue.forget(tx, 'invitation.email', await invitationJobKeysOfCustomer(tx, customerId));
  await queue.forget(tx, 'reconfirmation.email', await reconfirmationJobKeysOfCustomer(tx, customerId));
}
