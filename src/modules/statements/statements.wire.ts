/**
 * Endpoints 13 and 14 in the spec's PascalCase shapes, and the mapping that guarantees them: the seven nested
 * statement members are arrays, StatementValue carries Value (not Rate), relationships carry Id (not ID),
 * a party address's AddressLine is an array of strings.
 */
import { Type, type Static } from 'typebox';

const S = Type.Optional(Type.String());
const Fee = Type.Object({
  Description: Type.Optional(Type.Array(Type.String())),
  CreditDebitIndicator: S,
  Type: S,
  Rate: Type.Optional(Type.Number()),
  RateType: S,
  Frequency: S,
  Amount: S,
  Currency: S,
});

export const Statement = Type.Object({
  AccountId: Type.String(),
  StatementId: Type.String(),
  StatementReference: S,
  Type: S,
  StartDateTime: S,
  EndDateTime: S,
  CreationDateTime: S,
  StatementDescription: Type.Optional(Type.Array(Type.String())),
  StatementFee: Type.Optional(Type.Array(Fee)),
  StatementInterest: Type.Optional(Type.Array(Fee)),
  StatementRate: Type.Optional(Type.Array(Type.Object({ Type: S, Rate: Type.Optional(Type.Number()) }))),
  StatementValue: Type.Optional(Type.Array(Type.Object({ Type: S, Value: Type.Optional(Type.Number()) }))),
  StatementDateTimes: Type.Optional(Type.Array(Type.Object({ Type: S, DateTime: S }))),
  StatementAmounts: Type.Optional(
    Type.Array(Type.Object({ CreditDebitIndicator: S, Type: S, Amount: S, Currency: S })),
  ),
  StatementBenefits: Type.Optional(Type.Array(Type.Object({ Type: S, Amount: S, Currency: S }))),
});

export const AccountParty = Type.Object({
  AccountId: Type.String(),
  PartyId: Type.String(),
  Name: S,
  FullLegalName: S,
  LegalStructure: S,
  PartyType: S,
  PartyNumber: S,
  EmailAddress: S,
  Phone: S,
  Mobile: S,
  BeneficialOwnership: Type.Optional(Type.Boolean()),
  AccountRole: Type.String(),
  Relationships: Type.Optional(Type.Object({ Account: Type.Object({ Related: Type.String(), Id: Type.String() }) })),
  Address: Type.Optional(
    Type.Array(
      Type.Object({
        AddressType: S,
        AddressLine: Type.Optional(Type.Array(Type.String())),
        StreetName: S,
        BuildingNumber: S,
        PostCode: S,
        TownName: S,
        Country: S,
        CountrySubDivision: S,
      }),
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
