/**
 * Which rows a reader sees of the two bulk-written tables:
 * - transactions: all but those of a staged load not yet published (migrations/0018_staged_ingest.sql,
 *   docs/decisions/0038-staged-ingest.md);
 * - transaction_categories: the current report run's (migrations/0019_category_runs.sql), not those of a run still
 *   being written nor of one replaced and not yet deleted.
 * Every read of either table puts the condition in its WHERE or JOIN clause.
 */

/**
 * `pending_ingests` holds a few rows at most, so PostgreSQL checks it as one hashed subplan, and a row never staged
 * (ingest_id NULL: every row on a server) passes on its first test.
 */
export function publishedTransaction(alias = 't'): string {
  return `(${alias}.ingest_id IS NULL OR ${alias}.ingest_id NOT IN (SELECT id FROM pending_ingests))`;
}

/**
 * The categories of the customer's current run. `customer` is the SQL of the customer id, a parameter of the
 * statement: the subquery is then computed once for the statement, not per row.
 */
export function currentCategories(alias: string, customer: string): string {
  return `${alias}.run_id = (SELECT r.run_id FROM category_runs r WHERE r.customer_id = ${customer})`;
}
