import { theRow, type Db } from '../../db/db.ts';
import { customerOfLookup } from '../../db/customer-lookups.ts';

export interface InvitationRow {
  id: string;
  client_id: string;
  customer_id: string;
  customer_type: 'Individual' | 'Business';
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  email: string;
  phone: string | null;
  reference: string;
  send_email: boolean;
  email_sent_at: Date | null;
  email_error: string | null;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
}

export type NewInvitation = Omit<InvitationRow, 'email_sent_at' | 'email_error' | 'used_at' | 'revoked_at'>;

/*
 * An invitation is opened, used and e-mailed by its id alone (the hosted pages know it from its signed URL, a job
 * from its data): the id finds its customer in customer_lookups, then the invitation by its key (customer_id, id), in
 * one statement (docs/decisions/0084-customer-lookups.md). `$n` is the id's parameter.
 */
const customerOfInvitation = (n: number) => `customer_id = ${customerOfLookup('invitation', `$${n}`)}`;

export async function insertInvitation(db: Db, i: NewInvitation): Promise<InvitationRow> {
  const r = await db.query<InvitationRow>(
    `WITH lookup AS (
       INSERT INTO customer_lookups (kind, key, customer_id, client_id) VALUES ('invitation', $1, $3, $2))
     INSERT INTO invitations (id, client_id, customer_id, customer_type, first_name, last_name, company_name, email, phone, reference,
       send_email, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING *`,
    [
      i.id,
      i.client_id,
      i.customer_id,
      i.customer_type,
      i.first_name,
      i.last_name,
      i.company_name,
      i.email,
      i.phone,
      i.reference,
      i.send_email,
      i.created_at,
      i.expires_at,
    ],
  );
  return theRow(r);
}

export async function findInvitation(db: Db, clientId: string, id: string): Promise<InvitationRow | null> {
  return (
    (
      await db.query<InvitationRow>(
        `SELECT * FROM invitations WHERE ${customerOfInvitation(2)} AND client_id = $1 AND id = $2`,
        [clientId, id],
      )
    ).rows[0] ?? null
  );
}

/** By id alone: the hosted pages know the invitation from its signed URL, not from a client's token. */
export async function findInvitationById(db: Db, id: string): Promise<InvitationRow | null> {
  return (
    (await db.query<InvitationRow>(`SELECT * FROM invitations WHERE ${customerOfInvitation(1)} AND id = $1`, [id]))
      .rows[0] ?? null
  );
}

export async function listInvitations(
  db: Db,
  clientId: string,
  opts: { reference?: string; limit: number; offset: number },
): Promise<{ rows: InvitationRow[]; total: number }> {
  const params: unknown[] = [clientId];
  let where = 'client_id = $1';
  if (opts.reference !== undefined) {
    params.push(opts.reference);
    where += ` AND reference = $${params.length}`;
  }
  const total = Number(
    theRow(await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM invitations WHERE ${where}`, params)).n,
  );
  const rows = (
    await db.query<InvitationRow>(
      `SELECT * FROM invitations WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${opts.limit} OFFSET ${opts.offset}`,
      params,
    )
  ).rows;
  return { rows, total };
}

/** Sets revoked_at once; a second revoke keeps the first moment. */
export async function revokeInvitation(db: Db, clientId: string, id: string, now: Date): Promise<InvitationRow | null> {
  return (
    (
      await db.query<InvitationRow>(
        `UPDATE invitations SET revoked_at = COALESCE(revoked_at, $3)
         WHERE ${customerOfInvitation(2)} AND client_id = $1 AND id = $2 RETURNING *`,
        [clientId, id, now],
      )
    ).rows[0] ?? null
  );
}

/** Sets used_at once (the first completed flow). */
export async function markInvitationUsed(db: Db, id: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE invitations SET used_at = $2 WHERE ${customerOfInvitation(1)} AND id = $1 AND used_at IS NULL`,
    [id, now],
  );
}

export async function recordEmailSent(db: Db, id: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE invitations SET email_sent_at = $2, email_error = NULL WHERE ${customerOfInvitation(1)} AND id = $1`,
    [id, now],
  );
}

export async function recordEmailError(db: Db, id: string, error: string): Promise<void> {
  await db.query(`UPDATE invitations SET email_error = $2 WHERE ${customerOfInvitation(1)} AND id = $1`, [
    id,
    error.slice(0, 1000),
  ]);
}

/** How many invitations with an e-mail one client created for one address since a time, and the oldest of them. */
export async function emailedInvitationsSince(
  db: Db,
  clientId: string,
  email: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const r = await db.query<{ n: string | number; oldest: Date | null }>(
    `SELECT count(*) AS n, min(created_at) AS oldest FROM invitations
     WHERE client_id = $1 AND lower(email) = lower($2) AND send_email AND created_at > $3`,
    [clientId, email, since],
  );
  const row = theRow(r);
  return { count: Number(row.n), oldest: row.oldest ? new Date(row.oldest) : null };
}

/** The ids of a customer's invitations (an erasure deletes their e-mails from the outbox folder). */
export async function invitationIdsOfCustomer(db: Db, customerId: string): Promise<string[]> {
  const r = await db.query<{ id: string }>('SELECT id FROM invitations WHERE customer_id = $1', [customerId]);
  return r.rows.map((row) => row.id);
}
