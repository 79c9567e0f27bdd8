-- The customer's side (endpoints 7, 8, 9): invitations, the web component's one-time URLs, and the connect
-- sessions the hosted pages run on. Every row belongs to a customer and goes with it (erasure).

CREATE TABLE invitations (
  id              text PRIMARY KEY,
  client_id       text NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  customer_id     text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,  -- the customer whose user_reference is the invitation's reference
  customer_type   text NOT NULL CHECK (customer_type IN ('Individual', 'Business')),
  first_name      text,
  last_name       text,
  company_name    text,
  email           text NOT NULL,
  phone           text,
  reference       text NOT NULL,
  send_email      boolean NOT NULL,
  email_sent_at   timestamptz,   -- when the invitation e-mail left (SMTP accepted it, or it was written to the outbox)
  email_error     text,          -- the last failure to send it (the job retries)
  created_at      timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL,
  used_at         timestamptz,   -- the customer completed the flow (a consent became Authorised)
  revoked_at      timestamptz
);
CREATE INDEX invitations_client_created ON invitations (client_id, created_at DESC, id DESC);
CREATE INDEX invitations_customer ON invitations (customer_id);

-- Endpoint 7: single-use URLs that open the connect component for a registered origin.
CREATE TABLE component_urls (
  id              text PRIMARY KEY,
  client_id       text NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  token_hash      text NOT NULL UNIQUE,   -- SHA-256 of the URL's token: the token itself is never stored
  user_reference  text NOT NULL,          -- the customer is found or created by this on first use
  origin          text NOT NULL,          -- the site allowed to host the component
  ip              text NOT NULL,          -- as the client reported them (audit)
  user_agent      text NOT NULL,
  created_at      timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL,
  used_at         timestamptz,            -- single use: set by the first load
  customer_id     text REFERENCES customers (id) ON DELETE CASCADE
);
CREATE INDEX component_urls_client ON component_urls (client_id, created_at);
CREATE INDEX component_urls_expires ON component_urls (expires_at);

-- A customer's run through the hosted pages, opened from an invitation or a component URL. Its secret is in the
-- pages' URLs (no cookies: the component runs in a third-party frame); the customer token it acts with is sealed.
CREATE TABLE connect_sessions (
  id                     text PRIMARY KEY,
  secret_hash            text NOT NULL UNIQUE,
  client_id              text NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  customer_id            text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  invitation_id          text REFERENCES invitations (id) ON DELETE CASCADE,
  component_url_id       text REFERENCES component_urls (id) ON DELETE CASCADE,
  origin                 text,                  -- component sessions: the host page's origin (frame-ancestors, postMessage)
  customer_token_sealed  text NOT NULL,
  created_at             timestamptz NOT NULL,
  expires_at             timestamptz NOT NULL,
  completed_at           timestamptz,           -- a consent started here became Authorised
  CHECK ((invitation_id IS NULL) <> (component_url_id IS NULL))
);
CREATE INDEX connect_sessions_expires ON connect_sessions (expires_at);
CREATE INDEX connect_sessions_customer ON connect_sessions (customer_id);

-- Each bank flow (endpoint 5) started from a session. The customer comes back with the flow's state.
CREATE TABLE connect_flows (
  state_hash  text PRIMARY KEY,              -- SHA-256 of endpoint 5's state
  seq         bigint GENERATED ALWAYS AS IDENTITY,  -- start order (several flows may start within one clock tick)
  session_id  text NOT NULL REFERENCES connect_sessions (id) ON DELETE CASCADE,
  consent_id  text NOT NULL,
  bank_slug   text NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX connect_flows_session ON connect_flows (session_id, seq DESC);
CREATE INDEX connect_flows_consent ON connect_flows (consent_id);
