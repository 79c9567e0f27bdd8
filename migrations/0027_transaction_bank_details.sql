-- What a bank says of a transaction beyond the columns every submission has (docs/decisions/0070-bank-charges-and-currency-exchange.md):
-- the charge it took for it (OBIE ChargeAmount) and, for a payment made in another currency, the exchange
-- (OBIE CurrencyExchange). Only bank pulls write it; a client's submission has no such fields.
--
-- A table beside transactions rather than columns in it: the submission path (COPY of 100 000 rows, packed rows
-- in a worker) stays as it is for the rows that never have them, and the key is the transaction's natural key
-- (account and the bank's id), so it is written without knowing the stored row's id and survives an update of it.
CREATE TABLE transaction_bank_details (
  customer_id              text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  account_id               text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  external_transaction_id  text NOT NULL,
  -- unsigned, in charge_currency
  charge_amount            numeric,
  charge_currency          text,
  -- {source_currency, target_currency, unit_currency, exchange_rate, instructed_amount: {amount, currency} | null}
  currency_exchange        jsonb,
  updated_at               timestamptz NOT NULL,
  PRIMARY KEY (customer_id, account_id, external_transaction_id),
  CHECK (charge_amount IS NOT NULL OR currency_exchange IS NOT NULL),
  CHECK ((charge_amount IS NULL) = (charge_currency IS NULL))
);
