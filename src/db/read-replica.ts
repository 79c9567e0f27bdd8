/**
 * Reads that may lag: where they go when DATABASE_READ_URL names a streaming replica of the primary
 * (docs/decisions/0076-read-replica.md). A read goes to the replica only once the replica provably holds every write
 * the reader could already have seen on the primary; otherwise (replica behind, or unreachable) to the primary. So
 * the API's read-your-writes holds across processes: a submission answered by one API process is in the raw
 * transaction page another one serves, whichever database serves it.
 *
 * - One customer's data (raw transaction pages, report bodies): the customer's write mark, read on both. Every write
 *   of a customer's data marks their reports not ready in the same transaction (report_states.data_version rises,
 *   src/modules/reports/reports.repo.ts markReportsNotReady), and every computation's end changes report_states or
 *   report_runs; equal marks mean the replica has replayed the customer's latest write. Writes to other customers
 *   do not hold the replica back.
 * - A client-wide list (the console's lists): the replica once it has replayed the primary's WAL up to where it
 *   stood when the read began (pg_last_wal_replay_lsn ≥ pg_current_wal_lsn). Strict, and so under a steady stream of
 *   writes it mostly falls back to the primary; these lists are read by people, seldom.
 */
import type { Database, Db } from './db.ts';

/** Where a read went, for GET /metrics (obi_db_lagging_reads_total). */
export type ReadTarget = 'replica' | 'primary';

export interface LaggingReads {
  /** Whether a replica is configured (DATABASE_READ_URL); without one every read below is the primary. */
  readonly replicated: boolean;
  /** The Db for a read of one customer's data that may lag (see the file's comment). */
  forCustomer(customerId: string): Promise<Database>;
  /** The Db for a read of a client-wide list that may lag (see the file's comment). */
  forList(): Promise<Database>;
}

/** No replica: every read on the primary. */
export function primaryReads(primary: Database): LaggingReads {
  return { replicated: false, forCustomer: async () => primary, forList: async () => primary };
}

/**
 * The customer's write mark: their client (a deleted or not yet replayed customer has none), their reports' states
 * and their latest report run. Three index lookups.
 */
const CUSTOMER_MARK_SQL = `SELECT concat_ws('|',
    coalesce((SELECT client_id FROM customers WHERE id = $1), '-'),
    coalesce((SELECT string_agg(report_name || ':' || status || ':' || data_version || ':' || coalesce(computed_version, -1), ','
              ORDER BY report_name) FROM report_states WHERE customer_id = $1), '-'),
    coalesce((SELECT id || ':' || state FROM report_runs WHERE customer_id = $1 ORDER BY started_at DESC LIMIT 1), '-')
  ) AS mark`;

async function customerMark(db: Db, customerId: string): Promise<string> {
  const r = await db.query<{ mark: string }>(CUSTOMER_MARK_SQL, [customerId], { prepare: true });
  return r.rows[0]?.mark ?? '';
}

/**
 * What a statement on the replica may meet that the primary would not: a replay conflict (a hot standby cancels a
 * read whose rows the primary's vacuum removed: SQLSTATE 40001), a replica shutting down or starting (57P01–57P03), or
 * a lost connection (08…, or the driver's own error). The statement is then run on the primary.
 */
export function isReplicaTrouble(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string')
    return code === '40001' || /^57P0[123]$/.test(code) || code.startsWith('08') || code.startsWith('ECONN');
  return err instanceof Error && /Connection terminated|connection timeout/i.test(err.message);
}

/** Replica and primary; `observe` counts where each read went. */
export function replicaReads(primary: Database, replica: Database, observe: (to: ReadTarget) => void): LaggingReads {
  // The replica as a routed read sees it: a statement the replica cannot serve is served by the primary, which is
  // never behind (a read of several statements may then mix the two, each at least as new as the reader's writes).
  const replicaOrPrimary: Database = {
    ...replica,
    async query(sql, params, opts) {
      try {
        return await replica.query(sql, params, opts);
      } catch (err) {
        if (!isReplicaTrouble(err)) throw err;
        observe('primary');
        return primary.query(sql, params, opts);
      }
    },
  };
  const choose = async (caughtUp: () => Promise<boolean>): Promise<Database> => {
    // An unreachable replica is a replica behind: the read goes to the primary.
    const onReplica = await caughtUp().catch(() => false);
    observe(onReplica ? 'replica' : 'primary');
    return onReplica ? replicaOrPrimary : primary;
  };
  return {
    replicated: true,
    forCustomer: (customerId) =>
      choose(async () => {
        // Both at once: the primary's is read after the request arrived, so it covers every write the reader saw.
        const [onPrimary, onReplica] = await Promise.all([
          customerMark(primary, customerId),
          customerMark(replica, customerId),
        ]);
        return onPrimary === onReplica;
      }),
    forList: () =>
      choose(async () => {
        const p = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
        const r = await replica.query<{ caught_up: boolean | null }>(
          'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS caught_up',
          [p.rows[0]?.lsn],
        );
        return r.rows[0]?.caught_up === true;
      }),
  };
}
