-- The lender console (docs/decisions/0034-console.md): a client's staff, their server-side sessions and their
-- invitations. Everything belongs to one client and goes with it (ON DELETE CASCADE), like the rest of its data.
-- No secret is stored: only SHA-256 hashes of session and invitation tokens, and scrypt hashes of passwords.

CREATE TABLE console_users (
  id            text PRIMARY KEY,                                    -- UUIDv7
  client_id     text NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  email         text NOT NULL,                                       -- as typed; compared case-insensitively
  password_hash text NOT NULL,                                       -- scrypt$N$r$p$salt$hash (src/modules/console/console.password.ts)
  role          text NOT NULL CHECK (role IN ('viewer', 'admin')),
  disabled_at   timestamptz,
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL
);
CREATE UNIQUE INDEX console_users_client_email ON console_users (client_id, lower(email));

CREATE TABLE console_sessions (
  token_hash   text PRIMARY KEY,                                     -- SHA-256 (hex) of the cookie's token
  user_id      text NOT NULL REFERENCES console_users (id) ON DELETE CASCADE,
  client_id    text NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  csrf_secret  text NOT NULL,                                        -- the forms' token of this session
  created_at   timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL                                  -- created_at + absolute lifetime
);
CREATE INDEX console_sessions_user ON console_sessions (user_id);
CREATE INDEX console_sessions_expiry ON console_sessions (expires_at);

CREATE TABLE console_invitations (
  id          text PRIMARY KEY,
  client_id   text NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE,                                  -- SHA-256 (hex) of the link's one-time token
  email       text NOT NULL,
  role        text NOT NULL CHECK (role IN ('viewer', 'admin')),
  invited_by  text,                                                  -- a console user id; null: the operator
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX console_invitations_client ON console_invitations (client_id, created_at);

-- Failed console sign-ins, per e-mail (within a client) and per address, like auth_failures for the token endpoint.
-- The keys are what was typed, so they hold no reference to a client that may not exist.
CREATE TABLE console_sign_in_failures (
  key             text PRIMARY KEY,
  failures        integer NOT NULL,
  last_failure_at timestamptz NOT NULL,
  locked_until    timestamptz
);

-- What console users do goes to the client's audit log (src/modules/clients/clients-audit.repo.ts).
ALTER TABLE client_audit_log DROP CONSTRAINT client_audit_log_action_check;
ALTER TABLE client_audit_log ADD CONSTRAINT client_audit_log_action_check CHECK (action IN (
  'created', 'secret_rotated', 'disabled', 'enabled', 'deleted', 'settings_changed',
  'console_user_invited', 'console_user_joined', 'console_signed_in', 'console_signed_out',
  'console_customer_invited', 'console_refresh_requested', 'console_delivery_replayed', 'console_report_downloaded'));
ALTER TABLE client_audit_log DROP CONSTRAINT client_audit_log_actor_check;
ALTER TABLE client_audit_log ADD CONSTRAINT client_audit_log_actor_check
  CHECK (actor IN ('cli', 'admin_api', 'bootstrap', 'client', 'console'));
