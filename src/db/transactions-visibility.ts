/**
 * Which rows of transactions a reader sees: all but those of a staged load not yet published
 * (migrations/0018_staged_ingest.sql, docs/decisions/0038-staged-ingest.md). Every read of the table puts this in its
 * WHERE clause; `pending_ingests` holds a few rows at most, so PostgreSQL checks it as one hashed subplan, and a row
 * never staged (ingest_id NULL: every row on a server) passes on its first test.
 */
export function publishedTransaction(alias = 't'): string {
  return `(${alias}.ingest_id IS NULL OR ${alias}.ingest_id NOT IN (SELECT id FROM pending_ingests))`;
}
