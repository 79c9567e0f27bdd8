/** Component URLs, connect sessions and the bank flows started from them. Secrets are looked up by their SHA-256. */
import { theRow, type Db } from '../../db/db.ts';
import { customerOfLookup } from '../../db/customer-lookups.ts';

export interface ComponentUrlRow {
  id: string;
  client_id: string;
  token_hash: string;
  user_reference: string;
  origin: string;
  ip: string;
  user_agent: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  customer_id: string | null;
}

export interface SessionRow {
  id: string;
  secret_hash: string;
  client_id: string;
  customer_id: string;
  invitation_id: string | null;
  component_url_id: string | null;
  origin: string | null;
  customer_token_sealed: string;
  created_at: Date;
  expires_at: Date;
  completed_at: Date | null;
  /** SHA-256 of the binding id of the browser that opened the invitation link; null for component sessions */
  browser_binding_hash: string | null;
}

export interface FlowRow {
  customer_id: string;
  state_hash: string;
  session_id: string;
  consent_id: string;
  bank_slug: string;
  created_at: Date;
}

/*
 * A session is found by its id or its secret (current or replaced) alone, a flow by its state alone: each finds its
 * customer in customer_lookups first, then the row by (customer_id, …), in one statement
 * (docs/decisions/0084-customer-lookups.md). A flow's state is its consent's (endpoint 5's), so the consent's
 * lookup finds the flow's customer too. `$n` is the id's, secret's or state's parameter.
 */
const customerOf = (kind: 'connect_session' | 'connect_session_secret' | 'consent_state', n: number) =>
  `customer_id = ${customerOfLookup(kind, `$${n}`)}`;

