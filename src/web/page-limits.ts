/**
 * Throttling of the hosted connect pages (docs/decisions/0043-hosted-page-limits.md). Customers of one lender often
 * share one address (an office, a mobile carrier's NAT), so the address is the wrong thing to count alone:
 *
 * - static files (the pages' CSS, script, icons, bank logos, a client's colour sheet and logo, the embed script) are
 *   never counted: they are immutable and cached, and refusing them only breaks the page's look;
 * - each page is counted per flow: the connect session (its secret), the invitation, the component token or the
 *   bank's return state, RATE_LIMIT_PAGES_PER_MINUTE each (120: a person clicking and reloading stays far below);
 * - and per address under a high ceiling, RATE_LIMIT_PAGES_PER_ADDRESS_PER_MINUTE (3 000): a flow is about 8
 *   counted pages, so 375 customers can start within the same minute behind one address, while one address still
 *   cannot hammer the service without limit.
 *
 * Flow keys are stored hashed: the counters' table must not hold a session secret or a component token.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { clientAddress } from '../http/client-address.ts';
import { AppError } from '../lib/app-error.ts';

const MINUTE_MS = 60_000;

/** Paths under /connect served as static, cacheable files. */
function isStaticPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return (
    path.startsWith('/connect/assets/') ||
    path.startsWith('/connect/brand/') ||
    path === '/connect/embed.js' ||
    path === '/favicon.ico'
  );
}

const digest = (v: string) => createHash('sha256').update(v).digest('base64url').slice(0, 22);

/** The flow a page belongs to, or null for a page of none (an unknown address). */
function flowKeyOf(request: FastifyRequest): string | null {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (typeof params.secret === 'string') return `s:${digest(params.secret)}`;
  if (typeof params.invitation_id === 'string') return `i:${digest(params.invitation_id)}`;
  if (typeof params.reconfirmation_id === 'string') return `rc:${digest(params.reconfirmation_id)}`;
  if (typeof params.token === 'string') return `c:${digest(params.token)}`;
  if (typeof query.state === 'string') return `r:${digest(query.state)}`;
  return null;
}

/** Thrown when a page is refused: the page says when to try again (src/web/pages/result.ts, 'busy'). */
export class PagesBusyError extends AppError {
  /** in words ("42 seconds") */
  readonly retryAfter: string;
  readonly retryAfterSeconds: number;
  constructor(after: string, seconds: number) {
    super('rate_limited', `Too many requests; try again in ${after}.`);
    this.retryAfter = after;
    this.retryAfterSeconds = seconds;
  }
}

export interface PageLimits {
  perFlowPerMinute: number;
  perAddressPerMinute: number;
}

/** A wait in words: "42 seconds", "1 minute", "45 minutes" (as @fastify/rate-limit's own refusals say it). */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.round(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * One onRequest hook for the /connect scope: per flow, then per address, each counted through the plugin's
 * limiter (createRateLimit: the service's store, src/db/rate-limit-store.ts, batched for large limits). The first
 * exceeded refuses the page (the later one is then not counted); otherwise the RateLimit-* headers are the
 * address's, as the plugin's own hooks left them.
 */
export function hostedPageLimits(app: FastifyInstance, limits: PageLimits): onRequestAsyncHookHandler {
  const perFlow = app.createRateLimit({
    max: limits.perFlowPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `pages-flow:${flowKeyOf(request) ?? '-'}`,
  });
  const perAddress = app.createRateLimit({
    max: limits.perAddressPerMinute,
    timeWindow: MINUTE_MS,
    // The caller's address as src/http/client-address.ts derives it: behind TRUSTED_PROXIES, IPv6 per /64.
    keyGenerator: (request) => `pages:${clientAddress(request)}`,
  });
  return async function hostedPageLimit(request, reply) {
    if (isStaticPath(request.url)) return;
    const limiters = flowKeyOf(request) === null ? [perAddress] : [perFlow, perAddress];
    for (const limiter of limiters) {
      const outcome = await limiter(request);
      if (outcome.isAllowed) continue;
      reply.header('ratelimit-limit', outcome.max);
      reply.header('ratelimit-remaining', outcome.isExceeded ? 0 : outcome.remaining);
      reply.header('ratelimit-reset', outcome.ttlInSeconds);
      if (!outcome.isExceeded) continue;
      reply.header('retry-after', outcome.ttlInSeconds);
      throw new PagesBusyError(waitInWords(outcome.ttlInSeconds), Math.max(1, outcome.ttlInSeconds));
    }
  };
}
