/** Wire shapes of endpoint 10 (submission), 11 (raw transactions) and the categorised /transactions view. */
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { IntegerInput, MAX_UNIX_SECONDS, NumericInput, PagingMembers, PagingQuery } from '../../http/wire.ts';
import { BALANCE_TYPES, Currency } from '../accounts/index.ts';
import { createItemChecks, invalidItemsError } from './transactions.task.ts';

const BalanceType = Type.Union(BALANCE_TYPES.map((v) => Type.Literal(v)));
const OptionalText = (max: number) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));

export const SubmittedTransaction = Type.Object(
  {
    external_transaction_id: Type.String({ minLength: 1, maxLength: 200 }),
    name: Type.String({ maxLength: 1000 }),
    type: OptionalText(100),
    amount: NumericInput,
    balance: Type.Optional(
      Type.Union([
        Type.Null(),
        Type.Object({ amount: NumericInput, currency: Currency, type: BalanceType }, { additionalProperties: false }),
      ]),
    ),
    currency: Currency,
    status: Type.Union([Type.Literal('Booked'), Type.Literal('Pending')]),
    bank_slug: Type.String({ minLength: 1, maxLength: 100 }),
    account_number: Type.String({ minLength: 1, maxLength: 34 }),
    category: OptionalText(200),
    address_line: OptionalText(500),
    // Beyond the submission table of the spec, as on raw transactions: banks and aggregators have them,
    // and the classifier uses the merchant category code.
    merchant_details: Type.Optional(
      Type.Union([
        Type.Null(),
        Type.Object(
          {
            merchant_name: OptionalText(300),
            merchant_category_code: Type.Optional(Type.Union([Type.String({ pattern: '^\\d{3,4}$' }), Type.Null()])),
          },
          { additionalProperties: false },
        ),
      ]),
    ),
    proprietary_bank_transaction_code: Type.Optional(
      Type.Union([
        Type.Null(),
        Type.Object({ code: OptionalText(100), issuer: OptionalText(100) }, { additionalProperties: false }),
      ]),
    ),
    value_date_time: IntegerInput,
    booking_date_time: IntegerInput,
  },
  { additionalProperties: false },
);

/** No maxItems here: more than 100 000 is a 422 (a rule), not a 400 (a malformed request). */
export const TransactionCollectionBody = Type.Object(
  { transactions: Type.Array(SubmittedTransaction) },
  { additionalProperties: false },
);

export const SubmissionResult = Type.Object({
  status: Type.Literal('success'),
  success: Type.String({ description: '"<N> saved, <M> already present, <K> updated"' }),
  saved: Type.Integer(),
  updated: Type.Integer(),
  already_present: Type.Integer(),
});

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const RawTransaction = Type.Object({
  id: Type.String(),
  external_transaction_id: Type.String(),
  name: Type.String(),
  type: Nullable(Type.String()),
  amount: Type.Number(),
  balance: Nullable(Type.Object({ amount: Type.Number(), currency: Type.String(), type: Type.String() })),
  currency: Type.String(),
  status: Type.String(),
  bank_slug: Type.String(),
  account_number: Type.String(),
  address_line: Nullable(Type.String()),
  merchant_details: Nullable(
    Type.Object({ merchant_name: Nullable(Type.String()), merchant_category_code: Nullable(Type.String()) }),
  ),
  proprietary_bank_transaction_code: Nullable(
    Type.Object({ code: Nullable(Type.String()), issuer: Nullable(Type.String()) }),
  ),
  value_date_time: Type.Integer(),
  booking_date_time: Type.Integer(),
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
        target_currency: Nullable(Type.String({ description: 'ISO 4217 currency it was converted into.' })),
        unit_currency: Nullable(
          Type.String({ description: 'The currency in which the rate is quoted (one unit of it buys the rate).' }),
        ),
        exchange_rate: Type.Number({ description: 'The rate the bank applied.' }),
        instructed_amount: Nullable(
          Type.Object(
            {
              amount: Type.Number({ description: 'Unsigned amount in the instructed currency.' }),
              currency: Type.String({ description: 'ISO 4217 currency of the instructed amount.' }),
            },
            { description: 'The amount as instructed, before conversion.' },
          ),
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
    bank_slug: Type.Optional(Type.String({ minLength: 1 })),
    account_number: Type.Optional(Type.String({ minLength: 1 })),
    account_type: Type.Optional(Type.Union([Type.Literal('Personal'), Type.Literal('Business')])),
    currency: Type.Optional(Currency),
    booking_date_time_from: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_UNIX_SECONDS })),
    booking_date_time_to: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_UNIX_SECONDS })),
    cursor: Type.Optional(
      Type.String({ maxLength: 200, description: 'opaque; set by _links.next to find the next page quickly' }),
    ),
  },
  { additionalProperties: false },
);

export const RawTransactionList = Type.Object({ data: Type.Array(RawTransaction), ...PagingMembers });
export const CategorisedTransactionList = Type.Object({ data: Type.Array(CategorisedTransaction), ...PagingMembers });

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

export const SyncTransaction = Type.Object({
  ...RawTransaction.properties,
  pending_transaction_id: Nullable(
    Type.String({ description: 'the id of the pending transaction this booked one replaced (listed in removed)' }),
  ),
});

export const RemovedTransaction = Type.Object({
  id: Type.String(),
  external_transaction_id: Type.String(),
  bank_slug: Type.String(),
  account_number: Type.String(),
  replaced_by: Nullable(
    Type.String({
      description: 'a pending transaction that booked: the id of the booked transaction that replaced it',
    }),
  ),
});

export const SyncResult = Type.Object({
  added: Type.Array(SyncTransaction),
  modified: Type.Array(SyncTransaction, { description: 'transactions the client has seen before, as they are now' }),
  removed: Type.Array(RemovedTransaction),
  next_cursor: Type.String({ description: 'opaque; where the next call starts, for this client and customer only' }),
  has_more: Type.Boolean({ description: 'more changes can be read now with next_cursor' }),
});
