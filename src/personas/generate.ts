/**
 * The pipeline shared by every persona: accounts from the setup, the simulated period, builders (the persona's
 * plant()), the settle pass, assembly of the returned window, statements, parties and the truth.
 *
 * The simulation starts at a fixed point (1 January 2018) whenever the history starts later, so a transaction
 * is the same whatever `years` or later `asOf` is asked for, and keeps its id; only personas whose story is
 * told relative to asOf (escalating gambling, a new job, a lost job, a new account) change as asOf moves.
 */
import { itemAt } from '../lib/indexing.ts';
import type { AccountPlan } from './context.ts';
import type { SettlePolicy } from './settle.ts';
import type { AccountType, GenerateOptions, Persona } from './model.ts';
import type { BusinessParty } from './parties.ts';
import type { Person, TownName } from './places.ts';
import type { Rng } from './prng.ts';
import { assemble } from './assemble.ts';
import { styleFor } from './bank-styles.ts';
import { dayFromCivil, londonDay, londonTime } from './calendar.ts';
import { Ctx } from './context.ts';
import { buildParties } from './parties.ts';
import { TOWNS } from './places.ts';
import { hash53, rngFor } from './prng.ts';
import { settle } from './settle.ts';
import { buildStatements } from './statements.ts';
import { readTruth } from './truth.ts';

export interface AccountSetup {
  key: string;
  bank: string;
  subType: 'CurrentAccount' | 'Savings';
  type: AccountType;
  nickname: string;
  /** indexes into people; more than one makes a joint account */
  holders?: number[];
  /** £ when the simulation starts */
  opening: number;
  /** arranged overdraft, £ */
  overdraft?: number;
  policy?: SettlePolicy;
  /** annual rate for savings accounts, paid monthly */
  savingsRate?: number;
}

export interface PersonaSetup {
  town: TownName;
  people: Person[];
  accounts: AccountSetup[];
  business?: BusinessParty;
  /** a new customer: the accounts were opened this many days before asOf and the history starts then */
  openedDaysAgo?: number;
}

/** A catalogue entry: who the persona is and what it plants. */
export interface PersonaDef {
  name: string;
  description: string;
  accountType: AccountType;
  plants: string[];
  /** people, accounts and town, from a stream keyed by seed and persona name */
  setup(r: Rng): PersonaSetup;
  /** writes the drafts through the context's builders; spending must come last (it reads the commitments) */
  plant(ctx: Ctx, setup: PersonaSetup): void;
}

/** Where the simulation starts unless the history starts earlier. */
const SIMULATION_ANCHOR_DAY = dayFromCivil(2018, 1, 1);
/** Fixed sort codes of banks that have only one. */
const FIXED_SORT_CODES: Record<string, string> = { monzo: '040004', starling: '608371', tide: '236972' };

export function validateOptions(opts: GenerateOptions): { seed: number; years: number } {
  const seed = opts.seed ?? 1;
  const years = opts.years ?? 2;
  if (!Number.isInteger(opts.asOf) || opts.asOf < 946_684_800 || opts.asOf > 4_102_444_800) {
    throw new RangeError('asOf must be Unix seconds between 2000 and 2100');
  }
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new RangeError('seed must be an integer 0 … 4294967295');
  if (!(years > 0 && years <= 5)) throw new RangeError('years must be more than 0 and at most 5');
  return { seed, years };
}

function ownerName(
  people: Person[],
  holders: number[],
  business: BusinessParty | undefined,
  type: AccountType,
): string {
  if (type === 'Business' && business)
    return business.structure === 'UK.OBIE.Sole' ? `${business.name}` : business.legalName.toUpperCase();
  const names = holders
    .map((i) => itemAt(people, i))
    .map((p) => `${p.title.toUpperCase()} ${p.first[0]} ${p.last.toUpperCase()}`);
  return names.join(' & ');
}

function accountPlans(def: PersonaDef, setup: PersonaSetup, seed: number, bankSlug: string | undefined): AccountPlan[] {
  return setup.accounts.map((a) => {
    const style = styleFor(bankSlug ?? a.bank);
    const r = rngFor(seed, def.name, 'account', a.key);
    return {
      key: a.key,
      id: `acc_${hash53(`${def.name}|${a.key}`, seed).toString(36)}`,
      style,
      sortCode: FIXED_SORT_CODES[style.slug] ?? style.sortCodePrefix + r.digits(4),
      accountNumber: String(r.int(1, 9)) + r.digits(7),
      subType: a.subType,
      type: a.type,
      owner: ownerName(setup.people, a.holders ?? [0], setup.business, a.type),
      nickname: a.nickname,
      cardLast4: r.digits(4),
      openingPence: Math.round(a.opening * 100),
      overdraftLimitPence: Math.round((a.overdraft ?? 0) * 100),
    };
  });
}

/** How a run differs for benchmarks: simulate little before the window, keep exactly the last `keepLast` transactions. */
export interface RunMode {
  windowOnly?: boolean;
  keepLast?: number;
}

export function runPersona(def: PersonaDef, opts: GenerateOptions, mode: RunMode = {}): Persona {
  const { seed, years } = validateOptions(opts);
  const setup = def.setup(rngFor(seed, def.name, 'setup'));
  const asOfDay = londonDay(opts.asOf);
  const fromDay = setup.openedDaysAgo ? asOfDay - setup.openedDaysAgo + 1 : asOfDay - Math.round(years * 365.25) + 1;
  let fromTs = londonTime(fromDay, 0);
  // Benchmarks simulate only a quarter before the window, enough for spending budgets to settle.
  const startDay = setup.openedDaysAgo
    ? fromDay
    : mode.windowOnly
      ? fromDay - 92
      : Math.min(SIMULATION_ANCHOR_DAY, fromDay);
  const ctx = new Ctx({
    name: def.name,
    seed,
    asOf: opts.asOf,
    startDay,
    asOfDay,
    town: TOWNS[setup.town],
    accounts: accountPlans(def, setup, seed, opts.bankSlug),
  });
  const policies: Record<string, SettlePolicy> = {};
  const savingsRates: Record<string, number> = {};
  for (const a of setup.accounts) {
    if (a.policy) policies[a.key] = a.policy;
    if (a.savingsRate) savingsRates[a.key] = a.savingsRate;
  }
  ctx.policies = policies;
  def.plant(ctx, setup);
  const kept = settle(ctx, { policies, savingsRates });
  const assembled = assemble(ctx, kept, fromTs, mode.keepLast);
  const [firstKept] = assembled.transactions;
  if (mode.keepLast !== undefined && firstKept) fromTs = Math.max(fromTs, firstKept.booking_date_time);
  const holders: Record<string, number[]> = {};
  for (const a of setup.accounts) holders[a.key] = a.holders ?? [0];
  return {
    name: def.name,
    description: def.description,
    accountType: def.accountType,
    seed,
    asOf: opts.asOf,
    from: fromTs,
    accounts: assembled.accounts,
    transactions: assembled.transactions,
    labels: assembled.labels,
    statements: buildStatements(
      assembled,
      seed,
      fromTs,
      opts.asOf,
      startDay === fromDay && mode.keepLast === undefined,
    ),
    parties: buildParties(
      rngFor(seed, def.name).int(0, 0xfffffff),
      { people: setup.people, town: TOWNS[setup.town], holders, business: setup.business },
      assembled.accounts,
    ),
    truth: readTruth(ctx, assembled),
  };
}
