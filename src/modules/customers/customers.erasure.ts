/**
 * A customer's erasure (docs/decisions/0063-customer-erasure.md): every row and every file that holds their data,
 * in one transaction, recorded in the client's audit log. The same for a client's DELETE and for the retention job
 * (customers.retention.ts).
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Db } from '../../db/db.ts';
import { notFound } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../clients/index.ts';
import * as repo from './customers-erasure.repo.ts';
import type { ErasedRows } from './customers-erasure.repo.ts';

/** Work of another module in the erasure's transaction, before the rows go (bank consents revoked, files deleted). */
export type ErasureStep = (tx: Db, customerId: string) => Promise<void>;

/**
 * What an erasure needs of modules the customers module does not import (they import it): the composition root
 * (src/app/routes.ts, src/jobs/handlers.ts) wires them from the consents, invitations and transactions modules.
 */
export interface ErasureSteps {
  /** runs the erasure in the customer's turn among the writers of their transactions (a staged load ends first) */
  inTurn?: <T>(db: Db, customerId: string, fn: () => Promise<T>) => Promise<T>;
  /**
   * first in the erasure's transaction, before the customer row is locked: waits for the customer's writers of
   * transactions on a server (they lock in that order too: their lock, then the customer row's key share)
   */
  lockWriters?: ErasureStep;
  /** in the erasure's transaction, in order, once the customer is locked; a step that throws undoes the erasure */
  before?: readonly ErasureStep[];
}

export interface ErasureRequest {
  actor: AuditActor;
  /** `request`: the client (or its console user) asked; `retention`: the client's retention period passed */
  reason: 'request' | 'retention';
  now: Date;
  /** the lender console's user who asked, for the audit entry */
  userId?: string;
}

/**
 * Rows per batch of an erasure on the embedded engine: each batch is a transaction of its own, and PGlite serves
 * nothing else while it runs (docs/decisions/0074-embedded-erasure-in-batches.md, bench:erasure).
 */
const ERASURE_BATCH_ROWS = 1_000;

/** Erases the customer of this client; null when there is none (another client's id included). */
export async function eraseCustomer(
  db: Db,
  clientId: string,
  customerId: string,
  steps: ErasureSteps,
  request: ErasureRequest,
): Promise<ErasedRows | null> {
  const erase =
    db.kind === 'pglite'
      ? () => eraseInBatches(db, clientId, customerId, steps, request)
      : () =>
          db.transaction(async (tx) => {
            if (!(await beginWithCustomer(tx, clientId, customerId, steps))) return null;
            const erased = await repo.eraseCustomerRows(tx, customerId);
            await auditErasure(tx, clientId, customerId, request, erased);
            return erased;
          });
  const erased = await (steps.inTurn ? steps.inTurn(db, customerId, erase) : erase());
  return erased ?? finishIfUnderWay(db, clientId, customerId);
}

/**
 * The start of an erasure's (first) transaction on either engine: the customer's writers waited for, the customer
 * locked (false: this client has no such customer), the other modules' steps run.
 */
async function beginWithCustomer(tx: Db, clientId: string, customerId: string, steps: ErasureSteps): Promise<boolean> {
  await steps.lockWriters?.(tx, customerId);
  if (!(await repo.lockCustomerForErasure(tx, clientId, customerId))) return false;
  for (const step of steps.before ?? []) await step(tx, customerId);
  return true;
}

/** The audit entry: the trail keeps the opaque id only, no reference, name, e-mail or figure of the customer. */
function auditErasure(tx: Db, clientId: string, customerId: string, request: ErasureRequest, rows: ErasedRows) {
  return recordAudit(tx, clientId, 'customer_erased', request, {
    customer_id: customerId,
    reason: request.reason,
    ...(request.userId ? { user_id: request.userId } : {}),
    ...rows,
  });
}

/**
 * The embedded engine's erasure (docs/decisions/0074-embedded-erasure-in-batches.md): one short transaction does
 * what the one transaction does on a server except the bulk tables (the other modules' steps, the customer row and
 * its cascade, the audit entry, and the record of the erasure under way), so the customer is gone for every reader
 * once it commits; then the bulk rows go in batches, each its own transaction, others' requests running in between.
 * A process that stops mid-way finishes at its next start (finishInterruptedErasures), or when the DELETE is retried.
 */
async function eraseInBatches(
  db: Db,
  clientId: string,
  customerId: string,
  steps: ErasureSteps,
  request: ErasureRequest,
): Promise<ErasedRows | null> {
  const erased = await db.transaction(async (tx) => {
    if (!(await beginWithCustomer(tx, clientId, customerId, steps))) return null;
    const counted = await repo.countCustomerRows(tx, customerId);
    await repo.beginErasure(tx, clientId, customerId, request.now);
    await auditErasure(tx, clientId, customerId, request, counted);
    return counted;
  });
  if (erased) await finishErasure(db, customerId);
  return erased;
}

/** A retry of an erasure a stopped process left under way finishes it (its audit entry was written then); else null. */
async function finishIfUnderWay(db: Db, clientId: string, customerId: string): Promise<ErasedRows | null> {
  if ((await repo.erasuresUnderWay(db, { clientId, customerId })).length === 0) return null;
  await finishErasure(db, customerId);
  return { transactions: 0, transaction_categories: 0, staged_loads: 0 };
}

/** The batches of an erasure under way, each its own transaction, the event loop free between them. */
async function finishErasure(db: Db, customerId: string): Promise<void> {
  while (await db.transaction((tx) => repo.eraseNextBatch(tx, customerId, ERASURE_BATCH_ROWS))) await yieldToLoop();
}

/** At start: the erasures a stopped process left under way are finished. Answers how many. */
export async function finishInterruptedErasures(db: Db): Promise<number> {
  const left = await repo.erasuresUnderWay(db);
  for (const customerId of left) await finishErasure(db, customerId);
  return left.length;
}

/** The DELETE of a customer: erased, or customer_not_found. */
export async function deleteCustomer(
  db: Db,
  clientId: string,
  customerId: string,
  steps: ErasureSteps,
  request: ErasureRequest,
): Promise<ErasedRows> {
  const erased = await eraseCustomer(db, clientId, customerId, steps, request);
  if (!erased) throw notFound('customer');
  return erased;
}
