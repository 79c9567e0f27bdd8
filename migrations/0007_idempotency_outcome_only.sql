-- An Idempotency-Key replays the stored outcome of the first successful request; the HTTP status is the route's
-- business (always 200 for a stored outcome), so the table no longer keeps one (src/modules/idempotency).
ALTER TABLE idempotency_keys DROP COLUMN response_status;
