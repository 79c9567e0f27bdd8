/** Wire shapes of accounts (spec: Account) and submitted balances (OBIE balance types). */
import { Type } from 'typebox';
import { IntegerInput, NumericInput, described } from '../../http/wire.ts';

const ACCOUNT_SUB_TYPES = [
  'ChargeCard',
  'CreditCard',
  'CurrentAccount',
  'EMoney',
  'Loan',
  'Mortgage',
  'PrePaidCard',
  'Savings',
] as const;
export const BALANCE_TYPES = [
  'ClosingAvailable',
  'ClosingBooked',
  'ClosingCleared',
  'Expected',
  'ForwardAvailable',
  'Information',
  'InterimAvailable',
  'InterimBooked',
  'InterimCleared',
  'OpeningAvailable',
  'OpeningBooked',
  'OpeningCleared',
  'PreviouslyClosedBooked',
] as const;

const literals = <T extends readonly string[]>(values: T) => Type.Union(values.map((v) => Type.Literal(v)));

export const Currency = Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217' });
const OptionalText = Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()]));

const SubmittedAccount = Type.Object(
  {
    bank_slug: Type.String({
      description: 'the bank holding the account (GET /public/v3/banks)',
      minLength: 1,
      maxLength: 100,
    }),
    number: Type.String({
      pattern: '^[A-Za-z0-9]{1,34}$',
      description: 'full account number: sort code + account number for UK accounts',
    }),
    sort_code_and_account_number: Type.Optional(
      Type.Object(
        {
          sort_code: Type.String({
            pattern: '^\\d{6}$',
            description: 'the six-digit UK sort code, digits only (no dashes)',
          }),
          account_number: Type.String({ pattern: '^\\d{8}$', description: 'the eight-digit UK account number' }),
        },
        {
          additionalProperties: false,
          description:
            'for a UK account: its sort code and account number apart (number holds them together); omit for other accounts',
        },
      ),
    ),
    currency: described(Currency, 'ISO 4217 currency code of the account, e.g. GBP'),
    name: described(OptionalText, "the account's name at the bank; null when not given"),
    nickname: described(OptionalText, 'the name the customer gave the account; null when not given'),
    identification: described(
      OptionalText,
      "the account's identifier in its scheme (e.g. sort code and number, or an IBAN); null when not given",
    ),
    secondary_identification: described(OptionalText, 'a building society roll number or similar; null when none'),
    type: described(
      Type.Union([Type.Literal('Personal'), Type.Literal('Business')]),
      'Personal or Business (accounts); the balance type, e.g. ClosingBooked, InterimAvailable (balances)',
    ),
    sub_type: described(literals(ACCOUNT_SUB_TYPES), 'the kind of account, e.g. CurrentAccount, Savings, CreditCard'),
    scheme_name: Type.Optional(
      described(
        Type.String({ minLength: 1, maxLength: 100, default: 'UK.OBIE.SortCodeAccountNumber' }),
        'the scheme of identification, e.g. UK.OBIE.SortCodeAccountNumber or UK.OBIE.IBAN',
      ),
    ),
    is_authorized: Type.Optional(
      described(Type.Boolean(), "whether the customer's authorisation to read the account is in force"),
    ),
  },
  { additionalProperties: false },
);

export const AccountCollectionBody = Type.Object(
  {
    accounts: Type.Array(SubmittedAccount, {
      minItems: 1,
      maxItems: 1000,
      description:
        'the accounts to store (1 to 1 000); an account already stored (same bank_slug and number) is updated',
    }),
  },
  { additionalProperties: false },
);

const Account = Type.Object({
  id: Type.String({ description: "the service's id of the account: use it in the account paths" }),
  currency: Type.String({ description: 'ISO 4217 currency code of the account, e.g. GBP' }),
  name: described(Type.Union([Type.String(), Type.Null()]), "the account's name at the bank; null when not given"),
  is_authorized: Type.Boolean({ description: "whether the customer's authorisation to read the account is in force" }),
  nickname: described(
    Type.Union([Type.String(), Type.Null()]),
    'the name the customer gave the account; null when not given',
  ),
  identification: described(
    Type.Union([Type.String(), Type.Null()]),
    "the account's identifier in its scheme (e.g. sort code and number, or an IBAN); null when not given",
  ),
  secondary_identification: described(
    Type.Union([Type.String(), Type.Null()]),
    'a building society roll number or similar; null when none',
  ),
  bank_slug: Type.String({ description: 'the bank holding the account (GET /public/v3/banks)' }),
  type: Type.String({
    description: 'Personal or Business (accounts); the balance type, e.g. ClosingBooked, InterimAvailable (balances)',
  }),
  sub_type: Type.String({ description: 'the kind of account, e.g. CurrentAccount, Savings, CreditCard' }),
  number: Type.String({
    description:
      'the account number at the bank (up to 34 letters and digits); with bank_slug it identifies the account',
  }),
  sort_code_and_account_number: Type.Union(
    [
      Type.Object({
        sort_code: Type.String({ description: 'six-digit UK sort code' }),
        account_number: Type.String({ description: "the account's number; with bank_slug it names the account" }),
      }),
      Type.Null(),
    ],
    { description: "a UK account's sort code and account number apart; null when not known (or not a UK account)" },
  ),
  scheme_name: Type.String({
    description: 'the scheme of identification, e.g. UK.OBIE.SortCodeAccountNumber or UK.OBIE.IBAN',
  }),
});

export const AccountList = Type.Object({
  data: Type.Array(Account, { description: "the customer's accounts (after a submission: every account it stored)" }),
});

const SubmittedBalance = Type.Object(
  {
    bank_slug: Type.String({
      description: 'the bank holding the account (GET /public/v3/banks)',
      minLength: 1,
      maxLength: 100,
    }),
    account_number: Type.String({
      description: "the account's number; with bank_slug it names the account",
      minLength: 1,
      maxLength: 34,
    }),
    type: described(
      literals(BALANCE_TYPES),
      'Personal or Business (accounts); the balance type, e.g. ClosingBooked, InterimAvailable (balances)',
    ),
    amount: described(NumericInput, 'the balance: negative when overdrawn'),
    currency: described(Currency, 'ISO 4217 currency code of the account, e.g. GBP'),
    date_time: described(IntegerInput, 'Unix seconds the balance applies to'),
  },
  { additionalProperties: false },
);

export const BalanceCollectionBody = Type.Object(
  {
    balances: Type.Array(SubmittedBalance, {
      minItems: 1,
      maxItems: 10_000,
      description:
        'the balances to store (1 to 10 000), each for an account already submitted; one per account, type and London day',
    }),
  },
  { additionalProperties: false },
);

export const Balance = Type.Object({
  account_id: Type.String({ description: "the account's id" }),
  type: Type.String({
    description: 'Personal or Business (accounts); the balance type, e.g. ClosingBooked, InterimAvailable (balances)',
  }),
  date: Type.String({ description: 'YYYY-MM-DD, Europe/London' }),
  amount: Type.Number({ description: 'the balance: negative when overdrawn' }),
  currency: Type.String({ description: 'ISO 4217 currency code of the account, e.g. GBP' }),
  date_time: Type.Integer({ description: 'Unix seconds the balance applies to' }),
});
