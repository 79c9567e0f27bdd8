/**
 * From settled drafts to wire-shaped transactions: booking order, running balances, the returned window,
 * ids, Pending status for the last card payments, and the bank's own fields (codes, categories, addresses).
 */
import type { AccountPlan, Ctx, Draft } from './context.ts';
import type { Label } from './labels.ts';
import type { GeneratedTransaction, PersonaAccount } from './model.ts';
import { itemAt } from '../lib/indexing.ts';
import { DAY_SECONDS } from './calendar.ts';
import { hash53, hashPair } from './prng.ts';
import type { IdFormat } from './statement-text.ts';
import { formatId } from './statement-text.ts';

/** Card payments this recent are still Pending at asOf (card schemes settle within a couple of days). */
const PENDING_SECONDS = 2 * DAY_SECONDS;

export interface Assembled {
  accounts: PersonaAccount[];
  transactions: GeneratedTransaction[];
  labels: Label[];
  /** the drafts behind transactions, same order (for the truth) */
  drafts: Draft[];
  /** balance after each transaction, pence, same order */
  balances: number[];
}

const MONZO: Partial<Record<Label, string>> = {
  groceries: 'groceries',
  eating_out: 'eating_out',
  transport: 'transport',
  fuel: 'transport',
  shopping: 'shopping',
  clothing: 'shopping',
  home_garden: 'shopping',
  health_beauty: 'personal_care',
  subscriptions: 'entertainment',
  entertainment: 'entertainment',
  cash_withdrawal: 'cash',
  rent: 'bills',
  mortgage: 'bills',
  council_tax: 'bills',
  energy: 'bills',
  water: 'bills',
  telecoms: 'bills',
  insurance: 'bills',
  salary: 'income',
  pension: 'income',
  universal_credit: 'income',
  child_benefit: 'income',
  internal_transfer_in: 'transfers',
  internal_transfer_out: 'transfers',
  transfer_in: 'transfers',
  transfer_out: 'transfers',
  bank_charges: 'finances',
  payday_loan_income: 'finances',
  payday_loan_repayments: 'finances',
  bnpl: 'finances',
  debt_collection: 'finances',
};

const STARLING: Partial<Record<Label, string>> = {
  groceries: 'GROCERIES',
  eating_out: 'EATING_OUT',
  transport: 'TRANSPORT',
  fuel: 'TRANSPORT',
  shopping: 'SHOPPING',
  clothing: 'SHOPPING',
  home_garden: 'HOME',
  health_beauty: 'PERSONAL_CARE',
  subscriptions: 'ENTERTAINMENT',
  entertainment: 'ENTERTAINMENT',
  gambling: 'GAMBLING',
  cash_withdrawal: 'GENERAL',
  rent: 'BILLS_AND_SERVICES',
  mortgage: 'BILLS_AND_SERVICES',
  council_tax: 'BILLS_AND_SERVICES',
  energy: 'BILLS_AND_SERVICES',
  water: 'BILLS_AND_SERVICES',
  telecoms: 'BILLS_AND_SERVICES',
  insurance: 'BILLS_AND_SERVICES',
  salary: 'INCOME',
  pension: 'INCOME',
  universal_credit: 'INCOME',
  child_benefit: 'INCOME',
  internal_transfer_in: 'SAVING',
  internal_transfer_out: 'SAVING',
  card_settlements: 'INCOME',
  sales: 'INCOME',
  supplier_payments: 'SUPPLIERS',
  payroll: 'PAYROLL',
  hmrc_vat: 'TAX',
  hmrc_paye: 'TAX',
  hmrc_corporation_tax: 'TAX',
  hmrc_other_tax: 'TAX',
};

/** What assembling needs per account: its plan, the running balance and the state behind ids. */
interface AccountState {
  plan: AccountPlan;
  number: string;
  /** balance in pence after the last transaction seen so far */
  running: number;
  /** balance just before the first transaction returned; null until there is one */
  opening: number | null;
  sameSecond: Draft[];
  idSeed: number;
}

/**
 * `keepLast`: return only that many of the newest transactions (benchmarks ask for an exact count); opening
 * balances are then the balances just before the first one kept.
 */
