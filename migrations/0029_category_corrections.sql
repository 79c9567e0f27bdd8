-- Corrections that stick (docs/decisions/0061-category-corrections-and-rules.md).
--
-- Every change of a transaction's category a person makes is a row: who (the API client, or a console user), when,
-- the category before and after. The latest row of a transaction is its correction; a row with a null category_id
-- withdraws it (the engine's or a rule's category applies again). Keyed by the customer first, and gone with it.
-- transaction_id names the row of `transactions` (its id survives resubmissions and pulls of the same
-- external_transaction_id); there is no foreign key to that partitioned, bulk-loaded table, as for
-- transaction_categories: a correction of a row that went is ignored.
CREATE TABLE transaction_category_corrections (
  customer_id           text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  id                    text NOT NULL,                 -- UUIDv7: orders a transaction's changes
  transaction_id        uuid NOT NULL,
  account_type          text NOT NULL CHECK (account_type IN ('Personal', 'Business')),
  category_id           text,                          -- null: the correction was withdrawn
  previous_category_id  text,                          -- what the transaction showed before this change
  actor_type            text NOT NULL CHECK (actor_type IN ('api_client', 'console_user')),
  actor_id              text NOT NULL,                 -- the client id, or the console user's id
  created_at            timestamptz NOT NULL,
  PRIMARY KEY (customer_id, id)
);
CREATE INDEX transaction_category_corrections_transaction
  ON transaction_category_corrections (customer_id, transaction_id, id);

-- A client's rules: a pattern on the statement text or the payee → a category of one account type. Plain text
-- patterns, never regular expressions (docs/decisions/0062-safe-rule-patterns.md).
CREATE TABLE category_rules (
  client_id      text NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id             text NOT NULL,
  account_type   text NOT NULL CHECK (account_type IN ('Personal', 'Business')),
  field          text NOT NULL CHECK (field IN ('text', 'payee')),
  match          text NOT NULL CHECK (match IN ('contains', 'word')),
  pattern        text NOT NULL,
  category_id    text NOT NULL,
  priority       integer NOT NULL,
  created_by_type text NOT NULL CHECK (created_by_type IN ('api_client', 'console_user')),
  created_by_id  text NOT NULL,
  created_at     timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL,
  PRIMARY KEY (client_id, id)
);

-- What the engine alone decided, beside the category people chose (null when the engine's stands).
ALTER TABLE transaction_categories ADD COLUMN category_source text;   -- 'correction', 'rule' or null (the engine)
ALTER TABLE transaction_categories ADD COLUMN rule_id text;
ALTER TABLE transaction_categories ADD COLUMN original_category_id text;
ALTER TABLE transaction_categories ADD COLUMN original_category_name text;
