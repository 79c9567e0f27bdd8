/** Endpoint 10 (submission) and the reads of endpoint 11 and /transactions. */
import { itemAt } from '../../lib/indexing.ts';
import type { Db } from '../../db/db.ts';
import type { Queue } from '../../jobs/queue.ts';
import { AppError } from '../../lib/app-error.ts';
import { newIds } from '../../lib/ids.ts';
import { requireCustomer } from '../customers/index.ts';
import { findCategory } from '../../analytics/categories/taxonomy.ts';
import { requireCustomerAccounts } from '../accounts/index.ts';
import { markDataChanged, trackDataWork } from '../reports/index.ts';
import { runIdempotent } from '../idempotency/index.ts';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  createRowBuilder,
  MAX_TRANSACTIONS_PER_REQUEST,
  type IngestResult,
  type SubmittedTransactionInput,
} from './transactions.ingest.ts';
import { RAW_WIRE, type RawWirePlain, type TransactionRow } from './transactions.row.ts';
import { PreparedSubmission, StreamedSubmission, SubmissionDeclined } from './transactions.prepared.ts';
import * as repo from './transactions.repo.ts';
import { addCounts, countTransactions } from './transaction-counts.repo.ts';
import * as staged from './transactions-staged.repo.ts';
import { customerWrites } from './customer-writes.ts';
import { findExisting, type ExistingTransaction } from './transactions-existing.repo.ts';
import { decodeCursor, encodeCursor } from './page-cursor.ts';
import { recordRemovals } from './feed.repo.ts';
import { deleteBankDetails, replaceBankDetails, type BankDetail } from './transaction-bank-details.repo.ts';
import { enqueueTransactionsMaintenance, TRANSACTIONS_MAINTENANCE_AFTER_ROWS } from './transactions-maintenance.ts';

const BUILD_SLICE = 10_000;

export interface SubmissionAnswer {
  status: 'success';
  success: string;
  saved: number;
  updated: number;
  already_present: number;
}

export interface SubmissionContext {
  db: Db;
  queue: Queue;
  clientId: string;
  customerId: string;
  now: Date;
  idempotency?: { key: string; requestHash: string };
}

/**
 * A submission as the route hands it over, its items checked: the body's items, or a big body read on a worker
 * thread (PreparedSubmission), or one not read yet (StreamedSubmission, whose `read` gives the PreparedSubmission,
 * checked here by readChecked).
 */
export type Submission = SubmittedTransactionInput[] | PreparedSubmission | StreamedSubmission;

type Path = 'small' | 'streamed' | 'staged' | 'one-shot';

/**
 * The one place that chooses how a submission is stored (docs/decisions/0078-one-row-one-reader.md):
 *
 * | path     | when                                          | how                                                         |
 * | -------- | --------------------------------------------- | ----------------------------------------------------------- |
 * | small    | at most 100 items, no Idempotency-Key         | one transaction: lock, customer, rows, one statement (0039) |
 * | streamed | a big body not read yet, on PostgreSQL        | COPY while a worker thread reads it, for a customer holding |
 * |          |                                               | no transaction; else read and stored one-shot, in the same  |
 * |          |                                               | transaction under the same lock                             |
 * | staged   | 5 000 rows or more, on the embedded engine    | a staged load, published by one short transaction (0038)    |
 * | one-shot | anything else                                 | one transaction: lookups, COPY of the new rows, update      |
 *
 * A big body not read yet on the embedded engine is read first (its COPY would run on this thread while the body is
 * read, which made the event loop's longest stalls longer: docs/performance.md), then takes its path as any other.
 */
function pathOf(ctx: SubmissionContext, submission: Submission): Path {
  if (submission instanceof StreamedSubmission) return 'streamed';
  const rows = Array.isArray(submission) ? submission.length : submission.count;
  if (Array.isArray(submission) && !ctx.idempotency && rows <= SMALL_BATCH) return 'small';
  if (ctx.db.kind === 'pglite' && rows >= STAGED_FROM_ROWS) return 'staged';
  return 'one-shot';
}

