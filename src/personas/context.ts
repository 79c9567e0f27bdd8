/**
 * The generation context: the persona's accounts, the simulated period, keyed random streams, and the helpers
 * every pattern builder writes through. A helper turns "a direct debit to BRITISH GAS of £64 on this day" into a
 * draft carrying the statement text in the account's bank style, its type, code and expected category.
 */
import type { BankStyle } from './bank-styles.ts';
import type { Label, Pattern } from './labels.ts';
import type { AccountType, IncomeFrequency } from './model.ts';
import type { SettlePolicy } from './settle-policy.ts';
import type { Rng } from './prng.ts';
import type { Store } from './merchants.ts';
import type { Town } from './places.ts';
import type { CardInput, ChargeKind, OwnAccountRef, TextKind } from './statement-text.ts';
import { londonDay, londonTime } from './calendar.ts';
import { describe } from './merchants.ts';
import { merchantTown } from './places.ts';
import { hash53, rngFor } from './prng.ts';
import { truncate } from './statement-text.ts';

export interface AccountPlan {
  key: string;
  id: string;
  style: BankStyle;
  sortCode: string;
  accountNumber: string;
  subType: 'CurrentAccount' | 'Savings';
  type: AccountType;
  owner: string;
  nickname: string;
  cardLast4: string;
  /** balance when the simulation starts */
  openingPence: number;
  overdraftLimitPence: number;
}

/** One transaction before balances and ids: what a builder decided, with why (label, pattern, source). */
export interface Draft {
  account: string;
  ts: number;
  valueTs: number;
  pence: number;
  name: string;
  kind: TextKind;
  label: Label;
  pattern?: Pattern;
  /** employer, payee, lender … (truth and the text of a returned direct debit) */
  source?: string;
  mcc?: string;
  merchant?: string;
  addressLine?: string;
  /** discretionary: declined (never written) when the account cannot afford it */
  flex: boolean;
  /** a direct debit the bank may return unpaid */
  bounce: boolean;
  /** written only when this one was written (a winning needs its stake, a refund its purchase) */
  parent?: Draft;
  dropped?: boolean;
  seq: number;
}

export interface IncomeMeta {
  frequency: IncomeFrequency;
  payDay: string;
}

/** Builders write this many days past asOf, so decisions near asOf see the same coming bills on any asOf. */
const LOOKAHEAD_DAYS = 8;

export interface CtxInit {
  /** persona name: part of every random stream, so two personas with one seed are different people */
  name: string;
  seed: number;
  asOf: number;
  startDay: number;
  /** the London day of asOf */
  asOfDay: number;
  town: Town;
  accounts: AccountPlan[];
}

const NO_EXTRA: Extra = {};

interface Extra {
  pattern?: Pattern;
  source?: string;
  flex?: boolean;
  bounce?: boolean;
  parent?: Draft;
  /** seconds after London midnight; default: a stable time typical of the payment kind */
  seconds?: number;
}

export class Ctx {
  readonly name: string;
  readonly seed: number;
  readonly asOf: number;
  readonly startDay: number;
  /** the London day of asOf: the story's "today" */
  readonly asOfDay: number;
  /** the last day builders write (asOfDay + LOOKAHEAD_DAYS); nothing after asOf is ever returned */
  readonly endDay: number;
  readonly startTs: number;
  private readonly horizonTs: number;
  /** the town as card terminals print it */
  private readonly townText: string;
  readonly town: Town;
  readonly accounts = new Map<string, AccountPlan>();
  readonly drafts: Draft[] = [];
  /** how each income source pays, for the truth */
  readonly incomes = new Map<string, IncomeMeta>();
  /** the settle policies, known to builders that want to spend as the bank will allow */
  policies: Record<string, SettlePolicy> = {};
  lossOfIncome: string | null = null;
  newEmployer: { previous: string; current: string } | null = null;
  /** where drafts go; the settle pass redirects it to schedule the drafts it creates */
  sink: (draft: Draft) => void;
  private seq = 0;

  constructor(init: CtxInit) {
    this.name = init.name;
    this.seed = init.seed;
    this.asOf = init.asOf;
    this.startDay = init.startDay;
    this.asOfDay = init.asOfDay;
    this.endDay = init.asOfDay + LOOKAHEAD_DAYS;
    this.startTs = londonTime(init.startDay, 0);
    this.horizonTs = londonTime(this.endDay + 1, 0) - 1;
    this.town = init.town;
    this.townText = merchantTown(init.town);
    for (const a of init.accounts) this.accounts.set(a.key, a);
    this.sink = (d) => this.drafts.push(d);
  }

