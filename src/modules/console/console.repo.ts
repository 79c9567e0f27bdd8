/** The console's users, sessions and staff invitations (migrations/0016_console.sql). */
import { theRow, type Db } from '../../db/db.ts';

export type ConsoleRole = 'viewer' | 'admin';

export interface ConsoleUserRow {
  id: string;
  client_id: string;
  email: string;
  password_hash: string;
  role: ConsoleRole;
  disabled_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface ConsoleSessionRow {
  token_hash: string;
  user_id: string;
  client_id: string;
  csrf_secret: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

export interface StaffInvitationRow {
  id: string;
  client_id: string;
  token_hash: string;
  email: string;
  role: ConsoleRole;
  invited_by: string | null;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export async function findUserByEmail(db: Db, clientId: string, email: string): Promise<ConsoleUserRow | null> {
  const r = await db.query<ConsoleUserRow>(
    'SELECT * FROM console_users WHERE client_id = $1 AND lower(email) = lower($2)',
    [clientId, email],
  );
  return r.rows[0] ?? null;
}

export async function listUsers(db: Db, clientId: string): Promise<ConsoleUserRow[]> {
  const r = await db.query<ConsoleUserRow>('SELECT * FROM console_users WHERE client_id = $1 ORDER BY lower(email)', [
    clientId,
  ]);
  return r.rows;
}

/** A new user, or the existing one of that e-mail given the new password and role (an invitation accepted again). */
export async function upsertUser(
  db: Db,
  u: { id: string; clientId: string; email: string; passwordHash: string; role: ConsoleRole; now: Date },
): Promise<ConsoleUserRow> {
  const r = await db.query<ConsoleUserRow>(
    `INSERT INTO console_users (id, client_id, email, password_hash, role, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6)
     ON CONFLICT (client_id, lower(email)) DO UPDATE
       SET password_hash = EXCLUDED.password_hash, role = EXCLUDED.role, disabled_at = NULL, updated_at = EXCLUDED.updated_at
     RETURNING *`,
    [u.id, u.clientId, u.email, u.passwordHash, u.role, u.now],
  );
  return theRow(r);
}

export async function insertSession(db: Db, s: ConsoleSessionRow): Promise<void> {
  await db.query(
    `INSERT INTO console_sessions (token_hash, user_id, client_id, csrf_secret, created_at, last_seen_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [s.token_hash, s.user_id, s.client_id, s.csrf_secret, s.created_at, s.last_seen_at, s.expires_at],
  );
}

export interface SessionWithUser extends ConsoleSessionRow {
  email: string;
  role: ConsoleRole;
  disabled_at: Date | null;
  client_disabled_at: Date | null;
  client_name: string;
  client_logo: string | null;
}

export async function findSession(db: Db, tokenHash: string): Promise<SessionWithUser | null> {
  const r = await db.query<SessionWithUser>(
    `SELECT s.*, u.email, u.role, u.disabled_at, c.disabled_at AS client_disabled_at,
            coalesce(c.company_name, c.name) AS client_name, c.logo_url AS client_logo
     FROM console_sessions s
     JOIN console_users u ON u.id = s.user_id AND u.client_id = s.client_id
     JOIN clients c ON c.id = s.client_id
     WHERE s.token_hash = $1`,
    [tokenHash],
  );
  return r.rows[0] ?? null;
}

export async function touchSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.query('UPDATE console_sessions SET last_seen_at = $2 WHERE token_hash = $1', [tokenHash, now]);
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.query('DELETE FROM console_sessions WHERE token_hash = $1', [tokenHash]);
}

/** Sessions past either limit (the console.housekeeping job). */
export async function deleteExpiredSessions(db: Db, now: Date, idleSeconds: number): Promise<void> {
  await db.query(
    `DELETE FROM console_sessions WHERE expires_at <= $1 OR last_seen_at <= $1::timestamptz - make_interval(secs => $2::float8)`,
    [now, idleSeconds],
  );
}

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db.query('DELETE FROM console_sessions WHERE user_id = $1', [userId]);
}

export async function insertInvitation(db: Db, i: Omit<StaffInvitationRow, 'used_at'>): Promise<void> {
  await db.query(
    `INSERT INTO console_invitations (id, client_id, token_hash, email, role, invited_by, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [i.id, i.client_id, i.token_hash, i.email, i.role, i.invited_by, i.created_at, i.expires_at],
  );
}

export async function findInvitation(db: Db, tokenHash: string): Promise<StaffInvitationRow | null> {
  const r = await db.query<StaffInvitationRow>('SELECT * FROM console_invitations WHERE token_hash = $1', [tokenHash]);
  return r.rows[0] ?? null;
}

/** Marks the invitation used unless it already was (or has expired); false when it could not be claimed. */
export async function claimInvitation(db: Db, id: string, now: Date): Promise<boolean> {
  const r = await db.query(
    'UPDATE console_invitations SET used_at = $2 WHERE id = $1 AND used_at IS NULL AND expires_at > $2',
    [id, now],
  );
  return r.rowCount > 0;
}

export async function listPendingInvitations(db: Db, clientId: string, now: Date): Promise<StaffInvitationRow[]> {
  const r = await db.query<StaffInvitationRow>(
    `SELECT * FROM console_invitations WHERE client_id = $1 AND used_at IS NULL AND expires_at > $2
     ORDER BY created_at DESC LIMIT 100`,
    [clientId, now],
  );
  return r.rows;
}

/** The name of an enabled client, or null (unknown or disabled). */
export async function findEnabledClientName(db: Db, clientId: string): Promise<string | null> {
  // the lender's name as its settings give it (company_name), else the client's registered name
  const r = await db.query<{ name: string }>(
    'SELECT coalesce(company_name, name) AS name FROM clients WHERE id = $1 AND disabled_at IS NULL',
    [clientId],
  );
  return r.rows[0]?.name ?? null;
}
