import type { Db } from '../../db/db.ts';

/** What an audit entry records: one list, from which the type and the admin API's schema (clients-admin.wire.ts) come. */
export const AUDIT_ACTIONS = [
  'created',
  'secret_rotated',
  'disabled',
  'enabled',
  'deleted',
  'settings_changed',
  // the lender console's (migrations/0016_console.sql, src/modules/console)
  'console_user_invited',
  'console_user_joined',
  'console_signed_in',
  'console_signed_out',
  'console_customer_invited',
  'console_refresh_requested',
  'console_delivery_replayed',
  'console_report_downloaded',
  // erasure and retention (migrations/0030_retention_and_erasure.sql, src/modules/customers)
  'customer_erased',
  'retention_applied',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTORS = ['cli', 'admin_api', 'bootstrap', 'client', 'console', 'job'] as const;
export type AuditActor = (typeof AUDIT_ACTORS)[number];

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
