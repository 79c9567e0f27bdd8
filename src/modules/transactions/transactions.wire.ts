/** Wire shapes of endpoint 10 (submission), 11 (raw transactions) and the categorised /transactions view. */
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  IntegerInput,
  MAX_UNIX_SECONDS,
  NumericInput,
  PagingMembers,
  PagingQuery,
  described,
} from '../../http/wire.ts';
import { BALANCE_TYPES, Currency } from '../accounts/index.ts';
import { createItemChecks, invalidItemsError } from './transactions.task.ts';

const BalanceType = Type.Union(BALANCE_TYPES.map((v) => Type.Literal(v)));
const OptionalText = (max: number) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));

export const SubmittedTransaction = Type.Object(
  {
    external_transaction_id: described(
      Type.String({ minLength: 1, maxLength: 200 }),
      "the transaction's id at the bank or in your system; with the account it identifies the transaction, so a resubmission updates instead of duplicating",
    ),
    name: described(
      Type.String({ maxLength: 1000 }),
      "the bank's description of the transaction (payee, payer or reference text)",
    ),
    type: described(
      OptionalText(100),
      "the bank's transaction type, e.g. DirectDebit, StandingOrder, CardPayment; null when not given",
    ),
    amount: described(
      NumericInput,
      "amount in the transaction's currency: negative for money out, positive for money in",
    ),
    balance: Type.Optional(
      Type.Union(
        [
          Type.Null(),
          Type.Object(
            {
              amount: described(
                NumericInput,
                "the account's balance after this transaction, in the currency's main unit (pounds for GBP, not pence); negative when overdrawn",
              ),
              currency: described(Currency, 'ISO 4217 currency code of the balance, e.g. GBP'),
              type: described(BalanceType, 'the balance type, e.g. ClosingBooked, InterimAvailable'),
            },
            { additionalProperties: false },
          ),
        ],
        {
          description: "the account's balance after this transaction, when the bank gives it; null or absent otherwise",
        },
      ),
    ),
    currency: described(Currency, 'ISO 4217 currency code, e.g. GBP'),
    status: described(
      Type.Union([Type.Literal('Booked'), Type.Literal('Pending')]),
      'Booked, or Pending (not yet final: it may change or be replaced by a booked one)',
    ),
    bank_slug: described(
      Type.String({ minLength: 1, maxLength: 100 }),
      'the bank holding the account (GET /public/v3/banks)',
    ),
    account_number: described(
      Type.String({ minLength: 1, maxLength: 34 }),
      "the account's number at that bank; with bank_slug it names the account",
    ),
    category: described(
      OptionalText(200),
      'a category the bank or you gave it; the service assigns its own in the categorised view',
    ),
    address_line: described(OptionalText(500), "the merchant's or counterparty's address as the bank gives it"),
    // Beyond the submission table of the spec, as on raw transactions: banks and aggregators have them,
    // and the classifier uses the merchant category code.
    merchant_details: Type.Optional(
      Type.Union(
        [
          Type.Null(),
          Type.Object(
            {
              merchant_name: described(OptionalText(300), "the merchant's name as the bank gives it"),
              merchant_category_code: Type.Optional(
                described(
                  Type.Union([Type.String({ pattern: '^\\d{3,4}$' }), Type.Null()]),
                  'ISO 18245 merchant category code (3 or 4 digits)',
                ),
              ),
            },
            { additionalProperties: false },
          ),
        ],
        { description: 'the merchant of a card payment, when the bank names it; null or absent otherwise' },
      ),
    ),
    proprietary_bank_transaction_code: Type.Optional(
      Type.Union(
        [
          Type.Null(),
          Type.Object(
            {
              code: described(
                OptionalText(100),
                "the bank's own code for the kind of transaction; null when not given",
              ),
              issuer: described(OptionalText(100), 'who issued the code (e.g. the bank); null when not given'),
            },
            { additionalProperties: false },
          ),
        ],
        { description: "the bank's own transaction code and its issuer, when given; null or absent otherwise" },
      ),
    ),
    value_date_time: described(IntegerInput, 'Unix seconds the money is available (value date)'),
    booking_date_time: described(IntegerInput, 'Unix seconds the transaction was booked'),
  },
  { additionalProperties: false },
);

