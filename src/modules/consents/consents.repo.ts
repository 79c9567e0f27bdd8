/** Consents and the accounts they cover. Status changes are conditional updates: of two racers, one wins. */
import { theRow, type Db } from '../../db/db.ts';
import { customerOfLookup } from '../../db/customer-lookups.ts';

export type ConsentStatus = 'AwaitingAuthorisation' | 'Authorised' | 'Rejected' | 'Revoked';

export interface ConsentRow {
  id: string;
  client_id: string;
  customer_id: string;
  bank_slug: string;
  status: ConsentStatus;
  status_reason: string | null;
  permissions: string[];
  transaction_from: number;
  transaction_to: number;
  expiration: number | null;
  sharing_purposes: unknown;
  sharing_third_parties: unknown;
  redirect_url: string;
  state_hash: string;
  state_used_at: Date | null;
  handoff_hash: string | null;
  handoff_used_at: Date | null;
  /** the flow's state, sealed, until the start address is opened (migrations/0023_bank_flow_state.sql) */
  bank_flow_state_sealed: string | null;
  browser_binding_hash: string | null;
  code_verifier_sealed: string | null;
  nonce_sealed: string | null;
  bank_consent_id: string;
  access_token_sealed: string | null;
  refresh_token_sealed: string | null;
  access_token_expires_at: number | null;
  created_at: Date;
  status_updated_at: Date;
  authorised_at: Date | null;
  reconfirm_by: Date | null;
  last_pulled_at: Date | null;
  next_refresh_at: Date | null;
}

export type NewConsent = Pick<
  ConsentRow,
  | 'id'
  | 'client_id'
  | 'customer_id'
  | 'bank_slug'
  | 'permissions'
  | 'transaction_from'
  | 'transaction_to'
  | 'expiration'
  | 'sharing_purposes'
  | 'sharing_third_parties'
  | 'redirect_url'
  | 'state_hash'
  | 'code_verifier_sealed'
  | 'nonce_sealed'
  | 'bank_consent_id'
>;

/**
 * The consent and its state's lookup (docs/decisions/0084-customer-lookups.md) in one statement: the callback finds
 * the customer by the state alone, then the consent by (customer_id, state_hash).
 */
export async function insertConsent(db: Db, c: NewConsent, now: Date): Promise<ConsentRow> {
  const r = await db.query<ConsentRow>(
    `WITH lookup AS (
       INSERT INTO customer_lookups (kind, key, customer_id, client_id) VALUES ('consent_state', $12, $3, $2))
     INSERT INTO consents (id, client_id, customer_id, bank_slug, status, permissions, transaction_from, transaction_to, expiration,
       sharing_purposes, sharing_third_parties, redirect_url, state_hash, code_verifier_sealed, nonce_sealed, bank_consent_id, created_at, status_updated_at)
     VALUES ($1, $2, $3, $4, 'AwaitingAuthorisation', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16) RETURNING *`,
    [
      c.id,
      c.client_id,
      c.customer_id,
      c.bank_slug,
      c.permissions,
      c.transaction_from,
      c.transaction_to,
      c.expiration,
      JSON.stringify(c.sharing_purposes),
      JSON.stringify(c.sharing_third_parties),
      c.redirect_url,
      c.state_hash,
      c.code_verifier_sealed,
      c.nonce_sealed,
      c.bank_consent_id,
      now,
    ],
  );
  return theRow(r);
}

export async function findConsent(db: Db, customerId: string, id: string): Promise<ConsentRow | null> {
  return (
    (await db.query<ConsentRow>('SELECT * FROM consents WHERE customer_id = $1 AND id = $2', [customerId, id]))
      .rows[0] ?? null
  );
}

export async function findConsentById(db: Db, id: string): Promise<ConsentRow | null> {
  return (await db.query<ConsentRow>('SELECT * FROM consents WHERE id = $1', [id])).rows[0] ?? null;
}

