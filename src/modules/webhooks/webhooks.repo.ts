/** The webhooks table: a client's registered targets. Every query is scoped by client. */
import { theRow, type Db } from '../../db/db.ts';

export interface WebhookRow {
  id: string;
  client_id: string;
  url: string;
  comment: string | null;
  secret_sealed: string;
  status: 'active' | 'disabled';
  disabled_reason: string | null;
  created_at: Date;
  disabled_at: Date | null;
}

export async function insertWebhook(
  db: Db,
  w: { id: string; clientId: string; url: string; comment: string | null; secretSealed: string; now: Date },
): Promise<WebhookRow> {
  const r = await db.query<WebhookRow>(
    `INSERT INTO webhooks (id, client_id, url, comment, secret_sealed, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [w.id, w.clientId, w.url, w.comment, w.secretSealed, w.now],
  );
  return theRow(r);
}

export async function findWebhook(db: Db, clientId: string, id: string): Promise<WebhookRow | null> {
  const r = await db.query<WebhookRow>('SELECT * FROM webhooks WHERE client_id = $1 AND id = $2', [clientId, id]);
  return r.rows[0] ?? null;
}

export async function listWebhooks(db: Db, clientId: string): Promise<WebhookRow[]> {
  return (await db.query<WebhookRow>('SELECT * FROM webhooks WHERE client_id = $1 ORDER BY created_at, id', [clientId]))
    .rows;
}

/** Ids of the client's webhooks that receive new events. */
export async function activeWebhookIds(db: Db, clientId: string): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    "SELECT id FROM webhooks WHERE client_id = $1 AND status = 'active' ORDER BY created_at, id",
    [clientId],
  );
  return r.rows.map((row) => row.id);
}

/** Deletes the webhook with its deliveries and their attempts (ON DELETE CASCADE). */
export async function deleteWebhook(db: Db, clientId: string, id: string): Promise<boolean> {
  return (await db.query('DELETE FROM webhooks WHERE client_id = $1 AND id = $2', [clientId, id])).rowCount > 0;
}

export async function disableWebhook(db: Db, id: string, reason: string, now: Date): Promise<void> {
  await db.query(
    "UPDATE webhooks SET status = 'disabled', disabled_reason = $2, disabled_at = $3 WHERE id = $1 AND status = 'active'",
    [id, reason, now],
  );
}
