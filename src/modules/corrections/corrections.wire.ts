/** Wire shapes of corrections, rules, their preview and the label export (docs/decisions/0061-category-corrections-and-rules.md). */
import { Type } from 'typebox';
import { CorrectionActor } from '../transactions/index.ts';

/** The value or null, described where the reference reads it: on the field (the value's description, or null's meaning). */
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union(
    [t, Type.Null()],
    (t as { description?: string }).description === undefined
      ? {}
      : { description: (t as { description?: string }).description },
  );
const AccountTypeWire = Type.Union([Type.Literal('Personal'), Type.Literal('Business')], {
  description: "whose category list (endpoint 19) the category comes from, and which accounts' transactions it reads",
});
const CategoryIdInput = Type.String({
  minLength: 1,
  maxLength: 100,
  description: 'a category id of endpoint 19 for the account type',
});

export const TransactionParams = Type.Object({
  customer_id: Type.String({ minLength: 1, maxLength: 100, description: 'the customer' }),
  transaction_id: Type.String({
    pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
    description: "the transaction's id (the id of endpoint 11 and of the categorised view)",
  }),
});

export const CorrectionBody = Type.Object(
  {
    category_id: Nullable(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description:
          "a category id of endpoint 19 for the transaction's account type, fitting the direction of its money; null withdraws the correction",
      }),
    ),
  },
  { additionalProperties: false },
);

const CategoryChange = Type.Object({
  id: Type.String({ description: "the change's id" }),
  category_id: Nullable(Type.String({ description: 'the category set; null when the change withdrew the correction' })),
  previous_category_id: Nullable(Type.String({ description: 'the category the transaction showed before the change' })),
  changed_at: Type.Integer({ description: 'when, Unix seconds' }),
  changed_by: CorrectionActor,
  carried_from_transaction_id: Nullable(
    Type.String({
      description:
        'the pending transaction this change was made on, when it was carried to this booked one that replaced it (a bank pull); null for a change made on this transaction',
    }),
  ),
});
export const CategoryHistory = Type.Object({
  data: Type.Array(CategoryChange, { description: "every change of the transaction's category, oldest first" }),
});

const RuleMembers = {
  account_type: AccountTypeWire,
  field: Type.Union([Type.Literal('text'), Type.Literal('payee')], {
    description: "text: the statement text (name); payee: the bank's merchant name or the payee the engine recognised",
  }),
  match: Type.Union([Type.Literal('contains'), Type.Literal('word')], {
    description:
      "word (default): the pattern's whole words, in order; contains: anywhere. Case and punctuation are ignored; never a regular expression",
  }),
  pattern: Type.String({ minLength: 1, maxLength: 100, description: 'plain text, at least one letter or digit' }),
  category_id: CategoryIdInput,
  priority: Type.Integer({
    minimum: 0,
    maximum: 1000,
    description: 'when several rules match, the lowest wins (then the oldest); default 100',
  }),
};

export const RuleBody = Type.Object(
  { ...RuleMembers, match: Type.Optional(RuleMembers.match), priority: Type.Optional(RuleMembers.priority) },
  { additionalProperties: false },
);
export const RulePatch = Type.Partial(RuleBody, { additionalProperties: false, minProperties: 1 });

export const Rule = Type.Object({
  id: Type.String({ description: "the rule's id" }),
  ...RuleMembers,
  created_at: Type.Integer({ description: 'Unix seconds' }),
  updated_at: Type.Integer({ description: 'Unix seconds' }),
  created_by: CorrectionActor,
});
export const RuleList = Type.Object({ data: Type.Array(Rule, { description: "the client's rules, oldest first" }) });
export const RuleIdParams = Type.Object({
  rule_id: Type.String({ minLength: 1, maxLength: 100, description: "the rule's id" }),
});
export const RuleDeleted = Type.Object({ status: Type.Literal('deleted', { description: 'the rule is gone' }) });

export const PreviewQuery = Type.Object(
  {
    customer_id: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: "only this customer's transactions" }),
    ),
  },
  { additionalProperties: false },
);

export const RulePreview = Type.Object({
  matched: Type.Integer({ description: 'transactions the rule matches' }),
  would_change: Type.Integer({
    description: 'of those, how many would change category (not those a correction or an earlier rule holds)',
  }),
  customers_affected: Type.Integer({ description: 'customers with a transaction that would change' }),
  complete: Type.Boolean({
    description: 'false when more than 50 000 candidate transactions were read: counts cover those',
  }),
  from_categories: Type.Array(
    Type.Object({
      category_id: Nullable(Type.String({ description: 'the category now; null when not yet classified' })),
      count: Type.Integer({ description: 'transactions that would leave it' }),
    }),
    { description: 'the categories the changed transactions would leave, most first' },
  ),
  examples: Type.Array(
    Type.Object({
      customer_id: Type.String({ description: 'the customer' }),
      transaction_id: Type.String({ description: 'the transaction' }),
      name: Type.String({ description: 'its statement text' }),
      amount: Type.Number({ description: 'positive income, negative expenditure' }),
      booking_date_time: Type.Integer({ description: 'Unix seconds' }),
      category_id: Nullable(Type.String({ description: 'its category now' })),
      new_category_id: Type.String({ description: 'its category under the rule' }),
    }),
    { description: 'up to 20 transactions that would change' },
  ),
});

export const LabelExport = Type.Object({
  format: Type.Literal('obi-category-labels/1', { description: 'the format, read by npm run eval -- --labels' }),
  exported_at: Type.Integer({ description: 'Unix seconds' }),
  data: Type.Array(
    Type.Object({
      customer_id: Type.String({ description: 'the customer' }),
      transaction_id: Type.String({ description: 'the transaction' }),
      account_type: AccountTypeWire,
      name: Type.String({ description: 'the statement text' }),
      amount: Type.Number({ description: 'positive income, negative expenditure' }),
      currency: Type.String({ description: 'ISO 4217' }),
      type: Nullable(Type.String({ description: "the bank's transaction type" })),
      status: Type.String({ description: 'Booked or Pending' }),
      merchant_name: Nullable(Type.String({ description: "the bank's merchant name" })),
      merchant_category_code: Nullable(Type.String({ description: 'ISO 18245' })),
      booking_date_time: Type.Integer({ description: 'Unix seconds' }),
      label: Type.String({ description: 'the category a person set: the label' }),
      engine_category_id: Nullable(
        Type.String({ description: 'what the engine decided at the last computation; null before it' }),
      ),
      corrected_at: Type.Integer({ description: 'Unix seconds' }),
      corrected_by: CorrectionActor,
    }),
    { description: "every transaction of the client's customers with a current correction" },
  ),
});
