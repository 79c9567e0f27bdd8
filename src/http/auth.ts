/**
 * Authentication at the edge. Bearer routes take a client's access token; customer routes take an
 * AppUserToken. Each kind of token is refused (403) where the other is expected, so a customer's token,
 * which lives in a browser or an app, can never reach a client's data.
 */
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { Db } from '../db/db.ts';
import type { Clock } from '../lib/clock.ts';
import {
  authenticateAccessToken,
  authenticateCustomerToken,
  type ClientAuth,
  type CustomerAuth,
} from '../modules/auth/index.ts';

export type AuthKind = 'bearer' | 'customer';

export type { ClientAuth, CustomerAuth } from '../modules/auth/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    clientAuth?: ClientAuth;
    customerAuth?: CustomerAuth;
  }
}

function parseAuthorization(header: string | undefined): { scheme: string; token: string } | null {
  if (!header) return null;
  const [, scheme, token] = /^(\S+)\s+(\S+)$/.exec(header.trim()) ?? [];
  return scheme !== undefined && token !== undefined ? { scheme: scheme.toLowerCase(), token } : null;
}

function challenge(kind: AuthKind, code: 'unauthorized' | 'token_expired', message: string): AppError {
  const scheme = kind === 'bearer' ? 'Bearer' : 'AppUserToken';
  const error =
    code === 'token_expired'
      ? ', error="invalid_token", error_description="The token has expired"'
      : message.includes('missing')
        ? ''
        : ', error="invalid_token"';
  return new AppError(code, message, {
    headers: { 'www-authenticate': `${scheme} realm="open-banking-insights"${error}` },
  });
}

/** What authentication needs: the database the tokens are in and the clock they expire by. */
export interface AuthDeps {
  db: Db;
  clock: Clock;
}

export function requireAuth(deps: AuthDeps, kind: AuthKind): onRequestAsyncHookHandler {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const auth = parseAuthorization(request.headers.authorization);
    const expected = kind === 'bearer' ? 'bearer' : 'appusertoken';
    if (!auth)
      throw challenge(
        kind,
        'unauthorized',
        `Authorization header missing: send "${kind === 'bearer' ? 'Bearer <access token>' : 'AppUserToken <customer token>'}".`,
      );
    if (auth.scheme !== expected) {
      if (auth.scheme === 'bearer' || auth.scheme === 'appusertoken') {
        throw new AppError(
          'forbidden_token_kind',
          kind === 'bearer'
            ? 'A customer token (AppUserToken) cannot be used on this endpoint; use the client access token (Bearer).'
            : 'This endpoint takes a customer token (AppUserToken), not a client access token.',
        );
      }
      throw challenge(
        kind,
        'unauthorized',
        `Unsupported authorization scheme; use ${kind === 'bearer' ? 'Bearer' : 'AppUserToken'}.`,
      );
    }
    const now = deps.clock.now();
    try {
      if (kind === 'bearer') request.clientAuth = await authenticateAccessToken(deps.db, auth.token, now);
      else request.customerAuth = await authenticateCustomerToken(deps.db, auth.token, now);
    } catch (err) {
      if (err instanceof AppError && (err.code === 'unauthorized' || err.code === 'token_expired'))
        throw challenge(kind, err.code, err.message);
      throw err;
    }
  };
}

/** The authenticated client of a Bearer route (the hook guarantees it). */
export function clientOf(request: FastifyRequest): ClientAuth {
  if (!request.clientAuth) throw new AppError('unauthorized', 'Not authenticated.');
  return request.clientAuth;
}

export function customerOf(request: FastifyRequest): CustomerAuth {
  if (!request.customerAuth) throw new AppError('unauthorized', 'Not authenticated.');
  return request.customerAuth;
}
