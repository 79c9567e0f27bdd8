/**
 * The retention job's SQL (docs/decisions/0064-data-retention.md). It reads and deletes in tables other modules write
 * (reports, consents, webhooks): like the erasure's, the SQL of a data-protection rule over the whole customer's data
 * is kept in one place, beside the customer it is about.
 */
import type { Db } from '../../db/db.ts';

/**
 * Customers of the client with no activity since `cutoff`, oldest first: created before it, no change of their
 * data or computation of their reports since (report_states.updated_at), no bank pull, consent or invitation made
 * since, and no consent still authorised (a customer sharing their bank data is a live relationship).
 */
export async function inactiveCustomers(db: Db, clientId: string, cutoff: Date, limit: number): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT c.id FROM customers c
     WHERE c.client_id = $1 AND c.created_at < $2
       AND NOT EXISTS (SELECT 1 FROM report_states s WHERE s.customer_id = c.id AND s.updated_at >= $2)
       AND NOT EXISTS (SELECT 1 FROM bank_pulls p WHERE p.customer_id = c.id AND p.created_at >= $2)
       AND NOT EXISTS (SELECT 1 FROM consents k WHERE k.customer_id = c.id
                         AND (k.created_at >= $2 OR k.status = 'Authorised'))
       AND NOT EXISTS (SELECT 1 FROM invitations i WHERE i.customer_id = c.id AND i.created_at >= $2)
     ORDER BY c.created_at, c.id LIMIT $3`,
    [clientId, cutoff, limit],
  );
  return r.rows.map((row) => row.id);
}

/** Raw bank payloads received before `cutoff`, of the client's customers; up to `limit` a statement. */
export async function deleteOldPayloads(db: Db, clientId: string, cutoff: Date, limit: number): Promise<number> {
  const r = await db.query(
    `DELETE FROM bank_payloads WHERE (customer_id, id) IN (
       SELECT b.customer_id, b.id FROM bank_payloads b JOIN customers c ON c.id = b.customer_id
       WHERE c.client_id = $1 AND b.received_at < $2 ORDER BY b.received_at LIMIT $3)`,
    [clientId, cutoff, limit],
  );
  return r.rowCount;
}

/** Webhook deliveries made before `cutoff` and finished (delivered or failed), with their attempts (cascade). */
export async function deleteOldDeliveries(db: Db, clientId: string, cutoff: Date, limit: number): Promise<number> {
  const r = await db.query(
    `DELETE FROM webhook_deliveries WHERE (client_id, id) IN (
       SELECT client_id, id FROM webhook_deliveries
       WHERE client_id = $1 AND state <> 'pending' AND created_at < $2 ORDER BY created_at LIMIT $3)`,
    [clientId, cutoff, limit],
  );
  return r.rowCount;
}

/** Report snapshots stored before `cutoff` that a newer one of the same customer replaced (the latest is served). */
export async function deleteOldSnapshots(db: Db, clientId: string, cutoff: Date, limit: number): Promise<number> {
  const r = await db.query(
    `DELETE FROM report_snapshots WHERE (customer_id, id) IN (
       SELECT s.customer_id, s.id FROM report_snapshots s JOIN customers c ON c.id = s.customer_id
       WHERE c.client_id = $1 AND s.created_at < $2
         AND EXISTS (SELECT 1 FROM report_snapshots n WHERE n.customer_id = s.customer_id
                       AND (n.created_at, n.id) > (s.created_at, s.id))
       LIMIT $3)`,
    [clientId, cutoff, limit],
  );
  return r.rowCount;
}

/** Finished report runs started before `cutoff`, but never a customer's latest run or the run of a kept snapshot. */
export async function deleteOldRuns(db: Db, clientId: string, cutoff: Date, limit: number): Promise<number> {
  const r = await db.query(
    `DELETE FROM report_runs WHERE (customer_id, id) IN (
       SELECT r.customer_id, r.id FROM report_runs r JOIN customers c ON c.id = r.customer_id
       WHERE c.client_id = $1 AND r.state <> 'running' AND r.started_at < $2
         AND EXISTS (SELECT 1 FROM report_runs n WHERE n.customer_id = r.customer_id
                       AND (n.started_at, n.id) > (r.started_at, r.id))
         AND NOT EXISTS (SELECT 1 FROM report_snapshots s WHERE s.customer_id = r.customer_id AND s.run_id = r.id)
       LIMIT $3)`,
    [clientId, cutoff, limit],
  );
  return r.rowCount;
}
