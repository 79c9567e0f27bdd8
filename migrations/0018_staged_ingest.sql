-- Staged loads of a big submission on the embedded engine (docs/decisions/0038-staged-ingest.md). PGlite runs one
-- statement at a time and a transaction keeps it to itself until the end, so a 100 000-row COPY in one transaction
-- made every other client wait seconds. Instead the rows go in by short statements, each its own transaction, marked
-- with the id of their load; while that id is in pending_ingests no reader sees them (the published-row condition of
-- src/db/transactions-visibility.ts) and the counts leave them out; one short transaction deletes the id and adds
-- their counts, and they are all there at once. A load that fails, or that a crash cut short, is deleted by its id.
ALTER TABLE transactions ADD COLUMN ingest_id uuid;

CREATE TABLE pending_ingests (
  id           uuid PRIMARY KEY,
  customer_id  text NOT NULL,
  created_at   timestamptz NOT NULL
);

-- The counts triggers of migrations/0013_transaction_counts.sql count published rows only: a staged row is counted
-- when its load is published (transaction-counts.repo.ts, addCounts) and was never counted when it is discarded.
CREATE OR REPLACE FUNCTION transaction_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO transaction_counts AS c (customer_id, account_id, bank_slug, account_number, currency, period, n)
  SELECT customer_id, account_id, bank_slug, account_number, currency, floor(booking_date_time / 2592000.0)::bigint,
         count(*)
  FROM new_rows WHERE ingest_id IS NULL OR ingest_id NOT IN (SELECT id FROM pending_ingests)
  GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (customer_id, account_id, bank_slug, account_number, currency, period) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION transaction_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT customer_id, account_id, bank_slug, account_number, currency,
           floor(booking_date_time / 2592000.0)::bigint AS period, count(*) AS n
    FROM old_rows WHERE ingest_id IS NULL OR ingest_id NOT IN (SELECT id FROM pending_ingests)
    GROUP BY 1, 2, 3, 4, 5, 6
  ), gone AS (
    DELETE FROM transaction_counts c USING d
    WHERE (c.customer_id, c.account_id, c.bank_slug, c.account_number, c.currency, c.period)
        = (d.customer_id, d.account_id, d.bank_slug, d.account_number, d.currency, d.period)
      AND c.n <= d.n
    RETURNING c.customer_id
  )
  UPDATE transaction_counts c SET n = c.n - d.n FROM d
  WHERE (c.customer_id, c.account_id, c.bank_slug, c.account_number, c.currency, c.period)
      = (d.customer_id, d.account_id, d.bank_slug, d.account_number, d.currency, d.period)
    AND c.n > d.n;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION transaction_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each key has one net change, so the three writes below touch disjoint rows.
  WITH d AS (
    SELECT customer_id, account_id, bank_slug, account_number, currency, period, sum(n) AS n
    FROM (
      SELECT customer_id, account_id, bank_slug, account_number, currency,
             floor(booking_date_time / 2592000.0)::bigint AS period, 1 AS n
      FROM new_rows WHERE ingest_id IS NULL OR ingest_id NOT IN (SELECT id FROM pending_ingests)
      UNION ALL
      SELECT customer_id, account_id, bank_slug, account_number, currency,
             floor(booking_date_time / 2592000.0)::bigint, -1
      FROM old_rows WHERE ingest_id IS NULL OR ingest_id NOT IN (SELECT id FROM pending_ingests)
    ) x GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) <> 0
  ), gone AS (
    DELETE FROM transaction_counts c USING d
    WHERE d.n < 0 AND c.n <= -d.n
      AND (c.customer_id, c.account_id, c.bank_slug, c.account_number, c.currency, c.period)
        = (d.customer_id, d.account_id, d.bank_slug, d.account_number, d.currency, d.period)
    RETURNING c.customer_id
  ), fewer AS (
    UPDATE transaction_counts c SET n = c.n + d.n FROM d
    WHERE d.n < 0 AND c.n > -d.n
      AND (c.customer_id, c.account_id, c.bank_slug, c.account_number, c.currency, c.period)
        = (d.customer_id, d.account_id, d.bank_slug, d.account_number, d.currency, d.period)
    RETURNING c.customer_id
  )
  INSERT INTO transaction_counts AS c (customer_id, account_id, bank_slug, account_number, currency, period, n)
  SELECT customer_id, account_id, bank_slug, account_number, currency, period, n FROM d
  WHERE n > 0 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (customer_id, account_id, bank_slug, account_number, currency, period) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;
