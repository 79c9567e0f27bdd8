/**
 * Account parties (spec: Account party) for the persona's accounts: the holder, both holders of a joint
 * account, or the business. Contact details are safe by construction: example.com addresses and Ofcom's
 * drama-range mobile numbers (07700 900000–900999).
 */
import { itemAt } from '../lib/indexing.ts';
import type { AccountParty, PartyAddress, PersonaAccount } from './model.ts';
import type { Person, Town } from './places.ts';
import { hash53, rngFor } from './prng.ts';

export interface BusinessParty {
  name: string;
  legalName: string;
  structure: 'UK.OBIE.Sole' | 'UK.OBIE.PrivateLimitedCompany';
}

export interface PartySetup {
  people: Person[];
  town: Town;
  /** which people hold each account key (indexes into people); default: the first */
  holders: Record<string, number[]>;
  business?: BusinessParty;
}

const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

function address(seed: number, town: Town, kind: string): PartyAddress {
  const r = rngFor(seed, 'address', kind);
  const building = String(r.int(1, 180));
  const street = r.pick(town.streets);
  const outward = `${town.postcodeArea}${r.int(1, 17)}`;
  const inward = `${r.int(1, 9)}${INWARD_LETTERS[r.int(0, 19)]}${INWARD_LETTERS[r.int(0, 19)]}`;
  const townName = town.name
    .split(' ')
    .map((w) => w[0] + w.slice(1).toLowerCase())
    .join(' ');
  return {
    AddressType: kind,
    AddressLine: [`${building} ${street}`, townName],
    StreetName: street,
    BuildingNumber: building,
    PostCode: `${outward} ${inward}`,
    TownName: townName,
    Country: 'GB',
    CountrySubDivision: town.county,
  };
}

function contact(
  seed: number,
  key: string,
  emailName: string,
): { EmailAddress: string; Mobile: string; PartyNumber: string } {
  const r = rngFor(seed, 'contact', key);
  return {
    EmailAddress: `${emailName.toLowerCase().replace(/[^a-z0-9]+/g, '.')}${r.int(1, 99)}@example.com`,
    Mobile: `+447700900${String(r.int(0, 999)).padStart(3, '0')}`,
    PartyNumber: r.digits(8),
  };
}

export function buildParties(seed: number, setup: PartySetup, accounts: PersonaAccount[]): AccountParty[] {
  const home = address(seed, setup.town, 'Residential');
  const out: AccountParty[] = [];
  for (const acct of accounts) {
    const biz = setup.business;
    if (acct.type === 'Business' && biz && biz.structure === 'UK.OBIE.PrivateLimitedCompany') {
      out.push({
        AccountId: acct.id,
        PartyId: `PTY${hash53(biz.legalName, seed)}`,
        ...contact(seed, biz.legalName, biz.name),
        Name: biz.name,
        FullLegalName: biz.legalName,
        LegalStructure: biz.structure,
        PartyType: 'Sole',
        AccountRole: 'UK.OBIE.Principal',
        Address: [address(seed, setup.town, 'Business')],
      });
      continue;
    }
    const holders = setup.holders[acct.key] ?? [0];
    for (const i of holders) {
      const p = itemAt(setup.people, i);
      const full = `${p.first} ${p.middle} ${p.last}`;
      const soleTrader = acct.type === 'Business' && biz;
      out.push({
        AccountId: acct.id,
        PartyId: `PTY${hash53(full, seed)}`,
        ...contact(seed, full, `${p.first}.${p.last}`),
        Name: soleTrader ? `${p.first} ${p.last} T/A ${biz.name}` : `${p.title} ${p.first} ${p.last}`,
        FullLegalName: full,
        LegalStructure: soleTrader ? 'UK.OBIE.Sole' : 'UK.OBIE.Individual',
        PartyType: holders.length > 1 ? 'Joint' : 'Sole',
        AccountRole: 'UK.OBIE.Principal',
        Address: [soleTrader ? address(seed, setup.town, 'Business') : home],
      });
    }
  }
  return out;
}
