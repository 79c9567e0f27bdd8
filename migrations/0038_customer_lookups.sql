-- What arrives with only a secret or a global id is found through a lookup table (secret → customer), and the
-- customer's own row is then read by (customer_id, …) (docs/decisions/0084-customer-lookups.md, docs/operations.md
-- "Sharding by customer"). A lookup table holds the mapping and nothing else; in a PostgreSQL sharded by customer it
-- is distributed by its own key (not co-located with customers), so it has no foreign key to a customer table: the
-- customer's erasure deletes its lookups by name (customers-erasure.repo.ts), and a client's deletion takes them by
-- their foreign key to clients (a reference table there).

CREATE TABLE customer_lookups (
  kind         text NOT NULL CHECK (kind IN ('consent_state', 'consent_handoff', 'reconfirmation_link', 'invitation',
                                      'connect_session', 'connect_session_secret', 'user_reference')),
  key          text NOT NULL,   -- SHA-256 (hex) of the secret, the id, or the (client, reference) pair as JSON
  customer_id  text NOT NULL,
  client_id    text NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  PRIMARY KEY (kind, key)
);
CREATE INDEX customer_lookups_customer ON customer_lookups (customer_id); -- the erasure's delete

-- A consent's OAuth state (the bank sends the browser back with it alone) and its bank flow's start token (the
-- browser opens it alone): each found through the lookup, unique there as it was in consents, and the consent by
-- (customer_id, …). Every existing consent's state and hand-off is copied first.
INSERT INTO customer_lookups (kind, key, customer_id, client_id)
  SELECT 'consent_state', state_hash, customer_id, client_id FROM consents;
INSERT INTO customer_lookups (kind, key, customer_id, client_id)
  SELECT 'consent_handoff', handoff_hash, customer_id, client_id FROM consents WHERE handoff_hash IS NOT NULL;
ALTER TABLE consents DROP CONSTRAINT consents_state_hash_key, ADD UNIQUE (customer_id, state_hash);
DROP INDEX consents_handoff;
CREATE UNIQUE INDEX consents_handoff ON consents (customer_id, handoff_hash) WHERE handoff_hash IS NOT NULL;

-- A customer token is presented alone, and holds nothing but the mapping (token → customer, its client and expiry):
-- it is a lookup table itself, found by its key in one statement as before. Its foreign key to customers goes (a
-- lookup table is not co-located with them); the erasure deletes a customer's tokens by name, and a token is issued
-- only while its customer row, share-locked, exists (auth.repo.ts).
ALTER TABLE customer_tokens DROP CONSTRAINT customer_tokens_customer_id_fkey;

-- A reconfirmation link is opened, answered and e-mailed by its id alone (its signed URL, its job): the id → customer
-- in the lookup (unique there, as the column was), the link by its primary key (customer_id, id).
INSERT INTO customer_lookups (kind, key, customer_id, client_id)
  SELECT 'reconfirmation_link', id, customer_id, client_id FROM reconfirmation_links;
ALTER TABLE reconfirmation_links DROP CONSTRAINT reconfirmation_links_id_key;

-- An invitation is opened, used and e-mailed by its id alone (its signed URL, its job): the id → customer in the
-- lookup, the invitation keyed (customer_id, id), and the connect sessions it opened reference it by the customer.
INSERT INTO customer_lookups (kind, key, customer_id, client_id)
  SELECT 'invitation', id, customer_id, client_id FROM invitations;
ALTER TABLE connect_sessions DROP CONSTRAINT connect_sessions_invitation_id_fkey;
ALTER TABLE invitations DROP CONSTRAINT invitations_pkey, ADD PRIMARY KEY (customer_id, id);
DROP INDEX invitations_customer; -- the primary key leads with the customer now
ALTER TABLE connect_sessions
  ADD FOREIGN KEY (customer_id, invitation_id) REFERENCES invitations (customer_id, id) ON DELETE CASCADE;
CREATE INDEX connect_sessions_invitation ON connect_sessions (customer_id, invitation_id)
  WHERE invitation_id IS NOT NULL; -- the cascade's

