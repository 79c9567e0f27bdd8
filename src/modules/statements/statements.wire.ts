/**
 * Endpoints 13 and 14 in the spec's PascalCase shapes, and the mapping that guarantees them: the seven nested
 * statement members are arrays, StatementValue carries Value (not Rate), relationships carry Id (not ID),
 * a party address's AddressLine is an array of strings.
 */
import { described } from '../../http/wire.ts';
import { Type, type Static } from 'typebox';

const S = Type.Optional(Type.String());
const Fee = Type.Object({
  Description: Type.Optional(described(Type.Array(Type.String()), "the bank's words about the fee")),
  CreditDebitIndicator: described(S, 'Credit or Debit'),
  Type: described(S, 'the Open Banking code of the kind (e.g. UK.OBIE.Regular for a statement)'),
  Rate: Type.Optional(described(Type.Number(), 'a rate, in percent')),
  RateType: described(S, 'the kind of rate'),
  Frequency: described(S, 'how often it applies'),
  Amount: described(S, 'amount as a decimal string, as the bank gives it'),
  Currency: described(S, 'ISO 4217 currency code'),
});

export const Statement = Type.Object({
  AccountId: described(Type.String(), "the account's id at the bank"),
  StatementId: described(Type.String(), "the statement's id at the bank"),
  StatementReference: described(S, "the statement's reference"),
  Type: described(S, 'the Open Banking code of the kind (e.g. UK.OBIE.Regular for a statement)'),
  StartDateTime: described(S, 'start of the period, ISO 8601'),
  EndDateTime: described(S, 'end of the period, ISO 8601'),
  CreationDateTime: described(S, 'when the bank made the statement, ISO 8601'),
  StatementDescription: Type.Optional(described(Type.Array(Type.String()), "the bank's words about the statement")),
  StatementFee: Type.Optional(described(Type.Array(Fee), 'fees charged in the period')),
  StatementInterest: Type.Optional(described(Type.Array(Fee), 'interest in the period')),
  StatementRate: Type.Optional(
    described(
      Type.Array(
        Type.Object({
          Type: described(S, 'the Open Banking code of the rate (e.g. UK.OBIE.AnnualPurchaseRate)'),
          Rate: Type.Optional(described(Type.Number(), 'the rate, in percent (19.9 is 19.9 %)')),
        }),
      ),
      'rates that applied',
    ),
  ),
  StatementValue: Type.Optional(
    described(
      Type.Array(
        Type.Object({
          Type: described(S, 'the Open Banking code of the value (e.g. UK.OBIE.AirMilesPoints)'),
          Value: Type.Optional(described(Type.Number(), 'the value, a count in the unit its Type names (not money)')),
        }),
      ),
      'other values the bank reports',
    ),
  ),
  StatementDateTimes: Type.Optional(
    described(
      Type.Array(
        Type.Object({
          Type: described(S, 'the Open Banking code of the date (e.g. UK.OBIE.PaymentDue)'),
          DateTime: described(S, 'the date and time, ISO 8601 with its offset, as the bank gives it'),
        }),
      ),
      'dates the bank reports (e.g. the payment due date)',
    ),
  ),
  StatementAmounts: Type.Optional(
    described(
      Type.Array(
        Type.Object({
          CreditDebitIndicator: described(S, "Credit (in the customer's favour) or Debit (owed by the customer)"),
          Type: described(
            S,
            'the Open Banking code of the amount (e.g. UK.OBIE.ClosingBalance, UK.OBIE.MinimumPaymentDue)',
          ),
          Amount: described(
            S,
            "the amount as a decimal string in the currency's main unit (pounds, not pence), unsigned: CreditDebitIndicator gives the sign",
          ),
          Currency: described(S, 'ISO 4217 currency code'),
        }),
      ),
      'amounts of the statement: balances, payments due, credit limit',
    ),
  ),
  StatementBenefits: Type.Optional(
    described(
      Type.Array(
        Type.Object({
          Type: described(S, 'the Open Banking code of the benefit (e.g. UK.OBIE.Cashback)'),
          Amount: described(S, "the amount as a decimal string in the currency's main unit (pounds, not pence)"),
          Currency: described(S, 'ISO 4217 currency code'),
        }),
      ),
      'benefits (e.g. cashback)',
    ),
  ),
});

