/**
 * Salaries the statement text does not name, inferred from structure. Bacs cuts payer names to 18 characters
 * and many employers send no "SALARY" ("QUAYSIDE HOSPITALI", "PENNINE CARE SERVI , PAY"), and many now pay by
 * Faster Payment ("FPI TRINITY CARE HOMES REF 7781"), so the classifier leaves their credits in Other income or
 * Transfers in, or takes a payer's name for a shop (Refunds) or a letting agent (Rental income: "... HOMES").
 * A payer (the grouping key without pay words, income-streams.ts) is taken to be an employer when its credits —
 * with those of its own the text already calls Salary, when some months it says SALARY and others not —
 * - come by Bacs or Faster Payment (the bank's type, else the text's code: BGC, BACS, FPI, "FASTER PAYMENT"), or
 *   carry neither a type that says how the money came nor a code (a feed without types, or a type such as "Credit"
 *   or "Other" that says only that money came in: payer-evidence.ts, isSilentType): then the structure decides;
 * - on at least 3 days with a weekly, fortnightly, four-weekly or monthly rhythm (cadence.ts: monthly takes in
 *   the last working day);
 * - with an amount stability of at least 0.6, or 0.4 for weekly and fortnightly pay (hours and overtime vary),
 *   and an average payment of at least 100 (report currency) a month or four weeks, 60 a fortnight, 40 a week (a
 *   few hours' part-time work paid weekly is pay too); below 100 a payment, a stability of at least 0.6;
 * - are not money back: together they exceed everything the customer paid the same payee from 60 days before
 *   the first to the last (a refund returns what was paid; a friend settling a shared bill too);
 * - and, when the payer looks like a person ("J SMITH", "MRS S PATEL", "MUM"), the text names an organisation or
 *   pay (LTD, PLC, NHS, COUNCIL, ..., WAGES, PAYROLL); a Faster Payment that names neither must not be the same
 *   round sum (whole tens) every time: that is a standing arrangement between people, not net pay;
 * - Rental income only with no rent word in the text (RENT, LETTINGS, PROPERTY, ...) and, monthly, only from a
 *   named organisation or with pay words (letting agents pass rent on monthly; care homes and housing
 *   associations are employers).
 * Those credits become Salary everywhere in the report (figures and the categorised transactions). Regular,
 * steady credits of any size whose text names a benefit or its office ("BRISTOL CITY COUNC HB", "SOCIAL
 * SECURITY SC ADP") become Other benefits instead, and those with a pension word, often cut short ("CIVIL
 * SERVICE PENS", "LGPS"), Pension: neither is ever a salary. Categories other than these four (pensions,
 * benefits, loans, own transfers, ...) are never re-labelled.
 */
import { first, itemAt, last, valueAt } from '../../lib/indexing.ts';
import { categoryIndex, transactionOf } from '../ledger/ledger.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { detectCadence } from '../recurrence/cadence.ts';
import type { Cadence } from '../recurrence/cadence.ts';
import { amountStability, moments } from '../recurrence/stability.ts';
import { payerOf } from './income-streams.ts';
import {
  creditChannel,
  hasBenefitWords,
  hasCompanyWords,
  hasPayrollWords,
  hasPensionWords,
  isSilentType,
  looksLikePerson,
  wordsOf,
} from './payer-evidence.ts';

const SALARY = categoryIndex('salary');
const PENSION = categoryIndex('pension');
const OTHER_BENEFITS = categoryIndex('other_benefits');
const RENTAL = categoryIndex('rental_income');
const CANDIDATES = new Set([
  categoryIndex('other_income'),
  categoryIndex('transfer_in'),
  categoryIndex('refund'),
  RENTAL,
]);
const MIN_STABILITY: Readonly<Partial<Record<Cadence, number>>> = {
  weekly: 0.4,
  fortnightly: 0.4,
  four_weekly: 0.6,
  monthly: 0.6,
};
const MIN_DAYS = 3;
/** The smallest average payment taken for pay, by rhythm (about £170 a month at the least). */
const MIN_AVERAGE: Readonly<Partial<Record<Cadence, number>>> = {
  weekly: 40,
  fortnightly: 60,
  four_weekly: 100,
  monthly: 100,
};
/** Payments below this are small enough to be many things: they must be as steady as monthly pay. */
const SMALL_PAYMENT = 100;
const SMALL_MIN_STABILITY = 0.6;
const MONEY_BACK_DAYS = 60;
const RENT_WORDS = new Set([
  'RENT',
  'RENTAL',
  'LANDLORD',
  'LETTING',
  'LETTINGS',
  'TENANCY',
  'TENANT',
  'PROPERTY',
  'PROPERTIES',
  'ESTATE',
  'AGENTS',
]);

