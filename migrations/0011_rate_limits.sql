-- Throttling counters shared by every instance on this database (docs/api-notes.md, "Throttling").
-- One row per limited key (a client's quota, an address on the hosted pages, a token endpoint's failures);
-- window_start and window_ms are milliseconds. Rows whose window ended an hour ago are pruned as counters move.
CREATE TABLE rate_limits (
  key          text PRIMARY KEY,
  hits         integer NOT NULL,
  window_start bigint NOT NULL,
  window_ms    bigint NOT NULL
);

-- Failed token requests, per client id and per address: repeated failures lock the key out for a growing time.
CREATE TABLE auth_failures (
  key             text PRIMARY KEY,
  failures        integer NOT NULL,
  last_failure_at timestamptz NOT NULL,
  locked_until    timestamptz
);
