-- Bank flows bound to the browser that starts them (docs/security.md, "Browser flows").
-- Endpoint 5 hands out a one-time start address instead of the bank's URL: the browser that opens it gets a
-- signed cookie whose hash the consent keeps, and the callback and the hosted return accept only that browser.
ALTER TABLE consents ADD COLUMN handoff_hash text;          -- SHA-256 of the one-time start token
ALTER TABLE consents ADD COLUMN handoff_used_at timestamptz;
ALTER TABLE consents ADD COLUMN bank_url_sealed text;       -- the bank's authorisation URL, sealed; cleared once used
ALTER TABLE consents ADD COLUMN browser_binding_hash text;  -- SHA-256 of the starting browser's binding id
CREATE UNIQUE INDEX consents_handoff ON consents (handoff_hash) WHERE handoff_hash IS NOT NULL;

-- A hosted session opened from an invitation link answers only the browser that opened the link.
ALTER TABLE connect_sessions ADD COLUMN browser_binding_hash text;

-- The hosted return works once.
ALTER TABLE connect_flows ADD COLUMN returned_at timestamptz;
