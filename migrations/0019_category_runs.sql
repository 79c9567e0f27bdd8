-- A report's transaction categories are written before the report is stored, and switched to in one row
-- (docs/decisions/0038-staged-ingest.md, "The report's categories"). They were deleted and copied again inside the
-- transaction that stores the report: 100 000 rows of it, during which the embedded engine (one transaction at a
-- time) answered nobody else. Now each computation's rows carry its run id; category_runs says which run's rows
-- are the customer's categories (the condition of src/db/transactions-visibility.ts), and the rows of other runs
-- are deleted a slice at a time once they are not current.
ALTER TABLE transaction_categories ADD COLUMN run_id text NOT NULL DEFAULT '';
ALTER TABLE transaction_categories DROP CONSTRAINT transaction_categories_pkey;
ALTER TABLE transaction_categories ADD PRIMARY KEY (customer_id, transaction_id, run_id);
ALTER TABLE transaction_categories ALTER COLUMN run_id DROP DEFAULT;

CREATE TABLE category_runs (
  customer_id  text PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  run_id       text NOT NULL
);

-- The categories stored so far are the current ones (run id '').
INSERT INTO category_runs (customer_id, run_id)
SELECT DISTINCT c.customer_id, '' FROM transaction_categories c JOIN customers u ON u.id = c.customer_id;

-- An erased customer's categories stayed behind (customers.repo.ts emptied transactions only): they go now.
DELETE FROM transaction_categories c WHERE NOT EXISTS (SELECT 1 FROM customers u WHERE u.id = c.customer_id);
