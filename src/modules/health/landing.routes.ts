/**
 * GET /: where a person or a program that found the service's address goes next (docs/decisions/0048-first-hour.md).
 * A browser (it asks for HTML) gets a small page with links to the API reference, the lender console and the health
 * check; anything else gets the same links as JSON. Nothing about the installation (no version, no clients, no
 * settings): the address is public.
 */
import { Type } from 'typebox';
import type { HttpApp } from '../../http/server.ts';
import { wantsHtml } from '../../http/browser-notice.ts';

const LINKS = {
  docs: { href: '/docs', title: 'API reference (Redoc)' },
  openapi: { href: '/openapi.json', title: 'OpenAPI 3.1 document' },
  console: { href: '/console', title: 'Lender console' },
  health: { href: '/health', title: 'Liveness check' },
} as const;

const Link = Type.Object({
  href: Type.String({ description: 'the path, relative to this address' }),
  title: Type.String({ description: 'what is there' }),
});

const Landing = Type.Object(
  {
    service: Type.Literal('open-banking-insights', { description: 'what answers at this address' }),
    _links: Type.Object(
      {
        docs: { ...Link, description: 'the API reference for people' },
        openapi: { ...Link, description: 'the OpenAPI document the reference and the SDK are made from' },
        console: { ...Link, description: "the lender console: a client's staff sign in here" },
        health: { ...Link, description: 'liveness: answers {"status":"ok"} while the process runs' },
      },
      { description: 'where to go next' },
    ),
  },
  { description: 'The service and its entry points.' },
);

const PAGE =
  '<!doctype html><html lang="en-GB"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width,initial-scale=1"><title>Open Banking Insights</title></head>' +
  '<body style="font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;line-height:1.5">' +
  '<h1>Open Banking Insights</h1>' +
  '<p>A UK Open Banking data and insights service for lenders.</p><ul>' +
  Object.values(LINKS)
    .map((l) => `<li><a href="${l.href}">${l.title}</a> <code>${l.href}</code></li>`)
    .join('') +
  '</ul></body></html>';

export async function landingRoutes(app: HttpApp): Promise<void> {
  app.get(
    '/',
    {
      logLevel: 'warn',
      schema: {
        tags: ['Operations'],
        summary: 'Landing: links to the reference, the console and the health check',
        description:
          'A browser (Accept: text/html) gets a small HTML page with these links; any other client gets them as ' +
          'JSON. It says nothing about the installation.',
        response: {
          200: {
            description: 'The links, as JSON or (to a browser) as an HTML page',
            content: {
              'application/json': { schema: Landing },
              'text/html': { schema: Type.String({ description: 'a small page with the same links' }) },
            },
          },
        },
      },
    },
    async (request, reply) => {
      reply.header('vary', 'accept');
      if (!wantsHtml(request.headers.accept)) return { service: 'open-banking-insights' as const, _links: LINKS };
      return reply
        .type('text/html; charset=utf-8')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        )
        .send(PAGE);
    },
  );
}