/**
 * All-or-nothing: every transaction of the request is stored, or none, and each bad item is named; the same rows and
 * the same errors whichever way the body came. The customer is checked once and its lock taken once (but for a
 * streamed body the worker thread gave up on that then proves valid: storeStreamed).
 */
export async function submitTransactions(
  ctx: SubmissionContext,
  submission: Submission,
): Promise<{ body: SubmissionAnswer; replayed: boolean }> {
  if (submission instanceof StreamedSubmission && ctx.db.kind !== 'postgres')
    submission = await readChecked(submission);
  const path = pathOf(ctx, submission);
  const work = async (): Promise<{ body: SubmissionAnswer; replayed: boolean }> => {
    if (path === 'small')
      return { body: await storeSmall(ctx, submission as SubmittedTransactionInput[]), replayed: false };
    if (submission instanceof StreamedSubmission) return storeStreamed(ctx, submission);
    const rows = await checkedRows(ctx, submission, await customerAccounts(ctx));
    const { result, replayed } =
      path === 'staged'
        ? await storeStaged(ctx, rows)
        : await storeOnce(ctx, (tx: Db) => storeTransactionRows(tx, ctx, rows));
    return { body: result, replayed };
  };
  // The embedded engine's writers of one customer in turn (customer-writes.ts); a server's take its lock.
  const inTurn = () => customerWrites(ctx.db, ctx.customerId, work);
  // How many items a streamed body holds is known only once it is read: rows_received stays null meanwhile.
  const rows =
    submission instanceof StreamedSubmission ? null : Array.isArray(submission) ? submission.length : submission.count;
  // Readiness says `processing` while a long submission waits for its turn and is stored
  // (docs/decisions/0057-readiness-processing.md); a short one is done before anyone could ask.
  if (rows !== null && rows < PROGRESS_FROM_ROWS) return inTurn();
  return trackDataWork(ctx.db, { customerId: ctx.customerId, kind: 'submission', rows, now: ctx.now }, inTurn);
}

/** From this many transactions a submission is recorded as work under way while it is stored. */
const PROGRESS_FROM_ROWS = 1_000;

/**
 * A few transactions (docs/decisions/0031-small-reads-in-one-round-trip.md): the customer's lock, the customer check,
 * the checks and the store in one transaction. Its statements are prepared and planned once per connection, not on
 * every call: Db's genericPlans, docs/decisions/0039-small-submission-generic-plans.md (nothing here needs a plan made
 * for its values).
 */
function storeSmall(ctx: SubmissionContext, items: SubmittedTransactionInput[]): Promise<SubmissionAnswer> {
  return ctx.db.transaction(
    async (tx) => {
      await repo.lockCustomerTransactions(tx, ctx.customerId);
      const rows = await checkedRows(ctx, items, await customerAccounts({ ...ctx, db: tx }));
      return storeTransactionRows(tx, ctx, rows, { locked: true });
    },
    { genericPlans: true },
  );
}

/** The customer check, with its accounts in the same query ("bank_slug\u0000number" → id). */
async function customerAccounts(
  ctx: Pick<SubmissionContext, 'db' | 'clientId' | 'customerId'>,
): Promise<Map<string, string>> {
  const accounts = await requireCustomerAccounts(ctx.db, ctx.clientId, ctx.customerId);
  return new Map(accounts.map((a) => [`${a.bank_slug}\u0000${a.number}`, a.id]));
}

