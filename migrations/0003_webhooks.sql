-- Webhooks (endpoints 20, 21): the client's targets, the outbox of deliveries and the log of every attempt.
-- The outbox is webhook_deliveries itself: emitWebhookEvent writes one row per active webhook of the client in the
-- transaction of the change that caused the event (fan-out at emit time), and the dispatcher drains it.

CREATE TABLE webhooks (
  id               text PRIMARY KEY,
  client_id        text NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  url              text NOT NULL,
  comment          text,
  secret_sealed    text NOT NULL,   -- the whsec_ signing secret, AES-256-GCM under the installation key (we must sign with it, so no hash)
  status           text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  disabled_reason  text,
  created_at       timestamptz NOT NULL,
  disabled_at      timestamptz
);
CREATE INDEX webhooks_client ON webhooks (client_id, created_at, id);

CREATE TABLE webhook_deliveries (
  id                text PRIMARY KEY,
  seq               bigint GENERATED ALWAYS AS IDENTITY,  -- emit order: deliveries go out in this order per (webhook, customer)
  webhook_id        text NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  client_id         text NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  customer_id       text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,  -- erasure takes the customer's deliveries too
  message_id        text NOT NULL,   -- the webhook-id header: one per event, the same on every retry and replay
  event_type        text NOT NULL,
  payload           text NOT NULL,   -- the exact bytes that are signed and sent
  state             text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempt_count     integer NOT NULL DEFAULT 0,
  next_attempt_at   timestamptz,     -- null once delivered or failed
  locked_until      timestamptz,     -- a dispatcher's lease; after a crash the delivery is picked up again when it lapses
  lease_token       text,
  last_status_code  integer,
  last_error        text,
  replay_of         text,            -- the delivery this one replays (same message_id)
  created_at        timestamptz NOT NULL,
  finished_at       timestamptz
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_order ON webhook_deliveries (webhook_id, customer_id, seq) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (webhook_id, seq);

CREATE TABLE webhook_delivery_attempts (
  id            text PRIMARY KEY,
  delivery_id   text NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt       integer NOT NULL,
  attempted_at  timestamptz NOT NULL,
  status_code   integer,            -- null when no HTTP answer came (refused, timeout, connection error)
  duration_ms   integer NOT NULL,
  error         text,
  outcome       text NOT NULL CHECK (outcome IN ('delivered', 'retry', 'failed'))
);
CREATE INDEX webhook_delivery_attempts_delivery ON webhook_delivery_attempts (delivery_id, attempt);