export function assemble(ctx: Ctx, kept: Draft[], fromTs: number, keepLast?: number): Assembled {
  const plans = [...ctx.accounts.values()];
  // seq is unique, so (ts, seq) is a total order: the same on every run.
  const sorted = kept.slice().sort((a, b) => a.ts - b.ts || a.seq - b.seq);
  if (keepLast !== undefined) {
    const inWindow = sorted.length - sorted.findIndex((d) => d.ts >= fromTs);
    if (inWindow > keepLast && sorted.length > keepLast) fromTs = itemAt(sorted, sorted.length - keepLast).ts;
  }
  const first = keepLast !== undefined && sorted.length > keepLast ? sorted.length - keepLast : 0;
  // One record per account, looked up once per transaction.
  const state = new Map(plans.map((p): [string, AccountState] => [p.key, accountState(ctx, p)]));
  const out: Assembled = { accounts: [], transactions: [], labels: [], drafts: [], balances: [] };

  for (const [i, d] of sorted.entries()) {
    const st = state.get(d.account);
    if (!st) continue;
    const inside = d.ts >= fromTs && i >= first;
    if (inside && st.opening === null) st.opening = st.running;
    st.running += d.pence;
    if (!inside) continue;
    out.transactions.push(toTransaction(ctx, st, d));
    out.labels.push(d.label);
    out.drafts.push(d);
    out.balances.push(st.running);
  }

  for (const p of plans) out.accounts.push(toAccount(p, state.get(p.key)));
  return out;
}

function accountState(ctx: Ctx, p: AccountPlan): AccountState {
  return {
    plan: p,
    number: p.sortCode + p.accountNumber,
    running: p.openingPence,
    opening: null,
    sameSecond: [],
    idSeed: hash53(p.id, ctx.seed | 0) | 0,
  };
}

/** The wire transaction for a draft, `st.running` being the balance after it. */
function toTransaction(ctx: Ctx, st: AccountState, d: Draft): GeneratedTransaction {
  const bal = st.running;
  const style = st.plan.style;
  const pending = d.kind === 'card' && d.ts > ctx.asOf - PENDING_SECONDS;
  const t: GeneratedTransaction = {
    external_transaction_id: transactionId(ctx.seed | 0, st.idSeed, d, style.idFormat, st.sameSecond),
    name: d.name,
    type: style.types[d.kind] ?? null,
    amount: d.pence / 100,
    currency: 'GBP',
    status: pending ? 'Pending' : 'Booked',
    bank_slug: style.slug,
    account_number: st.number,
    booking_date_time: d.ts,
    value_date_time: d.valueTs,
    balance: { amount: bal / 100, currency: 'GBP', type: pending ? 'InterimAvailable' : 'InterimBooked' },
  };
  const category =
    style.categoryNames === 'monzo'
      ? (MONZO[d.label] ?? 'general')
      : style.categoryNames === 'starling'
        ? (STARLING[d.label] ?? 'GENERAL')
        : undefined;
  if (category) t.category = category;
  if (d.addressLine) t.address_line = d.addressLine;
  if (d.merchant) t.merchant_details = { merchant_name: d.merchant, merchant_category_code: d.mcc };
  const code = style.codes?.[d.kind];
  if (code) t.proprietary_bank_transaction_code = { code, issuer: style.codeIssuer };
  return t;
}

function toAccount(p: AccountPlan, st: AccountState | undefined): PersonaAccount {
  return {
    id: p.id,
    key: p.key,
    bank_slug: p.style.slug,
    name: p.owner,
    nickname: p.nickname,
    sub_type: p.subType,
    type: p.type,
    currency: 'GBP',
    sort_code: p.sortCode,
    account_number: p.accountNumber,
    number: p.sortCode + p.accountNumber,
    opening_balance: (st?.opening ?? st?.running ?? 0) / 100,
    overdraft_limit: p.overdraftLimitPence / 100,
  };
}

const pair = new Uint32Array(2);

/**
 * Ids come from the transaction's content (account, time, amount, text), so the same transaction keeps its id
 * in a longer or later history. Two identical lines in the same second are told apart by their order. 64 hashed
 * bits make a clash between different lines negligible (about 1 in 10^9 for 100 000 transactions).
 */
function transactionId(seed: number, accountSeed: number, d: Draft, format: IdFormat, sameSecond: Draft[]): string {
  const [earlier] = sameSecond;
  if (earlier && earlier.ts !== d.ts) sameSecond.length = 0;
  let k = 0;
  for (const o of sameSecond) if (o.pence === d.pence && o.name === d.name) k++;
  sameSecond.push(d);
  const mix =
    (accountSeed ^ Math.imul(d.ts, 0x85ebca6b) ^ Math.imul(d.pence, 0xc2b2ae35) ^ Math.imul(k, 0x27d4eb2f) ^ seed) | 0;
  hashPair(d.name, mix, pair);
  const [high, low] = pair;
  if (high === undefined || low === undefined) throw new RangeError('hashPair writes two 32-bit lanes');
  return formatId(format, high, low);
}
