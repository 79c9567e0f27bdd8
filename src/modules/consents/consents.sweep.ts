/**
 * The consent.sweep job (every minute where workers run, src/jobs/registry.ts; tests call it with a fake clock):
 * abandoned authorisations (30 min) → Rejected; lapsed reconfirmations (90 days) → Revoked with LOST per account;
 * Authorised consents due for refresh (CONSENT_REFRESH_INTERVAL_SECONDS, daily by default) → a pull each;
 * pulls left running by a process that died (30 min) → queued again.
 */
import type { ConsentDeps } from './bank-access.ts';
import { ABANDON_AFTER_SECONDS, endConsent, enqueuePull } from './consent-lifecycle.ts';
import * as repo from './consents.repo.ts';
import { requeueStaleRuns } from './pulls.repo.ts';

export interface SweepSummary {
  abandoned: number;
  lapsed: number;
  refreshed: number;
}

export async function sweepConsents(deps: ConsentDeps, opts: { clientId?: string } = {}): Promise<SweepSummary> {
  const now = deps.clock.now();
  const summary: SweepSummary = { abandoned: 0, lapsed: 0, refreshed: 0 };
  for (const c of await repo.abandonedConsents(
    deps.db,
    new Date(now.getTime() - ABANDON_AFTER_SECONDS * 1000),
    opts.clientId,
  )) {
    if (await deps.db.transaction((tx) => endConsent(tx, deps.queue, c, 'abandoned', now, { atBank: true })))
      summary.abandoned++;
  }
  for (const c of await repo.lapsedConsents(deps.db, now, opts.clientId)) {
    if (
      await deps.db.transaction((tx) => endConsent(tx, deps.queue, c, 'reconfirmation_lapsed', now, { atBank: true }))
    )
      summary.lapsed++;
  }
  for (const c of await repo.refreshDueConsents(deps.db, now, opts.clientId)) {
    await deps.db.transaction(async (tx) => {
      await enqueuePull(tx, deps.queue, c, 'scheduled', now);
      await repo.updateConsent(tx, c.id, {
        next_refresh_at: new Date(now.getTime() + deps.config.consentRefreshIntervalSeconds * 1000),
      });
    });
    summary.refreshed++;
  }
  // A pull whose process died mid-run is picked up again.
  await deps.db.transaction(async (tx) => {
    for (const run of await requeueStaleRuns(tx, now, opts.clientId))
      await deps.queue.enqueue(tx, 'bank.pull', { pull_id: run.id }, { singletonKey: run.consent_id });
  });
  return summary;
}
