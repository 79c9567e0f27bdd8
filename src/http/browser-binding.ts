/**
 * Browser binding for flows that cross to a bank and back (RFC 9700 §4.7.1: bind `state` to the user agent).
 * The browser that starts a bank flow gets a random binding id in a signed, HttpOnly, SameSite=Lax cookie (Secure
 * when the service is served over https); the consent keeps only the id's hash (src/modules/consents/browser-flow.service.ts). The callback and the hosted
 * return accept only a browser that presents it: a copied URL opened anywhere else changes nothing.
 *
 * SameSite=Lax, not Strict: the bank sends the browser back with a top-level GET from its own site, which Lax
 * allows and Strict would not. The cookie lives as long as an unanswered authorisation may (30 minutes).
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const BINDING_COOKIE = 'obi_flow';
const BINDING_SECONDS = 30 * 60;

/** The key @fastify/cookie signs cookies with, derived from the installation key for this purpose only. */
export function cookieSigningKey(installationKey: string): string {
  return Buffer.from(hkdfSync('sha256', installationKey, 'obi', 'browser binding cookies', 32)).toString('base64url');
}

/** The binding id the browser presents in a validly signed cookie, or null. */
export function presentedBinding(request: FastifyRequest, cookie = BINDING_COOKIE): string | null {
  const raw = request.cookies[cookie];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

/**
 * The browser's binding id: the one it already holds (several flows in several tabs share it), or a new one.
 * Either way the cookie is (re)set for another 30 minutes.
 */
export function bindBrowser(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { secure: boolean; path: string; cookie?: string },
): string {
  const cookie = opts.cookie ?? BINDING_COOKIE;
  const id = presentedBinding(request, cookie) ?? randomBytes(32).toString('base64url');
  reply.setCookie(cookie, id, {
    signed: true,
    httpOnly: true,
    secure: opts.secure,
    sameSite: 'lax',
    path: opts.path,
    maxAge: BINDING_SECONDS,
  });
  return id;
}

/** Whether the service's public address is https (then cookies are Secure). */
export function isHttps(publicBaseUrl: string): boolean {
  return publicBaseUrl.startsWith('https:');
}
