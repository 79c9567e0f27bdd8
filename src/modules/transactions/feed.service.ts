/**
 * The change feed of a customer's transactions, `GET /public/v3/customers/{customer_id}/transactions/sync`, and its
 * webhook TRANSACTIONS_UPDATED (docs/decisions/0052-transaction-change-feed.md).
 */
import type { Db, Database } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Queue } from '../../jobs/queue.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireCustomer } from '../customers/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { decodeFeedCursor, encodeFeedCursor } from './feed-cursor.ts';
import {
  announcedPosition,
  countChangesSince,
  moveAnnouncedPosition,
  readFeedPage,
  type ChangedTransaction,
} from './feed.repo.ts';
import { toRawWire } from './transactions.service.ts';

export const SYNC_DEFAULT_COUNT = 100;

export interface SyncRequest {
  installationKey: string;
  clientId: string;
  customerId: string;
  cursor?: string;
  count: number;
}

function toSyncWire(t: ChangedTransaction) {
  return { ...toRawWire(t), pending_transaction_id: t.replaces_transaction_id };
}

/**
 * The changes after the cursor (from the beginning without one): at most `count` items in all, in the order they
 * happened. A row changed after the cursor is `added` when it was inserted after it too, else `modified` (its latest
 * version either way); a removal is listed when the row it removes was there at the cursor (a row added and removed
 * since was never seen, so it is in neither list). `next_cursor` is where the next call starts; `has_more` says it
 * has more to answer now.
 */
export async function syncTransactions(db: Db, req: SyncRequest) {
  const owner = { installationKey: req.installationKey, clientId: req.clientId, customerId: req.customerId };
  // The cursor is checked before anything is read; the customer check and the page go together (one wait).
  const after = req.cursor === undefined ? 0n : decodeFeedCursor(owner, req.cursor);
  const [, page] = await Promise.all([
    requireCustomer(db, req.clientId, req.customerId),
    readFeedPage(db, req.customerId, after, req.count + 1),
  ]);
  if (after > BigInt(page.last))
    throw new AppError(
      'cursor_stale',
      'This cursor is ahead of the data this service holds (it was restored from an earlier backup): start again without a cursor.',
      { errors: [{ pointer: '/query/cursor', detail: 'ahead of the stored changes' }] },
    );
  const items = [
    ...page.changed.map((row) => ({ seq: BigInt(row.change_seq), row })),
    ...page.removed.map((gone) => ({ seq: BigInt(gone.seq), gone })),
  ].sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));
  const taken = items.slice(0, req.count);
  const added: ReturnType<typeof toSyncWire>[] = [];
  const modified: ReturnType<typeof toSyncWire>[] = [];
  const removed: Array<{
    id: string;
    external_transaction_id: string;
    bank_slug: string;
    account_number: string;
    replaced_by: string | null;
  }> = [];
  for (const item of taken) {
    if ('row' in item) (BigInt(item.row.added_seq) > after ? added : modified).push(toSyncWire(item.row));
    else if (BigInt(item.gone.added_seq) <= after)
      removed.push({
        id: item.gone.transaction_id,
        external_transaction_id: item.gone.external_transaction_id,
        bank_slug: item.gone.bank_slug,
        account_number: item.gone.account_number,
        replaced_by: item.gone.replaced_by,
      });
  }
  const next = taken.at(-1)?.seq ?? after;
  return {
    added,
    modified,
    removed,
    next_cursor: encodeFeedCursor(owner, next),
    has_more: items.length > req.count,
  };
}

/**
 * TRANSACTIONS_UPDATED with the counts of the changes since the last one, when there are any. Run by report.compute
 * (src/jobs/handlers.ts), which every write of a customer's transactions queues in its own transaction, so no write
 * pays for it. The counting reads outside any transaction (on the embedded engine a transaction holds the one
 * session); the position announced then moves from where the count began, in the webhook's transaction, so a retried
 * run does not announce the same changes twice and a run that lost the race announces nothing.
 */
export async function announceTransactionChanges(
  deps: { db: Database; queue: Pick<Queue, 'enqueue'>; clock: Clock },
  customerId: string,
): Promise<{ added: number; modified: number; removed: number } | null> {
  const { db } = deps;
  const customer = await announcedPosition(db, customerId);
  if (!customer) return null;
  const from = customer.announced_seq;
  const counts = await countChangesSince(db, customerId, BigInt(from));
  if (counts.upTo === from) return null;
  const { added, modified, removed } = counts;
  return db.transaction(async (tx) => {
    const moved = await moveAnnouncedPosition(tx, customerId, from, counts.upTo);
    if (!moved || added + modified + removed === 0) return null;
    await emitWebhookEvent(
      tx,
      deps.queue,
      { clientId: customer.client_id, customerId, type: 'TRANSACTIONS_UPDATED', counts: { added, modified, removed } },
      deps.clock.now(),
    );
    return { added, modified, removed };
  });
}
