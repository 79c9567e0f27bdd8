/**
 * The report.compute job: load the customer's data, run the engine (pure), store the result as a snapshot,
 * store new events, and move readiness to ready — unless data arrived meanwhile: readiness then stays not_ready and
 * this run enqueues the next (the writer's own send may have found this job still waiting, and added nothing). Webhooks (REPORT_AVAILABLE / REPORT_UPDATED, NEW_EVENT per new event) are
 * written to the outbox in the same transaction. Every computation is a recorded run.
 */
import type { Logger } from 'pino';
import type { Database } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Queue } from '../../jobs/queue.ts';
import { newId } from '../../lib/ids.ts';
import { workerTask, type WorkerPool } from '../../workers/pool.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import * as data from './reports-data.repo.ts';
import type { ComputedReport, ReportTaskInput } from './reports.task.ts';

/** The engine runs on a worker thread (reports.task.ts): a large customer's report is seconds of CPU. */
const COMPUTE_REPORT = workerTask<ReportTaskInput, ComputedReport>(
  new URL('./reports.task.ts', import.meta.url),
  'computeReportTask',
);

/** Test hooks (none in production): `afterRunStarted` runs once the run is recorded, before the computation. */
export interface ComputeHooks {
  afterRunStarted?: () => Promise<void>;
}

/**
 * The categories no reader sees any more: the replaced run's, and those of runs that failed or were cut off. A
 * failure here only leaves them for the next run to delete.
 */
function discardStaleCategories(deps: { db: Database; logger: Pick<Logger, 'warn'> }, customerId: string) {
  return data
    .discardStaleCategories(deps.db, customerId)
    .catch((err: unknown) => deps.logger.warn({ err, customerId }, 'old report categories not deleted yet'));
}

export async function computeCustomerReport(
  deps: {
    db: Database;
    clock: Clock;
    queue: Pick<Queue, 'enqueue'>;
    logger: Pick<Logger, 'error' | 'warn'>;
    workerPool: Pick<WorkerPool, 'run'>;
  },
  customerId: string,
  hooks: ComputeHooks = {},
): Promise<'computed' | 'gone'> {
  const { db, clock } = deps;
  const clientId = await data.clientOfCustomer(db, customerId);
  if (clientId === null) return 'gone'; // deleted since the job was queued
  const customer = { client_id: clientId };
  const dataVersion = await data.currentDataVersion(db, customerId);
  const runId = newId();
  const interrupted = await data.failInterruptedRuns(db, customerId, clock.now());
  if (interrupted > 0)
    deps.logger.warn({ customerId, interrupted }, 'a report run cut off by a crash is taken up again');
  await data.insertRun(db, { id: runId, customerId, dataVersion, now: clock.now() });
  try {
    await hooks.afterRunStarted?.();
    // People's categories go in as input (docs/decisions/0061-category-corrections-and-rules.md).
    const input = await data.loadEngineInput(db, customerId);
    const asOf = Math.floor(clock.now().getTime() / 1000);
    const report = await deps.workerPool.run(COMPUTE_REPORT, { ...input, asOf });
    // Written before the report's transaction, unseen until it makes them current (reports-data.repo.ts): that
    // transaction stays short, and the embedded engine answers others while the rows go in.
    await data.stageTransactionCategories(db, customerId, runId, report.categories);
    await db.transaction(async (tx) => {
      const now = clock.now();
      const first = !(await data.hasSnapshot(tx, customerId));
      await data.insertSnapshot(tx, { id: newId(), customerId, runId, dataVersion, report, now });
      await data.publishCategories(tx, customerId, runId);
      const fresh = await data.insertNewEvents(tx, customerId, report.events, now);
      const ready = await data.markReportsReady(tx, customerId, dataVersion, now);
      // Announce only a report that is current. When data arrived meanwhile, the next run computes and announces it:
      // enqueued here (one waiting per customer, so nothing is added when the writer's job is still waiting).
      if (!ready && (await data.currentDataVersion(tx, customerId)) > dataVersion)
        await deps.queue.enqueue(tx, 'report.compute', { customer_id: customerId }, { singletonKey: customerId });
      if (ready) {
        await emitWebhookEvent(
          tx,
          deps.queue,
          { clientId: customer.client_id, customerId, type: first ? 'REPORT_AVAILABLE' : 'REPORT_UPDATED' },
          now,
        );
      }
      for (const e of fresh) {
        await emitWebhookEvent(
          tx,
          deps.queue,
          {
            clientId: customer.client_id,
            customerId,
            type: 'NEW_EVENT',
            eventId: String(e.id),
            eventName: e.event_type,
          },
          now,
        );
      }
      await data.finishRun(tx, { customerId, id: runId }, 'succeeded', null, now);
    });
    await discardStaleCategories(deps, customerId);
    return 'computed';
  } catch (err) {
    await data
      .finishRun(db, { customerId, id: runId }, 'failed', (err as Error).message.slice(0, 2000), clock.now())
      .catch(() => undefined);
    await discardStaleCategories(deps, customerId);
    deps.logger.error({ err, customerId, runId }, 'report computation failed');
    throw err;
  }
}
