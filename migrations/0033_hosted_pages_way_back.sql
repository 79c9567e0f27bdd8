-- Where the hosted pages' "Return to {lender}" and "Cancel" take an invited customer
-- (docs/decisions/0055-hosted-pages-no-dead-ends.md): an http(s) URL the lender sets, checked by the settings API.
-- Optional: without it the pages fall back to the customer centre URL, and without that they offer no link.
ALTER TABLE clients ADD COLUMN return_url text;
ALTER TABLE clients ADD CONSTRAINT clients_return_url_is_short CHECK (return_url IS NULL OR length(return_url) <= 2048);

-- A connect session's secret is replaced when the customer comes back from the bank
-- (src/modules/connect/connect.service.ts, renewSessionSecret). The one it replaced is kept, hashed like the
-- current one, so a page behind the customer in the same tab (Back after finishing) is recognised and answered with
-- a page that says what happened, rather than "this link is not valid".
ALTER TABLE connect_sessions ADD COLUMN previous_secret_hash text;
CREATE INDEX connect_sessions_previous_secret_hash ON connect_sessions (previous_secret_hash)
  WHERE previous_secret_hash IS NOT NULL;
