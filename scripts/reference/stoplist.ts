/**
 * Names a generated table must not contain as a whole: words that appear on statements for other reasons
 * (payment wording, places, common nouns). A brand whose whole name is one of these ("Select", "Total",
 * "Next") would match unrelated payments; the brands that matter are curated with a safer spelling instead.
 */
import { isPersonName } from '../../src/analytics/classify/reference/person-names.ts';

const COMMON_WORDS = new Set([
  'A', 'AND', 'THE', 'OF', 'FOR', 'TO', 'FROM', 'ON', 'AT', 'BY', 'IN', 'UK', 'GB', 'GBR', 'LONDON', 'UNITED',
  'PAYMENT', 'PAYMENTS', 'CARD', 'CASH', 'BANK', 'TRANSFER', 'DIRECT', 'DEBIT', 'CREDIT', 'ORDER', 'ONLINE',
  'MOBILE', 'SERVICE', 'SERVICES', 'STORE', 'STORES', 'SHOP', 'SHOPS', 'REF', 'INTEREST', 'CHARGE', 'CHARGES',
  'FEE', 'FEES', 'LOAN', 'SAVINGS', 'PAY', 'BILL', 'INTERNET', 'INSURANCE', 'ENERGY', 'WATER', 'GAS', 'POWER',
  'HOME', 'CAR', 'MOTOR', 'MOTORS', 'TAX', 'COUNCIL', 'RENT', 'SALARY', 'WAGES', 'PENSION', 'SELECT', 'TOTAL',
  'NEXT', 'LINK', 'BEST', 'GAME', 'WORKS', 'RANGE', 'CHANGE', 'MAX', 'SAVE', 'FAST', 'FOOD', 'EXPRESS', 'LOCAL',
  'EXTRA', 'CENTRAL', 'CITY', 'MARKET', 'PARK', 'GROUP', 'HOLDINGS', 'INTERNATIONAL', 'GLOBAL', 'NETWORK',
  'ENERGY', 'SOLAR', 'EVOLVE', 'CIRCLE', 'OASIS', 'RIVER', 'STAR', 'SUN', 'SKY', 'ONE', 'PLUS', 'PRIME', 'ROYAL',
  'NATIONAL', 'BRITISH', 'SCOTTISH', 'WELSH', 'NORTHERN', 'SOUTHERN', 'EASTERN', 'WESTERN', 'POST', 'OFFICE',
  'TRAVEL', 'HOTEL', 'HOTELS', 'INN', 'PUB', 'CAFE', 'BAR', 'KITCHEN', 'GRILL', 'PIZZA', 'CHICKEN', 'BURGER',
  'COFFEE', 'BAKERY', 'GARAGE', 'TYRES', 'PHARMACY', 'CHEMIST', 'OPTICIANS', 'DENTAL', 'HAIR', 'BEAUTY', 'NAILS',
  'FITNESS', 'GYM', 'LEISURE', 'SPORTS', 'CLUB', 'OUTLET', 'FACTORY', 'WAREHOUSE', 'DIRECT', 'WORLD', 'LIFE',
  'CASINO', 'BINGO', 'BETTING', 'AMUSEMENTS', 'MONEY', 'FINANCE', 'CAPITAL', 'TRUST', 'HOUSE', 'HOUSING',
  'ENTERPRISE', 'CASTLE', 'CROWN', 'EXPERT', 'ACCESS', 'ALLIANCE', 'CONTINENTAL', 'DISCOVERY', 'DEFENDER',
  'EDITION', 'GRADUATE', 'GREET', 'FRAME', 'BETTER', 'GOALS', 'CHAMPION', 'HELL', 'EGO', 'COCO', 'AWAY', 'BENCH',
  'COACH', 'DELTA', 'GIANT', 'DOLLAR', 'BUDGET', 'CARAVAN', 'COOK', 'BIRDS', 'BEE', 'API', 'ERA', 'EMO', 'GLO',
  'DREAMS', 'EVOLT', 'BLINK', 'GRIND', 'GUSTO', 'CANOPY', 'COURTYARD', 'HAMPTON', 'BONJOUR',
]);



/** Whether a normalised name is specific enough to match on its own. */
export function isUsableBrandName(normalised: string): boolean {
  if (normalised.length < 3) return false;
  if (!normalised.includes(' ')) {
    return !COMMON_WORDS.has(normalised) && !isPersonName(normalised) && !/^\d+$/.test(normalised);
  }
  // Multi-word names made only of common words ("THE WORKS", "POST OFFICE") are still too generic.
  return !normalised.split(' ').every((token) => COMMON_WORDS.has(token));
}
