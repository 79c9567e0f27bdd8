/**
 * JSON bodies for the /public/v3 routes. An empty body counts as "no body" (endpoints such as 3 take none,
 * and clients often send the JSON content type anyway); malformed JSON is a 400 problem. JSON.parse is
 * used directly: it is markedly faster than the default safe parser on 100 000-item submissions, and
 * proto-poisoning cannot bite because every body schema rejects unknown members (a "__proto__" key included).
 */
import { createHash } from 'node:crypto';
import type { App } from '../app.ts';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** SHA-256 of the raw body, computed only when the request carries an Idempotency-Key. */
    bodyHash?: string;
  }
}

export function registerJsonParser(app: App, bodyLimit: number): void {
  app.removeAllContentTypeParsers(); // JSON only: a text/plain or form body is 415, not a string to validate
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
    const text = body as string;
    if (request.headers['idempotency-key'] !== undefined) request.bodyHash = createHash('sha256').update(text).digest('hex');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('malformed_json', 'The request body is not valid JSON.'), undefined);
    }
  });
}
