/**
 * The lender console's people (docs/decisions/0034-console.md): sign-in with throttling, server-side sessions with
 * an idle timeout and an absolute lifetime, staff invitations, roles, and the audit entries of what they do.
 * Tokens (sessions, invitations) are 256 random bits; only their SHA-256 is stored.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../../config/config.ts';
import type { Database, Db } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit, type AuditAction } from '../clients/index.ts';
import * as repo from './console.repo.ts';
import * as lockout from './console-lockout.repo.ts';
import { decoyHash, hashPassword, verifyPassword } from './console.password.ts';
import { sendStaffInvitationEmail } from './console.email.ts';
import type { ConsoleRole } from './console.repo.ts';

export type { ConsoleRole } from './console.repo.ts';

/** What the console needs; the composition root's AppDeps satisfies it. */
export interface ConsoleDeps {
  db: Database;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn'>;
  config: Pick<
    Config,
    | 'publicBaseUrl'
    | 'consoleSessionIdleSeconds'
    | 'consoleSessionMaxSeconds'
    | 'consoleSignInLockoutAfter'
    | 'consoleInvitationTtlSeconds'
    | 'tokenLockoutSeconds'
    | 'tokenLockoutMaxSeconds'
    | 'smtpUrl'
    | 'mailFrom'
    | 'mailOutboxDir'
  >;
}

/** A signed-in console user, as every console page sees it. */
export interface ConsoleSession {
  tokenHash: string;
  userId: string;
  clientId: string;
  /** the lender's name (settings company_name, else the client's name) and logo (a checked data: URL) for the header */
  clientName: string;
  clientLogo: string | null;
  email: string;
  role: ConsoleRole;
  /** the forms' CSRF token of this session */
  csrfToken: string;
  expiresAt: Date;
}

export type SignInOutcome =
  | { ok: true; token: string; session: ConsoleSession }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'locked'; retryAfterSeconds: number };

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison of two tokens (CSRF). */
export function sameToken(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
}

export async function audit(
  db: Db,
  clientId: string,
  action: AuditAction,
  now: Date,
  details: Record<string, unknown>,
): Promise<void> {
  await recordAudit(db, clientId, action, { actor: 'console', now }, details);
}

async function openSession(
  deps: ConsoleDeps,
  tx: Db,
  user: repo.ConsoleUserRow,
  clientName: string,
): Promise<{ token: string; session: ConsoleSession }> {
  const now = deps.clock.now();
  const token = newToken();
  const row: repo.ConsoleSessionRow = {
    token_hash: hashToken(token),
    user_id: user.id,
    client_id: user.client_id,
    csrf_secret: newToken(),
    created_at: now,
    last_seen_at: now,
    expires_at: new Date(now.getTime() + deps.config.consoleSessionMaxSeconds * 1000),
  };
  await repo.insertSession(tx, row);
  return { token, session: toSession(row, user.email, user.role, clientName) };
}

function toSession(
  row: repo.ConsoleSessionRow,
  email: string,
  role: ConsoleRole,
  clientName: string,
  clientLogo: string | null = null,
): ConsoleSession {
  return {
    tokenHash: row.token_hash,
    userId: row.user_id,
    clientId: row.client_id,
    clientName,
    clientLogo,
    email,
    role,
    csrfToken: row.csrf_secret,
    expiresAt: new Date(row.expires_at),
  };
}

/**
 * Sign-in. Every failure answers the same ('invalid'), whether the e-mail is unknown, the password wrong, the user
 * or the client disabled; an unknown e-mail costs a hash like a known one. A locked e-mail or address is refused
 * before the password is checked (src/modules/console/console-lockout.repo.ts).
 */