export const AccountParty = Type.Object({
  AccountId: described(Type.String(), "the account's id at the bank"),
  PartyId: described(Type.String(), "the party's id at the bank"),
  Name: described(S, "the party's name"),
  FullLegalName: described(S, 'full legal name'),
  LegalStructure: described(S, 'the legal structure of a business party'),
  PartyType: described(S, 'Sole, Joint or Delegate'),
  PartyNumber: described(S, "the party's number at the bank"),
  EmailAddress: described(S, 'email address'),
  Phone: described(S, 'phone number'),
  Mobile: described(S, 'mobile number'),
  BeneficialOwnership: Type.Optional(described(Type.Boolean(), 'whether the party is a beneficial owner')),
  AccountRole: described(Type.String(), "the party's role on the account (e.g. UK.OBIE.Principal)"),
  Relationships: Type.Optional(
    described(
      Type.Object({
        Account: described(
          Type.Object({
            Related: described(Type.String(), "the bank's address of the account resource"),
            Id: described(Type.String(), "the account's id at the bank"),
          }),
          'the account the party belongs to',
        ),
      }),
      'links to related resources',
    ),
  ),
  Address: Type.Optional(
    described(
      Type.Array(
        Type.Object({
          AddressType: described(S, 'the kind of address (e.g. Residential)'),
          AddressLine: Type.Optional(described(Type.Array(Type.String()), 'address lines')),
          StreetName: described(S, 'street'),
          BuildingNumber: described(S, 'building number'),
          PostCode: described(S, 'postcode'),
          TownName: described(S, 'town'),
          Country: described(S, 'ISO 3166-1 country code'),
          CountrySubDivision: described(S, 'county or region'),
        }),
      ),
      "the party's addresses, as the bank gives them",
    ),
  ),
});

const NESTED = [
  'StatementFee',
  'StatementInterest',
  'StatementRate',
  'StatementValue',
  'StatementDateTimes',
  'StatementAmounts',
  'StatementBenefits',
] as const;

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

/** A stored statement → the wire shape. */
export function toStatementWire(body: Record<string, unknown>): Static<typeof Statement> {
  const out: Record<string, unknown> = { ...body };
  for (const member of NESTED) if (member in body) out[member] = asArray(body[member]);
  if (Array.isArray(out.StatementValue)) {
    out.StatementValue = (out.StatementValue as Array<Record<string, unknown>>).map(({ Rate, ...rest }) => ({
      ...rest,
      Value: rest.Value ?? toNumber(Rate),
    }));
  }
  if ('StatementDescription' in body) out.StatementDescription = asArray(body.StatementDescription).map(String);
  return out as Static<typeof Statement>;
}

/** A stored party → the wire shape. */
export function toPartyWire(body: Record<string, unknown>): Static<typeof AccountParty> {
  const out: Record<string, unknown> = { ...body };
  const rel = body.Relationships as { Account?: Record<string, unknown> } | undefined;
  if (rel?.Account) {
    const { ID, ...account } = rel.Account;
    out.Relationships = { Account: { ...account, Id: account.Id ?? ID } };
  }
  if ('Address' in body) {
    out.Address = asArray(body.Address).map((a) => {
      const addr = a as Record<string, unknown>;
      return 'AddressLine' in addr ? { ...addr, AddressLine: asArray(addr.AddressLine).map(String) } : addr;
    });
  }
  return out as Static<typeof AccountParty>;
}

function toNumber(v: unknown): number | undefined {
  if (v === undefined || v === null) return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}