/** One payer's credits: those a salary may hide in, and those its text already calls Salary. */
interface Payer {
  candidates: number[];
  named: number[];
}

function creditsByPayer(ledger: Ledger): Map<string, Payer> {
  const byPayer = new Map<string, Payer>();
  // Statements repeat the same texts and payers month after month: each is read once.
  const channels = new Map<string, ReturnType<typeof creditChannel>>();
  const payers = new Map<number, string>();
  for (let r = 0; r < ledger.size; r++) {
    const category = valueAt(ledger.category, r);
    if (valueAt(ledger.amount, r) <= 0 || (category !== SALARY && !CANDIDATES.has(category))) continue;
    const tx = transactionOf(ledger, r);
    if (category !== SALARY) {
      const channelKey = `${tx.type ?? ''}\u0000${tx.description}`;
      let channel = channels.get(channelKey);
      if (channel === undefined) channels.set(channelKey, (channel = creditChannel(tx.type, tx.description)));
      // A feed that gives no type and a text with no code says nothing of how the money came: the series' structure
      // decides (docs/analytics.md, "Salaries the text does not name"), and so does a type that names no channel. A
      // credit whose type says what happened (card, cash, cheque, interest, refund) is not pay.
      if (channel === null && !isSilentType(tx.type)) continue;
    }
    const groupId = valueAt(ledger.groupId, r);
    let key = payers.get(groupId);
    if (key === undefined) payers.set(groupId, (key = payerOf(itemAt(ledger.group, r))));
    const payer = byPayer.get(key) ?? { candidates: [], named: [] };
    (category === SALARY ? payer.named : payer.candidates).push(r);
    byPayer.set(key, payer);
  }
  return byPayer;
}

/** Distinct payment days and the total paid on each, of rows in booking order. */
function paymentDays(ledger: Ledger, rows: readonly number[]): { days: number[]; amounts: number[] } {
  const days: number[] = [];
  const amounts: number[] = [];
  for (const r of rows) {
    const day = valueAt(ledger.day, r);
    if (days.length > 0 && last(days) === day) amounts[amounts.length - 1] = last(amounts) + valueAt(ledger.amount, r);
    else {
      days.push(day);
      amounts.push(valueAt(ledger.amount, r));
    }
  }
  return { days, amounts };
}

/**
 * Money out per payee, recognised (merchant id, as even keys) or not (grouping key id, as odd keys): the rows.
 * Built on the first question, so a customer with no regular payer to check never pays for it.
 */
class PaymentsOut {
  #index: Map<number, number[]> | null = null;
  readonly ledger: Ledger;
  constructor(ledger: Ledger) {
    this.ledger = ledger;
  }

  /** Rows of money out to the payee of row r0 (by merchant when recognised, else by grouping key). */
  rowsFor(r0: number): readonly number[] {
    const ledger = this.ledger;
    const merchant = valueAt(ledger.merchantId, r0);
    const index = (this.#index ??= PaymentsOut.#build(ledger));
    return index.get(merchant >= 0 ? merchant * 2 : valueAt(ledger.groupId, r0) * 2 + 1) ?? [];
  }

  static #build(ledger: Ledger): Map<number, number[]> {
    const index = new Map<number, number[]>();
    const add = (key: number, r: number): void => {
      const rows = index.get(key);
      if (rows) rows.push(r);
      else index.set(key, [r]);
    };
    for (let r = 0; r < ledger.size; r++) {
      if (valueAt(ledger.amount, r) >= 0) continue;
      const merchant = valueAt(ledger.merchantId, r);
      if (merchant >= 0) add(merchant * 2, r);
      add(valueAt(ledger.groupId, r) * 2 + 1, r);
    }
    return index;
  }
}