/** The submission's rows, or the 4xx naming its bad items (the customer checked, its accounts given). */
async function checkedRows(
  ctx: Pick<SubmissionContext, 'customerId'>,
  submission: SubmittedTransactionInput[] | PreparedSubmission,
  accounts: ReadonlyMap<string, string>,
): Promise<TransactionRow[]> {
  const count = Array.isArray(submission) ? submission.length : submission.count;
  if (count > MAX_TRANSACTIONS_PER_REQUEST) {
    throw new AppError(
      'too_many_transactions',
      `At most ${MAX_TRANSACTIONS_PER_REQUEST} transactions per request; this one has ${count}. Split it.`,
      { errors: [{ pointer: '/transactions', detail: `has ${count} items` }] },
    );
  }
  let built: IngestResult;
  if (Array.isArray(submission)) {
    const builder = createRowBuilder(accounts);
    for (let i = 0; i < submission.length; i++) {
      builder.add(itemAt(submission, i), i);
      if (i % BUILD_SLICE === BUILD_SLICE - 1) await yieldToLoop(); // other requests get a turn between slices
    }
    built = builder.result();
  } else built = await submission.build(accounts);
  if (built.errorCount > 0) {
    const onlyAccounts = built.badValues.length === 0;
    throw new AppError(
      onlyAccounts ? 'account_not_found_for_transaction' : 'validation_failed',
      `${built.errorCount} problem(s) in the submission; nothing was stored.${built.errorCount > built.badValues.length + built.unknownAccounts.length ? ` The first ${built.badValues.length + built.unknownAccounts.length} are listed.` : ''}`,
      {
        errors: onlyAccounts ? built.unknownAccounts : [...built.badValues, ...built.unknownAccounts],
        extra: { error_count: built.errorCount },
      },
    );
  }
  return built.rows;
}

/**
 * Stores built rows for one customer inside the caller's transaction (endpoint 10, and the bank pull):
 * new ones inserted, changed ones updated, the rest counted as already present; reports marked not_ready.
 */
export async function storeTransactionRows(
  tx: Db,
  ctx: Pick<SubmissionContext, 'queue' | 'customerId' | 'now'>,
  rows: TransactionRow[],
  /** locked: the caller took the customer's lock already (repo.lockCustomerTransactions) */
  { locked = false }: { locked?: boolean } = {},
): Promise<SubmissionAnswer> {
  if (!locked) await repo.lockCustomerTransactions(tx, ctx.customerId);
  const small = rows.length <= SMALL_BATCH;
  const sorted = small ? await storeSmallBatch(tx, ctx, rows) : await storeBatch(tx, ctx, rows);
  return finishStore(tx, ctx, rows.length, sorted, { small });
}

/**
 * After the new rows are in: the changed rows updated, the reports marked not ready when anything changed (a
 * resubmission of known data leaves them as they are), the partition's maintenance queued after a large write (it
 * leaves the statistics and visibility map behind), and the answer. `small`: a small batch (storeSmallBatch), whose
 * changed rows are updated by a prepared statement, planned once per
 * connection like the batch's own in the small submission's transaction
 * (docs/decisions/0039-small-submission-generic-plans.md).
 */
async function finishStore(
  tx: Db,
  ctx: Pick<SubmissionContext, 'queue' | 'customerId' | 'now'>,
  submitted: number,
  { fresh, changed }: SortedRows,
  { small }: { small: boolean },
): Promise<SubmissionAnswer> {
  if (changed.length) await repo.updateTransactions(tx, ctx.customerId, changed, ctx.now, { prepare: small });
  if (fresh.length || changed.length) await markDataChanged(tx, ctx.queue, ctx.customerId, ctx.now);
  if (fresh.length + changed.length >= TRANSACTIONS_MAINTENANCE_AFTER_ROWS)
    await enqueueTransactionsMaintenance(tx, ctx.queue, ctx.customerId);
  const alreadyPresent = submitted - fresh.length - changed.length;
  return {
    status: 'success',
    success: `${fresh.length} saved, ${alreadyPresent} already present, ${changed.length} updated`,
    saved: fresh.length,
    updated: changed.length,
    already_present: alreadyPresent,
  };
}

/**
 * Up to this many rows, the duplicate lookup and the insert of the new rows are one statement
 * (repo.insertSmallBatch); more go through findExisting and COPY.
 */
const SMALL_BATCH = 100;

type SortedRows = { fresh: Array<TransactionRow & { id: string }>; changed: Array<TransactionRow & { id: string }> };

/**
 * From this many rows, the embedded engine stages a submission (docs/decisions/0038-staged-ingest.md): its COPY of
 * 100 000 rows in one transaction kept every other client's statements waiting for seconds.
 */
const STAGED_FROM_ROWS = 5_000;

/**
 * A big submission on the embedded engine: its new rows written by short statements as a staged load, unseen and
 * uncounted (transactions-staged.repo.ts), while PGlite serves other statements in between; then one short
 * transaction (under the Idempotency-Key, when there is one) publishes them, updates the changed rows and marks the
 * reports. Whatever goes wrong, the load is discarded: the customer's data is as before. The caller runs it in the
 * customer's turn (customer-writes.ts), so no other writer of the customer's rows comes in between.
 */
