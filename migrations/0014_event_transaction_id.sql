-- Events (endpoint 17) name their transaction `transaction_id`, the spec's member, instead of `transaction_ref`
-- (docs/api-notes.md, "Events (17)"). Events are stored once per customer and kept, so the ones already stored
-- are renamed here; the value (our string id) is unchanged.
UPDATE customer_events
   SET body = (body - 'transaction_ref') || jsonb_build_object('transaction_id', body -> 'transaction_ref')
 WHERE body ? 'transaction_ref';
