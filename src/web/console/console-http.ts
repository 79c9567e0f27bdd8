/**
 * The console's HTTP guards (docs/decisions/0034-console.md, docs/security.md "Lender console"):
 * - headers: a strict CSP (only this service's script and styles, nothing inline, no frames), no-store, no Referer;
 * - the session cookie: HttpOnly, SameSite=Strict. When the public base URL is https: Secure, with the __Host-
 *   prefix and so Path=/ and no Domain, so that no sibling subdomain can plant or shadow it (a __Secure- cookie
 *   can be set for the parent domain by any subdomain). Over plain http (local development only: production
 *   refuses it, docs/security.md) no prefix can hold, and the cookie keeps Path=/console;
 * - CSRF: every POST carries the session's token in a hidden field (the sign-in form: a signed pre-session cookie's
 *   token), and its Origin (or, when that is null, Sec-Fetch-Site) must be this service.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isHttps } from '../../http/browser-binding.ts';
import { sameToken } from '../../modules/console/index.ts';

export function setConsoleHeaders(reply: FastifyReply): void {
  reply.header(
    'content-security-policy',
    [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "form-action 'self'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
  );
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cache-control', 'no-store');
  reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
}

export interface CookieNames {
  session: string;
  preSession: string;
  secure: boolean;
}

export function cookieNames(publicBaseUrl: string): CookieNames {
  const secure = isHttps(publicBaseUrl);
  return {
    session: secure ? '__Host-obi_console' : 'obi_console',
    preSession: secure ? '__Host-obi_console_pre' : 'obi_console_pre',
    secure,
  };
}

/** __Host- cookies must have Path=/ (RFC 6265bis §4.1.3.2); plain http keeps the cookie to the console's paths. */
function cookiePath(names: CookieNames): string {
  return names.secure ? '/' : '/console';
}

export function setSessionCookie(reply: FastifyReply, names: CookieNames, token: string, maxAgeSeconds: number): void {
  reply.setCookie(names.session, token, {
    httpOnly: true,
    secure: names.secure,
    sameSite: 'strict',
    path: cookiePath(names),
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply, names: CookieNames): void {
  reply.clearCookie(names.session, {
    path: cookiePath(names),
    httpOnly: true,
    secure: names.secure,
    sameSite: 'strict',
  });
}

/** The pre-session token of the sign-in and invitation forms: the one the browser holds, or a new one. */
export function preSessionToken(request: FastifyRequest, reply: FastifyReply, names: CookieNames): string {
  const held = presentedPreSession(request, names);
  const token = held ?? randomBytes(32).toString('base64url');
  if (!held) {
    reply.setCookie(names.preSession, token, {
      signed: true,
      httpOnly: true,
      secure: names.secure,
      sameSite: 'strict',
      path: cookiePath(names),
      maxAge: 3600,
    });
  }
  return token;
}

function presentedPreSession(request: FastifyRequest, names: CookieNames): string | null {
  const raw = request.cookies[names.preSession];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

/**
 * The POST came from a page of this service. Its Origin, when the browser names one, must be the public origin or
 * the request's own. The console's pages send no Referer (Referrer-Policy: no-referrer), and with that policy
 * browsers send `Origin: null` on a form POST: then Sec-Fetch-Site, which only the browser can set, must say
 * same-origin. Neither: refused.
 */
export function isSameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    const own = `${request.protocol}://${request.headers.host ?? ''}`;
    return origin === publicOrigin || origin === own;
  }
  return request.headers['sec-fetch-site'] === 'same-origin';
}

export function csrfMatches(presented: unknown, expected: string): boolean {
  return typeof presented === 'string' && presented.length > 0 && sameToken(presented, expected);
}

/** The pre-session CSRF check of the sign-in and invitation forms. */
export function preSessionMatches(request: FastifyRequest, names: CookieNames, presented: unknown): boolean {
  const held = presentedPreSession(request, names);
  return held !== null && csrfMatches(presented, held);
}
