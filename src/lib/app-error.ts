/**
 * Domain code throws AppError with a stable snake_case code; it never knows HTTP statuses.
 * The HTTP error handler maps codes to statuses (src/http/error-codes.ts) and renders Problem Details.
 *
 * The codes are declared once, here: the ErrorCode type, the status table (which the compiler holds to
 * exactly these codes) and the enum of the Problem schema in the OpenAPI document all derive from this list.
 */

/** The subjects a lookup can miss; each gives the code `<subject>_not_found`. */
export const NOT_FOUND_SUBJECTS = [
  'account',
  'affordability_policy',
  'bank',
  'category_rule',
  'client',
  'consent',
  'customer',
  'invitation',
  'reconfirmation',
  'report',
  'transaction',
  'webhook',
  'webhook_delivery',
] as const;
export type NotFoundSubject = (typeof NOT_FOUND_SUBJECTS)[number];

export const ERROR_CODES = [
  'validation_failed',
  'malformed_json',
  'bad_request',
  'webhook_url_not_allowed',
  'origin_not_allowed',
  'redirect_url_not_allowed',
  'invalid_state',
  'flow_browser_mismatch',
  'cursor_invalid',
  'cursor_stale',
  'unauthorized',
  'token_expired',
  'forbidden_token_kind',
  'not_found',
  'no_data',
  'duplicate_user_reference',
  'invitation_used',
  'reconfirmation_used',
  'idempotency_key_in_use',
  'report_not_ready',
  'webhook_disabled',
  'consent_not_authorised',
  'body_too_large',
  'body_too_slow',
  'unsupported_media_type',
  'too_many_transactions',
  'account_not_found_for_transaction',
  'idempotency_key_reused',
  'bank_not_connectable',
  'rate_limited',
  'internal_error',
  'bank_error',
  'database_unavailable',
  'queue_unavailable',
  'bank_unavailable',
  'bank_rate_limited',
  'pdf_unavailable',
  'docs_unavailable',
  'method_not_allowed',
  'headers_too_large',
  'request_timeout',
  ...NOT_FOUND_SUBJECTS.map((subject) => `${subject}_not_found` as const),
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface FieldError {
  /** JSON pointer into the request, e.g. "/transactions/17/amount" */
  pointer: string;
  detail: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[];
  /** Extra members merged into the problem body (e.g. the existing id on a duplicate). */
  readonly extra: Record<string, unknown>;
  /** Extra response headers (e.g. Retry-After). */
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { errors?: FieldError[]; extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.errors = opts.errors ?? [];
    this.extra = opts.extra ?? {};
    this.headers = opts.headers ?? {};
  }
}

/** 404 for an id that is unknown or belongs to another client: the same body either way. */
export function notFound(what: NotFoundSubject): AppError {
  return new AppError(`${what}_not_found`, `No ${what.replace(/_/g, ' ')} with that id.`);
}
