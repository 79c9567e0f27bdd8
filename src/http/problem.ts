/**
 * RFC 9457 Problem Details, rendered by one error handler for every route except the token endpoint
 * (which answers in RFC 6749 §5.2's shape).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode, type FieldError } from '../lib/app-error.ts';
import { statusForCode, titleForStatus } from './error-codes.ts';
import { fieldErrorsFromValidation, type SchemaError } from './field-errors.ts';

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
