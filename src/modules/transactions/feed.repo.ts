/**
 * The change feed's storage (migrations/0026_transaction_change_feed.sql, docs/decisions/0052-transaction-change-feed.md).
 * Each read names its customer and reads along (customer_id, change_seq) or (customer_id, seq) from a position with a
 * LIMIT: one partition of transactions, a page's worth of index entries, whatever the customer or the table holds.
 */
import type { Db } from '../../db/db.ts';
import { publishedTransaction } from '../../db/transactions-visibility.ts';
import { BANK_DETAILS_COLUMNS, BANK_DETAILS_JOIN } from './transaction-bank-details.repo.ts';
import { ROW_COLUMNS } from './transactions.row.ts';
import type { GonePending, StoredTransaction } from './transactions.repo.ts';

export interface ChangedTransaction extends StoredTransaction {
  /** text: a bigint */
  change_seq: string;
  /** when the row was first inserted (its change_seq then); text: a bigint */
  added_seq: string;
  replaces_transaction_id: string | null;
}

export interface RemovedTransaction {
  seq: string;
  transaction_id: string;
  external_transaction_id: string;
  bank_slug: string;
  account_number: string;
  added_seq: string;
  replaced_by: string | null;
}

export interface FeedPage {
  changed: ChangedTransaction[];
  removed: RemovedTransaction[];
  /** lastChangeSeq, read in the same snapshot (text: a bigint) */
  last: string;
}

/**
 * A row's columns as the feed reads them (all but its content hash; transactions.row.ts), through json_agg: numeric
 * as text, so amounts stay exact.
 */
const FEED_COLUMNS = ROW_COLUMNS.filter(([c]) => c !== 'content_hash')
  .map(([c, sql]) => (sql === 'numeric' ? `t.${c}::text AS ${c}` : `t.${c}`))
  .join(', ');

/** The statement of readFeedPage; $1 the customer, $2 the position (exported for its plan's test). */
export const feedPageSql = (limit: number) =>
  `SELECT (SELECT json_agg(c ORDER BY c.seq) FROM (
       SELECT t.id::text AS id, ${FEED_COLUMNS},
              t.change_seq AS seq, t.change_seq::text AS change_seq,
              coalesce(t.added_seq, t.change_seq)::text AS added_seq,
              t.replaces_transaction_id::text AS replaces_transaction_id, ${BANK_DETAILS_COLUMNS}
       FROM transactions t ${BANK_DETAILS_JOIN}
       WHERE t.customer_id = $1 AND t.change_seq > $2::bigint AND ${publishedTransaction()}
       ORDER BY t.change_seq LIMIT ${limit}) c) AS changed,
     (SELECT json_agg(d ORDER BY d.n) FROM (
       SELECT r.seq AS n, r.seq::text AS seq, r.transaction_id::text AS transaction_id, r.external_transaction_id,
              r.bank_slug, r.account_number, r.added_seq::text AS added_seq, r.replaced_by::text AS replaced_by
       FROM transaction_removals r WHERE r.customer_id = $1 AND r.seq > $2::bigint ORDER BY r.seq LIMIT ${limit}) d)
       AS removed,
     (SELECT (CASE WHEN is_called THEN last_value ELSE 0 END)::text FROM transaction_change_seq) AS last`;

/**
 * Up to `limit` rows changed (inserted or updated) after `after` and up to `limit` removals after it, each in the
 * order of their changes; published rows only. One statement, so both lists come from one snapshot: read apart, a
 * write committed in between could show its removals and not its rows, and a cursor past both would lose the rows.
 */
export async function readFeedPage(db: Db, customerId: string, after: bigint, limit: number): Promise<FeedPage> {
  const r = await db.query<{
    changed: ChangedTransaction[] | null;
    removed: RemovedTransaction[] | null;
    last: string;
  }>(feedPageSql(limit), [customerId, after.toString()]);
  const row = r.rows[0];
  return { changed: row?.changed ?? [], removed: row?.removed ?? [], last: row?.last ?? '0' };
}

/**
 * The last value the change sequence handed out (0 before the first): every change committed so far lies at or below
 * it, and every change made from now on above it. A cursor beyond it was not issued by this database (one restored
 * from an earlier backup).
 */