async function storeStaged(
  ctx: SubmissionContext,
  rows: TransactionRow[],
): Promise<{ result: SubmissionAnswer; replayed: boolean }> {
  const { db, clientId, customerId, now } = ctx;
  // Registered before the duplicate check: from here on the customer's other writers wait for this one.
  const ingestId = await staged.registerIngest(db, customerId, now);
  try {
    // Outside a transaction: each COPY chunk is a statement of its own.
    const sorted = await storeBatch(db, ctx, rows, ingestId);
    const publish = async (tx: Db): Promise<SubmissionAnswer> => {
      await requireCustomer(tx, clientId, customerId); // erased meanwhile: its staged rows go with the load
      if (!(await staged.publishIngest(tx, customerId, ingestId)))
        throw new Error('a staged load was discarded before it was published');
      await addCounts(tx, customerId, sorted.fresh);
      return finishStore(tx, ctx, rows.length, sorted, { small: false });
    };
    const out = await storeOnce(ctx, publish);
    if (out.replayed) await staged.discardIngest(db, customerId, ingestId, rows);
    return out;
  } catch (err) {
    // By all the submission's keys: a failure may come before its new rows are known; only the load's rows match.
    await staged.discardIngest(db, customerId, ingestId, rows).catch(() => undefined);
    throw err;
  }
}

/**
 * A big batch: its stored versions looked up (findExisting), then its new rows loaded by COPY; with ingestId, as the
 * rows of that staged load (storeStaged).
 */
async function storeBatch(
  tx: Db,
  ctx: Pick<SubmissionContext, 'customerId' | 'now'>,
  rows: TransactionRow[],
  ingestId?: string,
) {
  const existing = await findExisting(tx, ctx.customerId, rows);
  const sorted = await sortRows(rows, existing);
  if (sorted.fresh.length) await repo.insertTransactions(tx, ctx.customerId, sorted.fresh, ctx.now, ingestId);
  return sorted;
}

/**
 * A small batch (a few transactions into an account of any size: docs/decisions/0039-small-submission-generic-plans.md):
 * the new rows are inserted by the statement that looks the batch's keys up, so its cost is one round trip and
 * O(batch) index probes. The changed rows come back with their stored ids, for the caller's update; the caller
 * (finishStore) marks the reports.
 */
async function storeSmallBatch(
  tx: Db,
  ctx: Pick<SubmissionContext, 'queue' | 'customerId' | 'now'>,
  rows: TransactionRow[],
): Promise<SortedRows> {
  const ids = newIds(rows.length);
  const stored = await repo.insertSmallBatch(tx, ctx.customerId, rows, ids, ctx.now);
  const existing = new Map(
    stored.map((e) => [
      `${e.account_id}\u0000${e.external_transaction_id}`,
      { id: e.id, content_hash: Number(e.content_hash) },
    ]),
  );
  const fresh: SortedRows['fresh'] = [];
  const changed: SortedRows['changed'] = [];
  for (const [i, row] of rows.entries()) {
    const was = existing.size === 0 ? undefined : existing.get(`${row.account_id}\u0000${row.external_transaction_id}`);
    if (!was) fresh.push(Object.assign(row, { id: itemAt(ids, i) }));
    else if (was.content_hash !== row.content_hash) changed.push(Object.assign(row, { id: was.id }));
  }
  return { fresh, changed };
}

/**
 * New rows (with fresh ids) and changed rows (with their stored ids), a slice at a time with a turn of the event
 * loop between slices; a first submission (nothing stored) skips the lookups.
 */
