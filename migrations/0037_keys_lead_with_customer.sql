-- The tables whose keys departed from the customer only because their ids are global now lead their keys with
-- customer_id (docs/decisions/0083-customer-keys-first-moves.md, docs/operations.md "Sharding by customer"): accounts,
-- consents, bank pulls and payloads, report runs and snapshots, staged loads, data work and affordability
-- declarations are keyed (customer_id, id), and the foreign keys to them follow as (customer_id, …). Each foreign key
-- keeps its ON DELETE CASCADE. A child row whose customer differs from its parent's would fail the new foreign keys:
-- the code has always written the parent's customer, so existing data satisfies them.
--
-- Lookups by id alone that remain (a consent by its id in the bank flow and jobs, a pull by the id its job carries)
-- keep a plain, non-unique index on (id): Citus allows it, and the ids are generated unique.

-- The foreign keys that name the old primary keys go first.
ALTER TABLE balances DROP CONSTRAINT balances_account_id_fkey;
ALTER TABLE parties DROP CONSTRAINT parties_account_id_fkey;
ALTER TABLE statements DROP CONSTRAINT statements_account_id_fkey;
ALTER TABLE transaction_bank_details DROP CONSTRAINT transaction_bank_details_account_id_fkey;
ALTER TABLE consent_accounts DROP CONSTRAINT consent_accounts_account_id_fkey;
ALTER TABLE consent_accounts DROP CONSTRAINT consent_accounts_consent_id_fkey;
ALTER TABLE consent_notices DROP CONSTRAINT consent_notices_consent_id_fkey;
ALTER TABLE reconfirmation_links DROP CONSTRAINT reconfirmation_links_consent_id_fkey;
ALTER TABLE bank_pulls DROP CONSTRAINT bank_pulls_consent_id_fkey;
ALTER TABLE bank_payloads DROP CONSTRAINT bank_payloads_pull_id_fkey;

-- Accounts and what hangs off them.
ALTER TABLE accounts DROP CONSTRAINT accounts_pkey, ADD PRIMARY KEY (customer_id, id);

ALTER TABLE balances DROP CONSTRAINT balances_pkey, ADD PRIMARY KEY (customer_id, account_id, type, date),
  ADD FOREIGN KEY (customer_id, account_id) REFERENCES accounts (customer_id, id) ON DELETE CASCADE;
DROP INDEX balances_customer; -- the primary key leads with the customer now

ALTER TABLE parties DROP CONSTRAINT parties_pkey, ADD PRIMARY KEY (customer_id, account_id, party_id),
  ADD FOREIGN KEY (customer_id, account_id) REFERENCES accounts (customer_id, id) ON DELETE CASCADE;
DROP INDEX parties_customer;

ALTER TABLE statements DROP CONSTRAINT statements_pkey, ADD PRIMARY KEY (customer_id, account_id, statement_id),
  ADD FOREIGN KEY (customer_id, account_id) REFERENCES accounts (customer_id, id) ON DELETE CASCADE;
DROP INDEX statements_customer;

ALTER TABLE transaction_bank_details
  ADD FOREIGN KEY (customer_id, account_id) REFERENCES accounts (customer_id, id) ON DELETE CASCADE;

-- Consents and what hangs off them.
ALTER TABLE consents DROP CONSTRAINT consents_pkey, ADD PRIMARY KEY (customer_id, id);
CREATE INDEX consents_id ON consents (id);

-- consent_accounts joined consents and accounts by their global ids: it gets the customer (the consent's).
ALTER TABLE consent_accounts ADD COLUMN customer_id text;
UPDATE consent_accounts ca SET customer_id = c.customer_id FROM consents c WHERE c.id = ca.consent_id;
-- A link whose consent is gone cannot be (its foreign key cascaded); none is left without a customer.
ALTER TABLE consent_accounts ALTER COLUMN customer_id SET NOT NULL,
  DROP CONSTRAINT consent_accounts_pkey, ADD PRIMARY KEY (customer_id, consent_id, account_id),
  ADD FOREIGN KEY (customer_id, consent_id) REFERENCES consents (customer_id, id) ON DELETE CASCADE,
  ADD FOREIGN KEY (customer_id, account_id) REFERENCES accounts (customer_id, id) ON DELETE CASCADE;
DROP INDEX consent_accounts_account;
CREATE INDEX consent_accounts_account ON consent_accounts (customer_id, account_id);

ALTER TABLE consent_notices
  ADD FOREIGN KEY (customer_id, consent_id) REFERENCES consents (customer_id, id) ON DELETE CASCADE;
ALTER TABLE reconfirmation_links
  ADD FOREIGN KEY (customer_id, consent_id) REFERENCES consents (customer_id, id) ON DELETE CASCADE;

-- Bank pulls and their raw payloads.
ALTER TABLE bank_pulls DROP CONSTRAINT bank_pulls_pkey, ADD PRIMARY KEY (customer_id, id),
  ADD FOREIGN KEY (customer_id, consent_id) REFERENCES consents (customer_id, id) ON DELETE CASCADE;
CREATE INDEX bank_pulls_id ON bank_pulls (id);

ALTER TABLE bank_payloads DROP CONSTRAINT bank_payloads_pkey, ADD PRIMARY KEY (customer_id, id),
  ADD FOREIGN KEY (customer_id, pull_id) REFERENCES bank_pulls (customer_id, id) ON DELETE CASCADE;
DROP INDEX bank_payloads_customer;
DROP INDEX bank_payloads_pull;
CREATE INDEX bank_payloads_pull ON bank_payloads (customer_id, pull_id, attempt, resource, page);

-- Tables nothing else references: their key only.
ALTER TABLE report_runs DROP CONSTRAINT report_runs_pkey, ADD PRIMARY KEY (customer_id, id);
ALTER TABLE report_snapshots DROP CONSTRAINT report_snapshots_pkey, ADD PRIMARY KEY (customer_id, id);
ALTER TABLE pending_ingests DROP CONSTRAINT pending_ingests_pkey, ADD PRIMARY KEY (customer_id, id);
DROP INDEX pending_ingests_customer;
ALTER TABLE data_work DROP CONSTRAINT data_work_pkey, ADD PRIMARY KEY (customer_id, id);
ALTER TABLE affordability_declarations DROP CONSTRAINT affordability_declarations_pkey, ADD PRIMARY KEY (customer_id, id);

-- The partial unique indexes that named a consent alone (one waiting pull per consent, one lapse notice per consent)
-- lead with the customer too: a consent has one customer, so they allow exactly what they allowed, and Citus accepts
-- them. consents_handoff (a hand-off found by its secret alone) waits for the lookup table.
DROP INDEX bank_pulls_one_waiting;
CREATE UNIQUE INDEX bank_pulls_one_waiting ON bank_pulls (customer_id, consent_id) WHERE state IN ('queued', 'running');
DROP INDEX consent_notices_one_lapse;
CREATE UNIQUE INDEX consent_notices_one_lapse ON consent_notices (customer_id, consent_id) WHERE threshold = 'expired';
