/**
 * The error the HTTP edge throws for input it refuses before any route sees it (a body, a path segment or a
 * query value). An AppError, rendered as Problem Details by problem.ts; it also carries the HTTP status as
 * `statusCode`, Fastify's convention, so the scopes with an error handler of their own (the token endpoint's
 * RFC 6749 answers) treat it as the client's error it is rather than as a failure of the service.
 */
import { AppError, type ErrorCode, type FieldError } from '../lib/app-error.ts';
import { statusForCode } from './error-codes.ts';

export class EdgeInputError extends AppError {
  readonly statusCode: number;
  constructor(code: ErrorCode, message: string, errors: FieldError[] = []) {
    super(code, message, { errors });
    this.statusCode = statusForCode(code);
  }
}

/** A 400 validation_failed naming one member of the request. */
export function invalidInput(pointer: string, detail: string): EdgeInputError {
  return new EdgeInputError('validation_failed', `${pointer || 'The request body'} ${detail}.`, [{ pointer, detail }]);
}
