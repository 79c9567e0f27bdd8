/**
 * Access tokens (Bearer, for the client) and customer tokens (AppUserToken, for endpoints 4-6 and the
 * customer-facing bank list). Both are opaque random strings; only their SHA-256 is stored. A verified access
 * token is remembered for a few seconds (auth.token-cache.ts, docs/decisions/0031-small-reads-in-one-round-trip.md).
 */
import type { Db } from '../../db/db.ts';
import { getClient, tokenRevocationCount } from '../clients/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/ids.ts';
import { tokenLookupHash } from '../../lib/secrets.ts';
import * as repo from './auth.repo.ts';
import * as lockout from './auth-lockout.repo.ts';
import { TokenCache, type CachedToken } from './auth.token-cache.ts';

import type { LockoutSettings } from './auth-lockout.repo.ts';
import { deleteInBatches } from '../../lib/batches.ts';

export type { LockoutSettings } from './auth-lockout.repo.ts';

async function isKnownClient(db: Db, clientId: string, now: Date): Promise<boolean> {
  try {
    await getClient(db, clientId, now);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === 'client_not_found') return false;
    throw err;
  }
}

/**
 * The token endpoint's lock-out (src/modules/auth/auth-lockout.repo.ts): `begin` before the secret is checked (0:
 * go ahead, else the seconds to wait), then `failed` or `succeeded`. Whether the client id exists changes what is
 * counted, never the answer: an unknown id and a wrong secret both get invalid_client.
 */
export const tokenLockout = {
  async begin(db: Db, s: LockoutSettings, clientId: string, address: string, now: Date): Promise<number> {
    const addressLock = await lockout.addressLockedForSeconds(db, address, now);
    if (addressLock > 0) return addressLock;
    if (!(await isKnownClient(db, clientId, now))) return 0;
    return lockout.takeClientAttempt(db, s, clientId, address, now);
  },
  failed: (db: Db, s: LockoutSettings, address: string, now: Date) => lockout.recordAddressFailure(db, s, address, now),
  succeeded: (db: Db, clientId: string, address: string) => lockout.clearClientAttempts(db, clientId, address),
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

/**
 * How long a verified access token is taken on trust in this process: a revocation made by another process on the
 * same PostgreSQL is seen at most this late (one made in this process, at once).
 */
const ACCESS_TOKEN_CACHE_TTL_MS = 5_000;
const ACCESS_TOKEN_CACHE_ENTRIES = 10_000;

/** One cache per database, so two services in one process (tests) never share a verification. */
const accessTokenCaches = new WeakMap<Db, TokenCache>();

function accessTokenCache(db: Db): TokenCache {
  let cache = accessTokenCaches.get(db);
  if (!cache) {
    cache = new TokenCache({ ttlMs: ACCESS_TOKEN_CACHE_TTL_MS, maxEntries: ACCESS_TOKEN_CACHE_ENTRIES });
    accessTokenCaches.set(db, cache);
  }
  return cache;
}

async function lookUpAccessToken(db: Db, hash: string): Promise<CachedToken | null> {
  const cache = accessTokenCache(db);
  // Read before the query: a revocation that commits while it runs makes the entry stale (clients.revocations.ts).
  const revocations = tokenRevocationCount();
  const cached = cache.get(hash, revocations);
  if (cached) return cached;
  const row = await repo.findAccessToken(db, hash);
  if (!row) return null;
  const found = { clientId: row.client_id, expiresAtMs: new Date(row.expires_at).getTime() };
  cache.set(hash, found, revocations);
  return found;
}

/** The client behind a Bearer token, or an `unauthorized`/`token_expired` AppError. */
export async function authenticateAccessToken(db: Db, token: string, now: Date): Promise<ClientAuth> {
  const found = await lookUpAccessToken(db, tokenLookupHash(token));
  if (!found) throw new AppError('unauthorized', 'The access token is not valid.');
  if (found.expiresAtMs <= now.getTime())
    throw new AppError('token_expired', 'The access token has expired; request a new one from /oauth/v2/token.');
  return { clientId: found.clientId };
}

export async function authenticateCustomerToken(db: Db, token: string, now: Date): Promise<CustomerAuth> {
  const row = await repo.findCustomerToken(db, tokenLookupHash(token));
  if (!row) throw new AppError('unauthorized', 'The customer token is not valid.');
  if (new Date(row.expires_at).getTime() <= now.getTime())
    throw new AppError('token_expired', 'The customer token has expired; create a new one.');
  return { clientId: row.client_id, customerId: row.customer_id };
}

/**
 * How long an expired token is kept: within it, a client presenting it is told `token_expired` (request a new one)
 * rather than `unauthorized`; after it the row is only a hash nobody can use, and the auth.housekeeping job deletes it.
 */
const EXPIRED_TOKEN_KEPT_DAYS = 7;
const PRUNE_BATCH_SIZE = 1_000;
const PRUNE_MAX_BATCHES = 100;

/**
 * The auth.housekeeping job (src/jobs/registry.ts): deletes access and customer tokens that expired more than
 * EXPIRED_TOKEN_KEPT_DAYS ago, 1 000 a statement and at most 100 statements of each kind a run (no long lock; a
 * larger backlog is finished by the next runs). Returns how many of each were deleted.
 */
export async function pruneExpiredTokens(db: Db, now: Date): Promise<{ access: number; customer: number }> {
  const before = new Date(now.getTime() - EXPIRED_TOKEN_KEPT_DAYS * 86_400_000);
  const prune = (del: (db: Db, before: Date, limit: number) => Promise<number>) =>
    deleteInBatches((n) => del(db, before, n), { batch: PRUNE_BATCH_SIZE, maxBatches: PRUNE_MAX_BATCHES });
  return {
    access: await prune(repo.deleteAccessTokensExpiredBefore),
    customer: await prune(repo.deleteCustomerTokensExpiredBefore),
  };
}
