/**
 * What can go wrong with a bank, translated once inside the connector into four classes the callers decide on
 * (docs/decisions/0017-error-codes-and-bank-errors.md): access lost (mark the consent revoked, tell the client), rate limited and unavailable
 * (try again later), bad response (the bank answered something we cannot use: try again later, then fail).
 * Messages never carry tokens or personal data; they may carry the bank's own error code.
 */
export type BankErrorKind = 'auth_lost' | 'rate_limited' | 'unavailable' | 'bad_response';

export abstract class BankError extends Error {
  abstract readonly kind: BankErrorKind;
  readonly bankSlug: string;
  /** HTTP status of the bank's answer, when there was one */
  readonly status: number | null;
  constructor(bankSlug: string, message: string, status: number | null = null) {
    super(message);
    this.bankSlug = bankSlug;
    this.status = status;
  }
  /** Whether trying the same thing again later can succeed. */
  get isTransient(): boolean {
    return this.kind !== 'auth_lost';
  }
}

/** The consent was revoked, expired or rejected at the bank, or its tokens no longer work. */
export class BankAuthLostError extends BankError {
  readonly kind = 'auth_lost' as const;
  /** revoked | expired | rejected | token_invalid */
  readonly reason: string;
  constructor(bankSlug: string, reason: string, message: string, status: number | null = null) {
    super(bankSlug, message, status);
    this.name = 'BankAuthLostError';
    this.reason = reason;
  }
}

/** 429 from the bank. */
export class BankRateLimitedError extends BankError {
  readonly kind = 'rate_limited' as const;
  /** seconds the bank asked us to wait (Retry-After), or null when it did not say */
  readonly retryAfter: number | null;
  constructor(bankSlug: string, retryAfter: number | null, message = 'The bank is rate limiting our requests.') {
    super(bankSlug, message, 429);
    this.name = 'BankRateLimitedError';
    this.retryAfter = retryAfter;
  }
}

/** 5xx, timeouts, refused connections, TLS failures. */
export class BankUnavailableError extends BankError {
  readonly kind = 'unavailable' as const;
  constructor(bankSlug: string, message: string, status: number | null = null) {
    super(bankSlug, message, status);
    this.name = 'BankUnavailableError';
  }
}

/** An answer we cannot use: not JSON, not the shape the standard defines, an unexpected status. */
export class BankBadResponseError extends BankError {
  readonly kind = 'bad_response' as const;
  constructor(bankSlug: string, message: string, status: number | null = null) {
    super(bankSlug, message, status);
    this.name = 'BankBadResponseError';
  }
}

export function isBankError(err: unknown): err is BankError {
  return err instanceof BankError;
}

/** Retry-After as seconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: Date): number | null {
  if (value === undefined) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}
