/**
 * Domain code throws AppError with a stable snake_case code; it never knows HTTP statuses.
 * The HTTP error handler maps codes to statuses (src/http/error-codes.ts) and renders Problem Details.
 */
export interface FieldError {
  /** JSON pointer into the request, e.g. "/transactions/17/amount" */
  pointer: string;
  detail: string;
}

export class AppError extends Error {
  readonly code: string;
  readonly errors: FieldError[];
  /** Extra members merged into the problem body (e.g. the existing id on a duplicate). */
  readonly extra: Record<string, unknown>;
  /** Extra response headers (e.g. Retry-After). */
  readonly headers: Record<string, string>;

  constructor(
    code: string,
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
export function notFound(what: string): AppError {
  return new AppError(`${what}_not_found`, `No ${what.replace(/_/g, ' ')} with that id.`);
}
