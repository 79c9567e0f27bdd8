-- The change feed of transactions (docs/decisions/0052-transaction-change-feed.md): every write of a transaction
-- takes the next value of one sequence, so a customer's changes are read in the order they were committed, from a
-- cursor, along an index of (customer_id, change_seq) in the customer's one partition.
--
-- The sequence keeps CACHE 1 (the default): a session that cached a block of values could hand out a smaller value
-- after another session's larger one was committed, and a reader past the larger one would miss it. Writers of one
-- customer's transactions run one at a time (the customer's lock, src/modules/transactions/transactions.repo.ts, or
-- customerWrites on the embedded engine), so per customer the values grow in the order of the commits.
CREATE SEQUENCE transaction_change_seq AS bigint;

-- The rows held already get their values in the rewrite the volatile default causes (no trigger fires, the counts
-- of migrations/0013_transaction_counts.sql stay as they are). New rows take it from the default: no writer names it.
ALTER TABLE transactions ADD COLUMN change_seq bigint NOT NULL DEFAULT nextval('transaction_change_seq');
-- The row's change_seq when it was inserted, kept from its first update on (null until then): a row changed after a
-- cursor is `added` when it was inserted after it too, `modified` otherwise.
ALTER TABLE transactions ADD COLUMN added_seq bigint;
-- The id of the pending transaction this booked one replaced (a bank pull, src/modules/transactions/feed.repo.ts).
ALTER TABLE transactions ADD COLUMN replaces_transaction_id uuid;

CREATE INDEX transactions_customer_change ON transactions (customer_id, change_seq);

-- What a reader of the feed must be told went: a row deleted by a bank pull (a pending transaction the bank no
-- longer returns). Few rows beside transactions, so a foreign key: a customer's erasure deletes its removals with it.
CREATE TABLE transaction_removals (
  customer_id              text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  seq                      bigint NOT NULL,
  transaction_id           uuid NOT NULL,
  account_id               text NOT NULL,
  external_transaction_id  text NOT NULL,
  bank_slug                text NOT NULL,
  account_number           text NOT NULL,
  added_seq                bigint NOT NULL,
  replaced_by              uuid,
  removed_at               timestamptz NOT NULL,
  PRIMARY KEY (customer_id, seq)
);

-- Where the TRANSACTIONS_UPDATED webhook left off, per customer (src/modules/transactions/feed.service.ts).
CREATE TABLE transaction_feeds (
  customer_id    text PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  announced_seq  bigint NOT NULL
);
