/**
 * The persona catalogue: every named customer the generator can produce.
 */
import type { PersonaDef } from './generate.ts';
import type { GenerateOptions, Persona, PersonaSummary } from './model.ts';
import { runPersona } from './generate.ts';
import { limitedCompany, soleTrader } from './personas-business.ts';
import { bnplShopper, debtCollectionPersona, gambler, overdrawn, paydayBorrower } from './personas-credit.ts';
import {
  benefits,
  fortnightlyPaid,
  lossOfIncome,
  mortgageHolder,
  newEmployer,
  pensioner,
  salariedMonthly,
  thinFile,
  weeklyPaid,
} from './personas-personal.ts';

const CATALOGUE: readonly PersonaDef[] = [
  salariedMonthly,
  weeklyPaid,
  fortnightlyPaid,
  mortgageHolder,
  pensioner,
  benefits,
  gambler,
  paydayBorrower,
  bnplShopper,
  debtCollectionPersona,
  overdrawn,
  soleTrader,
  limitedCompany,
  thinFile,
  newEmployer,
  lossOfIncome,
];

const BY_NAME = new Map(CATALOGUE.map((d) => [d.name, d]));

export function listPersonas(): PersonaSummary[] {
  return CATALOGUE.map((d) => ({
    name: d.name,
    description: d.description,
    accountType: d.accountType,
    plants: [...d.plants],
  }));
}

/** Generates a named persona's history ending at `asOf`. Throws RangeError for an unknown name or bad options. */
export function generatePersona(name: string, opts: GenerateOptions): Persona {
  const def = BY_NAME.get(name);
  if (!def) throw new RangeError(`unknown persona "${name}"; known: ${CATALOGUE.map((d) => d.name).join(', ')}`);
  return runPersona(def, opts);
}
