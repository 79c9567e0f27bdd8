/**
 * Household commitments: rent or mortgage, council tax, utilities, insurance and subscriptions. These are the
 * fixed outgoings a lender's affordability check looks for, so each follows the real collection rules
 * (direct debits move to the next working day; council tax is ten instalments April to January).
 */
import { first, itemAt } from '../../lib/indexing.ts';
import type { Ctx } from '../context.ts';
import type { Label, Pattern } from '../labels.ts';
import type { Merchant } from '../merchants.ts';
import { civilFromDay, dayFromCivil, taxYearOfDay } from '../calendar.ts';
import { openStore } from '../merchants.ts';
import { monthly, toPence, upratedFrom2024 } from '../schedules.ts';

export function rent(
  ctx: Ctx,
  acct: string,
  opts: { landlord: string; ref: string; day: number; monthly2024: number; via: 'so' | 'dd' },
): void {
  for (const o of monthly(ctx, opts.day, 'after')) {
    // Rents rise once a year; tenancy anniversaries are often in spring, close enough to April for test data.
    const amount = Math.round(opts.monthly2024 * upratedFrom2024(ctx, opts.landlord, taxYearOfDay(o.due), 0.02, 0.07));
    const pence = amount * 100;
    if (opts.via === 'so') ctx.standingOrder(acct, o.day, opts.landlord, opts.ref, pence, 'rent');
    else ctx.directDebit(acct, o.day, opts.landlord, opts.ref, pence, 'rent');
  }
}

/** Mortgage by direct debit; the payment jumps when the fixed rate ends (remortgage at 2023 rates). */
export function mortgage(
  ctx: Ctx,
  acct: string,
  opts: { lender: string; ref: string; day: number; monthly: number; fixEnds: number; afterFix: number },
): void {
  for (const o of monthly(ctx, opts.day, 'after')) {
    const amount = o.due < opts.fixEnds ? opts.monthly : opts.afterFix;
    ctx.directDebit(acct, o.day, opts.lender, opts.ref, toPence(amount), 'mortgage');
  }
}

/**
 * Council tax: the default scheme is ten monthly instalments, April to January; the first instalment carries
 * the odd pounds and pence so the other nine are round. The charge rises each April (up to 4.99 %).
 */
function councilTax(
  ctx: Ctx,
  acct: string,
  opts: { payee: string; ref: string; day: number; annual2024: number },
): void {
  for (const o of monthly(ctx, opts.day, 'after')) {
    const month = civilFromDay(o.due).month;
    if (month === 2 || month === 3) continue;
    const annual = toPence(opts.annual2024 * upratedFrom2024(ctx, 'ctax', taxYearOfDay(o.due), 0.0299, 0.0499));
    const later = Math.floor(annual / 1000) * 100;
    const pence = month === 4 ? annual - 9 * later : later;
    ctx.directDebit(acct, o.day, opts.payee, opts.ref, pence, 'council_tax', { bounce: true });
  }
}

/**
 * Ofgem price cap for a typical household by half-year, relative to 2018 (≈ £1 150 a year); the 2022–23 spike
 * included. One entry a half-year (April–September, October–March) from October 2017 to March 2026.
 */
const ENERGY_FIRST_HALF = 2017 * 2 + 1;
const ENERGY_LEVELS: readonly number[] = [
  0.99, // 2017 Oct
  1, // 2018 Apr
  1, // 2018 Oct
  1.09, // 2019 Apr
  1.03, // 2019 Oct
  1, // 2020 Apr
  0.92, // 2020 Oct
  0.99, // 2021 Apr
  1.11, // 2021 Oct
  1.71, // 2022 Apr
  2.17, // 2022 Oct
  2, // 2023 Apr
  1.64, // 2023 Oct
  1.42, // 2024 Apr
  1.5, // 2024 Oct
  1.56, // 2025 Apr
  1.53, // 2025 Oct
];

/** The price-cap level on `day`; before and after the table, the nearest known level holds. */
function energyLevel(day: number): number {
  const c = civilFromDay(day);
  const half = c.year * 2 + (c.month >= 10 ? 1 : c.month >= 4 ? 0 : -1);
  const index = Math.min(Math.max(half - ENERGY_FIRST_HALF, 0), ENERGY_LEVELS.length - 1);
  return itemAt(ENERGY_LEVELS, index);
}

export interface BillSpec {
  payee: string;
  ref: string;
  day: number;
  /** £ per month in 2024/25 */
  monthly2024: number;
}

/** Gas and electricity by monthly direct debit, following the price cap. */
function energy(ctx: Ctx, acct: string, b: BillSpec): void {
  const base = energyLevel(dayFromCivil(2024, 6, 1));
  for (const o of monthly(ctx, b.day, 'after')) {
    const pounds = Math.round(b.monthly2024 * (energyLevel(o.due) / base));
    ctx.directDebit(acct, o.day, b.payee, b.ref, pounds * 100, 'energy', { bounce: true });
  }
}

/** Water, broadband, mobile, TV licence, insurance: monthly direct debits rising each April. */
export function monthlyBill(
  ctx: Ctx,
  acct: string,
  b: BillSpec,
  label: Label,
  pattern?: Pattern,
  rise: [number, number] = [0.02, 0.08],
): void {
  for (const o of monthly(ctx, b.day, 'after')) {
    const amount = b.monthly2024 * upratedFrom2024(ctx, b.payee, taxYearOfDay(o.due), rise[0], rise[1]);
    ctx.directDebit(acct, o.day, b.payee, b.ref, toPence(amount), label, { pattern, bounce: true });
  }
}