/** Whether the credits are no more than the customer paid the same payee around them: money back, not pay. */
function isMoneyBack(ledger: Ledger, payments: PaymentsOut, rows: readonly number[]): boolean {
  const r0 = first(rows);
  const from = valueAt(ledger.day, r0) - MONEY_BACK_DAYS;
  const to = valueAt(ledger.day, last(rows));
  let paid = 0;
  for (const r of payments.rowsFor(r0)) {
    const day = valueAt(ledger.day, r);
    if (day >= from && day <= to) paid -= valueAt(ledger.amount, r);
  }
  const received = rows.reduce((sum, r) => sum + valueAt(ledger.amount, r), 0);
  return received <= paid;
}

/** The same whole number of tens every time: what people send each other, where net pay has pounds and pence. */
function isSameRoundSum(amounts: readonly number[]): boolean {
  return amounts.every((a) => a === first(amounts) && Math.abs(a % 10) < 0.005);
}

/** What the texts say: organisation, pay, pension, benefit, rent. */
function textEvidence(ledger: Ledger, rows: readonly number[]) {
  const texts = [...new Set(rows.map((r) => transactionOf(ledger, r).description))];
  return {
    organisation: texts.some(hasCompanyWords),
    payroll: texts.some(hasPayrollWords),
    pension: texts.some(hasPensionWords),
    benefit: texts.some(hasBenefitWords),
    rent: texts.some((t) => wordsOf(t).some((w) => RENT_WORDS.has(w))),
  };
}

/** Whether every candidate credit came by Bacs. */
function isAllBacs(ledger: Ledger, rows: readonly number[]): boolean {
  return rows.every((r) => {
    const tx = transactionOf(ledger, r);
    return creditChannel(tx.type, tx.description) === 'bacs';
  });
}

/** Salary, Pension, Other benefits, or null (leave as classified) for one payer's credits. */
function inferredCategory(ledger: Ledger, payments: PaymentsOut, payer: Payer, rows: readonly number[]): number | null {
  const { days, amounts } = paymentDays(ledger, rows);
  if (days.length < MIN_DAYS) return null;
  const cadence = detectCadence(days);
  const minStability = MIN_STABILITY[cadence];
  if (minStability === undefined || amountStability(amounts) < minStability || isMoneyBack(ledger, payments, rows))
    return null;
  const said = textEvidence(ledger, rows);
  const rental = payer.candidates.some((r) => valueAt(ledger.category, r) === RENTAL);
  if (rental && said.rent) return null;
  // A benefit or a pension the classifier did not know, whatever the sum: never a salary.
  if (payer.named.length === 0 && said.benefit) return OTHER_BENEFITS;
  if (payer.named.length === 0 && said.pension) return PENSION;
  const mean = moments(amounts).mean;
  if (mean < (MIN_AVERAGE[cadence] ?? SMALL_PAYMENT)) return null;
  if (mean < SMALL_PAYMENT && amountStability(amounts) < SMALL_MIN_STABILITY) return null;
  const named = said.organisation || said.payroll;
  if (looksLikePerson(itemAt(ledger.group, first(payer.candidates))) && !named) return null;
  if (!named && !isAllBacs(ledger, payer.candidates) && isSameRoundSum(amounts)) return null;
  if (rental && cadence === 'monthly' && !named) return null;
  return SALARY;
}

/** Re-labels inferred salaries (and pensions and benefits) in the ledger; returns the input indices of the transactions changed. */
export function inferSalaries(ledger: Ledger): number[] {
  const changed: number[] = [];
  const payments = new PaymentsOut(ledger);
  for (const payer of creditsByPayer(ledger).values()) {
    if (payer.candidates.length === 0) continue;
    const rows = [...payer.candidates, ...payer.named].sort((a, b) => a - b);
    const category = inferredCategory(ledger, payments, payer, rows);
    if (category === null) continue;
    for (const r of payer.candidates) {
      ledger.category[r] = category;
      changed.push(valueAt(ledger.input, r));
    }
  }
  return changed.sort((a, b) => a - b);
}
