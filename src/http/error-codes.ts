import type { ErrorCode, NotFoundSubject } from '../lib/app-error.ts';

type NotFoundCode = `${NotFoundSubject}_not_found`;

/**
 * The one table from domain error codes (declared in src/lib/app-error.ts) to HTTP statuses. The
 * compiler holds it to exactly those codes: a new code without a status does not build. Every
 * `<subject>_not_found` is a 404.
 */
const STATUS_BY_CODE: Record<Exclude<ErrorCode, NotFoundCode>, number> = {
  validation_failed: 400,
  malformed_json: 400,
  bad_request: 400,
  webhook_url_not_allowed: 400,
  origin_not_allowed: 400,
  redirect_url_not_allowed: 400,
  invalid_state: 400,
  flow_browser_mismatch: 400,
  cursor_invalid: 400,
  cursor_stale: 400,
  unauthorized: 401,
  token_expired: 401,
  forbidden_token_kind: 403,
  not_found: 404,
  no_data: 404,
  duplicate_user_reference: 409,
  invitation_used: 409,
  reconfirmation_used: 409,
  idempotency_key_in_use: 409,
  report_not_ready: 409,
  webhook_disabled: 409,
  consent_not_authorised: 409,
  body_too_large: 413,
  body_too_slow: 408,
  unsupported_media_type: 415,
  too_many_transactions: 422,
  account_not_found_for_transaction: 422,
  idempotency_key_reused: 422,
  bank_not_connectable: 422,
  rate_limited: 429,
  internal_error: 500,
  bank_error: 502,
  database_unavailable: 503,
  queue_unavailable: 503,
  bank_unavailable: 503,
  bank_rate_limited: 503,
  pdf_unavailable: 503,
  docs_unavailable: 503,
  method_not_allowed: 405,
  headers_too_large: 431,
  request_timeout: 408,
};

function isNotFoundCode(code: ErrorCode): code is NotFoundCode {
  return !(code in STATUS_BY_CODE);
}

export function statusForCode(code: ErrorCode): number {
  return isNotFoundCode(code) ? 404 : STATUS_BY_CODE[code];
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function titleForStatus(status: number): string {
  return TITLES[status] ?? 'Error';
}
