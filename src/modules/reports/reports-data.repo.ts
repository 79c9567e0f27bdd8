/** Reading a customer's data for the engine, and storing what the engine computed. */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Db } from '../../db/db.ts';
import { publishedTransaction } from '../../db/transactions-visibility.ts';
import { csvField } from '../../db/csv.ts';
import type { EngineAccount, EngineTransaction } from '../../analytics/types.ts';
import type {
  AffordabilityRecord,
  BalanceForecast,
  EventRecord,
  Insights,
  TransactionCategory,
} from '../../analytics/report-types.ts';
import type { CategoryCorrectionsInput, CategoryRuleInput } from '../../analytics/classify/client-corrections.ts';

const LOAD_SLICE = 20_000;
/** The embedded engine builds each slice's text on this thread: smaller slices, shorter pauses. */
const EMBEDDED_LOAD_SLICE = 2_500;

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
    let where = `customer_id = $1 AND ${publishedTransaction('transactions')}`;
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

/**
 * All of the customer's transactions, oldest first, as JSON text for the report task (reports.task.ts decodes it on
 * a worker thread): slices of LOAD_SLICE rows, each a JSON array of rows [id, account_id, amount, currency, status,
 * booking_date_time, name, type, merchant_category_code, merchant_name, category, balance_amount]. The
 * database builds the text, so the main thread holds a few long strings instead of making 100 000 objects (and
 * cloning them again to the worker); on the embedded engine it yields between slices.
 */
