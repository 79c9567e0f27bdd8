/**
 * Step 1 of the classification order (docs/decisions/0013-analytics.md): "the bank's or submitter's own category when
 * it maps". It maps when it equals one of our category ids or names (case and punctuation ignored: "Eating out
 * and takeaways", "eating_out") or one of the common wordings banks and aggregators use ("Groceries",
 * "Restaurants", "Bills & Utilities"). An exact id or name is taken as given; a synonym goes through a rule
 * target, so its meaning follows the direction of the money like every other rule.
 * Catch-all wordings ("General", Monzo's default) say nothing and are not mapped: the later rules decide.
 */
import { businessCategories, personalCategories } from '../categories/taxonomy.ts';
import type { Category } from '../categories/taxonomy.ts';
import { targetOf } from './rule-targets.ts';
import type { ResolvedTarget } from './rule-targets.ts';
import type { TargetKey } from './targets.ts';

const synonyms: Partial<Record<TargetKey, readonly string[]>> = {
  groceries: ['groceries', 'grocery', 'supermarket', 'supermarkets', 'food shopping', 'food'],
  eating_out: [
    'eating out',
    'restaurants',
    'restaurant',
    'takeaway',
    'takeaways',
    'dining',
    'food and drink',
    'fast food',
    'coffee shops',
    'bars and pubs',
    'pubs and bars',
    'drinks',
  ],
  fuel: ['fuel', 'petrol', 'petrol stations', 'gas stations', 'ev charging'],
  transport: ['transport', 'transportation', 'public transport', 'taxi', 'taxis', 'parking', 'commute', 'commuting'],
  vehicle_costs: ['car', 'motoring', 'vehicle', 'car maintenance', 'auto', 'auto and transport'],
  shopping: [
    'shopping',
    'retail',
    'online shopping',
    'general merchandise',
    'electronics',
    'gifts',
    'equipment',
    'office supplies',
    'supplies',
  ],
  clothing: ['clothing', 'clothes', 'fashion', 'apparel', 'shoes'],
  home_garden: ['home', 'household', 'home improvement', 'diy', 'home and garden', 'furniture', 'household bills'],
  health_beauty: [
    'health',
    'healthcare',
    'medical',
    'personal care',
    'beauty',
    'health and beauty',
    'pharmacy',
    'wellbeing',
    'health and fitness',
  ],
  subscriptions: ['subscriptions', 'subscription', 'memberships', 'streaming', 'gym', 'fitness', 'digital services'],
  entertainment: ['entertainment', 'leisure', 'hobbies', 'recreation', 'sport', 'sports', 'going out'],
  holidays_travel: ['travel', 'holidays', 'holiday', 'hotels', 'flights', 'vacation', 'trips'],
  charity: ['charity', 'charities', 'donations', 'charitable giving', 'giving'],
  pets: ['pets', 'pet care', 'pet'],
  childcare: ['childcare', 'child care', 'nursery'],
  education: ['education', 'school', 'tuition', 'school fees'],
  energy: ['energy', 'utilities', 'utility', 'gas and electricity', 'electricity', 'bills and utilities', 'gas'],
  water: ['water', 'water bill'],
  telecoms: [
    'phone',
    'mobile',
    'internet',
    'broadband',
    'telecoms',
    'phone and internet',
    'tv',
    'tv and broadband',
    'mobile phone',
  ],
  insurance: ['insurance', 'insurances'],
  rent: ['rent', 'housing', 'rent and housing'],
  mortgage: ['mortgage', 'mortgages', 'home loan', 'mortgage payment'],
  council: ['council tax', 'local tax'],
  business_rates: ['business rates', 'non domestic rates'],
  hmrc: ['tax', 'taxes', 'income tax', 'tax payment', 'self assessment'],
  hmrc_vat: ['vat'],
  hmrc_paye: ['paye', 'paye and ni'],
  hmrc_corporation_tax: ['corporation tax'],
  loan: ['loan', 'loans', 'loan repayment', 'loan repayments', 'borrowing'],
  payday_loan: ['payday loan', 'payday loans', 'short term loan', 'high cost credit'],
  credit_card: [
    'credit card',
    'credit cards',
    'credit card payment',
    'credit card repayment',
    'credit card repayments',
  ],
  car_finance: ['car finance', 'car loan', 'auto loan', 'vehicle finance'],
  bnpl: ['bnpl', 'buy now pay later', 'pay later'],
  debt_collection: ['debt collection', 'debt collectors', 'collections'],
  debt_management: ['debt management', 'debt plan', 'iva'],
  savings: ['savings', 'saving'],
  investment: ['investments', 'investment', 'savings and investments'],
  salary: ['salary', 'wages', 'income salary', 'paycheck', 'pay', 'earnings'],
  payroll: ['payroll', 'staff costs'],
  pension: ['pension', 'pensions', 'retirement'],
  other_benefits: ['benefits', 'government', 'state benefits', 'social security', 'government benefits'],
  universal_credit: ['universal credit'],
  child_benefit: ['child benefit'],
  gambling: ['gambling', 'betting', 'lottery', 'gaming and betting'],
  cash: ['cash', 'atm', 'cash withdrawal', 'cash withdrawals', 'atm withdrawal'],
  bank_charges: [
    'fees',
    'bank fees',
    'charges',
    'bank charges',
    'fees and charges',
    'interest charges',
    'overdraft fees',
    'finance charges',
    'bank fees and charges',
  ],
  interest: ['interest', 'interest income'],
  refund: ['refund', 'refunds', 'returns'],
  transfer: ['transfer', 'transfers', 'bank transfer', 'bank transfers', 'money transfer'],
  own_transfer: [
    'internal transfer',
    'internal transfers',
    'own account transfer',
    'transfer between accounts',
    'transfer between own accounts',
  ],
  sales: ['sales', 'revenue', 'takings', 'turnover'],
  wholesaler: ['suppliers', 'cost of sales', 'stock', 'inventory', 'cost of goods sold'],
  marketing: ['advertising', 'marketing'],
  accounting_software: ['software', 'it', 'it and software'],
  professional_services: ['professional services', 'legal', 'accounting', 'accountancy', 'professional fees'],
  payment_processor: ['merchant fees', 'card fees', 'processing fees', 'payment processing'],
  director: ['drawings', 'director drawings', 'directors loan'],
};

