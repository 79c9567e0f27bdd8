/**
 * A client's life (docs/decisions/0026-client-lifecycle.md): created (by the CLI, the admin API or
 * OBI_BOOTSTRAP_CLIENTS), its secret rotated with an overlap window, disabled and enabled, deleted with all its
 * data. Each change is written to the audit log in the transaction that makes it.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import type { BootstrapClient } from '../../config/config.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { newId, randomToken } from '../../lib/ids.ts';
import { hashSecret, secretMatches } from '../../lib/secrets.ts';
import * as repo from './clients.repo.ts';
import * as audit from './clients-audit.repo.ts';
import type { ClientRow } from './clients.repo.ts';
import type { AuditAction, AuditActor, AuditRow } from './clients-audit.repo.ts';
import { revokingTokens } from './clients.revocations.ts';

export type { AuditAction, AuditActor } from './clients-audit.repo.ts';
export { AUDIT_ACTIONS, AUDIT_ACTORS } from './clients-audit.repo.ts';

/** A rotation keeps the old secret working this long unless told otherwise; and never longer than the maximum. */
export const DEFAULT_OVERLAP_SECONDS = 86_400;
export const MAX_OVERLAP_SECONDS = 7 * 86_400;

/** A client as operators see it (never its secret nor a hash of one). */
export interface ClientView {
  client_id: string;
  name: string;
  status: 'active' | 'disabled';
  created_at: string;
  updated_at: string;
  disabled_at: string | null;
  /** Until then the secret before the last rotation is still accepted; null when it is not. */
  previous_secret_expires_at: string | null;
}

export interface NewSecret {
  client_id: string;
  client_secret: string;
  previous_secret_expires_at: string | null;
}

export interface AuditEntry {
  id: string;
  client_id: string;
  action: AuditAction;
  actor: AuditActor;
  at: string;
  details: Record<string, unknown>;
}

/** Who makes a change, and when. */
export interface Change {
  actor: AuditActor;
  now: Date;
  /** the console user who made it (actor 'console') */
  userId?: string;
}

const iso = (d: Date | null): string | null => (d === null ? null : new Date(d).toISOString());

function toClientView(row: ClientRow, now: Date): ClientView {
  const overlapEnds = row.previous_secret_expires_at === null ? null : new Date(row.previous_secret_expires_at);
  return {
    client_id: row.id,
    name: row.name,
    status: row.disabled_at === null ? 'active' : 'disabled',
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    disabled_at: iso(row.disabled_at),
    previous_secret_expires_at: overlapEnds && overlapEnds > now ? overlapEnds.toISOString() : null,
  };
}

function newClientId(): string {
  return `cl_${randomBytes(12).toString('hex')}`;
}

export async function recordAudit(
  tx: Db,
  clientId: string,
  action: AuditAction,
  change: Change,
  details: Record<string, unknown> = {},
): Promise<void> {
  await audit.insertAuditEntry(tx, {
    id: newId(),
    client_id: clientId,
    action,
    actor: change.actor,
    at: change.now,
    details,
  });
}

/** A new client; its secret is in the answer and nowhere else. */
export async function createClient(
  db: Db,
  installationKey: string,
  name: string,
  now: Date,
  actor: AuditActor = 'cli',
): Promise<ClientView & { client_secret: string }> {
  const change: Change = { actor, now };
  const clientId = newClientId();
  const clientSecret = randomToken('obi_cs_');
  const row = await db.transaction(async (tx) => {
    await repo.insertClient(tx, {
      id: clientId,
      name,
      secretHash: hashSecret(installationKey, clientSecret),
      now: change.now,
    });
    await recordAudit(tx, clientId, 'created', change, { name });
    return repo.findClient(tx, clientId);
  });
  if (!row) throw notFound('client');
  return { ...toClientView(row, change.now), client_secret: clientSecret };
}

export async function getClient(db: Db, clientId: string, now: Date): Promise<ClientView> {
  const row = await repo.findClient(db, clientId);
  if (!row) throw notFound('client');
  return toClientView(row, now);
}

export async function listClients(db: Db, now: Date): Promise<ClientView[]> {
  return (await repo.listClients(db)).map((row) => toClientView(row, now));
}

