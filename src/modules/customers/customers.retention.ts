/**
 * The retention.apply job (docs/decisions/0064-data-retention.md): for each client with a retention period
 * (data_retention_days, a client setting), erases the customers inactive for longer than it, and deletes the older
 * raw bank payloads, finished webhook deliveries and replaced reports of the others. Bounded per run (the next
 * hourly run goes on); every erasure and every run that deleted something is in the client's audit log.
 */
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { clientsWithRetention, recordAudit } from '../clients/index.ts';
import { eraseCustomer, type ErasureSteps } from './customers.erasure.ts';
import * as repo from './customers-retention.repo.ts';
import { deleteInBatches } from '../../lib/batches.ts';

/** Customers erased per client per run, rows deleted per statement, statements per kind per client per run. */
const RETENTION_LIMITS = { customersPerRun: 100, batch: 1000, batchesPerKind: 50 } as const;

export interface RetentionOutcome {
  client_id: string;
  retention_days: number;
  cutoff: string;
  customers_erased: number;
  bank_payloads: number;
  webhook_deliveries: number;
  report_snapshots: number;
  report_runs: number;
}

export async function applyRetention(deps: { db: Db; clock: Clock }, steps: ErasureSteps): Promise<RetentionOutcome[]> {
  const outcomes: RetentionOutcome[] = [];
  for (const client of await clientsWithRetention(deps.db)) {
    outcomes.push(await applyClientRetention(deps, steps, client.id, client.data_retention_days));
  }
  return outcomes;
}

async function applyClientRetention(
  deps: { db: Db; clock: Clock },
  steps: ErasureSteps,
  clientId: string,
  days: number,
): Promise<RetentionOutcome> {
  const { db } = deps;
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  let erased = 0;
  for (const customerId of await repo.inactiveCustomers(db, clientId, cutoff, RETENTION_LIMITS.customersPerRun)) {
    const done = await eraseCustomer(db, clientId, customerId, steps, {
      actor: 'job',
      reason: 'retention',
      now: deps.clock.now(),
    });
    if (done) erased += 1;
  }
  const outcome: RetentionOutcome = {
    client_id: clientId,
    retention_days: days,
    cutoff: cutoff.toISOString(),
    customers_erased: erased,
    bank_payloads: await inBatches((n) => repo.deleteOldPayloads(db, clientId, cutoff, n)),
    webhook_deliveries: await inBatches((n) => repo.deleteOldDeliveries(db, clientId, cutoff, n)),
    report_snapshots: await inBatches((n) => repo.deleteOldSnapshots(db, clientId, cutoff, n)),
    report_runs: await inBatches((n) => repo.deleteOldRuns(db, clientId, cutoff, n)),
  };
  const { client_id: _, ...details } = outcome;
  const deleted = erased + outcome.bank_payloads + outcome.webhook_deliveries;
  if (deleted + outcome.report_snapshots + outcome.report_runs > 0)
    await recordAudit(db, clientId, 'retention_applied', { actor: 'job', now }, details);
  return outcome;
}

/** Each batch its own statement (a short lock, and on the embedded engine others get their turn in between). */
function inBatches(deleteUpTo: (limit: number) => Promise<number>): Promise<number> {
  return deleteInBatches(deleteUpTo, { batch: RETENTION_LIMITS.batch, maxBatches: RETENTION_LIMITS.batchesPerKind });
}
