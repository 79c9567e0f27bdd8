/**
 * The hosted pages act for the customer through the API's front door: endpoints 4, 5, 6 and the customer's bank
 * list, called in-process (app.inject) with the session's customer token, exactly as a client's own app would
 * call them. The pages therefore show and do only what the API allows a customer token to.
 */
import type { HttpApp } from '../http/server.ts';
import type { ConsentScreenData } from './pages/consent.ts';

export class ApiCallError extends Error {
  readonly status: number;
  readonly code: string;
  /** a 429's Retry-After, in seconds; null when the API gave none */
  readonly retryAfterSeconds: number | null;
  constructor(status: number, code: string, detail: string, retryAfterSeconds: number | null = null) {
    super(detail);
    this.name = 'ApiCallError';
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A Retry-After of whole seconds (the API sends no dates), else null. */
export function retryAfterSeconds(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d{1,7}$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.max(1, n) : null;
}

export interface BankFlowAnswer {
  url: string;
  consent_id: string;
  state: string;
}

export interface ConsentStatusAnswer {
  consent_id: string;
  status: 'AwaitingAuthorisation' | 'Authorised' | 'Rejected' | 'Revoked';
}

export interface WebflowBankAnswer {
  slug: string;
  is_connected?: boolean;
}

export interface CustomerApi {
  /** null when the customer's bank list is not served by this installation */
  banks(): Promise<WebflowBankAnswer[] | null>;
  consentScreen(slug: string): Promise<ConsentScreenData>;
  bankFlow(slug: string, returnUrl: string): Promise<BankFlowAnswer>;
  /** null when the customer has no consent at that bank */
  consentStatus(slug: string): Promise<ConsentStatusAnswer | null>;
}

export function customerApi(app: HttpApp, token: string): CustomerApi {
  const call = async <T>(
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
  ): Promise<{ status: number; body: T }> => {
    const res = await app.inject({
      method,
      url,
      headers: {
        authorization: `AppUserToken ${token}`,
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
    const body = res.body ? (JSON.parse(res.body) as unknown) : null;
    if (res.statusCode >= 400) {
      const problem = (body ?? {}) as { code?: string; detail?: string };
      throw new ApiCallError(
        res.statusCode,
        problem.code ?? 'error',
        problem.detail ?? `HTTP ${res.statusCode}`,
        retryAfterSeconds(res.headers['retry-after']),
      );
    }
    return { status: res.statusCode, body: body as T };
  };
  const bankPath = (slug: string) => `/public/v3/webflow/banks/${encodeURIComponent(slug)}`;
  return {
    async banks() {
      try {
        return (await call<{ data: WebflowBankAnswer[] }>('GET', '/public/v3/webflow/banks')).body.data;
      } catch (err) {
        if (err instanceof ApiCallError && err.status === 404 && err.code === 'not_found') return null;
        throw err;
      }
    },
    async consentScreen(slug) {
      return (await call<ConsentScreenData>('POST', `${bankPath(slug)}/consent`, {})).body;
    },
    async bankFlow(slug, returnUrl) {
      return (await call<BankFlowAnswer>('POST', `${bankPath(slug)}/redirect?url=${encodeURIComponent(returnUrl)}`, {}))
        .body;
    },
    async consentStatus(slug) {
      try {
        return (await call<ConsentStatusAnswer>('GET', `${bankPath(slug)}/consent/status`)).body;
      } catch (err) {
        if (err instanceof ApiCallError && err.status === 404) return null;
        throw err;
      }
    },
  };
}