async function sortRows(
  rows: TransactionRow[],
  existing: Map<string, ExistingTransaction>,
): Promise<{ fresh: Array<TransactionRow & { id: string }>; changed: Array<TransactionRow & { id: string }> }> {
  const fresh: Array<TransactionRow & { id: string }> = [];
  const changed: Array<TransactionRow & { id: string }> = [];
  for (let i = 0; i < rows.length; i += BUILD_SLICE) {
    const end = Math.min(rows.length, i + BUILD_SLICE);
    const ids = newIds(end - i);
    for (let j = i; j < end; j++) {
      const row = itemAt(rows, j) as TransactionRow & { id: string };
      const stored =
        existing.size === 0 ? undefined : existing.get(`${row.account_id}\u0000${row.external_transaction_id}`);
      if (!stored) {
        row.id = itemAt(ids, j - i);
        fresh.push(row);
      } else if (stored.content_hash !== row.content_hash) changed.push(Object.assign(row, { id: stored.id }));
    }
    if (end < rows.length) await yieldToLoop();
  }
  return { fresh, changed };
}

/** The raw wire's object members, each from its columns (a column's `wire` in transactions.row.ts). */
const RAW_WIRE_GROUPS = {
  balance: (t: repo.StoredTransaction) =>
    t.balance_amount === null
      ? null
      : {
          amount: Number(t.balance_amount),
          currency: t.balance_currency ?? t.currency,
          type: t.balance_type ?? 'InterimBooked',
        },
  merchant_details: (t: repo.StoredTransaction) =>
    t.merchant_name === null && t.merchant_category_code === null
      ? null
      : { merchant_name: t.merchant_name, merchant_category_code: t.merchant_category_code },
  proprietary_bank_transaction_code: (t: repo.StoredTransaction) =>
    t.bank_transaction_code === null && t.bank_transaction_issuer === null
      ? null
      : { code: t.bank_transaction_code, issuer: t.bank_transaction_issuer },
};

type RawWire = RawWirePlain & {
  [G in keyof typeof RAW_WIRE_GROUPS]: ReturnType<(typeof RAW_WIRE_GROUPS)[G]>;
} & ReturnType<typeof bankDetailsWire>;

/**
 * A stored transaction as the raw endpoints answer it (endpoint 11, the change feed): the members in RAW_WIRE's order,
 * a plain column as it is (numeric and bigint as JSON numbers), a group from its columns, then what the bank said
 * beyond them (charge, currency exchange) when it said it.
 */
export function toRawWire(t: repo.StoredTransaction): RawWire {
  return rawWireOf(t);
}

/**
 * toRawWire's body, compiled from RAW_WIRE once at load into one object literal, the way fast-json-stringify compiles
 * the response schemas: a loop over the layout took three to six times as long per row as the literal (about 1 µs
 * against 0.15 µs; docs/decisions/0079-pull-rows-and-wire-columns.md), on the path of every page of raw data. The
 * source is the declaration's member names only, each checked to be a plain identifier; never anything of a request.
 */
const rawWireOf = compileWire(null);

/**
 * The wire of a stored row compiled into one object literal: RAW_WIRE's members, what the bank said beyond them, then
 * `tail`'s members in its order, each copied from the one object `tail.of` makes for the row. The tail's members are
 * assigned after the literal: written into it after the spread of the bank's details, they made the categorised wire
 * 2.4 times as slow per row as spreading toRawWire's object into a hand-written one; assigned, 0.8–0.9 times.
 */
function compileWire(tail: null): (t: repo.StoredTransaction) => RawWire;
function compileWire<X extends object>(tail: {
  of: (t: repo.StoredTransaction) => X;
  members: ReadonlyArray<keyof X & string>;
}): (t: repo.StoredTransaction) => RawWire & X;
function compileWire(
  tail: {
    of: (t: repo.StoredTransaction) => object;
    members: readonly string[];
  } | null,
): (t: repo.StoredTransaction) => RawWire {
  const plain = (name: string) => {
    if (!/^[a-z_]+$/.test(name)) throw new Error(`not a wire member name: ${name}`);
    return name;
  };
  const members = RAW_WIRE.map((m) => {
    if (m.group !== null) return `${plain(m.member)}: groups.${m.group}(t)`;
    return m.number ? `${plain(m.member)}: Number(t.${m.member})` : `${plain(m.member)}: t.${m.member}`;
  });
  members.push('...details(t)');
  const literal = `{ ${members.join(', ')} }`;
  const after = (tail?.members ?? []).map((m) => `o.${plain(m)} = x.${m};`).join(' ');
  const body = tail ? `{ const x = tail(t); const o = ${literal}; ${after} return o; }` : `(${literal})`;
  const make = new Function('groups', 'details', 'tail', `return (t) => ${body};`) as (
    groups: typeof RAW_WIRE_GROUPS,
    details: typeof bankDetailsWire,
    tail: ((t: repo.StoredTransaction) => object) | undefined,
  ) => (t: repo.StoredTransaction) => RawWire;
  return make(RAW_WIRE_GROUPS, bankDetailsWire, tail?.of);
}