export async function signIn(
  deps: ConsoleDeps,
  input: { clientId: string; email: string; password: string; address: string },
): Promise<SignInOutcome> {
  const now = deps.clock.now();
  const keys: [string, string] = [lockout.emailKey(input.clientId, input.email), lockout.addressKey(input.address)];
  // The address first (a read: its ceiling is high), then the e-mail's attempt, counted before the password is
  // checked so that concurrent guesses cannot all pass a check made before any of them failed.
  const locked =
    (await lockout.lockedForSeconds(deps.db, [keys[1]], now)) ||
    (await lockout.takeAttempt(deps.db, lockoutSettings(deps, 1), keys[0], now));
  if (locked > 0) return { ok: false, reason: 'locked', retryAfterSeconds: locked };
  const user = await repo.findUserByEmail(deps.db, input.clientId, input.email);
  const matches = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash()));
  if (!user || !matches || user.disabled_at !== null) {
    await lockout.recordFailure(deps.db, lockoutSettings(deps, ADDRESS_FACTOR), [keys[1]], now);
    return { ok: false, reason: 'invalid' };
  }
  const opened = await deps.db.transaction(async (tx) => {
    await lockout.clearFailures(tx, keys[0]);
    const clientName = await clientNameOf(tx, user.client_id);
    if (clientName === null) return null;
    const s = await openSession(deps, tx, user, clientName);
    await audit(tx, user.client_id, 'console_signed_in', now, { user_id: user.id });
    return s;
  });
  return opened ? { ok: true, ...opened } : { ok: false, reason: 'invalid' };
}

/** An address (an office, a NAT) is shared by several people: it is locked only after this many times the failures. */
const ADDRESS_FACTOR = 4;

function lockoutSettings(deps: ConsoleDeps, factor: number): lockout.SignInLockout {
  return {
    after: deps.config.consoleSignInLockoutAfter * factor,
    seconds: deps.config.tokenLockoutSeconds,
    maxSeconds: deps.config.tokenLockoutMaxSeconds,
  };
}

/** The enabled client's name, or null (unknown or disabled: no one of it signs in). */
function clientNameOf(db: Db, clientId: string): Promise<string | null> {
  return repo.findEnabledClientName(db, clientId);
}

/**
 * The session of a cookie's token, or null: unknown, idle too long, past its lifetime, its user or client
 * disabled. A live session's last-seen time moves on (at most once a minute, to spare writes).
 */
export async function findSession(deps: ConsoleDeps, token: string): Promise<ConsoleSession | null> {
  if (token.length < 20 || token.length > 100) return null;
  const now = deps.clock.now();
  const row = await repo.findSession(deps.db, hashToken(token));
  if (!row) return null;
  const idleUntil = new Date(row.last_seen_at).getTime() + deps.config.consoleSessionIdleSeconds * 1000;
  const over =
    now.getTime() >= new Date(row.expires_at).getTime() ||
    now.getTime() >= idleUntil ||
    row.disabled_at !== null ||
    row.client_disabled_at !== null;
  if (over) {
    await repo.deleteSession(deps.db, row.token_hash);
    return null;
  }
  if (now.getTime() - new Date(row.last_seen_at).getTime() >= 60_000)
    await repo.touchSession(deps.db, row.token_hash, now);
  return toSession(row, row.email, row.role, row.client_name, row.client_logo);
}

export async function signOut(deps: ConsoleDeps, session: ConsoleSession): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await repo.deleteSession(tx, session.tokenHash);
    await audit(tx, session.clientId, 'console_signed_out', deps.clock.now(), { user_id: session.userId });
  });
}

export interface StaffInvitation {
  id: string;
  email: string;
  role: ConsoleRole;
  url: string;
  expiresAt: Date;
  emailed: boolean;
}

function staffInvitationUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/$/, '')}/console/invitations/${token}`;
}

/**
 * A staff invitation: a one-time link to set a password. `by` is the admin who invites, or null for the operator
 * (the client's first admin). The e-mail goes out through the mailer when `sendEmail` (a failure is logged; the
 * link can be sent again by inviting again).
 */
export async function inviteStaff(
  deps: ConsoleDeps,
  clientId: string,
  input: { email: string; role: ConsoleRole; sendEmail: boolean },
  by: { userId: string } | null,
): Promise<StaffInvitation> {
  const now = deps.clock.now();
  const token = newToken();
  const id = newId();
  const expiresAt = new Date(now.getTime() + deps.config.consoleInvitationTtlSeconds * 1000);
  await deps.db.transaction(async (tx) => {
    await repo.insertInvitation(tx, {
      id,
      client_id: clientId,
      token_hash: hashToken(token),
      email: input.email,
      role: input.role,
      invited_by: by?.userId ?? null,
      created_at: now,
      expires_at: expiresAt,
    });
    await recordAudit(
      tx,
      clientId,
      'console_user_invited',
      { actor: by ? 'console' : 'admin_api', now },
      { invitation_id: id, role: input.role, ...(by ? { user_id: by.userId } : {}) },
    );
  });
  const url = staffInvitationUrl(deps.config.publicBaseUrl, token);
  let emailed = false;
  if (input.sendEmail) {
    try {
      const name = (await clientNameOf(deps.db, clientId)) ?? 'your organisation';
      await sendStaffInvitationEmail(deps, { to: input.email, company: name, url, expiresAt, ref: id });
      emailed = true;
    } catch (err) {
      deps.logger.warn({ err: (err as Error).message, invitation_id: id }, 'a console invitation e-mail failed');
    }
  }
  return { id, email: input.email, role: input.role, url, expiresAt, emailed };
}

export interface OpenInvitation {
  id: string;
  clientId: string;
  clientName: string;
  email: string;
  role: ConsoleRole;
}

/** The pending invitation of a link's token, or null (unknown, used, expired, or its client disabled). */
export async function findStaffInvitation(deps: ConsoleDeps, token: string): Promise<OpenInvitation | null> {
  if (token.length < 20 || token.length > 100) return null;
  const row = await repo.findInvitation(deps.db, hashToken(token));
  if (!row || row.used_at !== null || new Date(row.expires_at).getTime() <= deps.clock.now().getTime()) return null;
  const clientName = await clientNameOf(deps.db, row.client_id);
  if (clientName === null) return null;
  return { id: row.id, clientId: row.client_id, clientName, email: row.email, role: row.role };
}

/** Sets the invitee's password (a new user, or the existing user of that e-mail), uses the link and signs in. */
export async function acceptStaffInvitation(
  deps: ConsoleDeps,
  token: string,
  password: string,
): Promise<{ token: string; session: ConsoleSession } | null> {
  const invitation = await findStaffInvitation(deps, token);
  if (!invitation) return null;
  const passwordHash = await hashPassword(password);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (!(await repo.claimInvitation(tx, invitation.id, now))) return null;
    const user = await repo.upsertUser(tx, {
      id: newId(),
      clientId: invitation.clientId,
      email: invitation.email,
      passwordHash,
      role: invitation.role,
      now,
    });
    // A password set again ends the sessions opened with the old one.
    await repo.deleteSessionsOfUser(tx, user.id);
    await audit(tx, invitation.clientId, 'console_user_joined', now, {
      user_id: user.id,
      invitation_id: invitation.id,
      role: user.role,
    });
    return openSession(deps, tx, user, invitation.clientName);
  });
}

export interface StaffMember {
  id: string;
  email: string;
  role: ConsoleRole;
  disabled: boolean;
  createdAt: Date;
}

export async function listStaff(
  deps: ConsoleDeps,
  clientId: string,
): Promise<{
  users: StaffMember[];
  pending: Array<{ id: string; email: string; role: ConsoleRole; expiresAt: Date }>;
}> {
  const users = await repo.listUsers(deps.db, clientId);
  const pending = await repo.listPendingInvitations(deps.db, clientId, deps.clock.now());
  return {
    users: users.map((u) => ({
      id: u.id,
      email: u.email,
      role: u.role,
      disabled: u.disabled_at !== null,
      createdAt: new Date(u.created_at),
    })),
    pending: pending.map((i) => ({ id: i.id, email: i.email, role: i.role, expiresAt: new Date(i.expires_at) })),
  };
}

/**
 * The console.housekeeping job (src/jobs/registry.ts): deletes sessions past either limit, so the table does not grow
 * without bound. A session past its limit is refused when used whether or not it is still stored (findSession).
 */
export async function deleteExpiredConsoleSessions(deps: Pick<ConsoleDeps, 'db' | 'clock' | 'config'>): Promise<void> {
  await repo.deleteExpiredSessions(deps.db, deps.clock.now(), deps.config.consoleSessionIdleSeconds);
}