-- A connect session is found by its id (a flow's return) or its secret (the pages' URLs; the secret it replaced too)
-- alone: both → customer in the lookup, the session keyed (customer_id, id) and (customer_id, secret_hash). Its bank
-- flows get their customer (their session's) and lead with it; a flow's state is its consent's, so the consent's
-- lookup finds it.
INSERT INTO customer_lookups (kind, key, customer_id, client_id)
  SELECT 'connect_session', id, customer_id, client_id FROM connect_sessions;
INSERT INTO customer_lookups (kind, key, customer_id, client_id)
  SELECT 'connect_session_secret', secret_hash, customer_id, client_id FROM connect_sessions;
INSERT INTO customer_lookups (kind, key, customer_id, client_id)
  SELECT 'connect_session_secret', previous_secret_hash, customer_id, client_id FROM connect_sessions
  WHERE previous_secret_hash IS NOT NULL;
ALTER TABLE connect_flows DROP CONSTRAINT connect_flows_session_id_fkey;
ALTER TABLE connect_sessions DROP CONSTRAINT connect_sessions_pkey, ADD PRIMARY KEY (customer_id, id),
  DROP CONSTRAINT connect_sessions_secret_hash_key, ADD UNIQUE (customer_id, secret_hash);
DROP INDEX connect_sessions_customer;
DROP INDEX connect_sessions_previous_secret_hash;
CREATE INDEX connect_sessions_previous_secret_hash ON connect_sessions (customer_id, previous_secret_hash)
  WHERE previous_secret_hash IS NOT NULL;

ALTER TABLE connect_flows ADD COLUMN customer_id text;
UPDATE connect_flows f SET customer_id = s.customer_id FROM connect_sessions s WHERE s.id = f.session_id;
-- A flow whose session is gone cannot be (its foreign key cascaded); none is left without a customer.
ALTER TABLE connect_flows ALTER COLUMN customer_id SET NOT NULL,
  DROP CONSTRAINT connect_flows_pkey, ADD PRIMARY KEY (customer_id, state_hash),
  ADD FOREIGN KEY (customer_id, session_id) REFERENCES connect_sessions (customer_id, id) ON DELETE CASCADE;
DROP INDEX connect_flows_session;
CREATE INDEX connect_flows_session ON connect_flows (customer_id, session_id, seq DESC);
DROP INDEX connect_flows_consent;
CREATE INDEX connect_flows_consent ON connect_flows (customer_id, consent_id);

-- A client's user references are unique across its customers, so across shards: (client, reference) → customer in
-- the lookup, its key the pair as a JSON array; customers keep only their primary key (id).
INSERT INTO customer_lookups (kind, key, customer_id, client_id)
  SELECT 'user_reference', jsonb_build_array(client_id, user_reference)::text, id, client_id FROM customers;
ALTER TABLE customers DROP CONSTRAINT customers_client_id_user_reference_key;

-- Idempotency keys are the client's (a request may have no customer yet): a client-level table, kept on the
-- coordinator or distributed by client_id when sharded, so it cannot reference customers. Its customer_id stays (the
-- erasure deletes the customer's keys by name, customers-erasure.repo.ts); a key is claimed naming a customer only
-- while the customer row, share-locked, exists (idempotency.repo.ts).
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_customer_id_fkey;

-- Webhook deliveries are the client's (a delivery belongs to a webhook, and a test event concerns no customer): a
-- client-level table, kept on the coordinator or distributed by client_id when sharded, keyed (client_id, id), its
-- attempts with it (they get their delivery's client and reference it by the pair). Its foreign key to customers goes:
-- the erasure deletes the customer's deliveries by name, as 0063 promises (customers-erasure.repo.ts; the attempts go
-- by their cascade), and a delivery is written naming a customer only while the customer row, share-locked, exists
-- (deliveries.repo.ts).
ALTER TABLE webhook_delivery_attempts ADD COLUMN client_id text;
UPDATE webhook_delivery_attempts a SET client_id = d.client_id FROM webhook_deliveries d WHERE d.id = a.delivery_id;
-- An attempt whose delivery is gone cannot be (its foreign key cascaded); none is left without a client.
ALTER TABLE webhook_delivery_attempts ALTER COLUMN client_id SET NOT NULL,
  DROP CONSTRAINT webhook_delivery_attempts_delivery_id_fkey,
  DROP CONSTRAINT webhook_delivery_attempts_pkey, ADD PRIMARY KEY (client_id, id);
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_customer_id_fkey,
  DROP CONSTRAINT webhook_deliveries_pkey, ADD PRIMARY KEY (client_id, id);
ALTER TABLE webhook_delivery_attempts
  ADD FOREIGN KEY (client_id, delivery_id) REFERENCES webhook_deliveries (client_id, id) ON DELETE CASCADE;
DROP INDEX webhook_delivery_attempts_delivery;
CREATE INDEX webhook_delivery_attempts_delivery ON webhook_delivery_attempts (client_id, delivery_id, attempt);

-- Component URLs are the client's: made for a user_reference before its customer may exist, opened by their token
-- alone. Sharded by customer, the table is a reference table (copied to every node, like clients and webhooks), so
-- its token stays unique and found in one read, and a connect session (distributed by customer) may keep its foreign
-- key to it; a reference table cannot reference a distributed one, so its foreign key to customers goes. The erasure
-- deletes the customer's component URLs by name (customers-erasure.repo.ts), and a URL is given its customer only
-- while the customer row, share-locked, exists (connect.repo.ts).
ALTER TABLE component_urls DROP CONSTRAINT component_urls_customer_id_fkey;
