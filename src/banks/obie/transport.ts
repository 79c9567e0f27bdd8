/**
 * One HTTP exchange with a bank's API (over the bank's mutual-TLS pool, ../http.ts), with the standard's headers
 * (x-fapi-financial-id, a fresh x-fapi-interaction-id whose echo must match, and for a customer-present call
 * x-fapi-customer-ip-address and x-fapi-auth-date), the bank's errors translated into the classes
 * of ../errors.ts (the only place that happens), and short in-request retries of reads: a 429 waits its
 * Retry-After (up to the bank's max_retry_wait_seconds), a 5xx or a network failure waits 0.2 s, then 0.8 s.
 * Writes (POST) are not retried here: a consent created twice or a code spent twice is worse than a failure.
 */
import { randomUUID } from 'node:crypto';
import type { BankConnectionSettings } from '../connections.ts';
import {
  BankAuthLostError,
  BankBadResponseError,
  BankError,
  BankRateLimitedError,
  BankUnavailableError,
  parseRetryAfter,
} from '../errors.ts';
import { bankRequest, type BankHttpOptions, type BankHttpResponse } from '../http.ts';

export interface TransportDeps {
  clock: { now(): Date };
  /** waits between retries; tests may shorten it */
  sleep?: (ms: number) => Promise<void>;
}

export interface Transport {
  slug: string;
  settings: BankConnectionSettings;
  http: BankHttpOptions;
  clock: { now(): Date };
  sleep: (ms: number) => Promise<void>;
}

export function createTransport(slug: string, settings: BankConnectionSettings, deps: TransportDeps): Transport {
  return {
    slug,
    settings,
    clock: deps.clock,
    http: { slug, tls: settings.tls, timeoutMs: settings.timeoutMs },
    sleep: deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  };
}

const MAX_RATE_LIMIT_RETRIES = 3;
const UNAVAILABLE_BACKOFF_MS = [200, 800];

export interface ApiCall {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  accessToken: string;
  body?: unknown;
  /** the customer is present: their address and when they authenticated (OBIE's customer-present headers) */
  customer?: { ipAddress: string; authenticatedAt: Date };
}

/** Calls the API; answers 2xx responses, throws a BankError otherwise. GET and DELETE are retried as above. */
export async function callApi(t: Transport, call: ApiCall): Promise<BankHttpResponse> {
  const retries = call.method !== 'POST';
  let rateLimited = 0;
  let unavailable = 0;
  for (;;) {
    try {
      return await callOnce(t, call);
    } catch (err) {
      if (!retries || !(err instanceof BankError)) throw err;
      if (err instanceof BankRateLimitedError) {
        const wait = err.retryAfter ?? 1;
        if (rateLimited >= MAX_RATE_LIMIT_RETRIES || wait > t.settings.maxRetryWaitSeconds) throw err;
        rateLimited++;
        await t.sleep(wait * 1000);
        continue;
      }
      const backoff = UNAVAILABLE_BACKOFF_MS[unavailable];
      if (err instanceof BankUnavailableError && backoff !== undefined) {
        unavailable++;
        await t.sleep(backoff);
        continue;
      }
      throw err;
    }
  }
}

async function callOnce(t: Transport, call: ApiCall): Promise<BankHttpResponse> {
  const interactionId = randomUUID();
  const headers: Record<string, string> = {
    authorization: `Bearer ${call.accessToken}`,
    'x-fapi-interaction-id': interactionId,
  };
  if (call.customer) {
    headers['x-fapi-customer-ip-address'] = call.customer.ipAddress;
    headers['x-fapi-auth-date'] = call.customer.authenticatedAt.toUTCString();
  }
  if (t.settings.financialId) headers['x-fapi-financial-id'] = t.settings.financialId;
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  const res = await bankRequest(t.http, {
    method: call.method,
    url: call.url,
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  // The bank echoes our interaction id (OBIE Read/Write API, "HTTP headers"): another value is someone else's answer.
  const echoed = res.headers['x-fapi-interaction-id'];
  if (echoed !== undefined && echoed !== interactionId)
    throw new BankBadResponseError(
      t.slug,
      `the bank echoed another x-fapi-interaction-id for ${new URL(call.url).pathname}`,
      res.status,
    );
  if (res.status >= 200 && res.status < 300) return res;
  throw translate(t, res, new URL(call.url).pathname);
}

/** A bank's non-2xx answer → one of our four classes. */
function translate(t: Transport, res: BankHttpResponse, what: string): BankError {
  const code = obieErrorCode(res.body);
  const suffix = code ? ` (${code})` : '';
  if (res.status === 401)
    return new BankAuthLostError(
      t.slug,
      'token_invalid',
      `the bank refused our access token for ${what}${suffix}`,
      401,
    );
  // 403: the consent no longer allows this (revoked at the bank, expired, or narrowed): access is lost.
  if (res.status === 403)
    return new BankAuthLostError(t.slug, 'revoked', `the bank refused access to ${what}${suffix}`, 403);
  if (res.status === 429) {
    const header = res.headers['retry-after'];
    return new BankRateLimitedError(
      t.slug,
      parseRetryAfter(Array.isArray(header) ? header[0] : header, t.clock.now()),
      `the bank rate-limited ${what}`,
    );
  }
  if (res.status >= 500)
    return new BankUnavailableError(t.slug, `the bank answered ${res.status} for ${what}${suffix}`, res.status);
  return new BankBadResponseError(t.slug, `the bank answered ${res.status} for ${what}${suffix}`, res.status);
}

/** The OBIE error's code (Errors[0].ErrorCode or Code), never its free text (it may carry personal data). */
function obieErrorCode(body: string): string | null {
  try {
    const e = JSON.parse(body) as { Code?: unknown; Errors?: Array<{ ErrorCode?: unknown }> };
    const code = e.Errors?.[0]?.ErrorCode ?? e.Code;
    return typeof code === 'string' && /^[\w.]{1,100}$/.test(code) ? code : null;
  } catch {
    return null;
  }
}

export function parseJson(t: Transport, res: BankHttpResponse, what: string): unknown {
  try {
    return JSON.parse(res.body);
  } catch {
    throw new BankBadResponseError(t.slug, `the answer for ${what} is not JSON`, res.status);
  }
}
