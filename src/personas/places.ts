/**
 * Where personas live: the town decides the council that bills council tax, the water company, the local
 * transport and the postcode. Council names are the billing authorities of mySociety's local authority names
 * (CC-BY-4.0; docs/decisions/0025-reference-data.md); the payee texts are the short forms councils use on direct debits.
 * Streets and people are invented; phone numbers are Ofcom's drama range (07700 900xxx) and e-mail domains
 * are example.com, so nothing generated reaches a real person.
 */

export interface Town {
  key: string;
  /** TownName in addresses and the merchant location banks print */
  name: string;
  county: string;
  postcodeArea: string;
  /** billing authority, as on gov.uk */
  council: string;
  /** how the council names itself on a council tax direct debit */
  councilTaxPayee: string;
  /** null in Scotland: Scottish Water charges are collected with council tax */
  water: string | null;
  areas: readonly string[];
  streets: readonly string[];
  /** local public transport merchants (descriptor, MCC) */
  transport: ReadonlyArray<readonly [string, string]>;
}

export type TownName =
  'leeds' | 'london' | 'manchester' | 'birmingham' | 'bristol' | 'cardiff' | 'glasgow' | 'newcastle';

export const TOWNS: Readonly<Record<TownName, Town>> = {
  leeds: {
    key: 'leeds',
    name: 'LEEDS',
    county: 'West Yorkshire',
    postcodeArea: 'LS',
    council: 'Leeds City Council',
    councilTaxPayee: 'LEEDS CC CTAX',
    water: 'YORKSHIRE WATER',
    areas: ['HEADINGLEY', 'ROUNDHAY', 'MORLEY', 'HORSFORTH', 'KIRKSTALL'],
    streets: ['Cardigan Road', 'Otley Road', 'Harehills Lane', 'Kirkstall Lane', 'Street Lane'],
    transport: [
      ['FIRST WEST YORKSHIRE', '4131'],
      ['NORTHERN TRAINS', '4112'],
    ],
  },
  london: {
    key: 'london',
    name: 'LONDON',
    county: 'Greater London',
    postcodeArea: 'NW',
    council: 'London Borough of Camden',
    councilTaxPayee: 'LB CAMDEN CTAX',
    water: 'THAMES WATER',
    areas: ['KENTISH TOWN', 'CAMDEN TOWN', 'KILBURN', 'HOLBORN'],
    streets: ['Leighton Road', 'Falkland Road', 'Agar Grove', 'Belsize Road', 'Fortess Road'],
    transport: [
      ['TFL TRAVEL CH', '4111'],
      ['TFL.GOV.UK/CP', '4111'],
    ],
  },
  manchester: {
    key: 'manchester',
    name: 'MANCHESTER',
    county: 'Greater Manchester',
    postcodeArea: 'M',
    council: 'Manchester City Council',
    councilTaxPayee: 'MANCHESTER CC CT',
    water: 'UNITED UTILITIES',
    areas: ['DIDSBURY', 'CHORLTON', 'LEVENSHULME', 'WITHINGTON'],
    streets: ['Burton Road', 'Barlow Moor Road', 'Stockport Road', 'Wilbraham Road'],
    transport: [
      ['BEE NETWORK', '4131'],
      ['METROLINK', '4111'],
    ],
  },
  birmingham: {
    key: 'birmingham',
    name: 'BIRMINGHAM',
    county: 'West Midlands',
    postcodeArea: 'B',
    council: 'Birmingham City Council',
    councilTaxPayee: 'BIRMINGHAM CITY COUNCIL',
    water: 'SEVERN TRENT WATER',
    areas: ['MOSELEY', 'ERDINGTON', 'SELLY OAK', 'HARBORNE'],
    streets: ['Alcester Road', 'Gravelly Hill', 'Bristol Road', 'War Lane'],
    transport: [
      ['NATIONAL EXPRESS WM', '4131'],
      ['WEST MIDLANDS METRO', '4111'],
    ],
  },
  bristol: {
    key: 'bristol',
    name: 'BRISTOL',
    county: 'City of Bristol',
    postcodeArea: 'BS',
    council: 'Bristol City Council',
    councilTaxPayee: 'BRISTOL CITY COUNCIL',
    water: 'BRISTOL WATER',
    areas: ['BEDMINSTER', 'BISHOPSTON', 'FISHPONDS', 'CLIFTON'],
    streets: ['North Street', 'Gloucester Road', 'Fishponds Road', 'Whiteladies Road'],
    transport: [
      ['FIRST BUS BRISTOL', '4131'],
      ['GWR', '4112'],
    ],
  },
  cardiff: {
    key: 'cardiff',
    name: 'CARDIFF',
    county: 'Cardiff',
    postcodeArea: 'CF',
    council: 'Cardiff Council',
    councilTaxPayee: 'CARDIFF COUNCIL TAX',
    water: 'DWR CYMRU WELSH WATER',
    areas: ['CANTON', 'ROATH', 'LLANDAFF', 'CATHAYS'],
    streets: ['Cowbridge Road East', 'Albany Road', 'Cathedral Road', 'Crwys Road'],
    transport: [
      ['CARDIFF BUS', '4131'],
      ['TRC TRAINS', '4112'],
    ],
  },
  glasgow: {
    key: 'glasgow',
    name: 'GLASGOW',
    county: 'Glasgow City',
    postcodeArea: 'G',
    council: 'Glasgow City Council',
    councilTaxPayee: 'GLASGOW CITY COUNCIL',
    water: null,
    areas: ['PARTICK', 'SHAWLANDS', 'DENNISTOUN', 'HYNDLAND'],
    streets: ['Dumbarton Road', 'Pollokshaws Road', 'Duke Street', 'Byres Road'],
    transport: [
      ['FIRST GLASGOW', '4131'],
      ['SPT SUBWAY', '4111'],
    ],
  },
  newcastle: {
    key: 'newcastle',
    name: 'NEWCASTLE UPON TYNE',
    county: 'Tyne and Wear',
    postcodeArea: 'NE',
    council: 'Newcastle City Council',
    councilTaxPayee: 'NEWCASTLE CC CTAX',
    water: 'NORTHUMBRIAN WATER',
    areas: ['JESMOND', 'HEATON', 'GOSFORTH', 'BYKER'],
    streets: ['Osborne Road', 'Chillingham Road', 'Gosforth High Street', 'Shields Road'],
    transport: [
      ['NEXUS METRO', '4111'],
      ['GO NORTH EAST', '4131'],
    ],
  },
};

