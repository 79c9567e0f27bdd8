-- Client lifecycle (docs/decisions/0026-client-lifecycle.md): a disabled client, the previous secret kept for an
-- overlap window after a rotation, and the audit log of every change to a client.

ALTER TABLE clients
  ADD COLUMN disabled_at                timestamptz,  -- set: the client's credentials and every token of it are refused
  ADD COLUMN previous_secret_hash       text,         -- HMAC of the secret before the last rotation ...
  ADD COLUMN previous_secret_expires_at timestamptz;  -- ... accepted by the token endpoint until then

-- No foreign key on client_id: the trail outlives the client (its deletion is the last entry).
CREATE TABLE client_audit_log (
  id         text PRIMARY KEY,                 -- UUIDv7: time-ordered
  client_id  text NOT NULL,
  action     text NOT NULL CHECK (action IN ('created', 'secret_rotated', 'disabled', 'enabled', 'deleted', 'settings_changed')),
  actor      text NOT NULL CHECK (actor IN ('cli', 'admin_api', 'bootstrap', 'client')),
  at         timestamptz NOT NULL,
  details    jsonb NOT NULL DEFAULT '{}'      -- never a secret or a hash of one
);
CREATE INDEX client_audit_log_client ON client_audit_log (client_id, at, id);