export async function loadEngineTransactionSlices(
  db: Db,
  customerId: string,
  sliceRows = db.kind === 'pglite' ? EMBEDDED_LOAD_SLICE : LOAD_SLICE,
): Promise<string[]> {
  const out: string[] = [];
  let after: { b: string; id: string } | null = null;
  for (;;) {
    const params: unknown[] = [customerId];
    let where = `customer_id = $1 AND ${publishedTransaction('transactions')}`;
    if (after) {
      params.push(after.b, after.id);
      where += ' AND (booking_date_time, id) > ($2::bigint, $3::uuid)';
    }
    const r: { rows: Array<{ rows: string; n: number; last_b: string | null; last_id: string | null }> } =
      await db.query(
        `WITH s AS MATERIALIZED (
           SELECT id, account_id, amount, currency, status, booking_date_time, name, type, merchant_category_code,
                  merchant_name, category, balance_amount
           FROM transactions WHERE ${where} ORDER BY booking_date_time, id LIMIT ${sliceRows})
         SELECT (SELECT coalesce(json_agg(json_build_array(id::text, account_id::text, amount, currency, status,
                   booking_date_time, name, type, merchant_category_code, merchant_name, category, balance_amount)
                   ORDER BY booking_date_time, id), '[]')::text FROM s) AS rows,
                (SELECT count(*)::int FROM s) AS n,
                (SELECT booking_date_time::text FROM s ORDER BY booking_date_time DESC, id DESC LIMIT 1) AS last_b,
                (SELECT id::text FROM s ORDER BY booking_date_time DESC, id DESC LIMIT 1) AS last_id`,
        params,
      );
    const slice = r.rows[0];
    if (!slice || slice.n === 0) return out;
    out.push(slice.rows);
    if (slice.n < sliceRows || slice.last_b === null || slice.last_id === null) return out;
    after = { b: slice.last_b, id: slice.last_id };
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
  run: { customerId: string; id: string },
  state: 'succeeded' | 'failed',
  error: string | null,
  now: Date,
): Promise<void> {
  await db.query('UPDATE report_runs SET state = $3, error = $4, finished_at = $5 WHERE customer_id = $1 AND id = $2', [
    run.customerId,
    run.id,
    state,
    error,
    now,
  ]);
}

/** The customer's client, or null when the customer was deleted (since a job of theirs was queued). */
export async function clientOfCustomer(db: Db, customerId: string): Promise<string | null> {
  const r = await db.query<{ client_id: string }>('SELECT client_id FROM customers WHERE id = $1', [customerId]);
  return r.rows[0]?.client_id ?? null;
}

/** The customer's current data version (0 before any data): what a run computes from. */
export async function currentDataVersion(db: Db, customerId: string): Promise<number> {
  const r = await db.query<{ data_version: number | null }>(
    'SELECT max(data_version) AS data_version FROM report_states WHERE customer_id = $1',
    [customerId],
  );
  return Number(r.rows[0]?.data_version ?? 0);
}

/**
 * The reports become ready as of `dataVersion`, unless data arrived meanwhile (their version moved on): true when
 * they did. Under READ COMMITTED the UPDATE waits for a writer that marked them and is still open, then sees its
 * version, so a change committed during the run is never taken for computed.
 */
export async function markReportsReady(tx: Db, customerId: string, dataVersion: number, now: Date): Promise<boolean> {
  const r = await tx.query(
    "UPDATE report_states SET status = 'ready', computed_version = $2, updated_at = $3 WHERE customer_id = $1 AND data_version = $2",
    [customerId, dataVersion, now],
  );
  return (r.rowCount ?? 0) > 0;
}

export async function hasSnapshot(db: Db, customerId: string): Promise<boolean> {
  return (
    (await db.query('SELECT 1 FROM report_snapshots WHERE customer_id = $1 LIMIT 1', [customerId])).rows.length > 0
  );
}

/** What a snapshot stores of a computation: its stamp, and its members as JSON text (made on the worker thread). */
export interface SnapshotText {
  asOf: number;
  engineVersion: string;
  insightsJson: string;
  affordabilityJson: string;
  forecastJson: string;
}

export async function insertSnapshot(
  db: Db,
  s: { id: string; customerId: string; runId: string; dataVersion: number; report: SnapshotText; now: Date },
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
      s.report.insightsJson,
      s.report.affordabilityJson,
      s.report.forecastJson,
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

/** The categories of a computation as columns, one entry per transaction (how they come back from the worker). */
export interface CategoryColumns {
  transactionId: string[];
  categoryId: string[];
  categoryName: string[];
  merchant: Array<string | null>;
  /** the few whose category a correction or a rule chose: [index, what the engine decided and why it was replaced] */
  corrected: Array<[number, NonNullable<TransactionCategory['corrected']>]>;
}

/**
 * Writes a computation's categories under its run id before the report is stored (migrations/0019_category_runs.sql):
 * each chunk a statement of its own, so the embedded engine answers others in between; no reader sees them until
 * publishCategories makes the run the current one.
 */
export async function stageTransactionCategories(
  db: Db,
  customerId: string,
  runId: string,
  categories: CategoryColumns,
): Promise<void> {
  const count = categories.transactionId.length;
  if (count === 0) return;
  const customer = csvField(customerId);
  const run = csvField(runId);
  const corrected = new Map(categories.corrected);
  const correctedCsv = (k: number): string => {
    const c = corrected.get(k);
    return c === undefined
      ? ',,,'
      : `${c.source},${csvField(c.ruleId)},${csvField(c.originalCategoryId)},${csvField(c.originalCategoryName)}`;
  };
  // The embedded engine runs each COPY on this thread: 500 rows keep a chunk to a few milliseconds there.
  const size = db.kind === 'pglite' ? 500 : 5000;
  async function* chunks() {
    for (let i = 0; i < count; i += size) {
      let csv = '';
      for (let k = i; k < Math.min(count, i + size); k++)
        csv += `${customer},${categories.transactionId[k] ?? ''},${csvField(categories.categoryId[k] ?? null)},${csvField(categories.categoryName[k] ?? null)},${csvField(categories.merchant[k] ?? null)},${run},${correctedCsv(k)}\n`;
      yield csv;
      await yieldToLoop();
    }
  }
  await db.copyFrom(
    'transaction_categories',
    [
      'customer_id',
      'transaction_id',
      'category_id',
      'category_name',
      'merchant',
      'run_id',
      'category_source',
      'rule_id',
      'original_category_id',
      'original_category_name',
    ],
    chunks(),
  );
}

/** Inside the transaction that stores the report: the run's categories become the customer's, all at once. */
export async function publishCategories(tx: Db, customerId: string, runId: string): Promise<void> {
  await tx.query(
    `INSERT INTO category_runs (customer_id, run_id) VALUES ($1, $2)
     ON CONFLICT (customer_id) DO UPDATE SET run_id = EXCLUDED.run_id`,
    [customerId, runId],
  );
}

/** Rows per statement when categories that are no longer current are deleted. */
const STALE_CATEGORIES_SLICE = 2_000;

/**
 * Deletes the customer's categories that no reader sees: those of a replaced run, or of a run that failed or was cut
 * off, but not those of a run still being written. A slice per statement, each its own transaction.
 */
export async function discardStaleCategories(db: Db, customerId: string): Promise<void> {
  for (;;) {
    const r = await db.query(
      `DELETE FROM transaction_categories WHERE ctid = ANY(ARRAY(
         SELECT c.ctid FROM transaction_categories c
         WHERE c.customer_id = $1
           AND c.run_id IS DISTINCT FROM (SELECT r.run_id FROM category_runs r WHERE r.customer_id = $1)
           AND c.run_id NOT IN (SELECT u.id FROM report_runs u WHERE u.customer_id = $1 AND u.state = 'running')
         LIMIT ${STALE_CATEGORIES_SLICE}))`,
      [customerId],
    );
    if (r.rowCount < STALE_CATEGORIES_SLICE) return;
    await yieldToLoop();
  }
}

/**
 * The engine's input from people (docs/decisions/0061-category-corrections-and-rules.md): the customer's current
 * corrections (the latest change of each transaction, unless it withdrew the correction) and the rules of the
 * customer's client, oldest first.
 */
export async function loadCategoryCorrections(db: Db, customerId: string): Promise<CategoryCorrectionsInput> {
  const [corrections, rules] = await Promise.all([
    db.query<{ transaction_id: string; category_id: string | null }>(
      `SELECT DISTINCT ON (transaction_id) transaction_id::text AS transaction_id, category_id
       FROM transaction_category_corrections WHERE customer_id = $1 ORDER BY transaction_id, id DESC`,
      [customerId],
    ),
    db.query<{
      id: string;
      account_type: CategoryRuleInput['accountType'];
      field: CategoryRuleInput['field'];
      match: CategoryRuleInput['match'];
      pattern: string;
      category_id: string;
      priority: number;
    }>(
      `SELECT r.id, r.account_type, r.field, r.match, r.pattern, r.category_id, r.priority
       FROM category_rules r JOIN customers c ON c.client_id = r.client_id
       WHERE c.id = $1 ORDER BY r.created_at, r.id`,
      [customerId],
    ),
  ]);
  return {
    transactions: corrections.rows.flatMap((r) =>
      r.category_id === null ? [] : [[r.transaction_id, r.category_id] as const],
    ),
    rules: rules.rows.map((r) => ({
      id: r.id,
      accountType: r.account_type,
      field: r.field,
      match: r.match,
      pattern: r.pattern,
      categoryId: r.category_id,
      priority: Number(r.priority),
    })),
  };
}

/** The engine's whole input for a customer but the time: accounts, transactions (as slices) and corrections. */
export async function loadEngineInput(db: Db, customerId: string) {
  const accounts = await loadEngineAccounts(db, customerId);
  const transactionSlices = await loadEngineTransactionSlices(db, customerId);
  const corrections = await loadCategoryCorrections(db, customerId);
  return { accounts, transactionSlices, corrections };
}