/**
 * A new secret. With an overlap (seconds, 0 to MAX_OVERLAP_SECONDS) the secret it replaces keeps working until
 * the overlap ends, and so do tokens already issued; with 0 the old secret and every access token of the client
 * stop at once (how an operator cuts off a leaked secret). A secret older than the replaced one never survives.
 */
export async function rotateClientSecret(
  db: Db,
  installationKey: string,
  clientId: string,
  opts: Change & { overlapSeconds: number },
): Promise<NewSecret> {
  const { overlapSeconds } = opts;
  if (!Number.isInteger(overlapSeconds) || overlapSeconds < 0 || overlapSeconds > MAX_OVERLAP_SECONDS)
    throw new AppError('validation_failed', 'The overlap is out of range.', {
      errors: [
        { pointer: '/overlap_seconds', detail: `must be a whole number of seconds from 0 to ${MAX_OVERLAP_SECONDS}` },
      ],
    });
  const clientSecret = randomToken('obi_cs_');
  return revokingTokens(() => rotateInTransaction(db, installationKey, clientId, clientSecret, opts));
}

async function rotateInTransaction(
  db: Db,
  installationKey: string,
  clientId: string,
  clientSecret: string,
  opts: Change & { overlapSeconds: number },
): Promise<NewSecret> {
  const { overlapSeconds, now } = opts;
  return db.transaction(async (tx) => {
    const current = await repo.lockClient(tx, clientId);
    if (!current) throw notFound('client');
    const previousExpiresAt = overlapSeconds > 0 ? new Date(now.getTime() + overlapSeconds * 1000) : null;
    await repo.updateClientSecret(tx, clientId, {
      secretHash: hashSecret(installationKey, clientSecret),
      previousSecretHash: previousExpiresAt ? current.secret_hash : null,
      previousExpiresAt,
      now,
    });
    const revoked = overlapSeconds === 0 ? await repo.revokeAccessTokensOfClient(tx, clientId) : 0;
    await recordAudit(tx, clientId, 'secret_rotated', opts, {
      overlap_seconds: overlapSeconds,
      previous_secret_expires_at: iso(previousExpiresAt),
      access_tokens_revoked: revoked,
    });
    return { client_id: clientId, client_secret: clientSecret, previous_secret_expires_at: iso(previousExpiresAt) };
  });
}

/**
 * Disabling refuses the client's credentials at the token endpoint and every token it holds: its access and
 * customer tokens are deleted here, and token verification checks the client in the query that resolves the
 * token (src/modules/auth/auth.repo.ts), so nothing issued in a race survives either. Its data stays.
 * Both directions are idempotent: a client already in the asked state is answered as it is, with no audit entry.
 */
export async function setClientEnabled(
  db: Db,
  clientId: string,
  enabled: boolean,
  change: Change,
): Promise<ClientView> {
  const inTransaction = () =>
    db.transaction(async (tx) => {
      const current = await repo.lockClient(tx, clientId);
      if (!current) throw notFound('client');
      if ((current.disabled_at === null) === enabled) return current;
      const updated = await repo.setClientDisabled(tx, clientId, enabled ? null : change.now, change.now);
      if (enabled) {
        await recordAudit(tx, clientId, 'enabled', change);
      } else {
        const accessTokens = await repo.revokeAccessTokensOfClient(tx, clientId);
        const customerTokens = await repo.revokeCustomerTokensOfClient(tx, clientId);
        await recordAudit(tx, clientId, 'disabled', change, {
          access_tokens_revoked: accessTokens,
          customer_tokens_revoked: customerTokens,
        });
      }
      return updated ?? current;
    });
  // Disabling revokes tokens: cached verifications in this process end with it (clients.revocations.ts).
  const row = enabled ? await inTransaction() : await revokingTokens(inTransaction);
  return toClientView(row, change.now);
}

/** Work a deletion needs done, in its transaction, for each customer before the rows go (bank consents revoked). */
export type BeforeCustomerErased = (tx: Db, customerId: string) => Promise<void>;

/**
 * Deletes the client and everything of it (customers and all their data, webhooks, tokens, invitations …) in one
 * transaction; each customer's live bank consents are revoked at the bank by jobs enqueued in that transaction.
 * `confirm` must repeat the client id. The audit log keeps the trail, the deletion last.
 */