/** No maxItems here: more than 100 000 is a 422 (a rule), not a 400 (a malformed request). */
export const TransactionCollectionBody = Type.Object(
  {
    transactions: Type.Array(SubmittedTransaction, {
      description:
        'the transactions to store (up to 100 000 a request); one already stored (same account and external_transaction_id) is updated',
    }),
  },
  { additionalProperties: false },
);

export const SubmissionResult = Type.Object({
  status: Type.Literal('success', { description: 'success: every transaction was stored' }),
  success: Type.String({ description: '"<N> saved, <M> already present, <K> updated"' }),
  saved: described(Type.Integer(), 'transactions stored for the first time'),
  updated: described(Type.Integer(), 'transactions already held that this submission changed'),
  already_present: described(Type.Integer(), 'transactions already held unchanged (a retry)'),
});

/** The value or null, described on the field: `description`, else the value's own description. */
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(
  t: T,
  description = (t as { description?: string }).description,
) => Type.Union([t, Type.Null()], description === undefined ? {} : { description });

export const RawTransaction = Type.Object({
  id: described(Type.String(), "the service's id of the transaction (a UUID)"),
  external_transaction_id: described(
    Type.String(),
    "the transaction's id at the bank or in your system; with the account it identifies the transaction, so a resubmission updates instead of duplicating",
  ),
  name: described(Type.String(), "the bank's description of the transaction (payee, payer or reference text)"),
  type: described(
    Nullable(Type.String()),
    "the bank's transaction type, e.g. DirectDebit, StandingOrder, CardPayment; null when not given",
  ),
  amount: described(
    Type.Number(),
    "amount in the transaction's currency: negative for money out, positive for money in",
  ),
  balance: Nullable(
    Type.Object({
      amount: Type.Number({ description: 'the balance after this transaction; negative when overdrawn' }),
      currency: Type.String({ description: 'ISO 4217 currency code' }),
      type: Type.String({ description: 'the balance type, e.g. ClosingBooked, InterimAvailable' }),
    }),
    'the account balance after this transaction, when the bank gives it; null otherwise',
  ),
  currency: described(Type.String(), 'ISO 4217 currency code, e.g. GBP'),
  status: described(Type.String(), 'Booked, or Pending (not yet final: it may change or be replaced by a booked one)'),
  bank_slug: described(Type.String(), 'the bank holding the account (GET /public/v3/banks)'),
  account_number: described(Type.String(), "the account's number at that bank; with bank_slug it names the account"),
  address_line: described(Nullable(Type.String()), "the merchant's or counterparty's address as the bank gives it"),
  merchant_details: Nullable(
    Type.Object({
      merchant_name: Nullable(Type.String(), "the merchant's name as the bank gives it; null when not given"),
      merchant_category_code: Nullable(Type.String(), 'ISO 18245 merchant category code; null when not given'),
    }),
    'the card merchant, when the bank gives it; null otherwise',
  ),
  proprietary_bank_transaction_code: Nullable(
    Type.Object({
      code: Nullable(Type.String(), "the bank's own transaction code; null when not given"),
      issuer: Nullable(Type.String(), 'who issued the code; null when not given'),
    }),
    "the bank's own transaction code, when it gives one; null otherwise",
  ),
  value_date_time: described(Type.Integer(), 'Unix seconds the money is available (value date)'),
  booking_date_time: described(Type.Integer(), 'Unix seconds the transaction was booked'),
  // Beyond the spec's fields, only on transactions a bank pull brought that carried them
  // (docs/decisions/0070-bank-charges-and-currency-exchange.md).
  charge_amount: Type.Optional(
    Type.Object(
      {
        amount: Type.Number({ description: 'The charge, unsigned (it is money out of the account).' }),
        currency: Type.String({ description: 'ISO 4217 currency of the charge.' }),
      },
      {
        description:
          'The charge the bank took for this transaction (OBIE ChargeAmount), such as a non-sterling transaction fee. Present only when the bank reported one.',
      },
    ),
  ),
  currency_exchange: Type.Optional(
    Type.Object(
      {
        source_currency: Type.String({ description: 'ISO 4217 currency the payment was made in.' }),
        target_currency: Nullable(Type.String(), 'ISO 4217 currency it was converted into; null when not given.'),
        unit_currency: Nullable(
          Type.String(),
          'The currency in which the rate is quoted (one unit of it buys the rate); null when not given.',
        ),
        exchange_rate: Type.Number({ description: 'The rate the bank applied.' }),
        instructed_amount: Nullable(
          Type.Object({
            amount: Type.Number({ description: 'Unsigned amount in the instructed currency.' }),
            currency: Type.String({ description: 'ISO 4217 currency of the instructed amount.' }),
          }),
          'The amount as instructed, before conversion; null when not given.',
        ),
      },
      {
        description:
          'The currency exchange of a payment made in another currency (OBIE CurrencyExchange). Present only when the bank reported one.',
      },
    ),
  ),
});

