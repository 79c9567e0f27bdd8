import { theRow, type Db } from '../../db/db.ts';
import { customerOfLookup } from '../../db/customer-lookups.ts';

/*
 * A link is opened, answered and e-mailed by its id alone (the hosted page knows it from its signed URL, a job from
 * its data): the id finds its customer in customer_lookups, then the link by (customer_id, id), in one statement
 * (docs/decisions/0084-customer-lookups.md). `$n` is the id's parameter.
 */
const customerOfLink = (n: number) => `customer_id = ${customerOfLookup('reconfirmation_link', `$${n}`)}`;

export interface ReconfirmationRow {
  customer_id: string;
  id: string;
  client_id: string;
  consent_id: string;
  email: string | null;
  send_email: boolean;
  email_sent_at: Date | null;
  email_error: string | null;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  outcome: 'reconfirmed' | 'withdrawn' | null;
  revoked_at: Date | null;
}

export type NewReconfirmation = Pick<
  ReconfirmationRow,
  'customer_id' | 'id' | 'client_id' | 'consent_id' | 'email' | 'send_email' | 'created_at' | 'expires_at'
>;

export async function insertReconfirmation(db: Db, r: NewReconfirmation): Promise<ReconfirmationRow> {
  return theRow(
    await db.query<ReconfirmationRow>(
      `WITH lookup AS (
         INSERT INTO customer_lookups (kind, key, customer_id, client_id) VALUES ('reconfirmation_link', $2, $1, $3))
       INSERT INTO reconfirmation_links (customer_id, id, client_id, consent_id, email, send_email, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
      [r.customer_id, r.id, r.client_id, r.consent_id, r.email, r.send_email, r.created_at, r.expires_at],
    ),
  );
}

export async function findReconfirmation(db: Db, clientId: string, id: string): Promise<ReconfirmationRow | null> {
  return (
    (
      await db.query<ReconfirmationRow>(
        `SELECT * FROM reconfirmation_links WHERE ${customerOfLink(2)} AND client_id = $1 AND id = $2`,
        [clientId, id],
      )
    ).rows[0] ?? null
  );
}

/** By id alone: the hosted page knows the link from its signed URL, not from a client's token. */
export async function findReconfirmationById(db: Db, id: string): Promise<ReconfirmationRow | null> {
  return (
    (
      await db.query<ReconfirmationRow>(`SELECT * FROM reconfirmation_links WHERE ${customerOfLink(1)} AND id = $1`, [
        id,
      ])
    ).rows[0] ?? null
  );
}

export async function listReconfirmations(
  db: Db,
  clientId: string,
  opts: { customerId?: string; consentId?: string; limit: number; offset: number },
): Promise<{ rows: ReconfirmationRow[]; total: number }> {
  const params: unknown[] = [clientId];
  let where = 'client_id = $1';
  if (opts.customerId !== undefined) {
    params.push(opts.customerId);
    where += ` AND customer_id = $${params.length}`;
  }
  if (opts.consentId !== undefined) {
    params.push(opts.consentId);
    where += ` AND consent_id = $${params.length}`;
  }
  const total = Number(
    theRow(
      await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM reconfirmation_links WHERE ${where}`, params),
    ).n,
  );
  const rows = (
    await db.query<ReconfirmationRow>(
      `SELECT * FROM reconfirmation_links WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${opts.limit} OFFSET ${opts.offset}`,
      params,
    )
  ).rows;
  return { rows, total };
}

/** Sets revoked_at once; a second revoke keeps the first moment. */
export async function revokeReconfirmation(
  db: Db,
  clientId: string,
  id: string,
  now: Date,
): Promise<ReconfirmationRow | null> {
  return (
    (
      await db.query<ReconfirmationRow>(
        `UPDATE reconfirmation_links SET revoked_at = COALESCE(revoked_at, $3)
         WHERE ${customerOfLink(2)} AND client_id = $1 AND id = $2 RETURNING *`,
        [clientId, id, now],
      )
    ).rows[0] ?? null
  );
}

/** The customer's answer claims the link: once, while it is neither revoked nor expired. Null: someone else did. */
export async function claimReconfirmation(
  db: Db,
  id: string,
  outcome: 'reconfirmed' | 'withdrawn',
  now: Date,
): Promise<ReconfirmationRow | null> {
  return (
    (
      await db.query<ReconfirmationRow>(
        `UPDATE reconfirmation_links SET used_at = $3, outcome = $2
         WHERE ${customerOfLink(1)} AND id = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $3
         RETURNING *`,
        [id, outcome, now],
      )
    ).rows[0] ?? null
  );
}

/** Undoes a claim whose answer the consent refused (it had ended meanwhile): the link shows that instead. */
export async function releaseReconfirmation(db: Db, id: string): Promise<void> {
  await db.query(
    `UPDATE reconfirmation_links SET used_at = NULL, outcome = NULL WHERE ${customerOfLink(1)} AND id = $1`,
    [id],
  );
}

export async function recordEmailSent(db: Db, id: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE reconfirmation_links SET email_sent_at = $2, email_error = NULL WHERE ${customerOfLink(1)} AND id = $1`,
    [id, now],
  );
}

export async function recordEmailError(db: Db, id: string, error: string): Promise<void> {
  await db.query(`UPDATE reconfirmation_links SET email_error = $2 WHERE ${customerOfLink(1)} AND id = $1`, [
    id,
    error.slice(0, 1000),
  ]);
}

/** How many links with an e-mail one client created for one address since a time, and the oldest of them. */
export async function emailedSince(
  db: Db,
  clientId: string,
  email: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const row = theRow(
    await db.query<{ n: string | number; oldest: Date | null }>(
      `SELECT count(*) AS n, min(created_at) AS oldest FROM reconfirmation_links
       WHERE client_id = $1 AND lower(email) = lower($2) AND send_email AND created_at > $3`,
      [clientId, email, since],
    ),
  );
  return { count: Number(row.n), oldest: row.oldest ? new Date(row.oldest) : null };
}

/** The ids of the customer's reconfirmation links (reconfirmation.email's singletonKey). */
export async function reconfirmationIdsOfCustomer(db: Db, customerId: string): Promise<string[]> {
  const r = await db.query<{ id: string }>('SELECT id FROM reconfirmation_links WHERE customer_id = $1', [customerId]);
  return r.rows.map((row) => row.id);
}