/** How a card statement shows the town: some towns are long, acquirers cut them to 13 characters. */
export function merchantTown(town: Town): string {
  return town.name.length > 13 ? town.name.slice(0, 13).trimEnd() : town.name;
}

export interface Person {
  title: string;
  first: string;
  middle: string;
  last: string;
}

export const FIRST_NAMES = [
  'James',
  'Sarah',
  'Mohammed',
  'Emma',
  'Daniel',
  'Aisha',
  'Thomas',
  'Chloe',
  'Ryan',
  'Priya',
  'Liam',
  'Hannah',
  'Connor',
  'Amira',
  'Jack',
  'Sophie',
  'Kwame',
  'Megan',
  'Owen',
  'Zara',
] as const;
export const MIDDLE_NAMES = [
  'Andrew',
  'Louise',
  'David',
  'Marie',
  'John',
  'Grace',
  'Ali',
  'Rose',
  'Lee',
  'Anne',
] as const;
export const SURNAMES = [
  'Whitfield',
  'Okafor',
  'Hartley',
  'Kaur',
  'Brennan',
  'Hussain',
  'Pemberton',
  'Nowak',
  'Fairclough',
  'Mensah',
  'Ashworth',
  'Rahman',
  'Thornton',
  'Doherty',
  'Lindqvist',
  'Sutcliffe',
] as const;
