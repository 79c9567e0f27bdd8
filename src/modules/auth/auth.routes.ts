/** Endpoint 1: POST /oauth/v2/token (client credentials). Errors in RFC 6749 §5.2's shape, not Problem Details. */
import { described } from '../../http/wire.ts';
import { perAddress } from '../../http/throttle.ts';
import { clientAddress } from '../../http/client-address.ts';
import { AppError } from '../../lib/app-error.ts';
import formbody from '@fastify/formbody';
import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpApp } from '../../http/server.ts';
import type { Database } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../config/config.ts';
import { verifyClientCredentials } from '../clients/index.ts';
import { issueAccessToken, tokenLockout } from './auth.service.ts';

const TokenRequest = Type.Object(
  {
    client_id: Type.Optional(described(Type.String(), 'your client id (or send it in HTTP Basic authentication)')),
    client_secret: Type.Optional(
      described(Type.String(), 'your client secret (or send it in HTTP Basic authentication)'),
    ),
    grant_type: Type.String({ description: 'client_credentials' }),
    // RFC 6749 clients may send scope; this service has no scopes, so it is accepted and ignored.
    scope: Type.Optional(described(Type.Union([Type.String(), Type.Null()]), 'not used; null')),
  },
  { additionalProperties: false },
);

const TokenResponse = Type.Object({
  access_token: Type.String({ description: 'the Bearer token: send it as Authorization: Bearer <token>' }),
  expires_in: Type.Integer({ description: 'seconds' }),
  token_type: described(Type.Literal('bearer'), 'bearer'),
  scope: described(Type.Null(), 'not used; null'),
});

const OAuthError = Type.Object({
  error: Type.Union(
    [Type.Literal('invalid_request'), Type.Literal('invalid_client'), Type.Literal('unsupported_grant_type')],
    { description: 'OAuth 2.0 error code (RFC 6749): invalid_request, invalid_client or unsupported_grant_type' },
  ),
  error_description: Type.String({ description: 'what went wrong, in a sentence' }),
});

type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'unsupported_grant_type';

function oauthError(reply: FastifyReply, status: number, error: OAuthErrorCode, description: string) {
  if (error === 'invalid_client') reply.header('www-authenticate', 'Basic realm="open-banking-insights"');
  return reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });
}

/** RFC 6749 §2.3.1: a client may authenticate with HTTP Basic instead of body members. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const [, encoded] = /^Basic\s+(\S+)$/i.exec(header ?? '') ?? [];
  if (encoded === undefined) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const at = decoded.indexOf(':');
  if (at < 0) return null;
  // Malformed credentials (escapes that are not UTF-8, control characters such as a NUL, which the database
  // refuses) are no credentials: the request is then invalid_request, not a failure of the service.
  try {
    const id = decodeURIComponent(decoded.slice(0, at));
    const secret = decodeURIComponent(decoded.slice(at + 1));
    const control = [...id, ...secret].some((c) => c < ' ' || c === '\x7f');
    return control ? { id: '', secret: '' } : { id, secret };
  } catch {
    return { id: '', secret: '' };
  }
}

export interface AuthRoutesDeps {
  db: Database;
  clock: Clock;
  installationKey: string;
  config: Pick<
    Config,
    | 'accessTokenTtlSeconds'
    | 'tokenPerMinute'
    | 'tokenLockoutAfter'
    | 'tokenLockoutSeconds'
    | 'tokenLockoutMaxSeconds'
    | 'tokenLockoutAddressAfter'
  >;
}

/** Errors of the token endpoint in RFC 6749 §5.2's shape (a throttled request, a broken body, an outage). */
function tokenError(
  err: Error & { code?: string; statusCode?: number },
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (err instanceof AppError && err.code === 'rate_limited')
    return reply.code(429).header('cache-control', 'no-store').send({
      error: 'invalid_request',
      error_description: err.message,
    });
  const status = err.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err }, 'token endpoint failed');
    return reply.code(503).send({ error: 'temporarily_unavailable', error_description: 'Try again shortly.' });
  }
  return oauthError(
    reply,
    400,
    'invalid_request',
    err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
      ? 'Send the body as application/json or application/x-www-form-urlencoded.'
      : 'The request body is malformed.',
  );
}