interface Subscription {
  merchant: Merchant;
  /** price by calendar year; the last known price holds after it */
  prices: Record<number, number>;
}

export type SubscriptionName = 'netflix' | 'spotify' | 'prime' | 'disney';

const SUBSCRIPTIONS: Record<SubscriptionName, Subscription> = {
  netflix: {
    merchant: sub('netflix', 'Netflix', '4899', 'NETFLIX.COM', 'AMSTERDAM', 'NL'),
    prices: { 2016: 7.49, 2018: 8.99, 2020: 9.99, 2021: 10.99, 2025: 12.99 },
  },
  spotify: {
    merchant: sub('spotify', 'Spotify', '5815', 'SPOTIFY P%%%%%%%%%', 'STOCKHOLM', 'SE'),
    prices: { 2016: 9.99, 2023: 10.99, 2024: 11.99, 2025: 12.99 },
  },
  prime: {
    merchant: sub('prime', 'Amazon Prime', '5968', 'AMAZON PRIME*%%%%%%%%%', 'AMAZON.CO.UK', 'GB'),
    prices: { 2016: 7.99, 2022: 8.99 },
  },
  disney: {
    merchant: sub('disney', 'Disney+', '4899', 'DISNEY PLUS', 'LONDON', 'GB'),
    prices: { 2020: 5.99, 2021: 7.99, 2024: 8.99, 2025: 9.99 },
  },
};

function sub(id: string, brand: string, mcc: string, pattern: string, location: string, country: string): Merchant {
  return { id, brand, mcc, label: 'subscriptions', patterns: [pattern], location, country, min: 0, mean: 10, max: 20 };
}

function priceIn(prices: Record<number, number>, year: number): number {
  let p = 0;
  for (const [y, v] of Object.entries(prices)) if (Number(y) <= year) p = v;
  return p || first(Object.values(prices));
}

/** Card subscriptions billed on the same day each month (not moved: card billing runs every day). */
export function subscriptions(ctx: Ctx, acct: string, names: readonly SubscriptionName[]): void {
  for (const name of names) {
    const s = SUBSCRIPTIONS[name];
    const store = openStore(s.merchant, ctx.rng('store', name), ctx.town);
    const billDay = ctx.rng('billday', name).int(1, 28);
    for (const o of monthly(ctx, billDay, 'none')) {
      const pence = toPence(priceIn(s.prices, civilFromDay(o.due).year));
      ctx.card(acct, o.day, 4 * 3600 + (o.due % 3600), store, pence, 'subscriptions', ctx.rng('sub', name, o.due), {
        flex: false,
      });
    }
  }
}

/** A gym membership collected by direct debit on the 1st. */
export function gym(ctx: Ctx, acct: string, payee: string, monthly2024: number): void {
  monthlyBill(
    ctx,
    acct,
    { payee, ref: ctx.rng('ref', payee).digits(8), day: 1, monthly2024 },
    'subscriptions',
    undefined,
    [0, 0.06],
  );
}

export interface HouseholdBills {
  councilTax?: { day: number; annual2024: number };
  energy?: { payee: string; day: number; monthly2024: number };
  /** the town's water company; ignored in Scotland, where water is billed with council tax */
  water?: { day: number; monthly2024: number };
  broadband?: { payee: string; day: number; monthly2024: number };
  mobiles?: Array<{ payee: string; day: number; monthly2024: number }>;
  tvLicence?: boolean;
  insurance?: Array<{ payee: string; day: number; monthly2024: number }>;
}

/** The usual direct debits of a home, with stable mandate references per payee. */
export function householdBills(ctx: Ctx, acct: string, b: HouseholdBills): void {
  const ref = (payee: string, n: number): string => ctx.rng('ref', payee).digits(n);
  if (b.councilTax) councilTax(ctx, acct, { payee: ctx.town.councilTaxPayee, ref: ref('ctax', 8), ...b.councilTax });
  if (b.energy) energy(ctx, acct, { ...b.energy, ref: ref(b.energy.payee, 10) });
  if (b.water && ctx.town.water)
    monthlyBill(ctx, acct, { payee: ctx.town.water, ref: ref('water', 11), ...b.water }, 'water');
  if (b.broadband)
    monthlyBill(ctx, acct, { ...b.broadband, ref: ref(b.broadband.payee, 9) }, 'telecoms', 'broadband', [0.03, 0.09]);
  for (const m of b.mobiles ?? [])
    monthlyBill(ctx, acct, { ...m, ref: ref(m.payee, 9) }, 'telecoms', 'mobile', [0.03, 0.09]);
  if (b.tvLicence)
    monthlyBill(
      ctx,
      acct,
      { payee: 'TV LICENCE MBP', ref: ref('tvl', 10), day: 1, monthly2024: 14.13 },
      'telecoms',
      'tv_licence',
      [0, 0.04],
    );
  for (const i of b.insurance ?? [])
    monthlyBill(ctx, acct, { ...i, ref: ref(i.payee, 8) }, 'insurance', undefined, [0.02, 0.12]);
}
