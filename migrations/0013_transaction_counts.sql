-- Maintained transaction counts (docs/decisions/0030-transaction-totals.md): the `total` of endpoint 11 without a
-- count(*) over the customer's history. One row per customer, account, bank, account number, currency and 30-day
-- period of booking_date_time (period = floor(booking_date_time / 2 592 000)); the periods let a booking window be
-- counted from this table for its whole periods and from transactions only for its two partial ends.
--
-- Kept by statement-level triggers with transition tables, in the writer's own transaction, so every path that
-- writes transactions keeps it right without knowing about it: the submission's COPY and UPDATE, the bank pull,
-- the removal of vanished pending rows, customer and client erasure. Each trigger costs O(rows of its statement)
-- and groups them first, so a COPY of 100 000 rows touches a handful of counts rows.
CREATE TABLE transaction_counts (
  customer_id     text NOT NULL,
  account_id      text NOT NULL,
  bank_slug       text NOT NULL,
  account_number  text NOT NULL,
  currency        text NOT NULL,
  period          bigint NOT NULL,
  n               bigint NOT NULL CHECK (n > 0),
  PRIMARY KEY (customer_id, account_id, bank_slug, account_number, currency, period)
);

CREATE FUNCTION transaction_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO transaction_counts AS c (customer_id, account_id, bank_slug, account_number, currency, period, n)
  SELECT customer_id, account_id, bank_slug, account_number, currency, floor(booking_date_time / 2592000.0)::bigint,
         count(*)
  FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (customer_id, account_id, bank_slug, account_number, currency, period) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;

-- The rows that reach zero go, so the table holds nothing for an erased customer.
CREATE FUNCTION transaction_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT customer_id, account_id, bank_slug, account_number, currency,
           floor(booking_date_time / 2592000.0)::bigint AS period, count(*) AS n
    FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6
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

-- An update moves a row between counts rows only when it changes the currency or the period (pending → booked
-- under a new booking time): the net change per key, zeros left out.
CREATE FUNCTION transaction_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each key has one net change, so the three writes below touch disjoint rows.
  WITH d AS (
    SELECT customer_id, account_id, bank_slug, account_number, currency, period, sum(n) AS n
    FROM (
      SELECT customer_id, account_id, bank_slug, account_number, currency,
             floor(booking_date_time / 2592000.0)::bigint AS period, 1 AS n FROM new_rows
      UNION ALL
      SELECT customer_id, account_id, bank_slug, account_number, currency,
             floor(booking_date_time / 2592000.0)::bigint, -1 FROM old_rows
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

CREATE TRIGGER transaction_counts_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_inserted();
CREATE TRIGGER transaction_counts_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_deleted();
CREATE TRIGGER transaction_counts_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_updated();

INSERT INTO transaction_counts (customer_id, account_id, bank_slug, account_number, currency, period, n)
SELECT customer_id, account_id, bank_slug, account_number, currency, floor(booking_date_time / 2592000.0)::bigint,
       count(*)
FROM transactions GROUP BY 1, 2, 3, 4, 5, 6;
