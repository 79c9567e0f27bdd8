-- The bank's authorisation URL is no longer made when endpoint 5 answers: its signed request object (and a pushed
-- request's request_uri) lives a minute or so, the start address 30 minutes. The start address now keeps the flow's
-- state, sealed, and the request object is signed when the customer's browser opens it
-- (docs/decisions/0046-real-bank-variations.md). Rows made before this hold a sealed URL under another purpose;
-- they no longer open, and fail as an expired link does (within 30 minutes of the upgrade).
ALTER TABLE consents RENAME COLUMN bank_url_sealed TO bank_flow_state_sealed;
