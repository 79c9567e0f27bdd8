-- FAPI 1.0 Advanced (docs/real-banks.md): the id_token the bank returns must carry the nonce we sent, so the nonce is
-- kept (sealed, like the PKCE verifier) until the callback; cleared with it. The customer's IP address for the first
-- pull (x-fapi-customer-ip-address, sent while the customer is present) travels sealed in that pull's job.
ALTER TABLE consents ADD COLUMN nonce_sealed text;
