/** Bank pulls (recorded runs) and the raw payloads they received. */
import type { Db } from '../../db/db.ts';
import type { RawPayload } from '../../banks/index.ts';

export type PullTrigger = 'authorised' | 'scheduled' | 'manual';
export type PullState = 'queued' | 'running' | 'succeeded' | 'failed';

export interface PullRow {
  id: string;
  consent_id: string;
  customer_id: string;
  client_id: string;
  trigger: PullTrigger;
  state: PullState;
  attempts: number;
  error_code: string | null;
  error: string | null;
  counts: Record<string, unknown> | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  next_attempt_at: Date | null;
}

/**
 * A new queued run, or the one already waiting or running for the consent (one at a time per consent). The run
 * that blocked the insert can end before it is read back; then the insert is tried again.
 */
export async function insertPull(
  db: Db,
  p: { id: string; consentId: string; customerId: string; clientId: string; trigger: PullTrigger; now: Date },
): Promise<{ row: PullRow; created: boolean }> {
  for (let attempt = 1; ; attempt++) {
    const found = await insertOrFindPull(db, p);
    if (found) return found;
    if (attempt >= 3) throw new Error('a bank pull kept ending between its insert and its read-back');
  }
}

async function insertOrFindPull(
  db: Db,
  p: { id: string; consentId: string; customerId: string; clientId: string; trigger: PullTrigger; now: Date },
): Promise<{ row: PullRow; created: boolean } | null> {
  const inserted = (
    await db.query<PullRow>(
      `INSERT INTO bank_pulls (id, consent_id, customer_id, client_id, trigger, state, created_at) VALUES ($1, $2, $3, $4, $5, 'queued', $6)
     ON CONFLICT (customer_id, consent_id) WHERE state IN ('queued', 'running') DO NOTHING RETURNING *`,
      [p.id, p.consentId, p.customerId, p.clientId, p.trigger, p.now],
    )
  ).rows[0];
  if (inserted) return { row: inserted, created: true };
  const waiting = (
    await db.query<PullRow>(`SELECT * FROM bank_pulls WHERE consent_id = $1 AND state IN ('queued', 'running')`, [
      p.consentId,
    ])
  ).rows[0];
  return waiting ? { row: waiting, created: false } : null;
}

/** A run 'running' for longer than this was abandoned by a process that died; its job's retry takes it over. */
const STALE_RUN_SECONDS = 30 * 60;

/** queued → running; null when the run is taken (and not stale) or finished. */
export async function startPull(db: Db, id: string, now: Date): Promise<PullRow | null> {
  return (
    (
      await db.query<PullRow>(
        `UPDATE bank_pulls SET state = 'running', attempts = attempts + 1, started_at = $2, next_attempt_at = NULL
     WHERE id = $1 AND (state = 'queued' OR (state = 'running' AND started_at < $3)) RETURNING *`,
        [id, now, new Date(now.getTime() - STALE_RUN_SECONDS * 1000)],
      )
    ).rows[0] ?? null
  );
}

/** Runs left 'running' by a process that died: back to queued (the caller enqueues their jobs again). */
export async function requeueStaleRuns(db: Db, now: Date, clientId?: string): Promise<PullRow[]> {
  return (
    await db.query<PullRow>(
      `UPDATE bank_pulls SET state = 'queued', next_attempt_at = $1 WHERE state = 'running' AND started_at < $2 ${clientId ? 'AND client_id = $3' : ''} RETURNING *`,
      clientId
        ? [now, new Date(now.getTime() - STALE_RUN_SECONDS * 1000), clientId]
        : [now, new Date(now.getTime() - STALE_RUN_SECONDS * 1000)],
    )
  ).rows;
}

export async function finishPull(
  db: Db,
  id: string,
  f: {
    state: 'succeeded' | 'failed';
    errorCode?: string | null;
    error?: string | null;
    counts?: Record<string, unknown> | null;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `UPDATE bank_pulls SET state = $2, error_code = $3, error = $4, counts = coalesce($5::jsonb, counts), finished_at = $6 WHERE id = $1`,
    [id, f.state, f.errorCode ?? null, f.error ?? null, f.counts ? JSON.stringify(f.counts) : null, f.now],
  );
}

/** A passing failure: the run waits in the queue for its next attempt. */
export async function requeuePull(
  db: Db,
  id: string,
  f: { errorCode: string; error: string; nextAttemptAt: Date },
): Promise<void> {
  await db.query(
    `UPDATE bank_pulls SET state = 'queued', error_code = $2, error = $3, next_attempt_at = $4 WHERE id = $1`,
    [id, f.errorCode, f.error, f.nextAttemptAt],
  );
}

export async function listPulls(db: Db, consentId: string, limit = 20): Promise<PullRow[]> {
  return (
    await db.query<PullRow>(
      `SELECT * FROM bank_pulls WHERE consent_id = $1 ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
      [consentId],
    )
  ).rows;
}

export async function latestPulls(db: Db, consentIds: string[]): Promise<Map<string, PullRow>> {
  if (consentIds.length === 0) return new Map();
  const rows = (
    await db.query<PullRow>(
      'SELECT DISTINCT ON (consent_id) * FROM bank_pulls WHERE consent_id = ANY($1::text[]) ORDER BY consent_id, created_at DESC, id DESC',
      [consentIds],
    )
  ).rows;
  return new Map(rows.map((r) => [r.consent_id, r]));
}

/** Whether the consent has ever had a pull that stored data. */
export async function hasSucceededPull(db: Db, consentId: string): Promise<boolean> {
  return (
    (await db.query(`SELECT 1 FROM bank_pulls WHERE consent_id = $1 AND state = 'succeeded' LIMIT 1`, [consentId])).rows
      .length > 0
  );
}

/** One statement for every payload of an attempt. */
export async function insertPayloads(
  db: Db,
  p: { pullId: string; customerId: string; bankSlug: string; attempt: number; payloads: RawPayload[] },
): Promise<void> {
  if (p.payloads.length === 0) return;
  const col = <T>(f: (x: RawPayload) => T) => p.payloads.map(f);
  await db.query(
    `INSERT INTO bank_payloads (pull_id, customer_id, bank_slug, attempt, resource, bank_account_id, page, url, status_code, body, received_at)
     SELECT $1, $2, $3, $4, r, a, pg, u, s, b, to_timestamp(t)
     FROM unnest($5::text[], $6::text[], $7::int[], $8::text[], $9::int[], $10::text[], $11::bigint[]) AS x(r, a, pg, u, s, b, t)`,
    [
      p.pullId,
      p.customerId,
      p.bankSlug,
      p.attempt,
      col((x) => x.resource),
      col((x) => x.bankAccountId),
      col((x) => x.page),
      col((x) => x.url),
      col((x) => x.status),
      col((x) => x.body),
      col((x) => x.receivedAt),
    ],
  );
}
