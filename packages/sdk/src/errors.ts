/**
 * Typed errors. Every error answer of the API is RFC 9457 Problem Details (`application/problem+json`) with a
 * stable `code` and a pointer per bad field; the token endpoint answers RFC 6749's `{ error, error_description }`.
 */
import type { components } from './schema.ts';

export type Problem = components['schemas']['Problem'];
/** The stable error codes (Problem.code), e.g. "validation_failed", "customer_not_found", "report_not_ready". */
export type ErrorCode = Problem['code'];

/** An answer that was not a success. `problem` holds the body when it is Problem Details. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem | null;
  /** Problem.code, or the token endpoint's `error` */
  readonly code: string | null;
  /** the x-request-id of the answer, for support */
  readonly requestId: string | null;

  constructor(response: Response, body: unknown) {
    const problem = isProblem(body) ? body : null;
    const oauth = !problem && isOAuthError(body) ? body : null;
    const detail = problem?.detail ?? oauth?.error_description ?? response.statusText;
    super(`${response.status} ${problem?.code ?? oauth?.error ?? 'error'}: ${detail}`);
    this.name = 'ApiError';
    this.status = response.status;
    this.problem = problem;
    this.code = problem?.code ?? oauth?.error ?? null;
    this.requestId = response.headers.get('x-request-id');
  }

  /** The field errors of a 400/422, pointer → detail ("/transactions/17/amount" → "must be a number"). */
  get fieldErrors(): Record<string, string> {
    return Object.fromEntries((this.problem?.errors ?? []).map((e) => [e.pointer, e.detail]));
  }
}

function isProblem(body: unknown): body is Problem {
  return typeof body === 'object' && body !== null && 'code' in body && 'status' in body && 'title' in body;
}

function isOAuthError(body: unknown): body is { error: string; error_description?: string } {
  return typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string';
}

/**
 * An openapi-fetch result's data, or its error thrown as an ApiError: `const c = ok(await obi.api.POST(...))`.
 * The data keeps the type the document gives the operation's success answer.
 */
export function ok<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.error === undefined) return result.data as T;
  throw new ApiError(result.response, result.error);
}
