-- Foundation: the installation key, clients (tenants), their tokens, customers and customer tokens.
-- Every tenant-owned row carries client_id so each query can be scoped to the caller.

CREATE TABLE installation (
  id          integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  secret_key  text NOT NULL,              -- key of the keyed hash of client secrets when OBI_SECRET_KEY is unset
  created_at  timestamptz NOT NULL DEFAULT now()
);
INSERT INTO installation (secret_key) VALUES (encode(sha256(gen_random_uuid()::text::bytea || clock_timestamp()::text::bytea || gen_random_uuid()::text::bytea), 'hex'));

CREATE TABLE clients (
  id                           text PRIMARY KEY,   -- the public client_id
  name                         text NOT NULL,
  secret_hash                  text NOT NULL,      -- HMAC-SHA256 of the secret; the secret itself is never stored
  company_name                 text,
  application_name             text,
  privacy_policy_url           text,
  terms_and_condition_url      text,
  service_customer_center_url  text,
  redirect_urls                text[] NOT NULL DEFAULT '{}',
  component_origins            text[] NOT NULL DEFAULT '{}',
  created_at                   timestamptz NOT NULL DEFAULT now(),
  updated_at                   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE access_tokens (
  token_hash  text PRIMARY KEY,
  client_id   text NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX access_tokens_expires_at ON access_tokens (expires_at);

CREATE TABLE customers (
  id              text PRIMARY KEY,
  client_id       text NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  user_reference  text NOT NULL,
  created_at      timestamptz NOT NULL,
  UNIQUE (client_id, user_reference)
);
CREATE INDEX customers_client_created ON customers (client_id, created_at, id);

CREATE TABLE customer_tokens (
  token_hash   text PRIMARY KEY,
  customer_id  text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,  -- tokens die with the customer
  client_id    text NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  expires_at   timestamptz NOT NULL,
  created_at   timestamptz NOT NULL
);
CREATE INDEX customer_tokens_customer ON customer_tokens (customer_id);
