/**
 * The dispatcher: drains the outbox. It leases due deliveries, sends each (signed, once), and records the
 * attempt with its effect in one transaction. Delivery is at least once: a process that dies after the
 * receiver got the request but before the attempt was recorded leaves the delivery pending, and it is sent
 * again (same webhook-id) when the lease lapses, or at once on the next start of the embedded database.
 * Deliveries are rows of our own rather than one pg-boss job each because they need what pg-boss does not give:
 * order per (webhook, customer), an attempt log clients can read, replay, and a schedule of our own. The runs
 * themselves are the webhook.dispatch job (webhooks.dispatch.ts).
 */
import type { Logger } from 'pino';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { unixSeconds } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import * as repo from './deliveries.repo.ts';
import { disableWebhook } from './webhooks.repo.ts';
import { decideOutcome, type AttemptResult, type Outcome } from './webhooks.retry.ts';
import { unseal } from '../../lib/sealed-box.ts';
import { sendWebhook } from './webhooks.sender.ts';
import { signatureHeaders } from './webhooks.signing.ts';
import { urlPolicy, type Resolver } from './webhooks.url-guard.ts';

export interface DispatcherDeps {
  db: Db;
  clock: Clock;
  installationKey: string;
  logger: Logger;
  config: Pick<Config, 'webhookTimeoutMs' | 'webhookRetrySchedule' | 'webhookAllowLoopback' | 'nodeEnv'>;
  /** Jitter source, [0, 1). Tests pass a constant to see the exact schedule. */
  random?: () => number;
  resolve?: Resolver;
}

export interface RunOptions {
  /** Only this client's deliveries (tests share one PostgreSQL database between files running at once). */
  clientId?: string;
  batchSize?: number;
  /** Checked between batches; the batch in flight is always finished and recorded. */
  shouldStop?: () => boolean;
}

export interface RunSummary {
  attempted: number;
  delivered: number;
  retried: number;
  failed: number;
}

/** The lease outlasts the longest attempt (the timeout) with room to record it. */
const LEASE_MARGIN_MS = 5000;

/** Sends every delivery that is due now, batch after batch, until none is left. Deterministic under a fake clock. */
export async function runDueDeliveries(deps: DispatcherDeps, opts: RunOptions = {}): Promise<RunSummary> {
  const summary: RunSummary = { attempted: 0, delivered: 0, retried: 0, failed: 0 };
  while (!opts.shouldStop?.()) {
    const now = deps.clock.now();
    const leaseToken = newId();
    const claimed = await repo.claimDueDeliveries(deps.db, {
      now,
      leaseUntil: new Date(now.getTime() + deps.config.webhookTimeoutMs + LEASE_MARGIN_MS),
      leaseToken,
      limit: opts.batchSize ?? 20,
      clientId: opts.clientId ?? null,
    });
    if (claimed.length === 0) break;
    // allSettled: every attempt of the batch is finished (and recorded where possible) before an error surfaces,
    // so stop() never closes the database under an attempt still in flight.
    const settled = await Promise.allSettled(claimed.map((d) => attemptDelivery(deps, d, leaseToken)));
    for (const s of settled) {
      if (s.status === 'rejected') throw s.reason;
      summary.attempted++;
      summary[s.value.outcome === 'delivered' ? 'delivered' : s.value.outcome === 'retry' ? 'retried' : 'failed']++;
    }
  }
  return summary;
}

async function send(
  deps: DispatcherDeps,
  d: repo.ClaimedDelivery,
  at: Date,
): Promise<{ result: AttemptResult; durationMs: number }> {
  let secret: string;
  try {
    secret = unseal(deps.installationKey, 'webhook signing secrets', d.secret_sealed);
  } catch {
    return {
      result: {
        kind: 'error',
        error: 'the signing secret cannot be read (was OBI_SECRET_KEY changed?); register the webhook again',
      },
      durationMs: 0,
    };
  }
  return sendWebhook({
    url: d.url,
    body: d.payload,
    headers: signatureHeaders(secret, d.message_id, unixSeconds(at), d.payload),
    timeoutMs: deps.config.webhookTimeoutMs,
    policy: urlPolicy(deps.config),
    resolve: deps.resolve,
  });
}

async function attemptDelivery(deps: DispatcherDeps, d: repo.ClaimedDelivery, leaseToken: string): Promise<Outcome> {
  const attemptedAt = deps.clock.now();
  const { result, durationMs } = await send(deps, d, attemptedAt);
  const attempt = d.attempt_count + 1;
  const now = deps.clock.now();
  const outcome = decideOutcome(result, {
    attemptCount: attempt,
    schedule: deps.config.webhookRetrySchedule,
    now,
    random: deps.random ?? Math.random,
  });
  const statusCode = result.kind === 'response' ? result.status : null;
  const error = outcome.outcome === 'delivered' ? null : outcome.error;
  await deps.db.transaction(async (tx) => {
    await repo.insertAttempt(tx, {
      id: newId(),
      client_id: d.client_id,
      delivery_id: d.id,
      attempt,
      attemptedAt,
      status_code: statusCode,
      duration_ms: durationMs,
      error,
      outcome: outcome.outcome,
    });
    const owned = await repo.updateAfterAttempt(tx, d.client_id, d.id, leaseToken, {
      state: outcome.outcome === 'retry' ? 'pending' : outcome.outcome,
      attemptCount: attempt,
      nextAttemptAt: outcome.outcome === 'retry' ? outcome.nextAttemptAt : null,
      statusCode,
      error,
      finishedAt: outcome.outcome === 'retry' ? null : now,
    });
    if (owned && outcome.outcome === 'failed' && outcome.disableWebhook) {
      await disableWebhook(tx, d.webhook_id, 'the receiver answered 410 Gone', now);
      await repo.failPendingOfWebhook(
        tx,
        d.webhook_id,
        'not sent: the webhook was disabled (its receiver answered 410 Gone)',
        now,
      );
    }
  });
  deps.logger[outcome.outcome === 'delivered' ? 'debug' : 'info'](
    { webhookId: d.webhook_id, deliveryId: d.id, attempt, statusCode, durationMs, outcome: outcome.outcome, error },
    'webhook delivery attempt',
  );
  return outcome;
}
