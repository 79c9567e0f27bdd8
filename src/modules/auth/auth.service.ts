/**
 * Access tokens (Bearer, for the client) and customer tokens (AppUserToken, for endpoints 4-6 and the
 * customer-facing bank list). Both are opaque random strings; only their SHA-256 is stored.
 */
import type { Db } from '../../db/db.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/ids.ts';
import { tokenLookupHash } from '../../lib/secrets.ts';
import * as repo from './auth.repo.ts';
import * as lockout from './auth-lockout.repo.ts';

export type { LockoutSettings } from './auth-lockout.repo.ts';

/** The token endpoint's lock-out after repeated failures (src/modules/auth/auth-lockout.repo.ts). */
export const tokenLockout = {
  lockedForSeconds: lockout.lockedForSeconds,
  recordFailure: lockout.recordFailure,
  clearFailures: lockout.clearFailures,
};

export interface IssuedToken {
  token: string;
  expiresIn: number;
}

/** Null when the client is disabled (or gone) by the time the token would be stored. */
export async function issueAccessToken(
  db: Db,
  clientId: string,
  ttlSeconds: number,
  now: Date,
): Promise<IssuedToken | null> {
  const token = randomToken('obi_at_');
  const stored = await repo.insertAccessToken(db, {
    hash: tokenLookupHash(token),
    clientId,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    now,
  });
  return stored ? { token, expiresIn: ttlSeconds } : null;
}

export async function issueCustomerToken(
  db: Db,
  clientId: string,
  customerId: string,
  ttlSeconds: number,
  now: Date,
): Promise<IssuedToken> {
  const token = randomToken('obi_ut_');
  const stored = await repo.insertCustomerToken(db, {
    hash: tokenLookupHash(token),
    clientId,
    customerId,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    now,
  });
  if (!stored) throw new AppError('unauthorized', 'The client is disabled.');
  return { token, expiresIn: ttlSeconds };
}

/** Who a client access token (Bearer) speaks for. */
export interface ClientAuth {
  clientId: string;
}
/** Who a customer token (AppUserToken) speaks for: one customer of one client. */
export interface CustomerAuth {
  clientId: string;
  customerId: string;
}

/** The client behind a Bearer token, or an `unauthorized`/`token_expired` AppError. */
export async function authenticateAccessToken(db: Db, token: string, now: Date): Promise<ClientAuth> {
  const row = await repo.findAccessToken(db, tokenLookupHash(token));
  if (!row) throw new AppError('unauthorized', 'The access token is not valid.');
  if (new Date(row.expires_at).getTime() <= now.getTime())
    throw new AppError('token_expired', 'The access token has expired; request a new one from /oauth/v2/token.');
  return { clientId: row.client_id };
}

export async function authenticateCustomerToken(db: Db, token: string, now: Date): Promise<CustomerAuth> {
  const row = await repo.findCustomerToken(db, tokenLookupHash(token));
  if (!row) throw new AppError('unauthorized', 'The customer token is not valid.');
  if (new Date(row.expires_at).getTime() <= now.getTime())
    throw new AppError('token_expired', 'The customer token has expired; create a new one.');
  return { clientId: row.client_id, customerId: row.customer_id };
}