  rng(...keys: ReadonlyArray<string | number>): Rng {
    return rngFor(this.seed, this.name, ...keys);
  }

  account(key: string): AccountPlan {
    const a = this.accounts.get(key);
    if (!a) throw new Error(`persona has no account ${key}`);
    return a;
  }

  /** Adds a draft when it falls inside the simulated period (the settle pass never books anything after asOf). */
  add(d: Omit<Draft, 'seq'>): Draft | null {
    if (d.ts < this.startTs || d.ts > this.horizonTs) return null;
    // The object is always fresh from a helper, so it is completed in place rather than copied.
    const draft = d as Draft;
    draft.seq = this.seq++;
    this.sink(draft);
    return draft;
  }

  /**
   * The common part of a draft. Called for every transaction of a 100 000-transaction benchmark, so it takes
   * plain arguments (no option spreads or callbacks) and gives every draft the same fields, hence one shape.
   */
  private draft(
    acct: string,
    kind: TextKind,
    day: number,
    seconds: number,
    pence: number,
    name: string,
    label: Label,
    x: Extra,
    source: string | undefined,
    flex: boolean,
  ): Omit<Draft, 'seq'> {
    const style = this.account(acct).style;
    const ts = londonTime(day, seconds);
    const bacs = kind === 'dd' || kind === 'bgc' || kind === 'so';
    return {
      account: acct,
      ts,
      valueTs: bacs ? londonTime(day, 0) : ts,
      pence,
      name: truncate(name, style.maxLength),
      kind,
      label,
      pattern: x.pattern,
      source: x.source ?? source,
      mcc: undefined,
      merchant: undefined,
      addressLine: undefined,
      flex: x.flex ?? flex,
      bounce: x.bounce ?? false,
      parent: x.parent,
      dropped: undefined,
    };
  }

  /** Bacs items land in the early hours; the minute is stable per payee and day. */
  private bacsSeconds(key: string, day: number): number {
    return 3600 + (hash53(`${this.name}|${key}|${day}`, this.seed) % (5 * 3600));
  }

  private daySeconds(key: string, day: number): number {
    return 7 * 3600 + (hash53(`${this.name}|${key}|${day}`, this.seed) % (15 * 3600));
  }

  card(
    acct: string,
    day: number,
    seconds: number,
    store: Store,
    pence: number,
    label: Label,
    rng: Rng,
    x: Extra & { refund?: boolean } = NO_EXTRA,
  ): Draft | null {
    const plan = this.account(acct);
    const mer = store.merchant;
    const location = mer.location ?? this.townText;
    const input: CardInput = {
      descriptor: describe(store, rng),
      location,
      country: mer.country,
      pence,
      day,
      last4: plan.cardLast4,
      contactless: mer.location === null && pence <= 10000 && rng.chance(0.7),
    };
    const name = x.refund ? plan.style.cardRefund(input) : plan.style.card(input);
    const d = this.draft(
      acct,
      x.refund ? 'card_refund' : 'card',
      day,
      seconds,
      x.refund ? pence : -pence,
      name,
      label,
      x,
      mer.brand,
      true,
    );
    d.mcc = mer.mcc;
    d.merchant = mer.brand;
    if (plan.style.addressLine) d.addressLine = `${location} ${mer.country}`;
    return this.add(d);
  }

  cash(acct: string, day: number, seconds: number, place: string, pence: number): Draft | null {
    const plan = this.account(acct);
    const input: CardInput = {
      descriptor: place,
      location: this.townText,
      country: 'GB',
      pence,
      day,
      last4: plan.cardLast4,
      contactless: false,
    };
    const d = this.draft(
      acct,
      'cash',
      day,
      seconds,
      -pence,
      plan.style.cash(input),
      'cash_withdrawal',
      NO_EXTRA,
      undefined,
      true,
    );
    d.mcc = '6011';
    return this.add(d);
  }

  directDebit(
    acct: string,
    day: number,
    payee: string,
    ref: string,
    pence: number,
    label: Label,
    x: Extra = NO_EXTRA,
  ): Draft | null {
    const name = this.account(acct).style.directDebit(payee, ref);
    return this.add(
      this.draft(acct, 'dd', day, x.seconds ?? this.bacsSeconds(payee, day), -pence, name, label, x, payee, false),
    );
  }

