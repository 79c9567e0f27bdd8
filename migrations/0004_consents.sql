-- Bank consents (endpoints 4–6), the accounts each one covers, bank pulls (recorded runs) and the raw payloads
-- the bank sent, stored before they are normalised (docs/decisions/0020-raw-bank-payloads-first.md).

CREATE TABLE consents (
  id                       text PRIMARY KEY,
  client_id                text NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  customer_id              text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  bank_slug                text NOT NULL,
  status                   text NOT NULL CHECK (status IN ('AwaitingAuthorisation', 'Authorised', 'Rejected', 'Revoked')),
  -- why it is Rejected or Revoked: declined, bank_rejected, abandoned, authorisation_failed, revoked_at_bank,
  -- expired, reconfirmation_lapsed, revoked_by_client, revoked_by_customer, customer_deleted, replaced
  status_reason            text,
  permissions              text[] NOT NULL,
  transaction_from         bigint NOT NULL,            -- Unix seconds, as on the wire
  transaction_to           bigint NOT NULL,
  expiration               bigint,
  sharing_purposes         jsonb NOT NULL,
  sharing_third_parties    jsonb NOT NULL,
  redirect_url             text NOT NULL,              -- the client's URL the customer returns to (endpoint 5's url)
  state_hash               text NOT NULL UNIQUE,       -- SHA-256 of the OAuth state: the state itself is never stored
  state_used_at            timestamptz,                -- set by the callback: a state works once
  code_verifier_sealed     text,                       -- PKCE verifier (sealed); dropped once spent
  bank_consent_id          text NOT NULL,              -- the account-access-consent's ConsentId at the bank
  access_token_sealed      text,                       -- the bank's tokens, AES-256-GCM under the installation key
  refresh_token_sealed     text,
  access_token_expires_at  bigint,
  created_at               timestamptz NOT NULL,
  status_updated_at        timestamptz NOT NULL,
  authorised_at            timestamptz,
  reconfirm_by             timestamptz,                -- the customer must reconfirm by then (every 90 days) or access ends
  last_pulled_at           timestamptz,                -- the last pull that stored data
  next_refresh_at          timestamptz                 -- when the scheduler pulls again
);
CREATE INDEX consents_customer_bank ON consents (customer_id, bank_slug, created_at DESC);
CREATE INDEX consents_awaiting ON consents (created_at) WHERE status = 'AwaitingAuthorisation';
CREATE INDEX consents_refresh_due ON consents (next_refresh_at) WHERE status = 'Authorised';
CREATE INDEX consents_reconfirm_due ON consents (reconfirm_by) WHERE status = 'Authorised';

-- Which of the customer's accounts a consent gave access to, and the bank's id for each.
CREATE TABLE consent_accounts (
  consent_id       text NOT NULL REFERENCES consents (id) ON DELETE CASCADE,
  account_id       text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  bank_account_id  text NOT NULL,
  PRIMARY KEY (consent_id, account_id)
);
CREATE INDEX consent_accounts_account ON consent_accounts (account_id);

-- Every pull is a recorded run (docs/decisions/0021-jobs-and-recorded-runs.md): queued → running → succeeded | failed, or back to queued
-- with next_attempt_at when a passing failure (rate limited, unavailable, bad response) is retried.
CREATE TABLE bank_pulls (
  id               text PRIMARY KEY,
  consent_id       text NOT NULL REFERENCES consents (id) ON DELETE CASCADE,
  customer_id      text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  client_id        text NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  trigger          text NOT NULL CHECK (trigger IN ('authorised', 'scheduled', 'manual')),
  state            text NOT NULL CHECK (state IN ('queued', 'running', 'succeeded', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  error_code       text,                               -- auth_lost, rate_limited, unavailable, bad_response, …
  error            text,
  counts           jsonb,                              -- what the last successful attempt stored
  created_at       timestamptz NOT NULL,
  started_at       timestamptz,
  finished_at      timestamptz,
  next_attempt_at  timestamptz
);
CREATE INDEX bank_pulls_consent ON bank_pulls (consent_id, created_at DESC);
CREATE UNIQUE INDEX bank_pulls_one_waiting ON bank_pulls (consent_id) WHERE state IN ('queued', 'running');

-- The bank's answers as received (text: an unreadable answer is kept too, to replay a bug).
CREATE TABLE bank_payloads (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  pull_id          text NOT NULL REFERENCES bank_pulls (id) ON DELETE CASCADE,
  customer_id      text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  bank_slug        text NOT NULL,
  attempt          integer NOT NULL,
  resource         text NOT NULL,
  bank_account_id  text,
  page             integer NOT NULL,
  url              text NOT NULL,
  status_code      integer NOT NULL,
  body             text NOT NULL,
  received_at      timestamptz NOT NULL
);
CREATE INDEX bank_payloads_pull ON bank_payloads (pull_id, attempt, resource, page);
CREATE INDEX bank_payloads_customer ON bank_payloads (customer_id);
