/**
 * Response headers of the hosted pages, and what their requests may put in the logs.
 *
 * CSP: only this service's own script, styles and images; no inline script or style. frame-ancestors is 'none'
 * except on a component session's pages, which only the client's registered origin may frame. The secret in
 * the pages' URLs must not leak: no Referer leaves these pages, they are never cached, and the log shows the
 * path with the secret masked (every logged URL is, src/lib/log-redaction.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface PageSecurity {
  /** who may frame the page: null → nobody; '*' → anyone (refusal pages only: they hold nothing and do nothing) */
  frameAncestors: string | null;
  /** origins images may come from besides 'self' (the public base URL, when it differs from the request's) */
  imageOrigins?: string[];
}

export function setPageHeaders(reply: FastifyReply, s: PageSecurity): void {
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self'${s.imageOrigins?.length ? ` ${s.imageOrigins.join(' ')}` : ''}`,
    "connect-src 'self'",
    // The continue form posts here and is redirected to the bank; browsers check redirects against form-action.
    "form-action 'self' https:",
    "base-uri 'none'",
    `frame-ancestors ${s.frameAncestors ?? "'none'"}`,
  ];
  reply.header('content-security-policy', csp.join('; '));
  if (s.frameAncestors === null) reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cache-control', 'no-store');
  reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
}

/** The origin of the page that made the request, when the browser said. */
export function refererOrigin(request: FastifyRequest): string | null {
  const ref = request.headers.referer;
  if (!ref) return null;
  try {
    return new URL(ref).origin;
  } catch {
    return null;
  }
}
