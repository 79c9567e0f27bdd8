/**
 * Our knowledge base of UK payees: hand-maintained lists kept as data (`knowledge/*.json`, one file per list),
 * each with the source its names come from and the date they were last checked. They cover what the generated
 * tables cannot (see README.md): lenders, debt collectors and debt advisers, online gambling, utilities, insurers,
 * transport operators, DWP and HMRC payments, pension payers, and the statement spellings of everyday merchants.
 * Where a name here and a generated one coincide, this one wins (lexicon.ts).
 *
 * A file: { title, target, weak?, source, checked, notes?, payees: [{ name, matchName?, target?, also? }] }.
 * - `source` says where the names come from (a register, a regulator's list, the firms' statement descriptors);
 *   `checked` is the date (YYYY-MM-DD) the list was last reviewed against it; `notes` says what else to know.
 * - `name` is what the classifier reports as the merchant; it is matched too unless `matchName` is false (brands
 *   that are ordinary words: "Very" must not match VERY, only the spellings in `also`).
 * - `also` lists the spellings banks print (abbreviations, legal names, old brands). Matching ignores case,
 *   accents, apostrophes and legal forms, and tolerates a space inserted or removed (lexicon.ts), so spacing
 *   variants need not be listed.
 * - `target` (targets.ts) is the list's; a payee may name its own when one list mixes several (benefits).
 * - `weak` marks payment intermediaries and banks: any other payee named in the same text wins.
 * Loading fails loudly on a malformed file, so a bad edit cannot ship.
 */
import { isTargetKey } from '../targets.ts';
import type { TargetKey } from '../targets.ts';
import bank from './knowledge/banks.json' with { type: 'json' };
import benefits from './knowledge/benefits.json' with { type: 'json' };
import bnpl from './knowledge/bnpl.json' with { type: 'json' };
import businessSoftware from './knowledge/business-software.json' with { type: 'json' };
import carFinance from './knowledge/car-finance.json' with { type: 'json' };
import charities from './knowledge/charities.json' with { type: 'json' };
import childcare from './knowledge/childcare.json' with { type: 'json' };
import clothing from './knowledge/clothing.json' with { type: 'json' };
import creditCards from './knowledge/credit-cards.json' with { type: 'json' };
import debtCollectors from './knowledge/debt-collectors.json' with { type: 'json' };
import debtManagement from './knowledge/debt-management.json' with { type: 'json' };
import deliveryApps from './knowledge/delivery-apps.json' with { type: 'json' };
import eatingOut from './knowledge/eating-out.json' with { type: 'json' };
import employmentAgencies from './knowledge/employment-agencies.json' with { type: 'json' };
import energySuppliers from './knowledge/energy-suppliers.json' with { type: 'json' };
import entertainment from './knowledge/entertainment.json' with { type: 'json' };
import fuel from './knowledge/fuel.json' with { type: 'json' };
import gamblingOnline from './knowledge/gambling-online.json' with { type: 'json' };
import government from './knowledge/government.json' with { type: 'json' };
import groceries from './knowledge/groceries.json' with { type: 'json' };
import healthAndBeauty from './knowledge/health-and-beauty.json' with { type: 'json' };
import highCostCredit from './knowledge/high-cost-credit.json' with { type: 'json' };
import homeAndGarden from './knowledge/home-and-garden.json' with { type: 'json' };
import insurers from './knowledge/insurers.json' with { type: 'json' };
import investmentPlatforms from './knowledge/investment-platforms.json' with { type: 'json' };
import lenders from './knowledge/lenders.json' with { type: 'json' };
import lifeAndPension from './knowledge/life-and-pension-companies.json' with { type: 'json' };
import marketing from './knowledge/marketing.json' with { type: 'json' };
import marketplaces from './knowledge/marketplaces.json' with { type: 'json' };
import mortgageLenders from './knowledge/mortgage-lenders.json' with { type: 'json' };
import pawnbrokers from './knowledge/pawnbrokers.json' with { type: 'json' };
import paymentIntermediaries from './knowledge/payment-intermediaries.json' with { type: 'json' };
import pensionSchemes from './knowledge/pension-schemes.json' with { type: 'json' };
import pets from './knowledge/pets.json' with { type: 'json' };
import professionalServices from './knowledge/professional-services.json' with { type: 'json' };
import rideHailing from './knowledge/ride-hailing.json' with { type: 'json' };
import savingsProviders from './knowledge/savings-providers.json' with { type: 'json' };
import schoolPayments from './knowledge/school-payments.json' with { type: 'json' };
import shops from './knowledge/shops.json' with { type: 'json' };
import studentAccommodation from './knowledge/student-accommodation.json' with { type: 'json' };
import subscriptions from './knowledge/subscriptions.json' with { type: 'json' };
import telecoms from './knowledge/telecoms.json' with { type: 'json' };
import transportOperators from './knowledge/transport-operators.json' with { type: 'json' };
import travel from './knowledge/travel.json' with { type: 'json' };
import vehicleServices from './knowledge/vehicle-services.json' with { type: 'json' };
import waterCompanies from './knowledge/water-companies.json' with { type: 'json' };
import wholesalers from './knowledge/wholesalers.json' with { type: 'json' };

