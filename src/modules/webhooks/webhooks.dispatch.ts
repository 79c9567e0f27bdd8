/**
 * The webhook.dispatch job (src/jobs/registry.ts): how the outbox gets sent without a polling loop of our own.
 * An event written to the outbox enqueues a dispatch in the writer's transaction; each run sends what is due
 * (webhooks.worker.ts) and enqueues the next run for the earliest retry or lease end; a periodic run of the same
 * job is the safety net for a run lost with its process.
 */
import type { Db } from '../../db/db.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import * as repo from './deliveries.repo.ts';
import { runDueDeliveries, type DispatcherDeps, type RunSummary } from './webhooks.worker.ts';

/** Asks for a dispatch at `at` (now when omitted). Requests for the same second share one job. */
export async function requestDispatch(tx: Db, queue: Pick<Queue, 'enqueue'>, now: Date, at: Date = now): Promise<void> {
  const delaySeconds = Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000));
  const dueSecond = Math.floor(now.getTime() / 1000) + delaySeconds;
  await queue.enqueue(
    tx,
    'webhook.dispatch',
    {},
    { singletonKey: `at:${dueSecond}`, startAfterSeconds: delaySeconds || undefined },
  );
}

/** One dispatch run: send everything due, then plan the next run (never sooner than a second from now). */
export async function runWebhookDispatch(
  deps: DispatcherDeps & { queue: Pick<Queue, 'enqueue'> },
): Promise<RunSummary> {
  const summary = await runDueDeliveries(deps);
  const next = await repo.nextClaimableAt(deps.db);
  if (next) {
    const now = deps.clock.now();
    const soonest = new Date(now.getTime() + 1000);
    await requestDispatch(deps.db, deps.queue, now, next > soonest ? next : soonest);
  }
  return summary;
}

/**
 * At start-up where workers run: a dispatch now, for whatever a stopped or crashed process left pending. On an
 * embedded database the data directory lock proves this is the only process, so a lease found now belongs to a
 * process that died: it is freed first, so its delivery is sent again at once rather than when the lease lapses.
 * Called before this process's own workers start (src/main.ts): a lease of theirs must never be freed here.
 */
export async function resumeWebhookDispatch(deps: {
  db: Db;
  queue: Pick<Queue, 'enqueue'>;
  clock: Clock;
}): Promise<void> {
  if (deps.db.kind === 'pglite') await repo.releaseAllLeases(deps.db);
  await requestDispatch(deps.db, deps.queue, deps.clock.now());
}
