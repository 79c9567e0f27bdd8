/** Wire shapes of accounts (spec: Account) and submitted balances (OBIE balance types). */
import { Type } from 'typebox';
import { IntegerInput, NumericInput } from '../../http/wire.ts';

export const ACCOUNT_SUB_TYPES = [
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

export const SubmittedAccount = Type.Object(
  {
    bank_slug: Type.String({ minLength: 1, maxLength: 100 }),
    number: Type.String({
      pattern: '^[A-Za-z0-9]{1,34}$',
      description: 'full account number: sort code + account number for UK accounts',
    }),
    sort_code_and_account_number: Type.Optional(
      Type.Object(
        { sort_code: Type.String({ pattern: '^\\d{6}$' }), account_number: Type.String({ pattern: '^\\d{8}$' }) },
        { additionalProperties: false },
      ),
    ),
    currency: Currency,
    name: OptionalText,
    nickname: OptionalText,
    identification: OptionalText,
    secondary_identification: OptionalText,
    type: Type.Union([Type.Literal('Personal'), Type.Literal('Business')]),
    sub_type: literals(ACCOUNT_SUB_TYPES),
    scheme_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, default: 'UK.OBIE.SortCodeAccountNumber' })),
    is_authorized: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const AccountCollectionBody = Type.Object(
  { accounts: Type.Array(SubmittedAccount, { minItems: 1, maxItems: 1000 }) },
  { additionalProperties: false },
);

export const Account = Type.Object({
  id: Type.String(),
  currency: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  is_authorized: Type.Boolean(),
  nickname: Type.Union([Type.String(), Type.Null()]),
  identification: Type.Union([Type.String(), Type.Null()]),
  secondary_identification: Type.Union([Type.String(), Type.Null()]),
  bank_slug: Type.String(),
  type: Type.String(),
  sub_type: Type.String(),
  number: Type.String(),
  sort_code_and_account_number: Type.Union([
    Type.Object({ sort_code: Type.String(), account_number: Type.String() }),
    Type.Null(),
  ]),
  scheme_name: Type.String(),
});

export const AccountList = Type.Object({ data: Type.Array(Account) });

export const SubmittedBalance = Type.Object(
  {
    bank_slug: Type.String({ minLength: 1, maxLength: 100 }),
    account_number: Type.String({ minLength: 1, maxLength: 34 }),
    type: literals(BALANCE_TYPES),
    amount: NumericInput,
    currency: Currency,
    date_time: IntegerInput,
  },
  { additionalProperties: false },
);

export const BalanceCollectionBody = Type.Object(
  { balances: Type.Array(SubmittedBalance, { minItems: 1, maxItems: 10_000 }) },
  { additionalProperties: false },
);

export const Balance = Type.Object({
  account_id: Type.String(),
  type: Type.String(),
  date: Type.String({ description: 'YYYY-MM-DD, Europe/London' }),
  amount: Type.Number(),
  currency: Type.String(),
  date_time: Type.Integer(),
});