export async function insertComponentUrl(
  db: Db,
  r: Omit<ComponentUrlRow, 'used_at' | 'customer_id'>,
): Promise<ComponentUrlRow> {
  return theRow(
    await db.query<ComponentUrlRow>(
      `INSERT INTO component_urls (id, client_id, token_hash, user_reference, origin, ip, user_agent, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
      [r.id, r.client_id, r.token_hash, r.user_reference, r.origin, r.ip, r.user_agent, r.created_at, r.expires_at],
    ),
  );
}

export async function findComponentUrl(db: Db, tokenHash: string): Promise<ComponentUrlRow | null> {
  return (
    (await db.query<ComponentUrlRow>('SELECT * FROM component_urls WHERE token_hash = $1', [tokenHash])).rows[0] ?? null
  );
}

/** Single use: of two loads racing, one gets the row. */
export async function claimComponentUrl(db: Db, id: string, now: Date): Promise<ComponentUrlRow | null> {
  return (
    (
      await db.query<ComponentUrlRow>(
        'UPDATE component_urls SET used_at = $2 WHERE id = $1 AND used_at IS NULL AND expires_at > $2 RETURNING *',
        [id, now],
      )
    ).rows[0] ?? null
  );
}

/**
 * Names the customer the URL's page opened. component_urls has no foreign key to customers (a reference table when
 * sharded, docs/decisions/0084-customer-lookups.md): it is named only while the customer row, share-locked, exists,
 * and the erasure deletes the customer's URLs by name.
 */
export async function setComponentCustomer(db: Db, id: string, customerId: string): Promise<void> {
  await db.query(
    `UPDATE component_urls SET customer_id = $2 WHERE id = $1
       AND EXISTS (SELECT 1 FROM customers c WHERE c.id = $2 AND c.client_id = component_urls.client_id FOR SHARE)`,
    [id, customerId],
  );
}

export async function insertSession(db: Db, s: Omit<SessionRow, 'completed_at'>): Promise<SessionRow> {
  return theRow(
    await db.query<SessionRow>(
      `WITH lookup AS (
         INSERT INTO customer_lookups (kind, key, customer_id, client_id)
         VALUES ('connect_session', $1, $4, $3), ('connect_session_secret', $2, $4, $3))
       INSERT INTO connect_sessions (id, secret_hash, client_id, customer_id, invitation_id, component_url_id, origin, customer_token_sealed, created_at, expires_at, browser_binding_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
      [
        s.id,
        s.secret_hash,
        s.client_id,
        s.customer_id,
        s.invitation_id,
        s.component_url_id,
        s.origin,
        s.customer_token_sealed,
        s.created_at,
        s.expires_at,
        s.browser_binding_hash,
      ],
    ),
  );
}

export async function findSessionBySecretHash(db: Db, secretHash: string): Promise<SessionRow | null> {
  return (
    (
      await db.query<SessionRow>(
        `SELECT * FROM connect_sessions WHERE ${customerOf('connect_session_secret', 1)} AND secret_hash = $1`,
        [secretHash],
      )
    ).rows[0] ?? null
  );
}

export async function findSessionById(db: Db, id: string): Promise<SessionRow | null> {
  return (
    (
      await db.query<SessionRow>(
        `SELECT * FROM connect_sessions WHERE ${customerOf('connect_session', 1)} AND id = $1`,
        [id],
      )
    ).rows[0] ?? null
  );
}

/**
 * The secret it replaces is kept as the previous one (migrations/0033_hosted_pages_way_back.sql); the new one gets its
 * lookup, and the one replaced before (no longer found by anything) loses its, in one statement.
 */
export async function replaceSessionSecret(db: Db, id: string, secretHash: string): Promise<void> {
  await db.query(
    `WITH cur AS (
       SELECT customer_id, client_id, previous_secret_hash FROM connect_sessions
       WHERE ${customerOf('connect_session', 1)} AND id = $1),
     gone AS (
       DELETE FROM customer_lookups
       WHERE kind = 'connect_session_secret' AND key = (SELECT previous_secret_hash FROM cur) AND key <> $2),
     replaced AS (
       UPDATE connect_sessions SET previous_secret_hash = secret_hash, secret_hash = $2
       WHERE customer_id = (SELECT customer_id FROM cur) AND id = $1)
     INSERT INTO customer_lookups (kind, key, customer_id, client_id)
       SELECT 'connect_session_secret', $2, customer_id, client_id FROM cur`,
    [id, secretHash],
  );
}

/** The session whose secret this was before it was replaced. */
export async function findSessionByPreviousSecretHash(db: Db, secretHash: string): Promise<SessionRow | null> {
  return (
    (
      await db.query<SessionRow>(
        `SELECT * FROM connect_sessions WHERE ${customerOf('connect_session_secret', 1)} AND previous_secret_hash = $1`,
        [secretHash],
      )
    ).rows[0] ?? null
  );
}

export async function markSessionCompleted(db: Db, id: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE connect_sessions SET completed_at = $2
     WHERE ${customerOf('connect_session', 1)} AND id = $1 AND completed_at IS NULL`,
    [id, now],
  );
}

export async function insertFlow(db: Db, f: FlowRow): Promise<void> {
  await db.query(
    `INSERT INTO connect_flows (customer_id, state_hash, session_id, consent_id, bank_slug, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [f.customer_id, f.state_hash, f.session_id, f.consent_id, f.bank_slug, f.created_at],
  );
}

/** The hosted return of a flow, once: a second visit finds nothing. */
export async function claimFlowReturn(db: Db, stateHash: string, now: Date): Promise<FlowRow | null> {
  const r = await db.query<FlowRow>(
    `UPDATE connect_flows SET returned_at = $2
     WHERE ${customerOf('consent_state', 1)} AND state_hash = $1 AND returned_at IS NULL RETURNING *`,
    [stateHash, now],
  );
  return r.rows[0] ?? null;
}

export async function findFlowByStateHash(db: Db, stateHash: string): Promise<FlowRow | null> {
  return (
    (
      await db.query<FlowRow>(
        `SELECT * FROM connect_flows WHERE ${customerOf('consent_state', 1)} AND state_hash = $1`,
        [stateHash],
      )
    ).rows[0] ?? null
  );
}

export async function findFlowOfSession(db: Db, sessionId: string, consentId: string): Promise<FlowRow | null> {
  return (
    (
      await db.query<FlowRow>(
        `SELECT * FROM connect_flows WHERE ${customerOf('connect_session', 1)} AND session_id = $1 AND consent_id = $2`,
        [sessionId, consentId],
      )
    ).rows[0] ?? null
  );
}

/** The session's flows, newest first, with how many there are. */
export async function latestFlow(db: Db, sessionId: string): Promise<{ flow: FlowRow | null; count: number }> {
  const rows = (
    await db.query<FlowRow & { n: string | number }>(
      `SELECT customer_id, state_hash, session_id, consent_id, bank_slug, created_at, count(*) OVER () AS n
       FROM connect_flows WHERE ${customerOf('connect_session', 1)} AND session_id = $1 ORDER BY seq DESC LIMIT 1`,
      [sessionId],
    )
  ).rows;
  return { flow: rows[0] ?? null, count: rows[0] ? Number(rows[0].n) : 0 };
}

export async function sessionsOfConsent(db: Db, consent: { customerId: string; id: string }): Promise<SessionRow[]> {
  return (
    await db.query<SessionRow>(
      `SELECT s.* FROM connect_sessions s JOIN connect_flows f ON f.customer_id = s.customer_id AND f.session_id = s.id
       WHERE f.customer_id = $1 AND f.consent_id = $2`,
      [consent.customerId, consent.id],
    )
  ).rows;
}

/** Housekeeping: spent or expired component URLs and sessions are of no use after a day. */
export async function deleteExpired(db: Db, before: Date): Promise<void> {
  // With their lookups (the id, the secret, the secret replaced).
  await db.query(
    `WITH gone AS (DELETE FROM connect_sessions WHERE expires_at < $1 RETURNING id, secret_hash, previous_secret_hash)
     DELETE FROM customer_lookups
     WHERE (kind = 'connect_session' AND key IN (SELECT id FROM gone))
        OR (kind = 'connect_session_secret'
            AND key IN (SELECT secret_hash FROM gone UNION ALL SELECT previous_secret_hash FROM gone))`,
    [before],
  );
  await db.query(
    'DELETE FROM component_urls WHERE expires_at < $1 AND NOT EXISTS (SELECT 1 FROM connect_sessions s WHERE s.component_url_id = component_urls.id)',
    [before],
  );
}
