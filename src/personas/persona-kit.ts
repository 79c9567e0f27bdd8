/**
 * Small pieces the persona catalogue is written with: people, spending mixes and settle policies.
 */
import type { SpendMix } from './builders/spending.ts';
import type { Person } from './places.ts';
import type { Rng } from './prng.ts';
import type { SettlePolicy } from './settle.ts';
import { FIRST_NAMES, MIDDLE_NAMES, SURNAMES } from './places.ts';

const FEMALE = new Set(['Sarah', 'Emma', 'Aisha', 'Chloe', 'Priya', 'Hannah', 'Amira', 'Sophie', 'Megan', 'Zara']);

export function person(r: Rng, surname?: string): Person {
  const first = r.pick(FIRST_NAMES);
  return {
    title: FEMALE.has(first) ? r.pick(['Ms', 'Mrs', 'Miss']) : 'Mr',
    first,
    middle: r.pick(MIDDLE_NAMES),
    last: surname ?? r.pick(SURNAMES),
  };
}

/** Two people sharing a surname, for joint accounts. */
export function couple(r: Rng): Person[] {
  const a = person(r);
  let b = person(r, a.last);
  for (let i = 0; b.first === a.first && i < 10; i++) b = person(r, a.last);
  return [a, b];
}

/** "J SMITH": how a bank shows a person as payer or payee. */
export function shortName(p: Person): string {
  return `${p.first[0]} ${p.last.toUpperCase()}`;
}

/** Friends and family who send and receive money, invented. */
export function friends(r: Rng, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(shortName(person(r)));
  return out;
}

export const MIX_EVERYDAY: SpendMix[] = [
  { label: 'groceries', share: 0.38, merchants: ['tesco', 'aldi', 'sainsburys', 'coop'] },
  { label: 'eating_out', share: 0.13, merchants: ['greggs', 'costa', 'mcdonalds', 'deliveroo', 'nandos'] },
  { label: 'transport', share: 0.06, merchants: ['local', 'uber', 'trainline'] },
  { label: 'fuel', share: 0.12, merchants: ['shell', 'tescopfs', 'bp'] },
  { label: 'shopping', share: 0.12, merchants: ['amazon', 'amazonmkt', 'argos', 'bandm'] },
  { label: 'clothing', share: 0.06, merchants: ['primark', 'next', 'tkmaxx'] },
  { label: 'home_garden', share: 0.04, merchants: ['bq', 'dunelm', 'ikea'] },
  { label: 'health_beauty', share: 0.05, merchants: ['boots', 'superdrug'] },
  { label: 'entertainment', share: 0.04, merchants: ['cineworld', 'ticketmaster'] },
];

/** City life without a car: TfL or local transport, more eating out. */
export const MIX_CITY: SpendMix[] = [
  { label: 'groceries', share: 0.32, merchants: ['sainsburys', 'mands', 'tesco', 'coop'] },
  { label: 'eating_out', share: 0.22, merchants: ['pret', 'starbucks', 'deliveroo', 'wetherspoon', 'justeat'] },
  { label: 'transport', share: 0.16, merchants: ['local', 'uber'] },
  { label: 'shopping', share: 0.14, merchants: ['amazon', 'amazonmkt', 'ebay'] },
  { label: 'clothing', share: 0.07, merchants: ['next', 'jdsports'] },
  { label: 'health_beauty', share: 0.04, merchants: ['boots'] },
  { label: 'entertainment', share: 0.05, merchants: ['odeon', 'ticketmaster'] },
];

/** Careful budget: discount supermarkets, little eating out. */
export const MIX_TIGHT: SpendMix[] = [
  { label: 'groceries', share: 0.55, merchants: ['aldi', 'lidl', 'asda', 'iceland'] },
  { label: 'eating_out', share: 0.08, merchants: ['greggs', 'mcdonalds'] },
  { label: 'transport', share: 0.1, merchants: ['local'] },
  { label: 'shopping', share: 0.14, merchants: ['poundland', 'bandm', 'amazon'] },
  { label: 'clothing', share: 0.08, merchants: ['primark'] },
  { label: 'health_beauty', share: 0.05, merchants: ['superdrug', 'boots'] },
];

export const MIX_RETIRED: SpendMix[] = [
  { label: 'groceries', share: 0.45, merchants: ['morrisons', 'mands', 'coop', 'tesco'] },
  { label: 'eating_out', share: 0.1, merchants: ['costa', 'wetherspoon'] },
  { label: 'fuel', share: 0.12, merchants: ['esso', 'tescopfs'] },
  { label: 'shopping', share: 0.1, merchants: ['argos', 'amazon'] },
  { label: 'home_garden', share: 0.1, merchants: ['bq', 'dunelm'] },
  { label: 'health_beauty', share: 0.13, merchants: ['boots', 'specsavers'] },
];

export const MIX_BUSINESS: SpendMix[] = [
  { label: 'supplier_payments', share: 0.55, merchants: ['costco', 'booker'] },
  { label: 'equipment_supplies', share: 0.3, merchants: ['toolstation', 'viking', 'bizamazon'] },
  { label: 'vehicles_travel', share: 0.15, merchants: ['bizshell'] },
];

/** A comfortable account: never declines in practice, sweeps surplus to savings, bills covered from savings. */
export function comfortable(savings: string, sweepDay: number, keep: number): SettlePolicy {
  return {
    floorPence: 5000,
    limitPence: 0,
    savings,
    sweep: { day: sweepDay, abovePence: (keep + 200) * 100, keepPence: keep * 100 },
    topUp: true,
  };
}

/** No savings, no overdraft: spending is declined near zero, keeping back what next week's bills need. */
export function tight(floor = 10): SettlePolicy {
  return { floorPence: floor * 100, limitPence: 0, reserveDays: 7 };
}