/** Lower-case, "&" as "and", punctuation and underscores as spaces, single spaces. */
function key(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('&', ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function exactIndex(list: readonly Category[]): Map<string, Category> {
  const index = new Map<string, Category>();
  for (const category of list) {
    index.set(key(category.id), category);
    index.set(key(category.name), category);
  }
  return index;
}

const exact = { Personal: exactIndex(personalCategories), Business: exactIndex(businessCategories) };
const bySynonym = new Map<string, ResolvedTarget>();
for (const [target, words] of Object.entries(synonyms)) {
  for (const word of words) bySynonym.set(key(word), targetOf(target));
}

/** What a submitted category says: an exact category, a rule target, or nothing. */
export type SubmittedMeaning = { category: Category } | { target: ResolvedTarget } | null;

// Submitters send a handful of distinct category texts; remember their meaning (bounded, in case one does not).
const memo = { Personal: new Map<string, SubmittedMeaning>(), Business: new Map<string, SubmittedMeaning>() };

/** Interprets a submitted category text for an account type. */
export function interpretSubmittedCategory(text: string, isBusiness: boolean): SubmittedMeaning {
  const cache = isBusiness ? memo.Business : memo.Personal;
  let meaning = cache.get(text);
  if (meaning === undefined) {
    meaning = interpret(text, isBusiness);
    if (cache.size < 10_000) cache.set(text, meaning);
  }
  return meaning;
}

function interpret(text: string, isBusiness: boolean): SubmittedMeaning {
  const k = key(text);
  if (k === '') return null;
  const category = (isBusiness ? exact.Business : exact.Personal).get(k);
  if (category) return { category };
  const target = bySynonym.get(k);
  return target ? { target } : null;
}