/** The charge and currency exchange a bank reported (transaction-bank-details.repo.ts), as members only when present. */
function bankDetailsWire(t: repo.StoredTransaction) {
  const fx = t.currency_exchange;
  return {
    ...(t.charge_amount != null && t.charge_currency != null
      ? { charge_amount: { amount: Number(t.charge_amount), currency: t.charge_currency } }
      : {}),
    ...(fx
      ? {
          currency_exchange: {
            source_currency: fx.source_currency,
            target_currency: fx.target_currency,
            unit_currency: fx.unit_currency,
            exchange_rate: Number(fx.exchange_rate),
            instructed_amount: fx.instructed_amount
              ? { amount: Number(fx.instructed_amount.amount), currency: fx.instructed_amount.currency }
              : null,
          },
        }
      : {}),
  };
}

/**
 * A page of endpoint 11 (or the categorised view) and its total. The total never costs a count(*) over the
 * customer's history: a walk by cursor carries the one taken when it began, and otherwise it comes from the
 * maintained counts (transaction-counts.repo.ts, docs/decisions/0030-transaction-totals.md).
 */
export async function listRawTransactions(
  db: Db,
  clientId: string,
  customerId: string,
  filters: repo.TransactionFilters,
  page: number,
  maxPerPage: number,
  cursor?: string,
  withCategories = false,
) {
  const from = decodeCursor(cursor, page);
  const offset = (page - 1) * maxPerPage;
  const readPage = () =>
    repo.listTransactions(db, customerId, filters, maxPerPage, offset, from?.after, withCategories);
  let total: number;
  let rows: repo.StoredTransaction[];
  if (from || offset === 0) {
    // A page that starts at the top or at a cursor does not wait for the total: the customer check, the count and
    // the page go to the database together (one round trip's wait instead of three on a server; the embedded engine
    // runs them in turn). Nothing is answered unless the check passes.
    [, total, rows] = await Promise.all([
      requireCustomer(db, clientId, customerId),
      from ? from.total : countTransactions(db, customerId, filters),
      readPage(),
    ]);
  } else {
    await requireCustomer(db, clientId, customerId);
    total = await countTransactions(db, customerId, filters);
    rows = offset >= total ? [] : await readPage();
  }
  const last = rows[rows.length - 1];
  const nextCursor =
    last && rows.length === maxPerPage
      ? encodeCursor(page + 1, { booking_date_time: Number(last.booking_date_time), id: last.id }, total)
      : undefined;
  return { rows, total, nextCursor };
}

/**
 * The categorised view: the classification of the customer's latest report. A transaction that arrived after
 * it (not classified yet) shows the submitted or bank category, a null category_id and the bank's merchant name.
 * The raw wire's members (RAW_WIRE, compiled as toRawWire's), then CATEGORY_MEMBERS (compileWire).
 */
export function toCategorisedWire(t: repo.StoredTransaction) {
  return categorisedWireOf(t);
}

/**
 * The categorised view's members after the raw wire's, from one decision over the row's joined classification and
 * correction (which of a correction, a rule, the engine or the submission names the category). They are not columns
 * of the stored row, so transactions.row.ts cannot declare them: CATEGORY_MEMBERS gives their order on the wire
 * (CategorisedTransaction, transactions.wire.ts), and categoryMembers their values.
 */