/** Who made a change of category (docs/decisions/0061-category-corrections-and-rules.md). */
export const CorrectionActor = Type.Object(
  {
    type: Type.Union([Type.Literal('api_client'), Type.Literal('console_user')], {
      description: "api_client: a call with the client's access token; console_user: a person in the lender console",
    }),
    id: Type.String({ description: "the client id, or the console user's id" }),
  },
  { description: 'who made the change' },
);

export const CategorisedTransaction = Type.Object({
  ...RawTransaction.properties,
  category: Nullable(
    Type.String({ description: "the category name: a correction's, else a rule's, else the engine's" }),
  ),
  category_id: Nullable(
    Type.String({
      description: "the category id (endpoint 19 of the transaction's account type); null before the first report",
    }),
  ),
  merchant: Nullable(Type.String({ description: 'the payee the engine recognised' })),
  category_source: Nullable(
    Type.Union([Type.Literal('engine'), Type.Literal('rule'), Type.Literal('correction')], {
      description: 'what chose the category: the engine, a client rule, or a correction; null before the first report',
    }),
  ),
  original_category_id: Nullable(
    Type.String({ description: 'what the engine alone decided (the same as category_id when nothing overrode it)' }),
  ),
  original_category: Nullable(Type.String({ description: 'the name of original_category_id' })),
  rule_id: Nullable(
    Type.String({ description: 'the client rule that chose the category, when category_source is rule' }),
  ),
  correction: Nullable(
    Type.Object(
      {
        category_id: Type.String({ description: 'the category the correction set' }),
        corrected_at: Type.Integer({ description: 'when, Unix seconds' }),
        corrected_by: CorrectionActor,
      },
      { description: "the transaction's current correction, or null" },
    ),
  ),
});

export const TransactionsQuery = Type.Object(
  {
    ...PagingQuery,
    bank_slug: Type.Optional(
      described(Type.String({ minLength: 1 }), 'the bank holding the account (GET /public/v3/banks)'),
    ),
    account_number: Type.Optional(
      described(
        Type.String({ minLength: 1 }),
        "the account's number at that bank; with bank_slug it names the account",
      ),
    ),
    account_type: Type.Optional(
      described(Type.Union([Type.Literal('Personal'), Type.Literal('Business')]), 'Personal or Business'),
    ),
    currency: Type.Optional(described(Currency, 'ISO 4217 currency code, e.g. GBP')),
    booking_date_time_from: Type.Optional(
      described(
        Type.Integer({ minimum: 0, maximum: MAX_UNIX_SECONDS }),
        'only transactions booked at or after this, Unix seconds',
      ),
    ),
    booking_date_time_to: Type.Optional(
      described(
        Type.Integer({ minimum: 0, maximum: MAX_UNIX_SECONDS }),
        'only transactions booked at or before this, Unix seconds',
      ),
    ),
    cursor: Type.Optional(
      Type.String({ maxLength: 200, description: 'opaque; set by _links.next to find the next page quickly' }),
    ),
  },
  { additionalProperties: false },
);

