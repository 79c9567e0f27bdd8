/**
 * A plain page for a browser that reached an API address it cannot use (a bank link opened twice, a callback in
 * another browser): a person reads it, so it is a page, not a JSON problem. Nothing external, no script.
 */
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../lib/escape-html.ts';

export function sendBrowserNotice(reply: FastifyReply, status: number, title: string, message: string): FastifyReply {
  const body =
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem">` +
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`;
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
    )
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

/** Whether the request comes from a browser navigating (it asks for HTML first). */
export function wantsHtml(accept: string | undefined): boolean {
  return /text\/html/.test(accept ?? '');
}