function categoryMembers(t: repo.StoredTransaction) {
  const classified = t.classified_category_id !== undefined && t.classified_category_id !== null;
  const correction = activeCorrection(t);
  // What the engine alone decided: the stored category, or the original kept beside a person's or a rule's.
  const original = classified
    ? {
        id: t.original_category_id ?? t.classified_category_id ?? null,
        name: t.original_category_name ?? t.classified_category ?? null,
      }
    : { id: null, name: null };
  // A withdrawn correction not yet recomputed: the engine's category again (a rule's, if any, after the recompute).
  const stale = !correction && t.category_source === 'correction';
  const source: 'correction' | 'rule' | 'engine' | null = correction
    ? 'correction'
    : stale
      ? 'engine'
      : classified
        ? (t.category_source ?? 'engine')
        : null;
  return {
    category: correction?.name ?? (stale ? original.name : classified ? (t.classified_category ?? null) : t.category),
    category_id: correction?.id ?? (stale ? original.id : (t.classified_category_id ?? null)),
    merchant: classified ? (t.classified_merchant ?? null) : t.merchant_name,
    category_source: source,
    original_category_id: original.id,
    original_category: original.name,
    rule_id: source === 'rule' ? (t.rule_id ?? null) : null,
    correction:
      correction && t.corrected_at && t.correction_actor_type && t.correction_actor_id
        ? {
            category_id: correction.id,
            corrected_at: Math.floor(new Date(t.corrected_at).getTime() / 1000),
            corrected_by: { type: t.correction_actor_type, id: t.correction_actor_id },
          }
        : null,
  };
}

const CATEGORY_MEMBERS = [
  'category',
  'category_id',
  'merchant',
  'category_source',
  'original_category_id',
  'original_category',
  'rule_id',
  'correction',
] as const satisfies ReadonlyArray<keyof ReturnType<typeof categoryMembers>>;

{
  // CATEGORY_MEMBERS is every member categoryMembers makes, in its order (a row with nothing joined has them all).
  const made = Object.keys(categoryMembers({} as repo.StoredTransaction));
  if (made.join() !== CATEGORY_MEMBERS.join()) throw new Error('CATEGORY_MEMBERS does not match categoryMembers');
}

const categorisedWireOf = compileWire({ of: categoryMembers, members: CATEGORY_MEMBERS });

/** The transaction's correction when its latest change set one (not when it withdrew it). */
function activeCorrection(t: repo.StoredTransaction): { id: string; name: string } | null {
  if (!t.correction_category_id || !t.correction_account_type) return null;
  const category = findCategory(t.correction_account_type, t.correction_category_id);
  return category ? { id: category.id, name: category.name } : null;
}

/** One of the customer's transactions with its categories (after the customer check), or not_found. */
export async function getCategorisedTransaction(db: Db, clientId: string, customerId: string, transactionId: string) {
  await requireCustomer(db, clientId, customerId);
  const row = await repo.getCategorisedTransaction(db, customerId, transactionId);
  if (!row) throw new AppError('not_found', 'No such transaction for this customer.');
  return row;
}

/**
 * The bank pull, after storeTransactionRows: a Pending transaction the bank no longer returns (it booked under a
 * new id, or was dropped) goes, so nothing is counted twice. Only within the window the pull read (from `from`).
 * Each is recorded for the change feed as removed, linked to the booked row of this pull that replaced it when one
 * matches: `bookedSince`, the feed's position before the pull stored its rows (feedPosition).
 */
export async function removeVanishedPending(
  tx: Db,
  ctx: Pick<SubmissionContext, 'queue' | 'customerId' | 'now'>,
  accountId: string,
  pulledExternalIds: string[],
  from: number,
  bookedSince: bigint,
): Promise<number> {
  const gone = await repo.deleteVanishedPending(tx, ctx.customerId, accountId, pulledExternalIds, from);
  if (gone.length > 0) {
    await deleteBankDetails(
      tx,
      ctx.customerId,
      accountId,
      gone.map((g) => g.external_transaction_id),
    );
    await recordRemovals(tx, ctx.customerId, gone, bookedSince, ctx.now);
    await markDataChanged(tx, ctx.queue, ctx.customerId, ctx.now);
  }
  return gone.length;
}

/**
 * The bank pull, beside storeTransactionRows: the charges and currency exchanges the bank reported for one account's
 * pulled transactions (`pulledExternalIds`), replacing what an earlier pull stored for them.
 */
export async function storeBankDetails(
  tx: Db,
  customerId: string,
  accountId: string,
  pulledExternalIds: string[],
  details: BankDetail[],
  now: Date,
): Promise<void> {
  await replaceBankDetails(tx, customerId, accountId, pulledExternalIds, details, now);
}

