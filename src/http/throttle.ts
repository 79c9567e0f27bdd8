/**
 * Throttling (docs/api-notes.md, "Throttling"), with @fastify/rate-limit and counters in the service's database
 * (src/db/rate-limit-store.ts), so the limits hold across every instance on one PostgreSQL:
 *
 * - each client's API quota, counted after authentication, whichever token (the client's or one of its
 *   customers') made the call: 429 with Retry-After and the RateLimit-* headers of the IETF draft;
 * - the hosted connect pages and the bank-flow addresses, per address;
 * - the token endpoint, per address (its failed attempts also lock the client id and the address out for a
 *   growing time: src/modules/auth/auth.lockout.ts).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Db } from '../db/db.ts';
import { postgresRateLimitStore } from '../db/rate-limit-store.ts';
import { batchingStore } from './throttle-batch.ts';
import { AppError } from '../lib/app-error.ts';
import { clientAddress } from './client-address.ts';

export interface ThrottleSettings {
  /** requests per minute per client, across its own and its customers' tokens */
  apiPerMinute: number;
  /** requests per minute per address to the hosted pages and the bank-flow addresses */
  pagesPerMinute: number;
  /** token requests per minute per address */
  tokenPerMinute: number;
}

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

function clientOfRequest(request: FastifyRequest): string | undefined {
  return request.clientAuth?.clientId ?? request.customerAuth?.clientId;
}

/** The per-client quota, as a preHandler: it runs after the route's authentication has said whose call it is. */
export function clientQuota(app: FastifyInstance, s: ThrottleSettings): onRequestAsyncHookHandler {
  return app.rateLimit({
    max: s.apiPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `quota:${clientOfRequest(request) ?? '-'}`,
    allowList: (request) => clientOfRequest(request) === undefined,
  }) as onRequestAsyncHookHandler;
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
