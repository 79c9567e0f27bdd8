/**
 * The marks that a consent's notice went out (migrations/0028_consent_expiry.sql): one row per consent, threshold
 * and due moment, so a notice is sent at most once whatever the scan's timing, restarts or overlapping runs.
 */
import type { Db } from '../../db/db.ts';
import type { ConsentRow } from './consents.repo.ts';

export type NoticeThreshold = 'expiry_warning' | 'reconfirmation_warning' | 'expired';

/** Records the mark; true when this call made it (the notice is then due), false when it already existed. */
export async function markNotice(
  db: Db,
  consent: Pick<ConsentRow, 'id' | 'customer_id' | 'client_id'>,
  threshold: NoticeThreshold,
  dueAt: Date,
  now: Date,
): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO consent_notices (customer_id, consent_id, threshold, due_at, client_id, notified_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING 1`,
    [consent.customer_id, consent.id, threshold, dueAt, consent.client_id, now],
  );
  return r.rows.length > 0;
}

/**
 * Authorised consents whose bank expiry (`expiration`, Unix seconds) or reconfirmation (`reconfirm_by`) falls
 * after `now` and by `until` and has no warning mark for that moment yet; oldest due first, a bounded batch.
 */
export async function consentsToWarn(db: Db, now: Date, until: Date, limit = 500): Promise<ConsentRow[]> {
  return (
    await db.query<ConsentRow>(
      `SELECT c.* FROM consents c
       WHERE c.status = 'Authorised' AND (
         (c.expiration IS NOT NULL AND c.expiration > $2::bigint AND c.expiration <= $1::bigint AND NOT EXISTS (
            SELECT 1 FROM consent_notices n WHERE n.customer_id = c.customer_id AND n.consent_id = c.id
              AND n.threshold = 'expiry_warning' AND n.due_at = to_timestamp(c.expiration)))
         OR (c.reconfirm_by IS NOT NULL AND c.reconfirm_by > to_timestamp($2::bigint)
            AND c.reconfirm_by <= to_timestamp($1::bigint) AND NOT EXISTS (
            SELECT 1 FROM consent_notices n WHERE n.customer_id = c.customer_id AND n.consent_id = c.id
              AND n.threshold = 'reconfirmation_warning' AND n.due_at = c.reconfirm_by)))
       ORDER BY c.created_at, c.id LIMIT ${limit}`,
      [Math.floor(until.getTime() / 1000), Math.floor(now.getTime() / 1000)],
    )
  ).rows;
}

/** Authorised consents whose bank expiry has passed (the bank no longer honours them), a bounded batch. */
export async function bankExpiredConsents(db: Db, now: Date, limit = 500): Promise<ConsentRow[]> {
  return (
    await db.query<ConsentRow>(
      `SELECT * FROM consents WHERE status = 'Authorised' AND expiration IS NOT NULL AND expiration <= $1::bigint
       ORDER BY expiration, id LIMIT ${limit}`,
      [Math.floor(now.getTime() / 1000)],
    )
  ).rows;
}
