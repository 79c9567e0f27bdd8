/**
 * Corrections that stick (docs/decisions/0061-category-corrections-and-rules.md): a person's category for one
 * transaction, kept with who and when; a client's rules; both handed to the engine by the report job
 * (src/modules/reports/reports-data.repo.ts, loadCategoryCorrections). Every change marks the reports it touches not
 * ready and queues their recomputation in the same database transaction (markDataChanged).
 */
import type { Db } from '../../db/db.ts';
import type { Queue } from '../../jobs/queue.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { findCategory } from '../../analytics/categories/taxonomy.ts';
import type { Category } from '../../analytics/categories/taxonomy.ts';
import { fitsDirection } from '../../analytics/classify/client-corrections.ts';
import type { AccountType } from '../../analytics/types.ts';
import { requireCustomer } from '../customers/index.ts';
import { markDataChanged } from '../reports/index.ts';
import { getCategorisedTransaction, toCategorisedWire } from '../transactions/index.ts';
import * as repo from './corrections.repo.ts';

export type { Actor } from './corrections.repo.ts';

export interface CorrectionContext {
  db: Db;
  queue: Queue;
  clientId: string;
  actor: repo.Actor;
  now: Date;
}

function invalid(pointer: string, detail: string): AppError {
  return new AppError('validation_failed', detail, { errors: [{ pointer, detail }] });
}

/** A category of the account type, or a 400 pointing at the field. */
export function requireCategory(accountType: AccountType, id: string, pointer: string): Category {
  const category = findCategory(accountType, id);
  if (!category)
    throw invalid(
      pointer,
      `"${id}" is not a ${accountType} category (GET /public/v3/account_types/${accountType}/transaction_categories)`,
    );
  return category;
}

/**
 * Sets (or, with null, withdraws) the category of one transaction. The category must be one of the transaction's
 * account type and fit the direction of its money. Setting what is already set changes nothing and queues nothing.
 */
export async function correctTransactionCategory(
  ctx: CorrectionContext,
  customerId: string,
  transactionId: string,
  categoryId: string | null,
) {
  return ctx.db.transaction(async (tx) => {
    const before = await getCategorisedTransaction(tx, ctx.clientId, customerId, transactionId);
    const subject = await repo.transactionSubject(tx, customerId, transactionId);
    if (!subject) throw notFound('transaction');
    const current = toCategorisedWire(before);
    if (categoryId !== null) {
      const category = requireCategory(subject.account_type, categoryId, '/body/category_id');
      if (!fitsDirection(category, Number(subject.amount)))
        throw invalid(
          '/body/category_id',
          `"${categoryId}" is an ${category.income_expenditure} category; this transaction's money goes the other way`,
        );
    }
    const unchanged = (current.correction?.category_id ?? null) === categoryId;
    if (!unchanged) {
      await repo.insertCorrection(tx, {
        id: newId(),
        customerId,
        transactionId,
        accountType: subject.account_type,
        categoryId,
        previousCategoryId: current.category_id,
        actor: ctx.actor,
        now: ctx.now,
      });
      await markDataChanged(tx, ctx.queue, customerId, ctx.now);
    }
    return toCategorisedWire(await getCategorisedTransaction(tx, ctx.clientId, customerId, transactionId));
  });
}

/** Every change of a transaction's category, oldest first. */
export async function listCategoryHistory(db: Db, clientId: string, customerId: string, transactionId: string) {
  await getCategorisedTransaction(db, clientId, customerId, transactionId);
  const rows = await repo.listCorrections(db, customerId, transactionId);
  return rows.map((r) => ({
    id: r.id,
    category_id: r.category_id,
    previous_category_id: r.previous_category_id,
    changed_at: Math.floor(new Date(r.created_at).getTime() / 1000),
    changed_by: { type: r.actor_type, id: r.actor_id },
    carried_from_transaction_id: r.carried_from_transaction_id,
  }));
}

/** The label export's format name: scripts/eval/labels.ts reads files of this format (docs/evaluation.md). */
const LABELS_FORMAT = 'obi-category-labels/1' as const;

/** The client's corrections as labelled transactions for the evaluation. */
export async function exportCorrectionLabels(db: Db, clientId: string, now: Date) {
  const rows = await repo.listClientLabels(db, clientId);
  return {
    format: LABELS_FORMAT,
    exported_at: Math.floor(now.getTime() / 1000),
    data: rows.map((r) => ({
      customer_id: r.customer_id,
      transaction_id: r.transaction_id,
      account_type: r.account_type,
      name: r.name,
      amount: Number(r.amount),
      currency: r.currency,
      type: r.type,
      status: r.status,
      merchant_name: r.merchant_name,
      merchant_category_code: r.merchant_category_code,
      booking_date_time: Number(r.booking_date_time),
      label: r.category_id,
      engine_category_id: r.engine_category_id,
      corrected_at: Math.floor(new Date(r.created_at).getTime() / 1000),
      corrected_by: { type: r.actor_type, id: r.actor_id },
    })),
  };
}

/** Customers whose reports a change of a customer list touches: each marked not ready, its recompute queued. */
export async function markCustomersChanged(ctx: CorrectionContext, tx: Db, customerIds: Iterable<string>) {
  for (const id of new Set(customerIds)) await markDataChanged(tx, ctx.queue, id, ctx.now);
}

/** The customer's latest transactions as the categorised view shows them, each with its account type (the console). */
export async function listLatestCategorised(db: Db, clientId: string, customerId: string, limit: number) {
  await requireCustomer(db, clientId, customerId);
  const out = [];
  for (const t of await repo.latestTransactions(db, customerId, limit))
    out.push({
      accountType: t.account_type,
      ...toCategorisedWire(await getCategorisedTransaction(db, clientId, customerId, t.id)),
    });
  return out;
}