/** One payee of a list, resolved: its display name, the phrases that name it, and its target. */
export interface KnownPayee {
  readonly name: string;
  readonly target: TargetKey;
  readonly weak: boolean;
  /** the spellings matched (the display name first unless it is not matched itself) */
  readonly phrases: readonly string[];
}

/** One knowledge file, checked. */
export interface KnowledgeList {
  readonly file: string;
  readonly title: string;
  readonly target: TargetKey;
  readonly source: string;
  /** when the names were last checked against the source, YYYY-MM-DD */
  readonly checked: string;
  readonly payees: readonly KnownPayee[];
}

/** Every knowledge file by name; a test checks nothing in the folder is left out. */
const files: Record<string, unknown> = {
  'banks.json': bank,
  'benefits.json': benefits,
  'bnpl.json': bnpl,
  'business-software.json': businessSoftware,
  'car-finance.json': carFinance,
  'charities.json': charities,
  'childcare.json': childcare,
  'clothing.json': clothing,
  'credit-cards.json': creditCards,
  'debt-collectors.json': debtCollectors,
  'debt-management.json': debtManagement,
  'delivery-apps.json': deliveryApps,
  'eating-out.json': eatingOut,
  'employment-agencies.json': employmentAgencies,
  'energy-suppliers.json': energySuppliers,
  'entertainment.json': entertainment,
  'fuel.json': fuel,
  'gambling-online.json': gamblingOnline,
  'government.json': government,
  'groceries.json': groceries,
  'health-and-beauty.json': healthAndBeauty,
  'high-cost-credit.json': highCostCredit,
  'home-and-garden.json': homeAndGarden,
  'insurers.json': insurers,
  'investment-platforms.json': investmentPlatforms,
  'lenders.json': lenders,
  'life-and-pension-companies.json': lifeAndPension,
  'marketing.json': marketing,
  'marketplaces.json': marketplaces,
  'mortgage-lenders.json': mortgageLenders,
  'pawnbrokers.json': pawnbrokers,
  'payment-intermediaries.json': paymentIntermediaries,
  'pension-schemes.json': pensionSchemes,
  'pets.json': pets,
  'professional-services.json': professionalServices,
  'ride-hailing.json': rideHailing,
  'savings-providers.json': savingsProviders,
  'school-payments.json': schoolPayments,
  'shops.json': shops,
  'student-accommodation.json': studentAccommodation,
  'subscriptions.json': subscriptions,
  'telecoms.json': telecoms,
  'transport-operators.json': transportOperators,
  'travel.json': travel,
  'vehicle-services.json': vehicleServices,
  'water-companies.json': waterCompanies,
  'wholesalers.json': wholesalers,
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function fail(file: string, problem: string): never {
  throw new Error(`knowledge/${file}: ${problem}`);
}

function text(value: unknown, file: string, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') fail(file, `${what} must be a non-empty string`);
  return value;
}

function targetKey(value: unknown, file: string, what: string): TargetKey {
  const key = text(value, file, what);
  if (!isTargetKey(key)) fail(file, `${what} "${key}" is not a rule target (targets.ts)`);
  return key;
}

function readPayee(raw: unknown, list: { file: string; target: TargetKey; weak: boolean }): KnownPayee {
  if (typeof raw !== 'object' || raw === null) fail(list.file, 'a payee must be an object');
  const payee = raw as Record<string, unknown>;
  const name = text(payee.name, list.file, 'payee name');
  const also = payee.also ?? [];
  if (!Array.isArray(also)) fail(list.file, `${name}: "also" must be a list`);
  const spellings = also.map((spelling) => text(spelling, list.file, `${name}: a spelling`));
  if (payee.matchName !== undefined && typeof payee.matchName !== 'boolean') fail(list.file, `${name}: matchName`);
  const phrases = payee.matchName === false ? spellings : [name, ...spellings];
  if (phrases.length === 0) fail(list.file, `${name}: nothing to match`);
  const target = payee.target === undefined ? list.target : targetKey(payee.target, list.file, `${name}: target`);
  return Object.freeze({ name, target, weak: list.weak, phrases: Object.freeze(phrases) });
}

function readList(file: string, raw: unknown): KnowledgeList {
  if (typeof raw !== 'object' || raw === null) fail(file, 'not an object');
  const json = raw as Record<string, unknown>;
  const target = targetKey(json.target, file, 'target');
  const checked = text(json.checked, file, 'checked');
  if (!DATE.test(checked)) fail(file, `checked "${checked}" is not YYYY-MM-DD`);
  if (json.weak !== undefined && typeof json.weak !== 'boolean') fail(file, 'weak must be true or false');
  if (json.notes !== undefined) text(json.notes, file, 'notes');
  if (!Array.isArray(json.payees) || json.payees.length === 0) fail(file, 'payees must be a non-empty list');
  const weak = json.weak === true;
  return Object.freeze({
    file,
    title: text(json.title, file, 'title'),
    target,
    source: text(json.source, file, 'source'),
    checked,
    payees: Object.freeze(json.payees.map((payee) => readPayee(payee, { file, target, weak }))),
  });
}

/** The knowledge lists, checked at module load. */
export const knowledgeLists: readonly KnowledgeList[] = Object.freeze(
  Object.entries(files).map(([file, raw]) => readList(file, raw)),
);
