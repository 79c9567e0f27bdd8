/**
 * GET /docs: the API reference (Scalar, @scalar/fastify-api-reference) reading /openapi.json
 * (docs/decisions/0033-admin-listener.md, "The docs page"). Its script is served by the service itself (/docs/js/
 * scalar.js); nothing is fetched from elsewhere: no CDN, no default fonts, no telemetry, no AI agent or MCP, and the
 * page's own Content Security Policy lets it connect to this origin only. The page's one inline script (its
 * configuration) is allowed by its hash, worked out from the page as sent.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import scalar from '@scalar/fastify-api-reference';

/** Everything the page needs from this origin; inline styles because the bundle injects its stylesheet. */
const CSP_BASE = [
  "default-src 'none'",
  "base-uri 'none'",
  "object-src 'none'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "worker-src 'self' blob:",
  "form-action 'none'",
  "frame-ancestors 'none'",
];

/** The page's CSP: its inline scripts by hash, the bundle from 'self'. */
export function docsPageCsp(html: string): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
  return [...CSP_BASE, `script-src 'self' ${hashes.join(' ')}`, "script-src-attr 'none'"].join('; ');
}

export async function registerDocsUi(app: FastifyInstance): Promise<void> {
  await app.register(async (docs) => {
    // The page is the same on every request: its CSP is worked out once.
    let page: { html: string; csp: string } | undefined;
    docs.addHook('onSend', async (request, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      if (typeof payload === 'string' && type.startsWith('text/html')) {
        if (page?.html !== payload) page = { html: payload, csp: docsPageCsp(payload) };
        reply.header('content-security-policy', page.csp);
      }
      if (request.url.startsWith('/docs/js/')) reply.header('cache-control', 'public, max-age=3600');
      return payload;
    });
    await docs.register(scalar, {
      routePrefix: '/docs',
      logLevel: 'silent',
      configuration: {
        url: '/openapi.json',
        pageTitle: 'Open Banking Insights API',
        withDefaultFonts: false,
        telemetry: false,
        showDeveloperTools: 'never',
        agent: { disabled: true },
        mcp: { disabled: true },
        hideClientButton: false,
        documentDownloadType: 'json',
      },
    });
  });
}
