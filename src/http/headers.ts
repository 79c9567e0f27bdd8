/**
 * Response headers every answer carries (docs/security.md, "Headers"), from @fastify/helmet, plus our cache rule.
 *
 * - CSP for anything that is not one of our pages: nothing may load, nothing may frame it. The hosted pages
 *   (src/web/security.ts), the docs (src/docs-ui/docs-ui.ts) and the sandbox bank's page set stricter or
 *   page-specific policies of their own, which replace this one.
 * - X-Content-Type-Options: nosniff, Referrer-Policy: no-referrer, Cross-Origin-Opener-Policy, HSTS (browsers only
 *   honour it over https).
 * - X-Frame-Options is left to the pages: the component's pages must be framable by the client's origin, which
 *   their CSP frame-ancestors says; the API's JSON has frame-ancestors 'none'.
 * - Cache-Control: no-store on every answer that does not set its own (API answers carry personal data or tokens;
 *   only the static assets of the hosted pages are cacheable, and they say so).
 */
import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { HelmetOptions } from 'helmet';

const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"], frameAncestors: ["'none'"] },
  },
  frameguard: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
  crossOriginEmbedderPolicy: false,
};

type Helmet = (
  options: Readonly<HelmetOptions>,
) => (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * The headers helmet sets with these options, worked out once. @fastify/helmet rebuilt helmet's whole configuration
 * (the CSP parsed and checked again) on every request, about 3.5 % of a small read's CPU
 * (docs/decisions/0031-small-reads-in-one-round-trip.md); nothing here varies by request (no nonces, no route
 * options), so the same names and values are set from a list. helmet is the one @fastify/helmet depends on,
 * resolved from there, so it is the version the plugin would have run.
 */
function securityHeaders(options: Readonly<HelmetOptions> = HELMET_OPTIONS): ReadonlyArray<[string, string]> {
  const helmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))('helmet') as Helmet;
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
      return recorder;
    },
    // helmet removes X-Powered-By, which neither Node nor Fastify sets.
    removeHeader() {},
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** Where the routes that hijack their reply live (src/app/routes.ts mounts the sandbox bank there). */
const HIJACKING_PREFIX = '/sandbox-bank/';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  const asReplyHeaders = Object.fromEntries(headers.map(([name, value]) => [name.toLowerCase(), value]));
  // Before any route's hook, so a page's own CSP (reply.header) still replaces this one. Set as the reply's headers,
  // not on the raw response as @fastify/helmet did: Node then writes every header of the answer in one pass
  // (writeHead with one object) instead of storing each with setHeader first, a few µs of every small read
  // (docs/decisions/0031-small-reads-in-one-round-trip.md). A hijacked reply writes the raw response itself and
  // never sees the reply's headers: the sandbox bank's oidc-provider endpoints (src/sandbox-bank/handoff.ts,
  // interaction.ts), the only ones, keep getting them on the raw response.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(asReplyHeaders);
    if (request.url.startsWith(HIJACKING_PREFIX)) for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
