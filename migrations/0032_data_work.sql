-- Work under way on a customer's data, for report readiness's `processing` (docs/decisions/0057-readiness-processing.md):
-- a submission of many transactions or a bank pull writes a row here in a statement of its own before it stores
-- anything, and deletes it when it ends, however it ends. The row is outside the store's transaction, so a reader
-- sees it while that transaction is open. A row a stopped process left behind is ignored once expires_at passes.
CREATE TABLE data_work (
  id             text PRIMARY KEY,
  customer_id    text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  kind           text NOT NULL CHECK (kind IN ('submission', 'bank_pull')),
  rows_received  integer,
  started_at     timestamptz NOT NULL,
  expires_at     timestamptz NOT NULL
);
CREATE INDEX data_work_customer ON data_work (customer_id, started_at);
