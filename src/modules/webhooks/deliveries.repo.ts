/** The outbox (webhook_deliveries) and the log of attempts (webhook_delivery_attempts). */
import { theRow, type Db } from '../../db/db.ts';

export type DeliveryState = 'pending' | 'delivered' | 'failed';

export interface DeliveryRow {
  id: string;
  seq: number;
  webhook_id: string;
  client_id: string;
  /** Null only for a test event (migrations/0031_webhook_test_events.sql). */
  customer_id: string | null;
  message_id: string;
  event_type: string;
  payload: string;
  state: DeliveryState;
  attempt_count: number;
  next_attempt_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  replay_of: string | null;
  created_at: Date;
  finished_at: Date | null;
}

export interface AttemptRow {
  client_id: string;
  delivery_id: string;
  attempt: number;
  attempted_at: Date;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  outcome: 'delivered' | 'retry' | 'failed';
}

/** A delivery a dispatcher holds the lease of, with what it needs to send it. */
export interface ClaimedDelivery {
  id: string;
  client_id: string;
  webhook_id: string;
  message_id: string;
  payload: string;
  attempt_count: number;
  url: string;
  secret_sealed: string;
}

/**
 * One row per webhook, all for the same message; `now` is when the first attempt is due. A delivery naming a customer
 * is written only while the customer row, share-locked, exists: the table has no foreign key to customers (it is
 * client-level, docs/decisions/0084-customer-lookups.md), and the erasure deletes the customer's deliveries by name,
 * so none written after it may outlive the customer. None is written when the customer is gone.
 */
export async function insertDeliveries(
  db: Db,
  d: {
    ids: string[];
    webhookIds: string[];
    clientId: string;
    /** Null only for a test event, which is about the webhook and no customer. */
    customerId: string | null;
    messageId: string;
    eventType: string;
    payload: string;
    now: Date;
    replayOf?: string | null;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO webhook_deliveries (id, webhook_id, client_id, customer_id, message_id, event_type, payload, next_attempt_at, created_at, replay_of)
     SELECT u.id, u.webhook_id, $3, $4, $5, $6, $7, $8, $8, $9 FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS u (id, webhook_id, n)
      WHERE $4::text IS NULL OR EXISTS (SELECT 1 FROM customers WHERE id = $4 AND client_id = $3 FOR SHARE)
      ORDER BY u.n`,
    [d.ids, d.webhookIds, d.clientId, d.customerId, d.messageId, d.eventType, d.payload, d.now, d.replayOf ?? null],
  );
}

/**
 * Takes a lease on up to `limit` due deliveries. Only the oldest pending delivery of each (webhook, customer)
 * is eligible, so a customer's events reach a webhook in the order they happened; SKIP LOCKED lets several
 * dispatchers on one PostgreSQL server share the work without waiting on each other.
 */
export async function claimDueDeliveries(
  db: Db,
  c: { now: Date; leaseUntil: Date; leaseToken: string; limit: number; clientId: string | null },
): Promise<ClaimedDelivery[]> {
  const r = await db.query<ClaimedDelivery>(
    `WITH due AS (
       SELECT d.client_id, d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
        WHERE d.state = 'pending' AND d.next_attempt_at <= $1 AND (d.locked_until IS NULL OR d.locked_until <= $1)
          AND w.status = 'active' AND ($5::text IS NULL OR d.client_id = $5)
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e
                           WHERE e.webhook_id = d.webhook_id AND e.customer_id = d.customer_id AND e.state = 'pending' AND e.seq < d.seq)
        ORDER BY d.next_attempt_at, d.seq
        LIMIT $4
        FOR UPDATE OF d SKIP LOCKED)
     UPDATE webhook_deliveries d SET locked_until = $2, lease_token = $3
       FROM due, webhooks w
      WHERE d.client_id = due.client_id AND d.id = due.id AND w.id = d.webhook_id
     RETURNING d.id, d.client_id, d.webhook_id, d.message_id, d.payload, d.attempt_count, w.url, w.secret_sealed`,
    [c.now, c.leaseUntil, c.leaseToken, c.limit, c.clientId],
  );
  return r.rows;
}

export async function insertAttempt(
  db: Db,
  a: Omit<AttemptRow, 'attempted_at'> & { id: string; attemptedAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO webhook_delivery_attempts (id, client_id, delivery_id, attempt, attempted_at, status_code, duration_ms, error, outcome)
     VALUES ($1, $9, $2, $3, $4, $5, $6, $7, $8)`,
    [a.id, a.delivery_id, a.attempt, a.attemptedAt, a.status_code, a.duration_ms, a.error, a.outcome, a.client_id],
  );
}