export const RawTransactionList = Type.Object({
  data: Type.Array(RawTransaction, {
    description: 'the transactions on this page, as stored, the latest booking first',
  }),
  ...PagingMembers,
});
export const CategorisedTransactionList = Type.Object({
  data: Type.Array(CategorisedTransaction, {
    description: "the transactions on this page with the service's category, the latest booking first",
  }),
  ...PagingMembers,
});

/**
 * Fastify checks the submission body only down to "an object with a transactions array" (ShallowSubmission);
 * the items are checked here against SubmittedTransaction in slices, yielding between slices: one pass over
 * 100 000 items holds the event loop for a quarter of a second, which the embedded engine's other requests
 * would feel (bodies of a megabyte or more are checked on a worker thread instead: transactions.task.ts). The route
 * still declares TransactionCollectionBody, so the OpenAPI document is unchanged.
 */
export const ShallowSubmission = Type.Object(
  { transactions: Type.Array(Type.Unknown()) },
  { additionalProperties: false },
);

const checkItem = Compile(SubmittedTransaction);
const CHECK_SLICE = 5_000;

export async function checkSubmittedTransactions(items: unknown[]): Promise<void> {
  const checks = createItemChecks(checkItem);
  for (let i = 0; i < items.length; i++) {
    checks.add(items[i], i);
    if (i % CHECK_SLICE === CHECK_SLICE - 1) await yieldToLoop();
  }
  const invalid = checks.result();
  if (invalid) throw invalidItemsError(invalid);
}

/** The change feed (docs/decisions/0052-transaction-change-feed.md). */
export const SyncQuery = Type.Object(
  {
    cursor: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'the next_cursor of the previous answer; leave it out to start from the beginning',
      }),
    ),
    count: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 500, default: 100, description: 'most items (added, modified, removed)' }),
    ),
  },
  { additionalProperties: false },
);

const SyncTransaction = Type.Object({
  ...RawTransaction.properties,
  pending_transaction_id: Nullable(
    Type.String({ description: 'the id of the pending transaction this booked one replaced (listed in removed)' }),
  ),
});

const RemovedTransaction = Type.Object({
  id: described(Type.String(), "the service's id of the transaction (a UUID)"),
  external_transaction_id: described(
    Type.String(),
    "the transaction's id at the bank or in your system; with the account it identifies the transaction, so a resubmission updates instead of duplicating",
  ),
  bank_slug: described(Type.String(), 'the bank holding the account (GET /public/v3/banks)'),
  account_number: described(Type.String(), "the account's number at that bank; with bank_slug it names the account"),
  replaced_by: Nullable(
    Type.String({
      description: 'a pending transaction that booked: the id of the booked transaction that replaced it',
    }),
  ),
});

export const SyncResult = Type.Object({
  added: described(Type.Array(SyncTransaction), 'transactions new since the cursor'),
  modified: Type.Array(SyncTransaction, { description: 'transactions the client has seen before, as they are now' }),
  removed: described(
    Type.Array(RemovedTransaction),
    'transactions gone since the cursor (e.g. a pending one the bank no longer returns, or one replaced by its booking)',
  ),
  next_cursor: Type.String({ description: 'opaque; where the next call starts, for this client and customer only' }),
  has_more: Type.Boolean({ description: 'more changes can be read now with next_cursor' }),
});
