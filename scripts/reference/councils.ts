/**
 * Council-tax billing authorities from mySociety's local-authority register. Council tax is billed by the
 * lower-tier or unitary authority (the source README), so only those are kept, current and former (older
 * histories still name councils merged since 2019). Each council has "full" names that can match alone
 * ("LEEDS CITY COUNCIL", "LONDON BOROUGH OF CAMDEN") and "bare" names ("LEEDS", "CAMDEN") that the classifier
 * accepts only beside a council word (COUNCIL, CTAX, LBC, ...): a bare place name alone is not a council.
 * `places` (every authority's short name) lets the normaliser drop a card terminal's town ("... LEEDS GB").
 */
import { normalizeName } from '../../src/analytics/classify/normalize-name.ts';
import { field } from './csv.ts';

const FULL = /(^|\s)(COUNCIL|BOROUGH|DISTRICT|CORPORATION)(\s|$)|^CITY OF\s|^(CITY AND COUNTY|COUNTY) OF\s/;
/**
 * An official name of the form "City and County of Swansea Council": the name without
 * "COUNCIL" is the authority's own legal name, and direct debits print it alone ("CITY AND COUNTY OF SWANSEA").
 */
const OF_NAME_COUNCIL = /^((?:CITY AND COUNTY|COUNTY) OF .+) COUNCIL$/;
// Mis-encoded characters in the source's alternative names (e.g. "Sir Ynys M\uFFFDn").
const BROKEN = /\uFFFD|ï¿½/;

export interface CouncilTable {
  /** [display name, full names, bare names] */
  councils: [string, string[], string[]][];
  places: string[];
}

export function buildCouncils(authorities: Record<string, string>[], lookup: Record<string, string>[]): CouncilTable {
  const variants = new Map<string, string[]>();
  for (const row of lookup) {
    const code = field(row, 'local-authority-code');
    const list = variants.get(code) ?? [];
    list.push(field(row, 'la-name'));
    variants.set(code, list);
  }
  const councils: CouncilTable['councils'] = [];
  const places = new Set<string>(['LONDON']);
  for (const row of authorities) {
    const nice = normalizeName(field(row, 'nice-name'));
    if (nice.split(' ').length <= 2) places.add(nice);
    if (field(row, 'lower-or-unitary') !== 'True') continue;
    const official = field(row, 'official-name');
    const names = [
      official,
      field(row, 'nice-name'),
      ...field(row, 'alt-names').split(','),
      ...(variants.get(field(row, 'local-authority-code')) ?? []),
    ];
    const full = new Set<string>();
    const bare = new Set<string>();
    for (const name of names) {
      if (name.trim() === '' || BROKEN.test(name)) continue;
      const normalised = normalizeName(name);
      if (normalised.length < 3) continue;
      (FULL.test(normalised) ? full : bare).add(normalised);
      const stem = OF_NAME_COUNCIL.exec(normalised)?.[1];
      if (stem !== undefined) full.add(stem);
    }
    councils.push([official, [...full].sort(), [...bare].sort()]);
  }
  councils.sort((a, b) => a[0].localeCompare(b[0]));
  return { councils, places: [...places].sort() };
}