/** Writes an attempt's effect and drops the lease, unless the lease was lost meanwhile (then another dispatcher owns it). */
export async function updateAfterAttempt(
  db: Db,
  clientId: string,
  id: string,
  leaseToken: string,
  u: {
    state: DeliveryState;
    attemptCount: number;
    nextAttemptAt: Date | null;
    statusCode: number | null;
    error: string | null;
    finishedAt: Date | null;
  },
): Promise<boolean> {
  const r = await db.query(
    `UPDATE webhook_deliveries SET state = $3, attempt_count = $4, next_attempt_at = $5, last_status_code = $6, last_error = $7,
            finished_at = $8, locked_until = NULL, lease_token = NULL
      WHERE client_id = $9 AND id = $1 AND lease_token = $2`,
    [id, leaseToken, u.state, u.attemptCount, u.nextAttemptAt, u.statusCode, u.error, u.finishedAt, clientId],
  );
  return r.rowCount > 0;
}

/** A disabled webhook's queue is closed: what was waiting for it fails with the reason. */
export async function failPendingOfWebhook(db: Db, webhookId: string, reason: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE webhook_deliveries SET state = 'failed', next_attempt_at = NULL, last_error = $2, finished_at = $3, locked_until = NULL, lease_token = NULL
      WHERE webhook_id = $1 AND state = 'pending'`,
    [webhookId, reason, now],
  );
}

/**
 * When the next delivery becomes claimable: the earliest due time of the head of each (webhook, customer) line, or
 * its lease's end when a dispatcher holds it. Null when nothing is pending.
 */
export async function nextClaimableAt(db: Db): Promise<Date | null> {
  const r = await db.query<{ at: Date | null }>(
    `SELECT min(GREATEST(d.next_attempt_at, COALESCE(d.locked_until, d.next_attempt_at))) AS at
       FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
      WHERE d.state = 'pending' AND w.status = 'active'
        AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e
                         WHERE e.webhook_id = d.webhook_id AND e.customer_id = d.customer_id AND e.state = 'pending' AND e.seq < d.seq)`,
  );
  const at = r.rows[0]?.at;
  return at ? new Date(at) : null;
}

/** Drops every lease. Only for the embedded database, where the data directory lock proves no other dispatcher runs. */
export async function releaseAllLeases(db: Db): Promise<void> {
  await db.query(
    "UPDATE webhook_deliveries SET locked_until = NULL, lease_token = NULL WHERE state = 'pending' AND locked_until IS NOT NULL",
  );
}

export async function findDelivery(
  db: Db,
  clientId: string,
  webhookId: string,
  id: string,
): Promise<DeliveryRow | null> {
  const r = await db.query<DeliveryRow>(
    'SELECT * FROM webhook_deliveries WHERE client_id = $1 AND webhook_id = $2 AND id = $3',
    [clientId, webhookId, id],
  );
  return r.rows[0] ?? null;
}

/** A webhook's deliveries, newest first. */
export async function listDeliveries(
  db: Db,
  webhookId: string,
  o: { state?: DeliveryState; limit: number; offset: number },
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const params: unknown[] = [webhookId, o.state ?? null];
  const where = 'webhook_id = $1 AND ($2::text IS NULL OR state = $2)';
  const total = theRow(
    await db.query<{ n: number }>(`SELECT count(*)::int8 AS n FROM webhook_deliveries WHERE ${where}`, params),
  ).n;
  const rows = (
    await db.query<DeliveryRow>(
      `SELECT * FROM webhook_deliveries WHERE ${where} ORDER BY seq DESC LIMIT ${o.limit} OFFSET ${o.offset}`,
      params,
    )
  ).rows;
  return { rows, total };
}

/** The attempts of the client's deliveries. */
export async function listAttempts(db: Db, clientId: string, deliveryIds: string[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  const r = await db.query<AttemptRow>(
    'SELECT client_id, delivery_id, attempt, attempted_at, status_code, duration_ms, error, outcome FROM webhook_delivery_attempts WHERE client_id = $2 AND delivery_id = ANY($1::text[]) ORDER BY delivery_id, attempt, attempted_at',
    [deliveryIds, clientId],
  );
  return r.rows;
}

/** A pending delivery waiting for a retry becomes due now; null when it is no longer pending. */
export async function bringForward(db: Db, clientId: string, id: string, now: Date): Promise<DeliveryRow | null> {
  const r = await db.query<DeliveryRow>(
    "UPDATE webhook_deliveries SET next_attempt_at = LEAST(next_attempt_at, $2) WHERE client_id = $3 AND id = $1 AND state = 'pending' RETURNING *",
    [id, now, clientId],
  );
  return r.rows[0] ?? null;
}
