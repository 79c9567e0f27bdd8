-- Reports: every computation is a recorded run; each successful one stores a snapshot (as_of, engine
-- version, the data version it saw); events are stored once per customer; the classification of each
-- transaction is kept for the categorised /transactions view.

CREATE TABLE report_runs (
  id             text PRIMARY KEY,
  customer_id    text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  state          text NOT NULL CHECK (state IN ('running', 'succeeded', 'failed')),
  data_version   bigint NOT NULL,
  error          text,
  started_at     timestamptz NOT NULL,
  finished_at    timestamptz
);
CREATE INDEX report_runs_customer ON report_runs (customer_id, started_at DESC);

CREATE TABLE report_snapshots (
  id              text PRIMARY KEY,
  customer_id     text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  run_id          text NOT NULL,
  as_of           bigint NOT NULL,
  engine_version  text NOT NULL,
  data_version    bigint NOT NULL,
  insights        jsonb NOT NULL,
  affordability   jsonb NOT NULL,
  forecast        jsonb NOT NULL,
  created_at      timestamptz NOT NULL
);
CREATE INDEX report_snapshots_latest ON report_snapshots (customer_id, created_at DESC, id DESC);

CREATE TABLE customer_events (
  customer_id  text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  event_id     bigint NOT NULL,                 -- the engine's stable id (type + period + subject)
  body         jsonb NOT NULL,                  -- the spec's Event record
  created_at   timestamptz NOT NULL,            -- when first seen
  PRIMARY KEY (customer_id, event_id)
);

-- Replaced as a whole by each computation; no foreign keys, like transactions (bulk written).
CREATE TABLE transaction_categories (
  customer_id     text NOT NULL,
  transaction_id  uuid NOT NULL,
  category_id     text NOT NULL,
  category_name   text NOT NULL,
  merchant        text,
  PRIMARY KEY (customer_id, transaction_id)
);