export async function lastChangeSeq(db: Db): Promise<bigint> {
  const r = await db.query<{ v: string }>(
    `SELECT (CASE WHEN is_called THEN last_value ELSE 0 END)::text AS v FROM transaction_change_seq`,
  );
  return BigInt(r.rows[0]?.v ?? '0');
}

/** How far after the pending date a booking is taken for it (card payments book within days; a fortnight is generous). */
const BOOKS_WITHIN_SECONDS = 14 * 86_400;
/** and before it (the bank may date the booking by the value date, a day earlier) */
const BOOKS_EARLIEST_SECONDS = 86_400;

/**
 * Records the removal of pending rows a bank pull deleted, each linked to the booked row of the same pull (inserted
 * after `since`) that replaced it: same account, amount and currency, booked from a day before the pending date to a
 * fortnight after it, the nearest date first, each booked row replacing one pending row at most. The booked row
 * names the pending id it replaces. Inside the pull's transaction, under the customer's lock.
 */
export async function recordRemovals(
  tx: Db,
  customerId: string,
  gone: GonePending[],
  since: bigint,
  now: Date,
): Promise<void> {
  if (gone.length === 0) return;
  const booked = (
    await tx.query<{ id: string; account_id: string; amount: string; currency: string; booking_date_time: number }>(
      `SELECT t.id::text AS id, t.account_id, t.amount::text AS amount, t.currency, t.booking_date_time
       FROM transactions t
       WHERE t.customer_id = $1 AND t.change_seq > $2::bigint AND t.status = 'Booked' AND t.added_seq IS NULL
         AND t.replaces_transaction_id IS NULL AND t.account_id = ANY($3::text[])`,
      [customerId, since.toString(), [...new Set(gone.map((g) => g.account_id))]],
    )
  ).rows;
  const taken = new Set<string>();
  const replacedBy = gone.map((g) => {
    const pendingAt = Number(g.booking_date_time);
    let best: { id: string; distance: number } | null = null;
    for (const b of booked) {
      const at = Number(b.booking_date_time);
      if (
        taken.has(b.id) ||
        b.account_id !== g.account_id ||
        b.currency !== g.currency ||
        Number(b.amount) !== Number(g.amount) ||
        at < pendingAt - BOOKS_EARLIEST_SECONDS ||
        at > pendingAt + BOOKS_WITHIN_SECONDS
      )
        continue;
      const distance = Math.abs(at - pendingAt);
      if (!best || distance < best.distance) best = { id: b.id, distance };
    }
    if (best) taken.add(best.id);
    return best?.id ?? null;
  });
  await tx.query(
    `INSERT INTO transaction_removals (customer_id, seq, transaction_id, account_id, external_transaction_id, bank_slug,
       account_number, added_seq, replaced_by, removed_at)
     SELECT $1, nextval('transaction_change_seq'), g.id, g.account_id, g.external_transaction_id, g.bank_slug,
       g.account_number, g.added_seq, g.replaced_by, $9
     FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::uuid[])
       AS g(id, account_id, external_transaction_id, bank_slug, account_number, added_seq, replaced_by)`,
    [
      customerId,
      gone.map((g) => g.id),
      gone.map((g) => g.account_id),
      gone.map((g) => g.external_transaction_id),
      gone.map((g) => g.bank_slug),
      gone.map((g) => g.account_number),
      gone.map((g) => g.added_seq),
      replacedBy,
      now,
    ],
  );
  const links = gone.flatMap((g, i) => (replacedBy[i] ? [[replacedBy[i], g.id] as const] : []));
  // Not a change of its own: the booked row was inserted by this same transaction, so no reader has seen it yet.
  if (links.length > 0)
    await tx.query(
      `UPDATE transactions t SET replaces_transaction_id = l.pending
       FROM unnest($2::uuid[], $3::uuid[]) AS l(booked, pending)
       WHERE t.customer_id = $1 AND t.change_seq > $4::bigint AND t.id = l.booked`,
      [customerId, links.map(([b]) => b), links.map(([, p]) => p), since.toString()],
    );
  await carryCorrections(tx, customerId, links);
}

