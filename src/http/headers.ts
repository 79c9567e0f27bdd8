/**
 * Response headers every answer carries (docs/security.md, "Headers"), from @fastify/helmet, plus our cache rule.
 *
 * - CSP for anything that is not one of our pages: nothing may load, nothing may frame it. The hosted pages
 *   (src/web/security.ts), the docs (@fastify/swagger-ui's own CSP) and the sandbox bank's page set stricter or
 *   page-specific policies of their own, which replace this one.
 * - X-Content-Type-Options: nosniff, Referrer-Policy: no-referrer, Cross-Origin-Opener-Policy, HSTS (browsers only
 *   honour it over https).
 * - X-Frame-Options is left to the pages: the component's pages must be framable by the client's origin, which
 *   their CSP frame-ancestors says; the API's JSON has frame-ancestors 'none'.
 * - Cache-Control: no-store on every answer that does not set its own (API answers carry personal data or tokens;
 *   only the static assets of the hosted pages are cacheable, and they say so).
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"], frameAncestors: ["'none'"] },
    },
    frameguard: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
