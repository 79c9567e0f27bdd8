-- The installation key's fingerprint (an HMAC under the key of a fixed label, never the key or its plain hash), so
-- that a start with another key is refused with a clear error instead of every client getting invalid_client
-- (src/installation-key.ts, checkKeyFingerprint; docs/decisions/0044-limits-by-who-spends-them.md).
CREATE TABLE installation_key_check (
  id          smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  fingerprint text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
