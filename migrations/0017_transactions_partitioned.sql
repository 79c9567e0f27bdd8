-- transactions becomes declaratively partitioned BY HASH (customer_id) in 16 partitions
-- (docs/decisions/0036-transactions-partitioning.md): every read and write of the table is one customer's, so each
-- statement prunes to one partition, whose indexes and vacuum stay a sixteenth of the table's however many rows it
-- holds. The rows move here: the new table is made beside the old one, filled, and takes its name.
--
-- A primary key of a partitioned table must include the partition key: the natural key becomes
-- (customer_id, account_id, external_transaction_id), the same rows (an account belongs to one customer), and every
-- lookup by account names its customer too (src/modules/transactions/transactions-existing.repo.ts).
-- No foreign key points at or from transactions (migrations/0002_bank_data.sql), so none is recreated.

ALTER TABLE transactions RENAME TO transactions_unpartitioned;
ALTER INDEX transactions_pkey RENAME TO transactions_unpartitioned_pkey;
ALTER INDEX transactions_customer_booking RENAME TO transactions_unpartitioned_customer_booking;

CREATE TABLE transactions (
  id                       uuid NOT NULL,
  customer_id              text NOT NULL,
  account_id               text NOT NULL,
  external_transaction_id  text NOT NULL,
  name                     text NOT NULL,
  type                     text,
  amount                   numeric(18,4) NOT NULL,
  currency                 text NOT NULL,
  balance_amount           numeric(18,4),
  balance_currency         text,
  balance_type             text,
  status                   text NOT NULL CONSTRAINT transactions_status_check CHECK (status IN ('Booked', 'Pending')),
  bank_slug                text NOT NULL,
  account_number           text NOT NULL,
  category                 text,
  address_line             text,
  merchant_name            text,
  merchant_category_code   text,
  bank_transaction_code    text,
  bank_transaction_issuer  text,
  value_date_time          bigint NOT NULL,
  booking_date_time        bigint NOT NULL,
  content_hash             bigint NOT NULL,
  created_at               timestamptz NOT NULL,
  updated_at               timestamptz NOT NULL,
  PRIMARY KEY (customer_id, account_id, external_transaction_id)
) PARTITION BY HASH (customer_id);

CREATE TABLE transactions_p00 PARTITION OF transactions FOR VALUES WITH (MODULUS 16, REMAINDER 0);
CREATE TABLE transactions_p01 PARTITION OF transactions FOR VALUES WITH (MODULUS 16, REMAINDER 1);
CREATE TABLE transactions_p02 PARTITION OF transactions FOR VALUES WITH (MODULUS 16, REMAINDER 2);
CREATE TABLE transactions_p03 PARTITION OF transactions FOR VALUES WITH (MODULUS 16, REMAINDER 3);
CREATE TABLE transactions_p04 PARTITION OF transactions FOR VALUES WITH (MODULUS 16, REMAINDER 4);
CREATE TABLE transactions_p05 PARTITION OF transactions FOR VALUES WITH (MODULUS 16, REMAINDER 5);
CREATE TABLE transactions_p06 PARTITION OF transactions FOR VALUES WITH (MODULUS 16, REMAINDER 6);
CREATE TABLE transactions_p07 PARTITION OF transactions FOR VALUES WITH (MODULUS 16, REMAINDER 7);
CREATE TABLE transactions_p08 PARTITION OF transactions FOR VALUES WITH (MODULUS 16, REMAINDER 8);
CREATE TABLE transactions_p09 PARTITION OF transactions FOR VALUES WITH (MODULUS 16, REMAINDER 9);
CREATE TABLE transactions_p10 PARTITION OF transactions FOR VALUES WITH (MODULUS 16, REMAINDER 10);
CREATE TABLE transactions_p11 PARTITION OF transactions FOR VALUES WITH (MODULUS 16, REMAINDER 11);
CREATE TABLE transactions_p12 PARTITION OF transactions FOR VALUES WITH (MODULUS 16, REMAINDER 12);
CREATE TABLE transactions_p13 PARTITION OF transactions FOR VALUES WITH (MODULUS 16, REMAINDER 13);
CREATE TABLE transactions_p14 PARTITION OF transactions FOR VALUES WITH (MODULUS 16, REMAINDER 14);
CREATE TABLE transactions_p15 PARTITION OF transactions FOR VALUES WITH (MODULUS 16, REMAINDER 15);

-- The rows move before the counts triggers exist on the new table: transaction_counts already counts them.
INSERT INTO transactions SELECT
  id, customer_id, account_id, external_transaction_id, name, type, amount, currency, balance_amount, balance_currency,
  balance_type, status, bank_slug, account_number, category, address_line, merchant_name, merchant_category_code,
  bank_transaction_code, bank_transaction_issuer, value_date_time, booking_date_time, content_hash, created_at, updated_at
FROM transactions_unpartitioned;

-- The read order of endpoint 11, made on every partition once the rows are in (one sorted build each).
CREATE INDEX transactions_customer_booking ON transactions (customer_id, booking_date_time DESC, id DESC);

-- The counts triggers of migrations/0013_transaction_counts.sql, on the partitioned table: statement-level with
-- transition tables, which hold the rows the statement wrote in every partition. Their functions are unchanged.
CREATE TRIGGER transaction_counts_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_inserted();
CREATE TRIGGER transaction_counts_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_deleted();
CREATE TRIGGER transaction_counts_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_updated();

DROP TABLE transactions_unpartitioned;

ANALYZE transactions;