/** The customer's newest consent at the bank (endpoint 6 reads this one). */
export async function latestConsent(db: Db, customerId: string, bankSlug: string): Promise<ConsentRow | null> {
  return (
    (
      await db.query<ConsentRow>(
        'SELECT * FROM consents WHERE customer_id = $1 AND bank_slug = $2 ORDER BY created_at DESC, id DESC LIMIT 1',
        [customerId, bankSlug],
      )
    ).rows[0] ?? null
  );
}

/** The newest consent per bank of the customer. */
export async function latestConsentsByBank(db: Db, customerId: string): Promise<ConsentRow[]> {
  return (
    await db.query<ConsentRow>(
      'SELECT DISTINCT ON (bank_slug) * FROM consents WHERE customer_id = $1 ORDER BY bank_slug, created_at DESC, id DESC',
      [customerId],
    )
  ).rows;
}

export async function listConsents(db: Db, customerId: string): Promise<ConsentRow[]> {
  return (
    await db.query<ConsentRow>('SELECT * FROM consents WHERE customer_id = $1 ORDER BY created_at DESC, id DESC', [
      customerId,
    ])
  ).rows;
}

/** Consents the customer holds at a bank other than `exceptId`, in the given statuses. */
export async function otherConsents(
  db: Db,
  customerId: string,
  bankSlug: string,
  exceptId: string,
  statuses: ConsentStatus[],
): Promise<ConsentRow[]> {
  return (
    await db.query<ConsentRow>(
      'SELECT * FROM consents WHERE customer_id = $1 AND bank_slug = $2 AND id <> $3 AND status = ANY($4::text[])',
      [customerId, bankSlug, exceptId, statuses],
    )
  ).rows;
}

/** Locks the consent row for the transaction; answers its status (a revocation racing a pull waits, or wins). */
export async function lockConsent(db: Db, id: string): Promise<ConsentStatus | null> {
  return (
    (await db.query<{ status: ConsentStatus }>('SELECT status FROM consents WHERE id = $1 FOR UPDATE', [id])).rows[0]
      ?.status ?? null
  );
}

/*
 * What arrives with a secret alone finds its customer in customer_lookups first (docs/decisions/0084-customer-lookups.md),
 * then the consent by (customer_id, …), in the same statement: $1 is the secret's hash.
 */
const CUSTOMER_OF_STATE = customerOfLookup('consent_state', '$1');
const CUSTOMER_OF_HANDOFF = customerOfLookup('consent_handoff', '$1');

/** The callback's claim on a state: works once (a replay finds nothing). */
export async function claimState(db: Db, stateHash: string, now: Date): Promise<ConsentRow | null> {
  return (
    (
      await db.query<ConsentRow>(
        `UPDATE consents SET state_used_at = $2
         WHERE customer_id = ${CUSTOMER_OF_STATE} AND state_hash = $1 AND state_used_at IS NULL RETURNING *`,
        [stateHash, now],
      )
    ).rows[0] ?? null
  );
}

/** Moves a consent from one of `from` to `to`; null when it was not in one of them (someone else moved it). */
export async function transition(
  db: Db,
  id: string,
  from: ConsentStatus[],
  to: ConsentStatus,
  reason: string | null,
  now: Date,
  extra: Partial<ConsentRow> = {},
): Promise<ConsentRow | null> {
  const sets = ['status = $3', 'status_reason = $4', 'status_updated_at = $5'];
  const params: unknown[] = [id, from, to, reason, now];
  for (const [k, v] of Object.entries(extra)) {
    params.push(v);
    sets.push(`${k} = $${params.length}`);
  }
  if (to !== 'Authorised')
    sets.push(
      'access_token_sealed = NULL',
      'refresh_token_sealed = NULL',
      'access_token_expires_at = NULL',
      'code_verifier_sealed = NULL',
      'nonce_sealed = NULL',
      'next_refresh_at = NULL',
    );
  return (
    (
      await db.query<ConsentRow>(
        `UPDATE consents SET ${sets.join(', ')} WHERE id = $1 AND status = ANY($2::text[]) RETURNING *`,
        params,
      )
    ).rows[0] ?? null
  );
}

