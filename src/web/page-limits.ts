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
export function isStaticPath(url: string): boolean {
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
export function flowKeyOf(request: FastifyRequest): string | null {
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

/**
 * @fastify/rate-limit counts a request once: its hook marks the request (a symbol described
 * "fastify.request.rateLimitRan") and a second hook on the same request returns at once. The hosted pages need two
 * counts, so the mark is cleared between them; test/flows/hosted-pages-shared-address.test.ts fails if a new
 * version of the library stops the second count.
 */
function clearRateLimitMark(request: FastifyRequest): void {
  const mark = Object.getOwnPropertySymbols(request).find((s) => s.description === 'fastify.request.rateLimitRan');
  if (mark) (request as unknown as Record<symbol, boolean>)[mark] = false;
}

/** One onRequest hook for the /connect scope: per flow, then per address. */
export function hostedPageLimits(app: FastifyInstance, limits: PageLimits): onRequestAsyncHookHandler {
  const errorResponseBuilder = (_request: FastifyRequest, context: { after: string; ttl: number }) =>
    new PagesBusyError(context.after, Math.max(1, Math.ceil(context.ttl / 1000)));
  const perFlow = app.rateLimit({
    max: limits.perFlowPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `pages-flow:${flowKeyOf(request) ?? '-'}`,
    allowList: (request) => isStaticPath(request.url) || flowKeyOf(request) === null,
    errorResponseBuilder,
  }) as onRequestAsyncHookHandler;
  const perAddress = app.rateLimit({
    max: limits.perAddressPerMinute,
    timeWindow: MINUTE_MS,
    // The caller's address as src/http/client-address.ts derives it: behind TRUSTED_PROXIES, IPv6 per /64.
    keyGenerator: (request) => `pages:${clientAddress(request)}`,
    allowList: (request) => isStaticPath(request.url),
    errorResponseBuilder,
  }) as onRequestAsyncHookHandler;
  return async function hostedPageLimit(request, reply) {
    await perFlow.call(this, request, reply);
    clearRateLimitMark(request);
    await perAddress.call(this, request, reply);
  };
}
