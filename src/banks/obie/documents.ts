/**
 * OBIE statements and parties → the interface spec's shapes (spec: Statement, Account party). The spec names the
 * nested statement members in the plural and flattens each amount into Amount + Currency strings; a party's
 * relationship carries Id. Pure.
 */
import { obj, optArr, optObj, optStr, str, unsignedAmount, type Json } from './read.ts';

const copyStr = (out: Json, from: Json, names: string[], at: string) => {
  for (const n of names) {
    const v = optStr(from[n], `${at}/${n}`);
    if (v !== null) out[n] = v;
  }
};

/** A numeric string of the standard ("1.25") as the spec's double; anything else is left out. */
function rate(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return undefined;
}

/** Checked, then kept as the bank wrote it ("0.00" stays "0.00": statements are documents). */
function money(m: Json | null, at: string): { Amount?: string; Currency?: string } {
  if (!m) return {};
  unsignedAmount(m.Amount, `${at}/Amount`);
  return { Amount: str(m.Amount, `${at}/Amount`), Currency: str(m.Currency, `${at}/Currency`) };
}

function feeOrInterest(x: Json, at: string): Json {
  const out: Json = {};
  const description = optStr(x.Description, `${at}/Description`);
  if (description !== null) out.Description = [description];
  copyStr(out, x, ['CreditDebitIndicator', 'Type', 'RateType', 'Frequency'], at);
  const r = rate(x.Rate);
  if (r !== undefined) out.Rate = r;
  return { ...out, ...money(optObj(x.Amount, `${at}/Amount`), `${at}/Amount`) };
}

export function toSpecStatement(s: Json, at: string): Json {
  const out: Json = {};
  copyStr(
    out,
    s,
    ['AccountId', 'StatementId', 'StatementReference', 'Type', 'StartDateTime', 'EndDateTime', 'CreationDateTime'],
    at,
  );
  if (out.StatementId === undefined) out.StatementId = `${out.StartDateTime ?? ''}/${out.EndDateTime ?? ''}`;
  const list = (name: string) => optArr(s[name], `${at}/${name}`).map((x, i) => obj(x, `${at}/${name}/${i}`));
  if (s.StatementDescription !== undefined)
    out.StatementDescription = optArr(s.StatementDescription, `${at}/StatementDescription`).map(String);
  if (s.StatementFee !== undefined)
    out.StatementFee = list('StatementFee').map((x, i) => feeOrInterest(x, `${at}/StatementFee/${i}`));
  if (s.StatementInterest !== undefined)
    out.StatementInterest = list('StatementInterest').map((x, i) => feeOrInterest(x, `${at}/StatementInterest/${i}`));
  if (s.StatementAmount !== undefined) {
    out.StatementAmounts = list('StatementAmount').map((x, i) => {
      const o: Json = {};
      copyStr(o, x, ['CreditDebitIndicator', 'Type'], `${at}/StatementAmount/${i}`);
      return {
        ...o,
        ...money(optObj(x.Amount, `${at}/StatementAmount/${i}/Amount`), `${at}/StatementAmount/${i}/Amount`),
      };
    });
  }
  if (s.StatementBenefit !== undefined) {
    out.StatementBenefits = list('StatementBenefit').map((x, i) => {
      const o: Json = {};
      copyStr(o, x, ['Type'], `${at}/StatementBenefit/${i}`);
      return {
        ...o,
        ...money(optObj(x.Amount, `${at}/StatementBenefit/${i}/Amount`), `${at}/StatementBenefit/${i}/Amount`),
      };
    });
  }
  if (s.StatementDateTime !== undefined) {
    out.StatementDateTimes = list('StatementDateTime').map((x, i) => {
      const o: Json = {};
      copyStr(o, x, ['Type', 'DateTime'], `${at}/StatementDateTime/${i}`);
      return o;
    });
  }
  if (s.StatementRate !== undefined)
    out.StatementRate = list('StatementRate').map((x, i) => ({
      ...pick(x, ['Type'], `${at}/StatementRate/${i}`),
      ...optional('Rate', rate(x.Rate)),
    }));
  if (s.StatementValue !== undefined)
    out.StatementValue = list('StatementValue').map((x, i) => ({
      ...pick(x, ['Type'], `${at}/StatementValue/${i}`),
      ...optional('Value', rate(x.Value)),
    }));
  return out;
}

function pick(x: Json, names: string[], at: string): Json {
  const o: Json = {};
  copyStr(o, x, names, at);
  return o;
}

function optional(name: string, v: number | undefined): Json {
  return v === undefined ? {} : { [name]: v };
}

export function toSpecParty(p: Json, at: string): Json {
  const out: Json = { PartyId: str(p.PartyId, `${at}/PartyId`) };
  copyStr(
    out,
    p,
    [
      'AccountId',
      'PartyNumber',
      'PartyType',
      'Name',
      'FullLegalName',
      'LegalStructure',
      'EmailAddress',
      'Phone',
      'Mobile',
    ],
    at,
  );
  if (typeof p.BeneficialOwnership === 'boolean') out.BeneficialOwnership = p.BeneficialOwnership;
  // Required by the interface spec, optional in the standard: a bank that leaves it out does not tell the role.
  out.AccountRole = optStr(p.AccountRole, `${at}/AccountRole`) ?? 'Unknown';
  const rel = optObj(p.Relationships, `${at}/Relationships`);
  const account = rel ? optObj(rel.Account, `${at}/Relationships/Account`) : null;
  if (account)
    out.Relationships = {
      Account: {
        Related: str(account.Related, `${at}/Relationships/Account/Related`),
        Id: str(account.Id ?? account.ID, `${at}/Relationships/Account/Id`),
      },
    };
  if (p.Address !== undefined) {
    out.Address = optArr(p.Address, `${at}/Address`).map((a, i) => {
      const addr = obj(a, `${at}/Address/${i}`);
      const o: Json = {};
      copyStr(
        o,
        addr,
        ['AddressType', 'StreetName', 'BuildingNumber', 'PostCode', 'TownName', 'CountrySubDivision', 'Country'],
        `${at}/Address/${i}`,
      );
      o.AddressLine = optArr(addr.AddressLine, `${at}/Address/${i}/AddressLine`).map(String);
      return o;
    });
  }
  return out;
}
