/**
 * The knowledge lists (reference/knowledge/*.json) at work: a sample of each list, as the payee prints on a
 * statement, lands in its category.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyTransaction } from './classify.ts';
import { aTransaction } from '../../../test/helpers/analytics-builders.ts';

function category(description: string, amount: number): string {
  return classifyTransaction(aTransaction({ description, amount, type: 'DirectDebit' }), 'Personal').categoryId;
}

const lists: [string, string, number, string[]][] = [
  [
    'payday and other high-cost short-term lenders',
    'payday_loan_repayments',
    -120,
    [
      'SAFETYNET CREDIT',
      'LOANS 2 GO',
      'CASHLADY',
      'QUIDMARKET',
      'MYJAR',
      '118 118 MONEY',
      'OAKAM',
      'LENDING STREAM',
      'DRAFTY',
      'FERNOVO',
      'MONEYBOAT',
      'SALAD MONEY',
      'FAIR FINANCE',
      'CREDITSPRING',
      'BAMBOO LOANS',
      'EVERYDAY LOANS',
      'LIKELY LOANS',
      'PROVIDENT PERSONAL CREDIT',
      'MORSES CLUB',
      'LOANS AT HOME',
      'GEORGE BANCO',
      'BRIGHTHOUSE',
    ],
  ],
  ['mainstream lenders', 'loan_repayments', -200, ['ZOPA BANK', 'LENDABLE', 'KOYO LOANS', 'NOVUNA']],
  ['buy now pay later', 'bnpl', -30, ['KLARNA', 'CLEARPAY', 'ZILCH', 'PAYPAL PAY IN 3', 'SPLITIT']],
  [
    'debt collectors',
    'debt_collection',
    -25,
    [
      'LOWELL PORTFOLIO',
      'CABOT FINANCIAL',
      'INTRUM',
      'PRA GROUP',
      'ARROW GLOBAL',
      'HOIST FINANCE',
      'MOORCROFT',
      'LINK FINANCIAL',
      'CAPQUEST',
      'ROBINSON WAY',
      'OVERDALES',
      'MOTORMILE',
      'WESCOT',
      'MARSTON GROUP',
      'BRISTOW AND SUTOR',
      'EQUITA',
      'JACOBS ENFORCEMENT',
      'JBW GROUP',
    ],
  ],
  [
    'debt-management firms',
    'debt_management',
    -100,
    [
      'STEPCHANGE',
      'PAYPLAN',
      'NATIONAL DEBTLINE',
      'CREDITFIX',
      'HARRINGTON BROOKS',
      'HANOVER INSOLVENCY',
      'DEBT FREE DIRECT',
      'APERTURE DEBT',
      'GREGORY PENNINGTON',
      'THINK MONEY',
    ],
  ],
  [
    'online gambling',
    'gambling',
    -10,
    [
      'BET365',
      'SKY BET',
      'BETFAIR',
      'PADDY POWER',
      'WILLIAM HILL',
      'LADBROKES',
      'CORAL',
      'BETFRED',
      'BETWAY',
      '888 CASINO',
      'UNIBET',
      'TOMBOLA',
      'LOTTOLAND',
      'JACKPOTJOY',
      'MECCA BINGO',
      'GALA BINGO',
      'POKERSTARS',
      'BOYLESPORTS',
      'KWIFF',
      'VIRGIN BET',
      'FANTEAM',
      'MIDNITE',
      'GROSVENOR CASINOS',
      'BUZZ BINGO',
      'NATIONAL LOTTERY',
      'ALLWYN',
      'POSTCODE LOTTERY',
      'PADDY POWER GAMES',
    ],
  ],
  [
    'energy suppliers',
    'energy',
    -90,
    [
      'OCTOPUS ENERGY',
      'EON NEXT',
      'OVO ENERGY',
      'SO ENERGY',
      'OUTFOX THE MARKET',
      'FUSE ENERGY',
      'POWER NI',
      'CALOR GAS',
    ],
  ],
  [
    'water companies',
    'water',
    -35,
    [
      'AFFINITY WATER',
      'BRISTOL WATER',
      'CAMBRIDGE WATER',
      'DWR CYMRU WELSH WATER',
      'HAFREN DYFRDWY',
      'NORTHUMBRIAN WATER',
      'ESSEX AND SUFFOLK WATER',
      'PORTSMOUTH WATER',
      'SES WATER',
      'SOUTH EAST WATER',
      'SOUTH STAFFS WATER',
      'SOUTH WEST WATER',
      'SOUTHERN WATER',
      'WESSEX WATER',
      'YORKSHIRE WATER',
      'NI WATER',
    ],
  ],
  [
    'mortgage lenders',
    'mortgage',
    -800,
    ['KENSINGTON MORTGAGE', 'PRECISE MORTGAGES', 'BM SOLUTIONS', 'THE MORTGAGE WORKS', 'LANDMARK MORTGAGES', 'LANDBAY'],
  ],
  ['insurers', 'insurance', -30, ['ADMIRAL INSURANCE', 'DIRECT LINE', 'CO-OP INS', 'SIMPLYHEALTH', 'HASTINGS DIRECT']],
];

for (const [what, expected, amount, names] of lists) {
  describe(`knowledge › ${what}`, () => {
    for (const name of names) test(`${name} → ${expected}`, () => assert.equal(category(name, amount), expected));
  });
}

describe('knowledge › transport operators', () => {
  const names = [
    'METRO',
    'TYNE AND WEAR METRO',
    'METROLINK',
    'TFL TRAVEL CH',
    'NORTHERN TRAINS',
    'AVANTI WEST COAST',
    'LNER',
    'GWR',
    'CROSSCOUNTRY',
    'TRANSPENNINE EXPRESS',
    'SCOTRAIL',
    'TRANSPORT FOR WALES',
    'FIRST BUS',
    'STAGECOACH',
    'ARRIVA',
    'GO AHEAD',
    'NATIONAL EXPRESS',
    'MEGABUS',
    'TRAINLINE',
    'UBER TRIP',
    'BOLT RIDES',
    'FREENOW',
    'ADDISON LEE',
    'RINGGO',
    'PAYBYPHONE',
    'JUSTPARK',
    'NCP',
    'DART CHARGE',
  ];
  for (const name of names) {
    test(`${name} → transport`, () => {
      const result = classifyTransaction(
        aTransaction({ description: name, amount: -6, type: 'CardPayment' }),
        'Personal',
      );
      assert.equal(result.categoryId, 'transport');
    });
  }
});