export async function authRoutes(app: HttpApp, deps: AuthRoutesDeps): Promise<void> {
  // Form bodies are accepted here only: RFC 6749 clients send application/x-www-form-urlencoded.
  await app.register(async (scope) => {
    await scope.register(formbody);
    // Per address, before anything else is done (src/http/throttle.ts); failures also lock out (auth-lockout).
    scope.addHook('onRequest', perAddress(scope, 'token', deps.config.tokenPerMinute));
    scope.setErrorHandler(tokenError);
    scope.post(
      '/oauth/v2/token',
      {
        attachValidation: true,
        schema: {
          summary: '1. Get an access token',
          description:
            "Exchanges the client's id and secret (client credentials grant) for a Bearer access token, which every client-side call sends as `Authorization: Bearer …`. Repeated wrong secrets from one address lock that client id out there for a while (429 with Retry-After).",
          tags: ['Authentication'],
          body: TokenRequest,
          response: { 200: TokenResponse, 400: OAuthError, 401: OAuthError, 429: OAuthError },
        },
      },
      async (request, reply) => {
        if (request.validationError) {
          const v = request.validationError as Error & {
            validation?: Array<{ keyword: string; instancePath: string; params: Record<string, unknown> }>;
          };
          const first = v.validation?.[0];
          const which =
            first?.keyword === 'additionalProperties'
              ? `unknown member "${(first.params.additionalProperties as string[])[0]}"`
              : first?.keyword === 'required'
                ? `missing member "${(first.params.requiredProperties as string[] | undefined)?.[0] ?? 'grant_type'}"`
                : first
                  ? `member ${first.instancePath.slice(1)} must be a string`
                  : 'the body must be an object';
          return oauthError(reply, 400, 'invalid_request', `Invalid token request: ${which}.`);
        }
        const body = request.body as { client_id?: string; client_secret?: string; grant_type: string };
        if (body.grant_type !== 'client_credentials') {
          return oauthError(reply, 400, 'unsupported_grant_type', 'Only grant_type "client_credentials" is supported.');
        }
        const basic = basicCredentials(request.headers.authorization);
        const clientId = basic?.id ?? body.client_id;
        const secret = basic?.secret ?? body.client_secret;
        if (!clientId || !secret)
          return oauthError(reply, 400, 'invalid_request', 'client_id and client_secret are required.');
        const now = deps.clock.now();
        const address = clientAddress(request);
        const locked = await tokenLockout.begin(deps.db, deps.config, clientId, address, now);
        if (locked > 0) {
          return reply
            .code(429)
            .header('retry-after', String(locked))
            .header('cache-control', 'no-store')
            .send({
              error: 'invalid_client',
              error_description: `Too many failed attempts; try again in ${locked} seconds.`,
            });
        }
        const client = await verifyClientCredentials(deps.db, deps.installationKey, clientId, secret, now);
        // Same answer for an unknown client, a wrong secret and a disabled client
        // (docs/decisions/0003-problem-details-errors.md, docs/decisions/0026-client-lifecycle.md).
        const issued = client && (await issueAccessToken(deps.db, client.id, deps.config.accessTokenTtlSeconds, now));
        if (!issued) {
          await tokenLockout.failed(deps.db, deps.config, address, now);
          return oauthError(reply, 401, 'invalid_client', 'Client authentication failed.');
        }
        await tokenLockout.succeeded(deps.db, client.id, address);
        return reply
          .header('cache-control', 'no-store')
          .send({ access_token: issued.token, expires_in: issued.expiresIn, token_type: 'bearer', scope: null });
      },
    );
  });
}
