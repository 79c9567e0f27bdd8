-- Consent expiry warnings and hosted reconfirmation links (docs/decisions/0059-consent-expiry-and-reconfirmation.md,
-- docs/decisions/0060-reconfirmation-links.md). Both hold customer data: customer_id leads each key and the rows go
-- with the customer (ON DELETE CASCADE), like every other customer table.

-- The mark that a consent's notice went out: at most one per consent and threshold, whatever the scan's timing,
-- restarts or overlapping runs. `expiry_warning` and `reconfirmation_warning` are per due moment (a reconfirmation
-- starts a new 90-day period with a new due moment, hence a new warning); `expired` is once per consent.
CREATE TABLE consent_notices (
  customer_id  text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  consent_id   text NOT NULL REFERENCES consents (id) ON DELETE CASCADE,
  threshold    text NOT NULL CHECK (threshold IN ('expiry_warning', 'reconfirmation_warning', 'expired')),
  due_at       timestamptz NOT NULL,          -- the bank expiry or reconfirmation moment the notice is about
  client_id    text NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  notified_at  timestamptz NOT NULL,
  PRIMARY KEY (customer_id, consent_id, threshold, due_at)
);
CREATE UNIQUE INDEX consent_notices_one_lapse ON consent_notices (consent_id) WHERE threshold = 'expired';
CREATE INDEX consent_notices_consent ON consent_notices (consent_id);
-- The scan (consent.expiry-scan) finds Authorised consents by their bank expiry as consent.sweep finds them by
-- reconfirm_by (consents_reconfirm_due, migrations/0004_consents.sql).
CREATE INDEX consents_expiration_due ON consents (expiration) WHERE status = 'Authorised';

-- Hosted reconfirmation links: like invitations (migrations/0006_invitations.sql), one customer's consent,
-- expiring, revocable, optionally e-mailed. The link itself is signed, never stored.
CREATE TABLE reconfirmation_links (
  customer_id    text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  id             text NOT NULL UNIQUE,
  client_id      text NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  consent_id     text NOT NULL REFERENCES consents (id) ON DELETE CASCADE,
  email          text,
  send_email     boolean NOT NULL,
  email_sent_at  timestamptz,
  email_error    text,
  created_at     timestamptz NOT NULL,
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz,                  -- the customer answered (outcome)
  outcome        text CHECK (outcome IN ('reconfirmed', 'withdrawn')),
  revoked_at     timestamptz,
  PRIMARY KEY (customer_id, id),
  CHECK ((used_at IS NULL) = (outcome IS NULL))
);
CREATE INDEX reconfirmation_links_client_created ON reconfirmation_links (client_id, created_at DESC, id DESC);
CREATE INDEX reconfirmation_links_consent ON reconfirmation_links (consent_id);
