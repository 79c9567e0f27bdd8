/**
 * A realistic, seeded statement generator for the classifier benchmark: UK statement texts in the styles
 * of several banks (codes, store numbers, dates, masked cards, references, terminal locations), one customer
 * with a current account, a savings account and a credit card, and transfers between them.
 */
import type { EngineAccount, EngineTransaction } from '../src/analytics/types.ts';
import { itemAt } from '../src/lib/indexing.ts';

/** mulberry32: small, fast, good enough for test data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CARD_MERCHANTS = [
  'TESCO STORES',
  'SAINSBURYS S/MKT',
  'ASDA STORES',
  'WM MORRISONS',
  'ALDI',
  'LIDL GB',
  'CO-OP GROUP FOOD',
  'WAITROSE',
  'M&S SIMPLY FOOD',
  'ICELAND',
  'GREGGS',
  'COSTA COFFEE',
  'STARBUCKS',
  'PRET A MANGER',
  'MCDONALDS',
  'KFC',
  'NANDOS',
  'SUBWAY',
  'DOMINOS PIZZA',
  'JD WETHERSPOON',
  'SHELL',
  'BP CONNECT',
  'ESSO',
  'TESCO PFS',
  'TFL TRAVEL CH',
  'TRAINLINE',
  'UBER *TRIP',
  'RINGGO',
  'AMAZON.CO.UK*',
  'AMZNMKTPLACE',
  'ARGOS',
  'CURRYS',
  'PRIMARK',
  'NEXT RETAIL',
  'H&M',
  'ZARA UK',
  'TK MAXX',
  'B&Q',
  'IKEA',
  'SCREWFIX',
  'BOOTS',
  'SUPERDRUG',
  'SPECSAVERS',
  'NETFLIX.COM',
  'SPOTIFY P',
  'APPLE.COM/BILL',
  'GOOGLE *YOUTUBE',
  'PAYPAL *EBAY',
  'DELIVEROO',
  'JUST EAT',
  'UBER EATS',
  'PETS AT HOME',
  'ODEON CINEMAS',
  'PUREGYM',
  'PREMIER INN',
  'EASYJET',
  'RYANAIR',
  'BOOKING.COM',
  'SKY BET',
  'BET365',
  'PADDY POWER',
  'WILLIAM HILL',
  'NATIONAL LOTTERY',
  'KLARNA*ASOS',
  'CLEARPAY*SCHUH',
  'THE FRENCH TABLE',
  'BELLA PASTA',
  'JOES CAFE',
  'KINGS ARMS',
  'SQ *LOCAL BAKERY',
  'SUMUP *MARKET STALL',
  'IZ *FARM SHOP',
  'ROYAL OAK',
  'THE RED LION',
  'CORNER SHOP',
  'ABC NEWSAGENTS',
  'HAIR BY SAM',
  'PARK CAFE',
];
const TOWNS = [
  'LONDON',
  'LEEDS',
  'MANCHESTER',
  'BRISTOL',
  'SHEFFIELD',
  'CARDIFF',
  'GLASGOW',
  'STOCKWELL',
  'CROYDON',
  'BRIGHTON',
];
const DIRECT_DEBITS = [
  'BRITISH GAS',
  'OCTOPUS ENERGY',
  'EDF ENERGY',
  'E.ON NEXT',
  'THAMES WATER',
  'SEVERN TRENT',
  'VODAFONE LTD',
  'EE LIMITED',
  'SKY DIGITAL',
  'VIRGIN MEDIA',
  'BT GROUP PLC',
  'TV LICENCE MBP',
  'ADMIRAL INSURANCE',
  'DIRECT LINE',
  'AVIVA',
  'LEGAL & GENERAL',
  'LEEDS CITY COUNCIL',
  'LB CAMDEN CTAX',
  'BIRMINGHAM CITY COUNCIL',
  'NATIONWIDE MORTGAGE',
  'SANTANDER MORTGAGE',
  'BARCLAYCARD',
  'AMEX',
  'CAPITAL ONE',
  'VANQUIS BANK',
  'LENDING STREAM',
  'KLARNA',
  'PAYPAL PAY IN 3',
  'LOWELL PORTFOLIO',
  'CABOT FINANCIAL',
  'STEPCHANGE',
  'BLACK HORSE',
  'MOTONOVO FINANCE',
  'PUREGYM LTD',
  'NETFLIX',
  'NEST PENSIONS',
  'MONEYBOX',
  'HMRC NDDS',
  'DVLA VEHICLE TAX',
  'PETPLAN',
];
const CREDITS = [
  'ACME LTD SALARY',
  'BGC ACME LTD',
  'GLOBEX PAYROLL',
  'INITECH WAGES',
  'DWP UC',
  'DWP PIP',
  'CHB',
  'HMRC TC',
  'DWP STATE PENSION',
  'TEACHERS PENSIONS',
  'LENDING STREAM',
  'ZOPA BANK',
  'BET365',
  'AMAZON REFUND',
  'HMRC',
  'CMS COLLECT AND PAY',
  'INTEREST',
];
const PEOPLE = [
  'J SMITH',
  'A PATEL',
  'M JONES',
  'S WILLIAMS',
  'K BROWN',
  'R TAYLOR',
  'L DAVIES',
  'P EVANS',
  'D WILSON',
  'C THOMAS',
  'MUM',
  'DAD',
];
const BANK_TEXT = [
  'UNARRANGED OVERDRAFT FEE',
  'UNPAID DIRECT DEBIT',
  'OVERDRAFT INTEREST',
  'NON-STERLING TRANSACTION FEE',
  'MONTHLY ACCOUNT FEE',
];
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

export const benchAccounts: EngineAccount[] = [
  {
    id: 'cur',
    type: 'Personal',
    subType: 'CurrentAccount',
    currency: 'GBP',
    bankSlug: 'bank',
    accountNumber: '20000012345678',
  },
  {
    id: 'sav',
    type: 'Personal',
    subType: 'Savings',
    currency: 'GBP',
    bankSlug: 'bank',
    accountNumber: '20000087654321',
  },
  { id: 'cc', type: 'Personal', subType: 'CreditCard', currency: 'GBP', bankSlug: 'bank', accountNumber: '55554444' },
];

/** The seeded draws the generator makes, all from one stream (their order is the data). */
interface Draws {
  random: () => number;
  pick: <T>(list: readonly T[]) => T;
  /** `n` random digits */
  digits: (n: number) => string;
}

