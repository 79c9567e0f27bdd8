import type { Db } from '../../db/db.ts';

export type AuditAction = 'created' | 'secret_rotated' | 'disabled' | 'enabled' | 'deleted' | 'settings_changed';
export type AuditActor = 'cli' | 'admin_api' | 'bootstrap' | 'client';

export interface AuditRow {
  id: string;
  client_id: string;
  action: AuditAction;
  actor: AuditActor;
  at: Date;
  details: Record<string, unknown>;
}

/** Written in the transaction of the change it records; `details` never holds a secret or a hash of one. */
export async function insertAuditEntry(db: Db, row: AuditRow): Promise<void> {
  await db.query(
    'INSERT INTO client_audit_log (id, client_id, action, actor, at, details) VALUES ($1, $2, $3, $4, $5, $6)',
    [row.id, row.client_id, row.action, row.actor, row.at, JSON.stringify(row.details)],
  );
}

/** The latest `limit` entries of one client, newest first. */
export async function listAuditEntries(db: Db, clientId: string, limit: number): Promise<AuditRow[]> {
  const r = await db.query<AuditRow>(
    'SELECT * FROM client_audit_log WHERE client_id = $1 ORDER BY at DESC, id DESC LIMIT $2',
    [clientId, limit],
  );
  return r.rows;
}

export async function wasDeleted(db: Db, clientId: string): Promise<boolean> {
  const r = await db.query(`SELECT 1 FROM client_audit_log WHERE client_id = $1 AND action = 'deleted' LIMIT 1`, [
    clientId,
  ]);
  return r.rows.length > 0;
}
