/**
 * What happens after one delivery attempt (pure): delivered, retried later, or given up. The schedule is
 * WEBHOOK_RETRY_SCHEDULE (Standard Webhooks' by default); each wait is spread by ±10 % jitter so that a
 * receiver coming back after an outage is not hit by every queued retry in the same second.
 */

/** What one attempt produced: an HTTP answer, or no answer at all (refused target, timeout, connection error). */
export type AttemptResult =
  { kind: 'response'; status: number; retryAfter?: string } | { kind: 'error'; error: string };

export type Outcome =
  | { outcome: 'delivered' }
  | { outcome: 'retry'; error: string; nextAttemptAt: Date }
  | { outcome: 'failed'; error: string; disableWebhook: boolean };

const JITTER = 0.1;
/** A Retry-After beyond this is not believed: one day keeps a confused receiver from parking deliveries for weeks. */
const MAX_RETRY_AFTER_SECONDS = 86_400;

/** The wait before a retry: base seconds, spread by ±JITTER with random() in [0, 1). */
export function jittered(baseSeconds: number, random: () => number): number {
  return baseSeconds * (1 - JITTER + 2 * JITTER * random());
}

/** Retry-After as seconds from now: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: Date): number | null {
  if (value === undefined) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Math.min(Number(v), MAX_RETRY_AFTER_SECONDS);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(0, (at - now.getTime()) / 1000), MAX_RETRY_AFTER_SECONDS);
}

/** How an unsuccessful attempt is written in the log. */
function describeFailure(result: AttemptResult): string {
  if (result.kind === 'error') return result.error;
  const s = result.status;
  if (s >= 300 && s < 400) return `receiver answered ${s} (a redirect); redirects are not followed`;
  if (s === 410) return 'receiver answered 410 Gone; the webhook is disabled';
  return `receiver answered ${s}`;
}

/**
 * The outcome of attempt number `attemptCount` (1 for the first). 2xx is delivered; 410 gives up and disables
 * the webhook; anything else is retried after the next wait of the schedule (at least Retry-After on 429/503),
 * until the schedule is used up.
 */
export function decideOutcome(
  result: AttemptResult,
  ctx: { attemptCount: number; schedule: readonly number[]; now: Date; random: () => number },
): Outcome {
  if (result.kind === 'response' && result.status >= 200 && result.status < 300) return { outcome: 'delivered' };
  const error = describeFailure(result);
  if (result.kind === 'response' && result.status === 410) return { outcome: 'failed', error, disableWebhook: true };
  const base = ctx.schedule[ctx.attemptCount - 1];
  if (base === undefined) {
    return {
      outcome: 'failed',
      error: `${error}; gave up after ${ctx.attemptCount} attempt${ctx.attemptCount === 1 ? '' : 's'}`,
      disableWebhook: false,
    };
  }
  let wait = jittered(base, ctx.random);
  if (result.kind === 'response' && (result.status === 429 || result.status === 503)) {
    wait = Math.max(wait, parseRetryAfter(result.retryAfter, ctx.now) ?? 0);
  }
  return { outcome: 'retry', error, nextAttemptAt: new Date(ctx.now.getTime() + Math.round(wait * 1000)) };
}
