-- An erasure under way on the embedded engine (docs/decisions/0074-embedded-erasure-in-batches.md). There, one
-- connection serves every request, so a customer's erasure deletes the bulk tables (transactions, their categories
-- and counts) in short batches after a first transaction has removed the customer row (and, by the cascade, every
-- table with a foreign key). This row, written in that first transaction, names what is left to delete: it holds the
-- customer's opaque id only, and goes in the transaction of the last batch. A process that stops mid-way finishes
-- the erasure when it starts again (or when the DELETE is retried).
CREATE TABLE customer_erasures (
  erased_customer_id text PRIMARY KEY,
  client_id          text NOT NULL,
  started_at         timestamptz NOT NULL
);
