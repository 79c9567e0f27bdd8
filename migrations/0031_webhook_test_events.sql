-- Test events (docs/decisions/0065-webhook-test-event.md): a client asks for a signed test delivery to one of its
-- webhooks (POST /public/v3/webhooks/{webhook_id}/test). A test event is about the webhook, not about a customer,
-- so its delivery carries no customer: customer_id becomes nullable, for test events only (the CHECK below). Every
-- other delivery still names its customer, and erasing a customer still takes that customer's deliveries.
-- Test deliveries go through the same outbox, dispatcher, signing, retries and delivery log as every other event;
-- the dispatcher's per-(webhook, customer) ordering never holds a test delivery back (NULL equals nothing), and a
-- test delivery never holds back a customer's events.
ALTER TABLE webhook_deliveries ALTER COLUMN customer_id DROP NOT NULL;
ALTER TABLE webhook_deliveries
  ADD CONSTRAINT webhook_deliveries_customer_or_test CHECK (customer_id IS NOT NULL OR event_type = 'WEBHOOK_TEST');
