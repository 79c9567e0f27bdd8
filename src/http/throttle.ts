/**
 * Throttling (docs/api-notes.md, "Throttling"; docs/security.md, "Limits"), with @fastify/rate-limit and counters
 * in the service's database (src/db/rate-limit-store.ts), so the limits hold across every instance on one
 * PostgreSQL. Budgets match who spends them (docs/decisions/0044-limits-by-who-spends-them.md):
 *
 * - a client's API quota, counted after authentication: its own token's calls and its customers' together, but
 *   its customers' tokens may use at most RATE_LIMIT_CUSTOMER_SHARE_PERCENT of it between them, so the rest is the
 *   lender's own whatever its customers do;
 * - each customer token, per flow (consent screens, bank-flow URLs, status polls, the bank list), its own budget,
 *   counted first: one customer's flood is refused before it touches its lender's quota;
 * - bank consents (endpoint 5 creates one at the bank each time): per customer and per client an hour;
 * - invitations, per client an hour;
 * - the hosted connect pages, the console and the token endpoint, per address (src/http/client-address.ts; failed
 *   token requests also lock out: src/modules/auth/auth-lockout.repo.ts).
 *
 * Every 429 is Problem Details `rate_limited` with Retry-After and the IETF draft's RateLimit-* headers.
 */
import rateLimit from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { Db } from '../db/db.ts';
import { postgresRateLimitStore } from '../db/rate-limit-store.ts';
import { batchingStore } from './throttle-batch.ts';
import { AppError } from '../lib/app-error.ts';
import { clientAddress } from './client-address.ts';

const MINUTE_MS = 60_000;

/** Registers the plugin (no limit by itself: each scope adds the hook it needs). */
export async function registerThrottling(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // Large limits (the per-client quota) are counted in batches, off the request's path (throttle-batch.ts).
    store: batchingStore(postgresRateLimitStore(db), db),
    enableDraftSpec: true,
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', `Too many requests; try again in ${context.after}.`),
  });
}

/** The budgets of the API scope (src/app/routes.ts); numbers from the config (src/config/config.ts, parseThrottling). */
export interface ApiBudgetSettings {
  apiPerMinute: number;
  customerSharePercent: number;
  customerFlowPerMinute: number;
  consentsPerCustomerPerHour: number;
  consentsPerClientPerHour: number;
  invitationsPerClientPerHour: number;
}

const HOUR_MS = 3_600_000;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type Outcome = Awaited<ReturnType<Limiter>>;
type Counted = Extract<Outcome, { isAllowed: false }>;

/** What a customer token is doing, by route: each flow has its own budget per customer. */
export type CustomerFlow = 'consents' | 'redirects' | 'status' | 'banks' | 'other';

function customerFlowOf(method: string, route: string | undefined): CustomerFlow {
  if (!route?.startsWith('/public/v3/webflow/banks')) return 'other';
  if (route.endsWith('/redirect')) return 'redirects';
  if (route.endsWith('/consent/status')) return 'status';
  if (route.endsWith('/consent') || route.endsWith('/consent/reconfirm')) return 'consents';
  return method === 'GET' && route === '/public/v3/webflow/banks' ? 'banks' : 'other';
}

function headersOf(reply: FastifyReply, c: Counted, exceeded: boolean): void {
  reply.header('ratelimit-limit', c.max);
  reply.header('ratelimit-remaining', exceeded ? 0 : c.remaining);
  reply.header('ratelimit-reset', c.ttlInSeconds);
  if (exceeded) reply.header('retry-after', c.ttlInSeconds);
}

/**
 * The API scope's budgets, as one preHandler: it runs after the route's authentication has said whose call it
 * is. Limits are counted in order and the first one exceeded answers 429 (the later ones are then not counted);
 * the RateLimit-* headers are those of the budget nearest its end.
 */
export function apiBudgets(app: FastifyInstance, s: ApiBudgetSettings): preHandlerAsyncHookHandler {
  const limit = (max: number, timeWindow: number, key: (r: FastifyRequest) => string): Limiter =>
    app.createRateLimit({ max, timeWindow, keyGenerator: key });
  const clientId = (r: FastifyRequest) => r.clientAuth?.clientId ?? r.customerAuth?.clientId ?? '-';
  const customer = (r: FastifyRequest) => `${r.customerAuth?.clientId ?? '-'}:${r.customerAuth?.customerId ?? '-'}`;
  const quota = limit(s.apiPerMinute, MINUTE_MS, (r) => `quota:${clientId(r)}`);
  const customersShare = Math.max(1, Math.floor((s.apiPerMinute * s.customerSharePercent) / 100));
  const customers = limit(customersShare, MINUTE_MS, (r) => `customers:${clientId(r)}`);
  const flow = limit(s.customerFlowPerMinute, MINUTE_MS, (r) => {
    const f = customerFlowOf(r.method, r.routeOptions.url);
    return `flow:${f}:${customer(r)}`;
  });
  const consentsOfCustomer = limit(s.consentsPerCustomerPerHour, HOUR_MS, (r) => `consents:${customer(r)}`);
  const consentsOfClient = limit(s.consentsPerClientPerHour, HOUR_MS, (r) => `consents:${clientId(r)}`);
  const invitations = limit(s.invitationsPerClientPerHour, HOUR_MS, (r) => `invitations:${clientId(r)}`);

  return async function countBudgets(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const limiters: Limiter[] = [];
    if (request.customerAuth) {
      limiters.push(flow);
      if (customerFlowOf(request.method, request.routeOptions.url) === 'redirects')
        limiters.push(consentsOfCustomer, consentsOfClient);
      limiters.push(customers, quota);
    } else if (request.clientAuth) {
      if (request.method === 'POST' && request.routeOptions.url === '/public/v3/invitations')
        limiters.push(invitations);
      limiters.push(quota);
    } else return;
    let nearest: Counted | null = null;
    for (const limiter of limiters) {
      const outcome = await limiter(request);
      if (outcome.isAllowed) continue;
      if (outcome.isExceeded) {
        headersOf(reply, outcome, true);
        throw new AppError('rate_limited', `Too many requests; try again in ${outcome.ttlInSeconds} seconds.`);
      }
      if (!nearest || outcome.remaining / outcome.max < nearest.remaining / nearest.max) nearest = outcome;
    }
    if (nearest) headersOf(reply, nearest, false);
  };
}

/** A per-address limit, for pages and endpoints a caller reaches before any authentication. */
export function perAddress(
  app: FastifyInstance,
  name: string,
  perMinute: number,
  errorResponseBuilder?: (request: FastifyRequest, context: { statusCode: number; after: string }) => object,
): onRequestAsyncHookHandler {
  return app.rateLimit({
    max: perMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `${name}:${clientAddress(request)}`,
    ...(errorResponseBuilder ? { errorResponseBuilder } : {}),
  }) as onRequestAsyncHookHandler;
}