/**
 * A correction follows the booking (docs/decisions/0061-category-corrections-and-rules.md): every change of each
 * pending row's category is copied to the booked row that replaced it, with its actor, time and the category before,
 * naming the pending row (`carried_from_transaction_id`). The copy's id is the original's with a suffix: it keeps the
 * original's place in time among the booked row's changes, and a second copy of a change conflicts and is skipped,
 * so running this again for the same links changes nothing.
 */
async function carryCorrections(tx: Db, customerId: string, links: ReadonlyArray<readonly [string, string]>) {
  if (links.length === 0) return;
  await tx.query(
    `INSERT INTO transaction_category_corrections (customer_id, id, transaction_id, account_type, category_id,
       previous_category_id, actor_type, actor_id, created_at, carried_from_transaction_id)
     SELECT k.customer_id, k.id || '.b', l.booked, k.account_type, k.category_id, k.previous_category_id, k.actor_type,
       k.actor_id, k.created_at, k.transaction_id
     FROM unnest($2::uuid[], $3::uuid[]) AS l(booked, pending)
     JOIN transaction_category_corrections k ON k.customer_id = $1 AND k.transaction_id = l.pending
     ON CONFLICT (customer_id, id) DO NOTHING`,
    [customerId, links.map(([b]) => b), links.map(([, p]) => p)],
  );
}

export interface ChangeCounts {
  added: number;
  modified: number;
  removed: number;
  /** the position these counts reach (text: a bigint) */
  upTo: string;
}

/**
 * How many rows were added, modified and removed after `after` (the webhook's counts). Reads the customer's changes
 * since the last announcement: as many index entries as there were changes, once per announcement.
 */
export async function countChangesSince(db: Db, customerId: string, after: bigint): Promise<ChangeCounts> {
  const r = await db.query<{ added: string; modified: string; removed: string; up_to: string | null }>(
    `WITH c AS (
       SELECT coalesce(t.added_seq, t.change_seq) > $2::bigint AS is_new, t.change_seq FROM transactions t
       WHERE t.customer_id = $1 AND t.change_seq > $2::bigint AND ${publishedTransaction()}
     ), r AS (
       SELECT seq FROM transaction_removals WHERE customer_id = $1 AND seq > $2::bigint AND added_seq <= $2::bigint
     )
     SELECT (SELECT count(*) FROM c WHERE is_new)::text AS added, (SELECT count(*) FROM c WHERE NOT is_new)::text AS modified,
            (SELECT count(*) FROM r)::text AS removed,
            greatest((SELECT max(change_seq) FROM c), (SELECT max(seq) FROM transaction_removals
              WHERE customer_id = $1 AND seq > $2::bigint))::text AS up_to`,
    [customerId, after.toString()],
  );
  const row = r.rows[0];
  return {
    added: Number(row?.added ?? 0),
    modified: Number(row?.modified ?? 0),
    removed: Number(row?.removed ?? 0),
    upTo: row?.up_to ?? after.toString(),
  };
}

/** The customer's client and the feed position last announced ('0' before any), or null for no such customer. */
export async function announcedPosition(
  db: Db,
  customerId: string,
): Promise<{ client_id: string; announced_seq: string } | null> {
  const r = await db.query<{ client_id: string; announced_seq: string | null }>(
    `SELECT c.client_id, f.announced_seq::text AS announced_seq
     FROM customers c LEFT JOIN transaction_feeds f ON f.customer_id = c.id WHERE c.id = $1`,
    [customerId],
  );
  const row = r.rows[0];
  return row ? { client_id: row.client_id, announced_seq: row.announced_seq ?? '0' } : null;
}

/**
 * Moves the announced position from `from` to `to`; false when another run moved it first (or the customer is gone).
 */
export async function moveAnnouncedPosition(tx: Db, customerId: string, from: string, to: string): Promise<boolean> {
  const moved = await tx.query(
    `INSERT INTO transaction_feeds AS f (customer_id, announced_seq)
     SELECT $1, $3::bigint FROM customers WHERE id = $1
     ON CONFLICT (customer_id) DO UPDATE SET announced_seq = EXCLUDED.announced_seq
     WHERE f.announced_seq = $2::bigint`,
    [customerId, from, to],
  );
  return (moved.rowCount ?? 0) > 0;
}
