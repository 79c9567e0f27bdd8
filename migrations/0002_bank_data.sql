-- Bank data: accounts, balances, transactions, statements, parties; report readiness; idempotency keys.
-- Money is numeric(18,4) everywhere (exact). Timestamps of bank events are Unix seconds (bigint), as on the wire.

CREATE TABLE accounts (
  id                        text PRIMARY KEY,
  client_id                 text NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  customer_id               text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  bank_slug                 text NOT NULL,
  number                    text NOT NULL,          -- full account number (sort code + account number for UK accounts)
  sort_code                 text,
  account_number            text,
  currency                  text NOT NULL,
  name                      text,
  nickname                  text,
  identification            text,
  secondary_identification  text,
  type                      text NOT NULL CHECK (type IN ('Personal', 'Business')),
  sub_type                  text NOT NULL,
  scheme_name               text NOT NULL,
  is_authorized             boolean NOT NULL DEFAULT true,
  source                    text NOT NULL DEFAULT 'submitted',   -- submitted | bank
  created_at                timestamptz NOT NULL,
  updated_at                timestamptz NOT NULL,
  UNIQUE (customer_id, bank_slug, number)
);
CREATE INDEX accounts_client ON accounts (client_id);

CREATE TABLE balances (
  account_id   text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  customer_id  text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  type         text NOT NULL,
  date         date NOT NULL,                       -- Europe/London calendar day of date_time
  amount       numeric(18,4) NOT NULL,
  currency     text NOT NULL,
  date_time    bigint NOT NULL,
  credit_line  jsonb,
  updated_at   timestamptz NOT NULL,
  PRIMARY KEY (account_id, type, date)
);

-- The biggest table, written 100 000 rows at a time: no foreign keys (their per-row triggers dominate a bulk
-- load; rows are only written by the submission and the bank pull, which check the account first, and are
-- deleted explicitly with their customer), and the natural key is the primary key (no separate id index).
CREATE TABLE transactions (
  id                       uuid NOT NULL,          -- opaque; UUIDv7 made by the service, unique by construction
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
  status                   text NOT NULL CHECK (status IN ('Booked', 'Pending')),
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
  content_hash             bigint NOT NULL,        -- hash of the submitted fields: tells "already present" from "updated" cheaply
  created_at               timestamptz NOT NULL,
  updated_at               timestamptz NOT NULL,
  PRIMARY KEY (account_id, external_transaction_id)  -- docs/decisions/0007-transaction-submission.md: the natural key (customer, account, external id)
);
-- The read order of endpoint 11: booking_date_time descending, then id.
CREATE INDEX transactions_customer_booking ON transactions (customer_id, booking_date_time DESC, id DESC);

CREATE TABLE statements (
  account_id    text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  customer_id   text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  statement_id  text NOT NULL,
  start_date_time text,
  body          jsonb NOT NULL,                     -- the statement in the spec's PascalCase shape
  updated_at    timestamptz NOT NULL,
  PRIMARY KEY (account_id, statement_id)
);

CREATE TABLE parties (
  account_id   text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  customer_id  text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  party_id     text NOT NULL,
  body         jsonb NOT NULL,                      -- the party in the spec's PascalCase shape
  updated_at   timestamptz NOT NULL,
  PRIMARY KEY (account_id, party_id)
);

-- Readiness per customer and report (docs/decisions/0010-report-readiness.md: insights, affordability, events, forecast).
-- data_version rises with every change of the customer's data; a computation records the version it saw,
-- so a report computed from older data never claims to be ready.
CREATE TABLE report_states (
  customer_id        text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  report_name        text NOT NULL,
  status             text NOT NULL CHECK (status IN ('no_data', 'not_ready', 'ready')),
  data_version       bigint NOT NULL DEFAULT 0,
  computed_version   bigint,
  updated_at         timestamptz NOT NULL,
  PRIMARY KEY (customer_id, report_name)
);

-- Idempotency-Key (IETF draft): the first answer is kept and replayed for the same key and body.
CREATE TABLE idempotency_keys (
  client_id        text NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  key              text NOT NULL,
  request_hash     text NOT NULL,
  state            text NOT NULL CHECK (state IN ('in_flight', 'done')),
  response_status  integer,
  response_body    jsonb,
  created_at       timestamptz NOT NULL,
  PRIMARY KEY (client_id, key)
);
