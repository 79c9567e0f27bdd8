/** Reading a customer's data for the engine, and storing what the engine computed. */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Db } from '../../db/db.ts';
import { csvField } from '../../db/csv.ts';
import type { EngineAccount, EngineTransaction } from '../../analytics/types.ts';
import type {
  AffordabilityRecord,
  BalanceForecast,
  EventRecord,
  Insights,
  Report,
  TransactionCategory,
} from '../../analytics/report-types.ts';

const LOAD_SLICE = 20_000;

export async function loadEngineAccounts(db: Db, customerId: string): Promise<EngineAccount[]> {
  const r = await db.query<{
    id: string;
    type: 'Personal' | 'Business';
    sub_type: string;
    currency: string;
    bank_slug: string;
    number: string;
  }>(
    'SELECT id, type, sub_type, currency, bank_slug, number FROM accounts WHERE customer_id = $1 ORDER BY created_at, id',
    [customerId],
  );
  return r.rows.map((a) => ({
    id: a.id,
    type: a.type,
    subType: a.sub_type,
    currency: a.currency,
    bankSlug: a.bank_slug,
    accountNumber: a.number,
  }));
}

/** All of the customer's transactions, oldest first, read in slices (the embedded engine shares this thread). */
export async function loadEngineTransactions(db: Db, customerId: string): Promise<EngineTransaction[]> {
  const out: EngineTransaction[] = [];
  let after: { b: number; id: string } | null = null;
  for (;;) {
    const params: unknown[] = [customerId];
    let where = 'customer_id = $1';
    if (after) {
      params.push(after.b, after.id);
      where += ' AND (booking_date_time, id) > ($2::bigint, $3::uuid)';
    }
    const r: { rows: Array<Record<string, string | number | null>> } = await db.query(
      `SELECT id::text AS id, account_id, amount, currency, status, booking_date_time, name, type, merchant_category_code, merchant_name, category, balance_amount
       FROM transactions WHERE ${where} ORDER BY booking_date_time, id LIMIT ${LOAD_SLICE}`,
      params,
    );
    for (const t of r.rows) {
      out.push({
        id: t.id as string,
        accountId: t.account_id as string,
        amount: Number(t.amount),
        currency: t.currency as string,
        status: t.status as 'Booked' | 'Pending',
        bookedAt: Number(t.booking_date_time),
        description: t.name as string,
        type: t.type as string | null,
        mcc: t.merchant_category_code as string | null,
        merchantName: t.merchant_name as string | null,
        submittedCategory: t.category as string | null,
        balance: t.balance_amount === null ? null : Number(t.balance_amount),
      });
    }
    const last = r.rows.at(-1);
    if (r.rows.length < LOAD_SLICE || last === undefined) return out;
    after = { b: Number(last.booking_date_time), id: last.id as string };
    await yieldToLoop();
  }
}

export async function insertRun(
  db: Db,
  run: { id: string; customerId: string; dataVersion: number; now: Date },
): Promise<void> {
  await db.query(
    "INSERT INTO report_runs (id, customer_id, state, data_version, started_at) VALUES ($1, $2, 'running', $3, $4)",
    [run.id, run.customerId, run.dataVersion, run.now],
  );
}

/**
 * Runs of the customer still 'running' when a new one starts were cut off with their process (report.compute is
 * stately per customer: never two at once), so they are recorded as failed; returns how many.
 */
export async function failInterruptedRuns(db: Db, customerId: string, now: Date): Promise<number> {
  const r = await db.query(
    `UPDATE report_runs SET state = 'failed', error = 'interrupted: its process stopped before the run ended', finished_at = $2
     WHERE customer_id = $1 AND state = 'running' RETURNING id`,
    [customerId, now],
  );
  return r.rows.length;
}

export async function finishRun(
  db: Db,
  id: string,
  state: 'succeeded' | 'failed',
  error: string | null,
  now: Date,
): Promise<void> {
  await db.query('UPDATE report_runs SET state = $2, error = $3, finished_at = $4 WHERE id = $1', [
    id,
    state,
    error,
    now,
  ]);
}

export async function hasSnapshot(db: Db, customerId: string): Promise<boolean> {
  return (
    (await db.query('SELECT 1 FROM report_snapshots WHERE customer_id = $1 LIMIT 1', [customerId])).rows.length > 0
  );
}

export async function insertSnapshot(
  db: Db,
  s: { id: string; customerId: string; runId: string; dataVersion: number; report: Report; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO report_snapshots (id, customer_id, run_id, as_of, engine_version, data_version, insights, affordability, forecast, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      s.id,
      s.customerId,
      s.runId,
      s.report.asOf,
      s.report.engineVersion,
      s.dataVersion,
      JSON.stringify(s.report.insights),
      JSON.stringify(s.report.affordability),
      JSON.stringify(s.report.forecast),
      s.now,
    ],
  );
}

/** A stored computation; its JSON columns hold what the engine returned (written by storeReport above). */
export interface SnapshotRow {
  as_of: number;
  engine_version: string;
  insights: Insights;
  affordability: AffordabilityRecord[];
  forecast: BalanceForecast;
}

export async function latestSnapshot(db: Db, customerId: string): Promise<SnapshotRow | null> {
  const r = await db.query<SnapshotRow>(
    'SELECT as_of, engine_version, insights, affordability, forecast FROM report_snapshots WHERE customer_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
    [customerId],
  );
  return r.rows[0] ?? null;
}

/** Stores events not seen before; returns those that are new (each is announced once). */
export async function insertNewEvents(
  db: Db,
  customerId: string,
  events: EventRecord[],
  now: Date,
): Promise<EventRecord[]> {
  if (events.length === 0) return [];
  const r = await db.query<{ event_id: number }>(
    `INSERT INTO customer_events (customer_id, event_id, body, created_at)
     SELECT $1, e.id, e.body, $4 FROM unnest($2::bigint[], $3::jsonb[]) AS e(id, body)
     ON CONFLICT (customer_id, event_id) DO NOTHING RETURNING event_id`,
    [customerId, events.map((e) => e.id), events.map((e) => JSON.stringify(e)), now],
  );
  const fresh = new Set(r.rows.map((x) => Number(x.event_id)));
  return events.filter((e) => fresh.has(e.id));
}

export async function listEvents(db: Db, customerId: string): Promise<Array<{ body: EventRecord; created_at: Date }>> {
  return (
    await db.query<{ body: EventRecord; created_at: Date }>(
      `SELECT body, created_at FROM customer_events WHERE customer_id = $1
     ORDER BY (body->>'year')::int DESC, (body->>'month')::int DESC, coalesce((body->>'day')::int, 0) DESC, event_id`,
      [customerId],
    )
  ).rows;
}

/** Replaces the customer's transaction categories with this computation's. */
export async function replaceTransactionCategories(
  db: Db,
  customerId: string,
  categories: TransactionCategory[],
): Promise<void> {
  await db.query('DELETE FROM transaction_categories WHERE customer_id = $1', [customerId]);
  if (categories.length === 0) return;
  async function* chunks() {
    for (let i = 0; i < categories.length; i += 5000) {
      let csv = '';
      for (const c of categories.slice(i, i + 5000))
        csv += `${csvField(customerId)},${c.transactionId},${csvField(c.categoryId)},${csvField(c.categoryName)},${csvField(c.merchant)}\n`;
      yield csv;
      await yieldToLoop();
    }
  }
  await db.copyFrom(
    'transaction_categories',
    ['customer_id', 'transaction_id', 'category_id', 'category_name', 'merchant'],
    chunks(),
  );
}
