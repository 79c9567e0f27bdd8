/**
 * Which rule target each ISO 18245 merchant category code means. Our own judgement, written as code ranges;
 * the code list itself is the MCC source (docs/decisions/0025-reference-data.md). Codes left out (e.g. 6012 financial institutions, 9399
 * government services, 9222 fines) say too little about the payment: the classifier goes on to the next rule.
 */
import type { TargetKey } from '../../src/analytics/classify/targets.ts';

/** [first code, last code, target]; later rows override earlier ones, so ranges come first. */
export const MCC_RANGES: readonly (readonly [number, number, TargetKey])[] = [
  [1, 1499, 'home_garden'],
  [1500, 2999, 'home_garden'], // contractors, trades
  [3000, 3350, 'holidays_travel'], // airlines
  [3351, 3500, 'transport'], // car rental
  [3501, 3999, 'holidays_travel'], // hotels
  [4000, 4799, 'transport'],
  [4800, 4899, 'telecoms'],
  [5000, 5199, 'shopping'], // wholesale durable/non-durable goods
  [5200, 5299, 'home_garden'],
  [5300, 5399, 'shopping'],
  [5400, 5499, 'groceries'],
  [5500, 5599, 'vehicle_costs'],
  [5600, 5699, 'clothing'],
  [5700, 5799, 'home_garden'],
  [5800, 5814, 'eating_out'],
  [5815, 5818, 'entertainment'], // digital goods: media, games, apps
  [5900, 5999, 'shopping'],
  [7000, 7099, 'holidays_travel'],
  [7200, 7299, 'health_beauty'],
  [7300, 7399, 'professional_services'],
  [7500, 7599, 'vehicle_costs'],
  [7600, 7699, 'home_garden'], // repair shops
  [7800, 7999, 'entertainment'],
  [8000, 8099, 'health_beauty'], // doctors, dentists, opticians, hospitals
  [8200, 8299, 'education'],
  [8600, 8699, 'subscriptions'], // membership organisations
  [8700, 8999, 'professional_services'],
];

/** Single codes that differ from their range. */
export const MCC_CODES: Readonly<Record<string, TargetKey>> = {
  '0742': 'pets',
  '4011': 'transport',
  '4411': 'holidays_travel', // cruise lines
  '4457': 'entertainment',
  '4468': 'entertainment',
  '4511': 'holidays_travel',
  '4582': 'holidays_travel',
  '4722': 'holidays_travel',
  '4723': 'holidays_travel',
  '4829': 'money_transfer', // wire transfers, money orders
  '4900': 'energy', // electric, gas, sanitary and water utilities
  '5047': 'health_beauty',
  '5122': 'health_beauty',
  '5172': 'fuel',
  '5300': 'groceries', // wholesale clubs (Costco, Booker)
  '5309': 'holidays_travel', // duty free
  '5541': 'fuel',
  '5542': 'fuel',
  '5912': 'health_beauty', // pharmacies
  '5921': 'groceries', // off-licences
  '5933': 'pawnbroker',
  '5960': 'insurance', // direct marketing insurance
  '5962': 'holidays_travel',
  '5968': 'subscriptions', // continuity / subscription merchants
  '5975': 'health_beauty',
  '5976': 'health_beauty',
  '5977': 'health_beauty',
  '5983': 'energy', // heating oil, coal, LPG
  '5992': 'home_garden', // florists
  '5993': 'groceries', // tobacconists
  '5995': 'pets',
  '6010': 'cash', // manual cash disbursement
  '6011': 'cash', // ATM (the source's description repeats 6010's; the IRS text is right)
  '6051': 'money_transfer', // quasi-cash: foreign currency, money orders, crypto
  '6211': 'investment',
  '6300': 'insurance',
  '6381': 'insurance',
  '6399': 'insurance',
  '6513': 'letting_agent',
  '7012': 'holidays_travel',
  '7032': 'entertainment',
  '7033': 'holidays_travel',
  '7261': 'professional_services', // funerals
  '7273': 'subscriptions', // dating
  '7276': 'professional_services', // tax preparation
  '7277': 'debt_management', // debt counselling
  '7297': 'health_beauty',
  '7298': 'health_beauty',
  '7311': 'marketing',
  '7321': 'subscriptions', // credit reporting agencies (credit score subscriptions)
  '7349': 'home_garden',
  '7342': 'home_garden',
  '7512': 'transport',
  '7513': 'transport',
  '7519': 'holidays_travel',
  '7523': 'transport', // parking
  '7800': 'gambling', // government lotteries
  '7801': 'gambling', // online casinos
  '7802': 'gambling', // horse and dog racing
  '7995': 'gambling', // betting
  '7997': 'subscriptions', // membership clubs, gyms
  '8211': 'education',
  '8351': 'childcare',
  '8398': 'charity',
  '8641': 'charity',
  '8651': 'charity',
  '8661': 'charity',
  '8675': 'vehicle_costs', // automobile associations (breakdown cover)
  '8111': 'professional_services',
  '8931': 'professional_services',
  '9211': 'child_maintenance', // court costs including alimony and child support
  '9311': 'hmrc', // tax payments
};

/**
 * Codes the source list lacks but UK card data uses (see its README, "Known gaps"). Added with our own
 * meaning so the classifier knows them.
 */
export const MCC_SUPPLEMENT: Readonly<Record<string, TargetKey>> = {
  '7322': 'debt_collection',
};

/** The target of a code, or undefined when it says too little. */
export function targetOfMcc(code: string): TargetKey | undefined {
  if (Object.hasOwn(MCC_CODES, code)) return MCC_CODES[code];
  const n = Number(code);
  let found: TargetKey | undefined;
  for (const [from, to, target] of MCC_RANGES) if (n >= from && n <= to) found = target;
  return found;
}
