/**
 * The type of the HTTP server every route plugin registers on: Fastify with the TypeBox type provider.
 * A leaf file (types only), so routes can name it without importing the composition root (src/app/app.ts).
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';

export type HttpApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/**
 * The body limit of every route that does not set its own: requests to this API are small, except a transaction
 * submission (up to 100 000 items), whose route takes BODY_LIMIT_BYTES. A larger body is cut off with 413 as it
 * arrives, after authentication (which runs before any of the body is read).
 */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
