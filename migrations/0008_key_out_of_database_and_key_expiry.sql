-- The installation key leaves the database it protects (src/installation-key.ts). 0001 generated one here; on an
-- installation without any client nothing was hashed or sealed with it yet (every secret belongs to a client), so
-- it is dropped and the key comes from OBI_SECRET_KEY / OBI_SECRET_KEY_FILE (or, in development, a generated file
-- beside the embedded data). An installation with clients keeps it here until the operator moves it out: start-up
-- reads it and says how, and removes it once the configured key is the same.
DELETE FROM installation WHERE NOT EXISTS (SELECT 1 FROM clients);

-- Idempotency-Keys are forgotten 24 hours after their first request; idempotency.prune deletes them oldest first.
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