  standingOrder(
    acct: string,
    day: number,
    payee: string,
    ref: string,
    pence: number,
    label: Label,
    x: Extra = NO_EXTRA,
  ): Draft | null {
    const name = this.account(acct).style.standingOrder(payee, ref);
    return this.add(
      this.draft(acct, 'so', day, x.seconds ?? this.bacsSeconds(payee, day), -pence, name, label, x, payee, false),
    );
  }

  /** Money in by Bacs (salaries, benefits, pensions) or Faster Payment. */
  credit(
    acct: string,
    day: number,
    via: 'bgc' | 'fpi',
    payer: string,
    ref: string,
    pence: number,
    label: Label,
    x: Extra = NO_EXTRA,
  ): Draft | null {
    const style = this.account(acct).style;
    const name = via === 'bgc' ? style.giroCredit(payer, ref) : style.fasterIn(payer, ref, day);
    const seconds = x.seconds ?? (via === 'bgc' ? this.bacsSeconds(payer, day) : this.daySeconds(payer, day));
    return this.add(this.draft(acct, via, day, seconds, pence, name, label, x, payer, false));
  }

  fasterOut(
    acct: string,
    day: number,
    payee: string,
    ref: string,
    pence: number,
    label: Label,
    x: Extra = NO_EXTRA,
  ): Draft | null {
    const name = this.account(acct).style.fasterOut(payee, ref, day);
    return this.add(
      this.draft(acct, 'fpo', day, x.seconds ?? this.daySeconds(payee, day), -pence, name, label, x, payee, false),
    );
  }

  /** A bank charge (pence > 0 is taken from the account). */
  charge(acct: string, ts: number, kind: ChargeKind, pence: number, parent?: Draft): Draft | null {
    const style = this.account(acct).style;
    return this.add({
      account: acct,
      ts,
      valueTs: ts,
      pence: -pence,
      name: truncate(style.charge(kind), style.maxLength),
      kind: 'charge',
      label: 'bank_charges',
      pattern: kind,
      flex: false,
      bounce: false,
      parent,
    });
  }

  interest(acct: string, ts: number, pence: number): Draft | null {
    const style = this.account(acct).style;
    return this.add({
      account: acct,
      ts,
      valueTs: ts,
      pence,
      name: truncate(style.interest(), style.maxLength),
      kind: 'interest',
      label: 'investment_income',
      flex: false,
      bounce: false,
    });
  }

  /** The direct debit reversed by the bank: the same amount back, "UNPAID DD <payee>". */
  unpaid(dd: Draft, ts: number): Draft | null {
    const style = this.account(dd.account).style;
    const name = truncate(style.unpaidDirectDebit(dd.source ?? ''), style.maxLength);
    return this.add({
      account: dd.account,
      ts,
      valueTs: ts,
      pence: -dd.pence,
      name,
      kind: 'unpaid_dd',
      label: 'returned_direct_debit',
      pattern: 'dd_returned',
      source: dd.source,
      flex: false,
      bounce: false,
      parent: dd,
    });
  }

  /** Both sides of a move between two accounts of the customer: same amount, the credit 45 seconds later. */
  transfer(from: string, to: string, ts: number, pence: number): boolean {
    if (ts < this.startTs || ts + 45 > this.asOf) return false;
    const a = this.account(from);
    const b = this.account(to);
    const ref = (p: AccountPlan): OwnAccountRef => ({
      nickname: p.nickname,
      sortCode: p.sortCode,
      accountNumber: p.accountNumber,
    });
    const day = londonDay(ts);
    this.add({
      account: from,
      ts,
      valueTs: ts,
      pence: -pence,
      name: truncate(a.style.transferOut(ref(b), day), a.style.maxLength),
      kind: 'transfer_out',
      label: 'internal_transfer_out',
      flex: false,
      bounce: false,
      source: to,
    });
    this.add({
      account: to,
      ts: ts + 45,
      valueTs: ts + 45,
      pence,
      name: truncate(b.style.transferIn(ref(a), day), b.style.maxLength),
      kind: 'transfer_in',
      label: 'internal_transfer_in',
      flex: false,
      bounce: false,
      source: from,
    });
    return true;
  }
}
