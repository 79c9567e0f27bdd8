/**
 * Answers the server writes itself, before or instead of any route, all as Problem Details (RFC 9457):
 *
 * - Node's own refusals (its `clientError` event, which Fastify hands to `clientErrorHandler`): a request line or
 *   header Node cannot parse is 400, headers over Node's limit 431, headers not in by the header timeout 408; the
 *   connection is then closed, as Node would;
 * - OPTIONS on a path some route serves: 204 with `Allow` (no CORS: the API is called from servers, the pages are
 *   same-origin), 404 elsewhere; TRACE anywhere: 405 (it would echo the request, credentials included, back to a
 *   script), with `Allow` where some route serves the path.
 */
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpApp } from './server.ts';
import { PROBLEM_CONTENT_TYPE, problemBody, sendProblem, type ProblemBody } from './problem.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The Problem Details of an error Node raised on a connection before Fastify saw a request. */
function clientErrorProblem(err: Error & { code?: string }): ProblemBody {
  if (err.code === 'HPE_HEADER_OVERFLOW')
    return problemBody('headers_too_large', 'The request headers are larger than this server accepts.');
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return problemBody('request_timeout', 'The request headers did not arrive in time.');
  return problemBody('bad_request', 'The request line or headers could not be parsed as HTTP/1.1.');
}

/** Fastify's `clientErrorHandler` (src/app/app.ts): a Problem Details answer on the raw socket, then close. */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || err.code === 'EPIPE' || !socket.writable) {
    socket.destroy();
    return;
  }
  const problem = clientErrorProblem(err);
  const body = JSON.stringify(problem);
  socket.end(
    `HTTP/1.1 ${problem.status} ${problem.title}\r\n` +
      `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
}

/** The methods some route serves at this path ('OPTIONS' included), or an empty list when none does. */
function allowedMethods(app: HttpApp, url: string): string[] {
  const path = url.split('?')[0] ?? url;
  const found = METHODS.filter((method) => app.findRoute({ method, url: path }) !== null);
  return found.length > 0 ? [...found, 'OPTIONS'] : [];
}

/** OPTIONS and TRACE on every path (catch-all routes: any route of their own would take precedence). */
export function registerMethodAnswers(app: HttpApp): void {
  app.route({
    method: 'OPTIONS',
    url: '*',
    schema: { hide: true },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const allow = allowedMethods(app, request.url);
      if (allow.length === 0)
        return sendProblem(reply, problemBody('not_found', `No route OPTIONS ${request.url.split('?')[0]}.`));
      return reply.code(204).header('allow', allow.join(', ')).send();
    },
  });
  app.route({
    method: 'TRACE',
    url: '*',
    schema: { hide: true },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const allow = allowedMethods(app, request.url);
      return sendProblem(
        reply,
        problemBody('method_not_allowed', 'TRACE is not served.'),
        allow.length > 0 ? { allow: allow.join(', ') } : {},
      );
    },
  });
}
