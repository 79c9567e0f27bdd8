/**
 * Benchmark customers with a chosen number of transactions: a salaried renter who also trades on the side
 * (many small payments in by Faster Payment) and spends it by card. About 2 000 transactions make a year, so
 * 10 000 is five years of a busy customer; beyond that the same five years get busier. The result holds
 * exactly `transactions` transactions (the oldest beyond that are dropped and opening balances follow).
 */
import type { Ctx } from './context.ts';
import type { PersonaDef, PersonaSetup } from './generate.ts';
import type { Persona } from './model.ts';
import type { Rng } from './prng.ts';
import { householdBills, rent, subscriptions } from './builders/household.ts';
import { salary } from './builders/income.ts';
import { spending } from './builders/spending.ts';
import { runPersona, validateOptions } from './generate.ts';
import { MIX_EVERYDAY, comfortable, friends, person, shortName } from './persona-kit.ts';

export interface VolumeOptions {
  /** Unix seconds; the history ends here */
  asOf: number;
  seed?: number;
  /** how many transactions, 1 … 1 000 000 */
  transactions: number;
}

/** Transactions a day the salaried base produces on its own (measured; the side trade adds the rest). */
const BASE_PER_DAY = 2.4;
/** Each side-trade payment in brings about this many more transactions (itself plus the spending it funds). */
const PER_SIDE_PAYMENT = 2.2;

function volumeDef(sidePerDay: number): PersonaDef {
  return {
    name: 'high-volume',
    description:
      'Busy customer for benchmarks: monthly salary, side trade paid by bank transfer, heavy card spending, savings.',
    accountType: 'Personal',
    plants: [
      'salary monthly',
      'self-employment income (many small credits)',
      'rent',
      'council tax',
      'utilities',
      'card spending',
      'own transfers',
    ],
    setup: volumeSetup,
    plant: (ctx) => {
      salary(ctx, {
        acct: 'current',
        employer: 'ACME LOGISTICS LTD',
        ref: 'SALARY',
        frequency: 'Monthly',
        payDay: 'last',
        net2024: 2604.33,
      });
      rent(ctx, 'current', { landlord: 'M PATEL', ref: 'RENT FLAT 2', day: 1, monthly2024: 895, via: 'so' });
      householdBills(ctx, 'current', {
        councilTax: { day: 1, annual2024: 1712.4 },
        energy: { payee: 'OCTOPUS ENERGY', day: 9, monthly2024: 92 },
        water: { day: 15, monthly2024: 38.5 },
        broadband: { payee: 'VIRGIN MEDIA', day: 8, monthly2024: 45 },
        mobiles: [{ payee: 'EE LIMITED', day: 20, monthly2024: 29 }],
      });
      subscriptions(ctx, 'current', ['netflix', 'spotify', 'prime']);
      sideTrade(ctx, sidePerDay);
      spending(ctx, {
        acct: 'current',
        mix: MIX_EVERYDAY,
        fraction: 0.85,
        fallbackMonthly: 1000,
        minMonthly: 400,
        cashShare: 0.02,
        p2p: { perMonth: 2, names: friends(ctx.rng('friends'), 5) },
      });
    },
  };
}

/** A renter in Leeds with a current account that sweeps surplus to a regular saver. */
function volumeSetup(r: Rng): PersonaSetup {
  return {
    town: 'leeds',
    people: [person(r)],
    accounts: [
      {
        key: 'current',
        bank: 'natwest',
        subType: 'CurrentAccount',
        type: 'Personal',
        nickname: 'Reward Account',
        opening: 1500,
        policy: comfortable('savings', 3, 2000),
      },
      {
        key: 'savings',
        bank: 'natwest',
        subType: 'Savings',
        type: 'Personal',
        nickname: 'Digital Regular Saver',
        opening: 3000,
        savingsRate: 0.03,
      },
    ],
  };
}

/** The side trade: on average `perDay` small Faster Payments a day from a circle of 60 customers. */
function sideTrade(ctx: Ctx, perDay: number): void {
  const customers = Array.from({ length: 60 }, (_, i) => shortName(person(ctx.rng('customer', i))));
  for (let day = ctx.startDay; day <= ctx.asOfDay; day++) {
    const r = ctx.rng('side', day);
    const n = r.poisson(perDay);
    for (let i = 0; i < n; i++) {
      ctx.credit(
        'current',
        day,
        'fpi',
        r.pick(customers),
        `REF ${r.digits(5)}`,
        r.int(900, 5200),
        'self_employment_income',
        { seconds: r.int(7 * 3600, 22 * 3600) },
      );
    }
  }
}

export function generateVolume(opts: VolumeOptions): Persona {
  const n = opts.transactions;
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000)
    throw new RangeError('transactions must be an integer 1 … 1 000 000');
  const seed = opts.seed ?? 1;
  validateOptions({ asOf: opts.asOf, seed });
  const years = Math.min(5, Math.max(0.25, n / 2000));
  const days = years * 365.25;
  // Aim 6 % over (the rate model is within ±5 %) and drop the oldest; on the rare short run try again busier (deterministic).
  let side = Math.max(0, ((n * 1.06) / days - BASE_PER_DAY) / PER_SIDE_PAYMENT);
  for (let attempt = 0; ; attempt++) {
    const p = runPersona(volumeDef(side), { asOf: opts.asOf, seed, years }, { windowOnly: true, keepLast: n });
    if (p.transactions.length >= n || attempt === 4) return p;
    side = side * 1.25 + 0.5;
  }
}