/** `store` in one transaction, under the submission's Idempotency-Key when it has one (a replay answers the first result). */
function storeOnce(
  ctx: SubmissionContext,
  store: (tx: Db) => Promise<SubmissionAnswer>,
): Promise<{ result: SubmissionAnswer; replayed: boolean }> {
  const { db, clientId, now, idempotency } = ctx;
  return idempotency
    ? runIdempotent(
        db,
        { clientId, key: idempotency.key, requestHash: idempotency.requestHash, now, customerId: ctx.customerId },
        store,
      )
    : db.transaction(store).then((result) => ({ result, replayed: false }));
}

/** A streamed body read the usual way: the PreparedSubmission, its item checks made (their 400 thrown). */
async function readChecked(submission: StreamedSubmission): Promise<PreparedSubmission> {
  const prepared = await submission.read();
  prepared.checkItems();
  return prepared;
}

/**
 * The streamed path (pathOf): a big body on PostgreSQL not read yet. For a first submission (the customer holds no
 * transaction yet) a worker thread reads the body and makes its rows' COPY text chunk by chunk
 * (StreamedSubmission.rows), and each chunk goes to the database as it comes, inside the one transaction, so the
 * loading overlaps the reading (docs/performance.md, bench:ingest). A customer holding transactions: the body is read
 * the usual way in the same transaction, under the lock already taken, and stored one-shot. A body the worker thread
 * gives up on (not the plain case: a bad item anywhere, malformed JSON, too many items) rolls its COPY back and is
 * read the usual way, which gives the exact answer; should it prove valid after all, it is stored one-shot in a
 * transaction of its own. Body checks answer before the customer check, as for any other body.
 */
async function storeStreamed(
  ctx: SubmissionContext,
  submission: StreamedSubmission,
): Promise<{ body: SubmissionAnswer; replayed: boolean }> {
  const { customerId, now } = ctx;
  let accounts: Map<string, string>;
  try {
    accounts = await customerAccounts(ctx);
  } catch (err) {
    await readChecked(submission);
    throw err;
  }
  let readInStore = false;
  const store = async (tx: Db): Promise<SubmissionAnswer> => {
    await repo.lockCustomerTransactions(tx, customerId);
    // From the maintained counts (no filter: the customer's whole history); any row means some keys may be stored.
    if ((await countTransactions(tx, customerId, {})) > 0) {
      readInStore = true;
      const rows = await checkedRows(ctx, await readChecked(submission), accounts);
      return storeTransactionRows(tx, ctx, rows, { locked: true });
    }
    const rows = submission.rows({
      accounts: [...accounts],
      customerId,
      stamp: now.toISOString(),
      chunkRows: repo.copyChunkRows(tx),
    });
    try {
      await repo.loadTransactionCsv(tx, rows.chunks);
    } finally {
      rows.stop();
    }
    const saved = rows.count();
    if (saved > 0) await markDataChanged(tx, ctx.queue, customerId, now);
    if (saved >= TRANSACTIONS_MAINTENANCE_AFTER_ROWS) await enqueueTransactionsMaintenance(tx, ctx.queue, customerId);
    return {
      status: 'success',
      success: `${saved} saved, 0 already present, 0 updated`,
      saved,
      updated: 0,
      already_present: 0,
    };
  };
  try {
    const { result, replayed } = await storeOnce(ctx, store);
    // A replay answers the first result once the body passes the checks any body passes.
    if (replayed) await checkedRows(ctx, await readChecked(submission), accounts);
    return { body: result, replayed };
  } catch (err) {
    // An Idempotency-Key refused (in use, or used with another body) answers after the body's own checks.
    if (err instanceof AppError && !readInStore) await checkedRows(ctx, await readChecked(submission), accounts);
    if (!(err instanceof SubmissionDeclined)) throw err;
    const rows = await checkedRows(ctx, await readChecked(submission), accounts);
    const { result, replayed } = await storeOnce(ctx, (tx: Db) => storeTransactionRows(tx, ctx, rows));
    return { body: result, replayed };
  }
}