export async function updateConsent(db: Db, id: string, fields: Partial<ConsentRow>): Promise<void> {
  const entries = Object.entries(fields);
  if (entries.length === 0) return;
  await db.query(`UPDATE consents SET ${entries.map(([k], i) => `${k} = $${i + 2}`).join(', ')} WHERE id = $1`, [
    id,
    ...entries.map(([, v]) => v),
  ]);
}

/** Awaiting consents older than `before` (abandoned), optionally of one client. */
export async function abandonedConsents(db: Db, before: Date, clientId?: string): Promise<ConsentRow[]> {
  return (
    await db.query<ConsentRow>(
      `SELECT * FROM consents WHERE status = 'AwaitingAuthorisation' AND created_at < $1 ${clientId ? 'AND client_id = $2' : ''} ORDER BY created_at LIMIT 500`,
      clientId ? [before, clientId] : [before],
    )
  ).rows;
}

export async function lapsedConsents(db: Db, now: Date, clientId?: string): Promise<ConsentRow[]> {
  return (
    await db.query<ConsentRow>(
      `SELECT * FROM consents WHERE status = 'Authorised' AND reconfirm_by <= $1 ${clientId ? 'AND client_id = $2' : ''} ORDER BY reconfirm_by LIMIT 500`,
      clientId ? [now, clientId] : [now],
    )
  ).rows;
}

export async function refreshDueConsents(db: Db, now: Date, clientId?: string): Promise<ConsentRow[]> {
  return (
    await db.query<ConsentRow>(
      `SELECT * FROM consents WHERE status = 'Authorised' AND next_refresh_at <= $1 ${clientId ? 'AND client_id = $2' : ''} ORDER BY next_refresh_at LIMIT 500`,
      clientId ? [now, clientId] : [now],
    )
  ).rows;
}

/** The customer's consents that still hold (or are waiting for) access at a bank: erasure revokes them there. */
export async function liveConsentsOfCustomer(db: Db, customerId: string): Promise<ConsentRow[]> {
  return (
    await db.query<ConsentRow>(
      `SELECT * FROM consents WHERE customer_id = $1 AND status IN ('AwaitingAuthorisation', 'Authorised')`,
      [customerId],
    )
  ).rows;
}

export async function linkAccounts(
  db: Db,
  consent: { customerId: string; id: string },
  links: Array<{ accountId: string; bankAccountId: string }>,
): Promise<void> {
  if (links.length === 0) return;
  await db.query(
    `INSERT INTO consent_accounts (customer_id, consent_id, account_id, bank_account_id)
     SELECT $1, $2, a, b FROM unnest($3::text[], $4::text[]) AS u(a, b)
     ON CONFLICT (customer_id, consent_id, account_id) DO UPDATE SET bank_account_id = EXCLUDED.bank_account_id`,
    [consent.customerId, consent.id, links.map((l) => l.accountId), links.map((l) => l.bankAccountId)],
  );
}

/** Accounts of the consent not also covered by another Authorised consent: the ones whose access ends with it. */
export async function accountsOnlyCoveredBy(db: Db, consent: { customerId: string; id: string }): Promise<string[]> {
  return (
    await db.query<{ account_id: string }>(
      `SELECT ca.account_id FROM consent_accounts ca WHERE ca.customer_id = $1 AND ca.consent_id = $2 AND NOT EXISTS (
       SELECT 1 FROM consent_accounts o JOIN consents c ON c.customer_id = o.customer_id AND c.id = o.consent_id
       WHERE o.customer_id = $1 AND o.account_id = ca.account_id AND o.consent_id <> $2 AND c.status = 'Authorised')`,
      [consent.customerId, consent.id],
    )
  ).rows.map((r) => r.account_id);
}

/** Accounts covered by the customer's earlier consents at the bank (replaced or lapsed), not by `consentId`. */
export async function accountsOfEarlierConsents(
  db: Db,
  customerId: string,
  bankSlug: string,
  consentId: string,
): Promise<string[]> {
  return (
    await db.query<{ account_id: string }>(
      `SELECT DISTINCT ca.account_id FROM consent_accounts ca JOIN consents c ON c.customer_id = ca.customer_id AND c.id = ca.consent_id
     WHERE c.customer_id = $1 AND c.bank_slug = $2 AND c.id <> $3 AND c.status <> 'Authorised'`,
      [customerId, bankSlug, consentId],
    )
  ).rows.map((r) => r.account_id);
}

