/**
 * RFC 9457 Problem Details, rendered by one error handler for every route except the token endpoint
 * (which answers in RFC 6749 §5.2's shape).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode, type FieldError } from '../lib/app-error.ts';
import { statusForCode, titleForStatus } from './error-codes.ts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  errors: FieldError[];
  [extra: string]: unknown;
}

export function problemBody(
  code: ErrorCode,
  detail: string,
  errors: FieldError[] = [],
  extra: Record<string, unknown> = {},
): ProblemBody {
  const status = statusForCode(code);
  const body = {
    type: `urn:obi:problem:${code}`,
    title: titleForStatus(status),
    status,
    detail,
    code,
    errors,
    ...extra,
  };
  body.status = status; // RFC 9457: the HTTP status, whatever an extension member says
  return body;
}

export function sendProblem(
  reply: FastifyReply,
  body: ProblemBody,
  headers: Record<string, string> = {},
): FastifyReply {
  for (const [k, v] of Object.entries(headers)) reply.header(k, v);
  return reply.code(body.status).type(PROBLEM_CONTENT_TYPE).send(body);
}

interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Where in the request a validation error sits: /body members keep their own pointer; the others say which part. */
function prefixFor(context: string | undefined): string {
  return context === 'body' || context === undefined ? '' : `/${context === 'querystring' ? 'query' : context}`;
}

/**
 * Turns the schema validator's errors into one entry per bad member, with a message a person can act on.
 * Unknown members get their own pointer ("/customer/extra"), missing ones the pointer they should have had.
 */
export function fieldErrorsFromValidation(errors: SchemaError[], context?: string): FieldError[] {
  const prefix = prefixFor(context);
  const byPointer = new Map<string, string>();
  const unknownPointers = new Set<string>();
  for (const e of errors) {
    if (e.keyword === 'additionalProperties') {
      for (const name of (e.params.additionalProperties as string[] | undefined) ?? []) {
        const p = `${prefix}${e.instancePath}/${escapePointer(name)}`;
        unknownPointers.add(p);
        byPointer.set(p, `unknown member "${name}"`);
      }
    }
  }
  for (const e of errors) {
    const pointer = `${prefix}${e.instancePath}`;
    if (e.keyword === 'additionalProperties' || unknownPointers.has(pointer)) continue;
    if (e.keyword === 'required') {
      for (const name of (e.params.requiredProperties as string[] | undefined) ?? [
        e.params.missingProperty as string,
      ]) {
        if (name !== undefined) byPointer.set(`${pointer}/${escapePointer(name)}`, 'is required');
      }
      continue;
    }
    // anyOf branches (number | numeric string, value | null) say one thing: the value has the wrong form.
    if (e.keyword === 'anyOf') {
      byPointer.set(pointer, 'has the wrong type or format');
      continue;
    }
    if (!byPointer.has(pointer)) byPointer.set(pointer, e.message ?? 'is invalid');
  }
  return [...byPointer].map(([pointer, detail]) => ({ pointer, detail }));
}

function escapePointer(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Fastify's own error codes for framework-level failures, mapped onto ours. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_SLOW_BODY: 'body_too_slow',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_json',
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(
    (
      err: FastifyError & { validation?: SchemaError[]; validationContext?: string },
      request: FastifyRequest,
      reply: FastifyReply,
    ) => {
      if (err instanceof AppError) {
        return sendProblem(reply, problemBody(err.code, err.message, err.errors, err.extra), err.headers);
      }
      if (err.validation) {
        const errors = fieldErrorsFromValidation(err.validation, err.validationContext);
        return sendProblem(reply, problemBody('validation_failed', describe(errors), errors));
      }
      const mapped = err.code ? FASTIFY_CODES[err.code] : undefined;
      if (mapped) {
        const detail =
          mapped === 'malformed_json'
            ? 'The request body is not valid JSON.'
            : mapped === 'unsupported_media_type'
              ? 'Send the request body as application/json.'
              : mapped === 'body_too_large'
                ? 'The request body is larger than this service accepts.'
                : err.message;
        return sendProblem(reply, problemBody(mapped, detail));
      }
      if (err instanceof SyntaxError && (err as { statusCode?: number }).statusCode === 400) {
        return sendProblem(reply, problemBody('malformed_json', 'The request body is not valid JSON.'));
      }
      if (isDatabaseDown(err)) {
        request.log.error({ err }, 'database unavailable');
        return sendProblem(
          reply,
          problemBody('database_unavailable', 'The database is unreachable; try again shortly.'),
          { 'retry-after': '5' },
        );
      }
      const status = err.statusCode;
      if (status && status >= 400 && status < 500) {
        return sendProblem(reply, {
          ...problemBody('bad_request', err.message),
          status,
          title: titleForStatus(status),
        });
      }
      request.log.error({ err }, 'unhandled error');
      return sendProblem(
        reply,
        problemBody(
          'internal_error',
          'Something went wrong on our side. The request id identifies it in our logs.',
          [],
          { request_id: request.id },
        ),
      );
    },
  );

  app.setNotFoundHandler((request, reply) => {
    sendProblem(reply, problemBody('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`));
  });
}

function describe(errors: FieldError[]): string {
  const [first] = errors;
  if (first === undefined) return 'The request is invalid.';
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return `${first.pointer || 'The request'} ${first.detail}${more}.`;
}

function isDatabaseDown(err: Error & { code?: string }): boolean {
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '08001'].includes(err.code ?? '') ||
    /Connection terminated|PGlite is closed|timeout exceeded when trying to connect/i.test(err.message)
  );
}