export async function deleteClient(
  db: Db,
  clientId: string,
  opts: Change & { confirm: string | undefined; beforeCustomerErased?: BeforeCustomerErased },
): Promise<{ client_id: string; deleted: true; customers_deleted: number }> {
  if (opts.confirm !== clientId)
    throw new AppError('bad_request', 'Deleting a client erases all its data: confirm by repeating its id as confirm.');
  return revokingTokens(() => eraseClient(db, clientId, opts));
}

async function eraseClient(
  db: Db,
  clientId: string,
  opts: Change & { beforeCustomerErased?: BeforeCustomerErased },
): Promise<{ client_id: string; deleted: true; customers_deleted: number }> {
  return db.transaction(async (tx) => {
    if (!(await repo.lockClient(tx, clientId))) throw notFound('client');
    if (opts.beforeCustomerErased) {
      for (const customerId of await repo.customerIdsOfClient(tx, clientId))
        await opts.beforeCustomerErased(tx, customerId);
    }
    const customers = await repo.deleteClientAndData(tx, clientId);
    await recordAudit(tx, clientId, 'deleted', opts, { customers_deleted: customers });
    return { client_id: clientId, deleted: true as const, customers_deleted: customers };
  });
}

/** The latest entries of a client's audit log, newest first; also for a deleted client (404 when there are none). */
export async function clientAudit(db: Db, clientId: string, limit = 100): Promise<AuditEntry[]> {
  const rows = await audit.listAuditEntries(db, clientId, limit);
  if (rows.length === 0 && !(await repo.findClient(db, clientId))) throw notFound('client');
  return rows.map(toAuditEntry);
}

function toAuditEntry(row: AuditRow): AuditEntry {
  return { ...row, at: new Date(row.at).toISOString() };
}

export interface BootstrapOutcome {
  created: string[];
  /** ids left as they are: `exists` (its secret is never overwritten) or `deleted` (never brought back). */
  skipped: Array<{ client_id: string; reason: 'exists' | 'deleted' }>;
}

/**
 * OBI_BOOTSTRAP_CLIENTS: each client is created once, when no client has its id; an existing one is never changed
 * (a secret rotated since stays rotated) and one deleted since is not brought back.
 */
export async function ensureBootstrapClients(
  db: Db,
  installationKey: string,
  clients: readonly BootstrapClient[],
  now: Date,
): Promise<BootstrapOutcome> {
  const outcome: BootstrapOutcome = { created: [], skipped: [] };
  const change: Change = { actor: 'bootstrap', now };
  for (const c of clients) {
    const result = await db.transaction(async (tx) => {
      if (await audit.wasDeleted(tx, c.clientId)) return 'deleted' as const;
      const secretHash = hashSecret(installationKey, c.clientSecret);
      if (!(await repo.insertClient(tx, { id: c.clientId, name: c.clientId, secretHash, now })))
        return 'exists' as const;
      await recordAudit(tx, c.clientId, 'created', change, { name: c.clientId, source: 'OBI_BOOTSTRAP_CLIENTS' });
      return 'created' as const;
    });
    if (result === 'created') outcome.created.push(c.clientId);
    else outcome.skipped.push({ client_id: c.clientId, reason: result });
  }
  return outcome;
}

/** A hash no secret has, compared against when there is nothing to compare (the same work either way). */
const NO_HASH = '0'.repeat(64);

/**
 * The client when the id and secret match and the client is not disabled; null otherwise (the caller must not say
 * which part was wrong). The secret is the current one, or the previous one until its overlap ends.
 */
export async function verifyClientCredentials(
  db: Db,
  installationKey: string,
  clientId: string,
  secret: string,
  now: Date,
): Promise<ClientRow | null> {
  const row = await repo.findClient(db, clientId);
  // Both comparisons always run, for a known client or not, so the time taken tells nothing.
  const current = secretMatches(installationKey, secret, row?.secret_hash ?? NO_HASH);
  const previous = secretMatches(installationKey, secret, row?.previous_secret_hash ?? NO_HASH);
  if (!row || row.disabled_at !== null) return null;
  const overlapOpen =
    row.previous_secret_hash !== null &&
    row.previous_secret_expires_at !== null &&
    new Date(row.previous_secret_expires_at).getTime() > now.getTime();
  return current || (previous && overlapOpen) ? row : null;
}