/** The one-time start address of a new consent's bank flow (endpoint 5 hands it out instead of the bank's URL). */
export async function setBankFlowHandoff(
  db: Db,
  consent: { customerId: string; id: string },
  handoffHash: string,
  stateSealed: string,
): Promise<void> {
  // With its lookup, in one statement (a consent gets one start token, when it is made).
  await db.query(
    `WITH c AS (
       UPDATE consents SET handoff_hash = $3, bank_flow_state_sealed = $4 WHERE customer_id = $1 AND id = $2
       RETURNING customer_id, client_id)
     INSERT INTO customer_lookups (kind, key, customer_id, client_id)
       SELECT 'consent_handoff', $3, customer_id, client_id FROM c`,
    [consent.customerId, consent.id, handoffHash, stateSealed],
  );
}

/**
 * The start address opened: once, while the consent awaits authorisation. Binds the consent to the browser that
 * opened it and hands back the flow's sealed state (forgotten here: it is not needed again).
 */
export async function claimBankFlowHandoff(
  db: Db,
  handoffHash: string,
  browserBindingHash: string,
  now: Date,
): Promise<{ id: string; bank_flow_state_sealed: string; created_at: Date } | null> {
  const r = await db.query<{ id: string; bank_flow_state_sealed: string; created_at: Date }>(
    `WITH old AS (
       SELECT customer_id, id, bank_flow_state_sealed FROM consents
       WHERE customer_id = ${CUSTOMER_OF_HANDOFF} AND handoff_hash = $1 AND handoff_used_at IS NULL
         AND status = 'AwaitingAuthorisation' AND bank_flow_state_sealed IS NOT NULL
       FOR UPDATE)
     UPDATE consents c SET handoff_used_at = $3, browser_binding_hash = $2, bank_flow_state_sealed = NULL
     FROM old WHERE c.customer_id = old.customer_id AND c.id = old.id AND c.handoff_used_at IS NULL
     RETURNING c.id, old.bank_flow_state_sealed, c.created_at`,
    [handoffHash, browserBindingHash, now],
  );
  return r.rows[0] ?? null;
}

/** The consent a start address belongs to, used or not (to say what became of it, and offer the way back). */
export async function findConsentByHandoff(db: Db, handoffHash: string): Promise<ConsentRow | null> {
  return (
    (
      await db.query<ConsentRow>(
        `SELECT * FROM consents WHERE customer_id = ${CUSTOMER_OF_HANDOFF} AND handoff_hash = $1`,
        [handoffHash],
      )
    ).rows[0] ?? null
  );
}

/** The consent a state names, while the state is unused (read before the callback claims it). */
/** The client of the consent a state belongs to (used or not), for the page a refused callback shows. */
export async function clientOfState(db: Db, stateHash: string): Promise<string | null> {
  const r = await db.query<{ client_id: string }>(
    `SELECT client_id FROM consents WHERE customer_id = ${CUSTOMER_OF_STATE} AND state_hash = $1`,
    [stateHash],
  );
  return r.rows[0]?.client_id ?? null;
}

export async function findByUnusedState(db: Db, stateHash: string): Promise<ConsentRow | null> {
  const r = await db.query<ConsentRow>(
    `SELECT * FROM consents WHERE customer_id = ${CUSTOMER_OF_STATE} AND state_hash = $1 AND state_used_at IS NULL`,
    [stateHash],
  );
  return r.rows[0] ?? null;
}

/** Whether the consent was started by the browser holding this binding. */
export async function isBoundTo(db: Db, id: string, browserBindingHash: string): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM consents WHERE id = $1 AND browser_binding_hash = $2', [
    id,
    browserBindingHash,
  ]);
  return r.rows.length > 0;
}
