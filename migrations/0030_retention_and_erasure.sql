-- Retention and erasure (docs/decisions/0063-customer-erasure.md, docs/decisions/0064-data-retention.md).

-- A client's retention period for its customers' data, in days; null keeps the data until the client erases it.
-- A client setting like the others (src/modules/clients/clients.settings.ts): the column has the field's name.
ALTER TABLE clients ADD COLUMN data_retention_days integer
  CHECK (data_retention_days BETWEEN 1 AND 36500);

-- An Idempotency-Key's row keeps the first answer of a customer's submission: it names the customer, so the
-- customer's erasure takes it with the rest (null for a key of no customer).
ALTER TABLE idempotency_keys ADD COLUMN customer_id text REFERENCES customers (id) ON DELETE CASCADE;
CREATE INDEX idempotency_keys_customer ON idempotency_keys (customer_id) WHERE customer_id IS NOT NULL;

-- A staged load (migrations/0018_staged_ingest.sql) belongs to its customer: an erasure deletes the customer's
-- staged rows from transactions and then this row, by name (src/modules/customers/customers-erasure.repo.ts); the
-- foreign key makes sure nothing of the customer is left here whatever the order.
DELETE FROM pending_ingests p WHERE NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = p.customer_id);
ALTER TABLE pending_ingests ADD CONSTRAINT pending_ingests_customer_id_fkey
  FOREIGN KEY (customer_id) REFERENCES customers (id) ON DELETE CASCADE;

-- The retention job's reads: old raw payloads and old finished deliveries, oldest first.
CREATE INDEX bank_payloads_received ON bank_payloads (received_at);
CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (client_id, created_at) WHERE state <> 'pending';

-- The audit log records each erasure (by request or by the retention job) and each retention run that deleted
-- something; the job is an actor of its own.
ALTER TABLE client_audit_log DROP CONSTRAINT client_audit_log_action_check;
ALTER TABLE client_audit_log ADD CONSTRAINT client_audit_log_action_check CHECK (action IN (
  'created', 'secret_rotated', 'disabled', 'enabled', 'deleted', 'settings_changed',
  'console_user_invited', 'console_user_joined', 'console_signed_in', 'console_signed_out',
  'console_customer_invited', 'console_refresh_requested', 'console_delivery_replayed', 'console_report_downloaded',
  'customer_erased', 'retention_applied'));
ALTER TABLE client_audit_log DROP CONSTRAINT client_audit_log_actor_check;
ALTER TABLE client_audit_log ADD CONSTRAINT client_audit_log_actor_check
  CHECK (actor IN ('cli', 'admin_api', 'bootstrap', 'client', 'console', 'job'));

-- The retention job asks, per customer, whether a bank pull was made since its cutoff.
CREATE INDEX bank_pulls_customer ON bank_pulls (customer_id, created_at);

-- An erasure deletes the customer row, and each foreign key to it finds the rows to delete by its column: without an
-- index that is a scan of the whole table (every customer's balances, statements, deliveries …) per erasure.
CREATE INDEX balances_customer ON balances (customer_id);
CREATE INDEX statements_customer ON statements (customer_id);
CREATE INDEX parties_customer ON parties (customer_id);
CREATE INDEX webhook_deliveries_customer ON webhook_deliveries (customer_id);
CREATE INDEX component_urls_customer ON component_urls (customer_id) WHERE customer_id IS NOT NULL;
CREATE INDEX pending_ingests_customer ON pending_ingests (customer_id);
