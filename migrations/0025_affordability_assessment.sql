-- The affordability assessment (docs/decisions/0050-affordability-assessment.md): what a customer declared, and each
-- client's versioned lender policy. Both go with their owner (ON DELETE CASCADE), like the rest of its data.

CREATE TABLE affordability_declarations (
  id                  text PRIMARY KEY,                                  -- UUIDv7
  customer_id         text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  income              numeric(18,2) NOT NULL CHECK (income >= 0),        -- monthly amounts, as declared
  housing             numeric(18,2) NOT NULL CHECK (housing >= 0),
  credit_commitments  numeric(18,2) NOT NULL CHECK (credit_commitments >= 0),
  other_essential     numeric(18,2) NOT NULL CHECK (other_essential >= 0),
  household_size      integer NOT NULL CHECK (household_size BETWEEN 1 AND 20),
  declared_at         timestamptz NOT NULL
);
CREATE INDEX affordability_declarations_customer ON affordability_declarations (customer_id, declared_at DESC, id DESC);

-- A PUT never changes a version: it adds the next one, so an assessment can always say which version it used.
CREATE TABLE affordability_policies (
  client_id   text NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  version     integer NOT NULL CHECK (version >= 1),
  body        jsonb NOT NULL,                                            -- PolicyBodySchema (src/analytics/affordability/assessment-schema.ts)
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (client_id, version)
);