function draws(seed: number): Draws {
  const random = prng(seed);
  return {
    random,
    pick: (list) => itemAt(list, Math.floor(random() * list.length)),
    digits: (n) => String(Math.floor(random() * 10 ** n)).padStart(n, '0'),
  };
}

/** Appends one transaction (drawing its currency and submitted category). */
type Push = (
  accountId: string,
  amount: number,
  description: string,
  type: string | null,
  at: number,
  mcc?: string | null,
) => void;

/** `count` transactions over roughly two years, in booking order. */
export function generateTransactions(count: number, seed = 42): EngineTransaction[] {
  const d = draws(seed);
  const { random, pick, digits } = d;
  const start = 1_672_531_200; // 2023-01-01
  const step = (2 * 365 * 86_400) / count;
  const out: EngineTransaction[] = [];
  let id = 0;
  const push: Push = (accountId, amount, description, type, at, mcc = null) => {
    out.push({
      id: `t${id++}`,
      accountId,
      amount: Math.round(amount * 100) / 100,
      currency: random() < 0.01 ? 'EUR' : 'GBP',
      status: 'Booked',
      bookedAt: Math.floor(at),
      description,
      type,
      mcc,
      merchantName: null,
      submittedCategory: random() < 0.05 ? 'Groceries' : null,
      balance: null,
    });
  };
  while (out.length < count) {
    const at = start + out.length * step;
    const day = 1 + Math.floor(random() * 28);
    const month = pick(MONTHS);
    const roll = random();
    if (roll < 0.55) {
      cardPayment(d, push, at, day, month);
    } else if (roll < 0.7) {
      push('cur', -(10 + random() * 300), `DD ${pick(DIRECT_DEBITS)} REF ${digits(10)}`, 'DirectDebit', at);
    } else if (roll < 0.78) {
      push(
        'cur',
        50 + random() * 2500,
        random() < 0.5 ? pick(CREDITS) : `BGC ${pick(CREDITS)} ${digits(6)}`,
        'BankGiroCredit',
        at,
      );
    } else if (roll < 0.88) {
      fasterPayment(d, push, at, day, month);
    } else if (roll < 0.94) {
      ownTransfer(d, push, at);
    } else if (roll < 0.97) {
      push(
        'cur',
        -(10 * (1 + Math.floor(random() * 30))),
        random() < 0.5 ? `CASH WITHDRAWAL ${pick(TOWNS)}` : `CPT ${pick(CARD_MERCHANTS)} ${day}${month}`,
        'Cash',
        at,
      );
    } else {
      push('cur', -(random() * 25), `${pick(BANK_TEXT)} ${day} ${month}`, 'Charge', at);
    }
  }
  return out.slice(0, count);
}

/** A card payment (a few are refunds), its text in one of several banks' styles, sometimes with an MCC. */
function cardPayment({ random, pick, digits }: Draws, push: Push, at: number, day: number, month: string): void {
  const merchant = pick(CARD_MERCHANTS);
  const style = random();
  const text =
    style < 0.3
      ? `CARD PAYMENT TO ${merchant} ${digits(4)} ON ${day} ${month}`
      : style < 0.55
        ? `${merchant} ${digits(4)}      ${pick(TOWNS)} GB`
        : style < 0.75
          ? `VIS ${day}${month}${digits(2)} ${merchant}${digits(8)}`
          : style < 0.9
            ? `POS ${merchant} CD ${digits(4)}`
            : merchant;
  const mcc = random() < 0.3 ? pick(['5411', '5812', '5814', '5541', '4111', '5311', '5999', '7995']) : null;
  push('cur', random() < 0.03 ? 5 + random() * 40 : -(2 + random() * 80), text, 'CardPayment', at, mcc);
}

/** A Faster Payment to or from a person. */
function fasterPayment({ random, pick, digits }: Draws, push: Push, at: number, day: number, month: string): void {
  const person = pick(PEOPLE);
  const incoming = random() < 0.4;
  push(
    'cur',
    (incoming ? 1 : -1) * (5 + Math.floor(random() * 200)),
    `${incoming ? 'FPI' : 'FPO'} ${person} REF ${digits(6)} ${day}${month}`,
    'FasterPayment',
    at,
  );
}

/** Own transfers: current → savings (same day or next), current → credit card. */
function ownTransfer({ random }: Draws, push: Push, at: number): void {
  const amount = 25 * (1 + Math.floor(random() * 20));
  const toCard = random() < 0.3;
  push(
    'cur',
    -amount,
    toCard ? 'BARCLAYCARD' : random() < 0.5 ? 'TFR TO SAVINGS' : `TRANSFER TO 20-00-00 87654321`,
    'Transfer',
    at,
  );
  push(
    toCard ? 'cc' : 'sav',
    amount,
    toCard ? 'PAYMENT RECEIVED - THANK YOU' : 'TRANSFER FROM CURRENT ACCOUNT',
    'Transfer',
    at + random() * 86_400,
  );
}
