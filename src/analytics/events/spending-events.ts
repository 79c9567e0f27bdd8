/**
 * Credit, charges and spending events: new borrowing, BNPL plans, returned direct debits, unarranged overdraft
 * charges, monthly bank charges and debt collection, gambling increases and large one-off payments
 * (event-types.ts has the list; docs/analytics.md the rules).
 */
import { itemAt, valueAt } from '../../lib/indexing.ts';
import { isoDate, monthStartDay } from '../calendar/london.ts';
import { EARNED_INCOME_CATEGORIES, EXPENDITURE_CATEGORIES } from '../income-expenditure/income-expenditure.ts';
import { categoryIndex, transactionOf } from '../ledger/ledger.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { countOf, grossOf } from '../ledger/month-matrix.ts';
import type { MonthMatrix } from '../ledger/month-matrix.ts';
import { round2 } from '../money.ts';
import type { Recurrence } from '../recurrence/find-recurring.ts';
import { markerCategories } from '../markers/financial-markers.ts';
import type { EventDraft } from './event-draft.ts';
import type { EventTypeName } from './event-types.ts';

const LOAN = categoryIndex('loan_income');
const PAYDAY = categoryIndex('payday_loan_income');
const BNPL = categoryIndex('bnpl');
const RETURNED = categoryIndex('returned_direct_debit');
const CHARGES = categoryIndex('bank_charges');
const GAMBLING = categoryIndex('gambling');
const UNARRANGED = /UNARRANGED|UNAUTHORI[SZ]ED|UNPLANNED/i;
const NEW_PLAN_AFTER_DAYS = 45;
const GAMBLING_FACTOR = 1.5;
const GAMBLING_MIN = 100;
const ONE_OFF_MIN = 500;
const ONE_OFF_SHARE_OF_INCOME = 0.5;
/** Salaries, pensions and benefits are regular income even when the data holds too few payments to show it. */
const STREAM_CATEGORIES = new Set((['salary', 'pension', 'benefits'] as const).flatMap((m) => markerCategories(m)));

function daily(ledger: Ledger, type: EventTypeName, row: number, description: string): EventDraft {
  const day = valueAt(ledger.day, row);
  return {
    type,
    subject: transactionOf(ledger, row).id,
    day,
    month: valueAt(ledger.month, row),
    amount: round2(Math.abs(valueAt(ledger.amount, row))),
    description: `${description} on ${isoDate(day)}`,
    row,
  };
}

/** The payee of a row: its merchant, else its grouping key. */
function payeeOf(ledger: Ledger, row: number): string {
  return itemAt(ledger.merchant, row) ?? itemAt(ledger.group, row);
}

/** One event per transaction: loans, payday loans, returned direct debits, unarranged overdraft charges, new BNPL plans. */
export function transactionEvents(ledger: Ledger): EventDraft[] {
  const drafts: EventDraft[] = [];
  const lastBnpl = new Map<string, number>();
  for (let r = 0; r < ledger.size; r++) {
    const c = valueAt(ledger.category, r);
    const amount = valueAt(ledger.amount, r);
    const group = itemAt(ledger.group, r);
    const payee = payeeOf(ledger, r);
    if (c === LOAN && amount > 0)
      drafts.push(daily(ledger, 'NEW_LOAN', r, `Loan of ${round2(amount)} received from ${payee}`));
    else if (c === PAYDAY && amount > 0)
      drafts.push(daily(ledger, 'NEW_PAYDAY_LOAN', r, `Payday loan of ${round2(amount)} received from ${payee}`));
    else if (c === RETURNED)
      drafts.push(daily(ledger, 'RETURNED_DIRECT_DEBIT', r, `Payment returned unpaid (${group})`));
    else if (c === CHARGES && amount < 0 && UNARRANGED.test(transactionOf(ledger, r).description)) {
      drafts.push(daily(ledger, 'UNARRANGED_OVERDRAFT', r, `Unarranged overdraft charge of ${round2(-amount)}`));
    } else if (c === BNPL && amount < 0) {
      const day = valueAt(ledger.day, r);
      const previous = lastBnpl.get(group);
      if (previous === undefined || day - previous > NEW_PLAN_AFTER_DAYS) {
        drafts.push(
          daily(ledger, 'NEW_BNPL', r, `New buy-now-pay-later plan (${group}), first instalment ${round2(-amount)}`),
        );
      }
      lastBnpl.set(group, day);
    }
  }
  return drafts;
}

/** One event per complete month with bank charges, debt collection or debt management payments. */
export function monthlyEvents(ledger: Ledger, matrix: MonthMatrix): EventDraft[] {
  const drafts: EventDraft[] = [];
  const kinds: [EventTypeName, number[], string][] = [
    ['BANK_CHARGES', markerCategories('bank_charges', 'expenditure'), 'bank charges'],
    ['DEBT_COLLECTION', markerCategories('debt_collection', 'expenditure'), 'payments to debt collectors'],
    ['DEBT_MANAGEMENT', markerCategories('debt_management', 'expenditure'), 'payments to debt management'],
  ];
  for (let m = matrix.from; m < ledger.asOfMonth; m++) {
    for (const [type, categories, words] of kinds) {
      let count = 0;
      let amount = 0;
      for (const c of categories) {
        count += countOf(matrix, c, m);
        amount += grossOf(matrix, c, m);
      }
      if (count === 0) continue;
      drafts.push({
        type,
        subject: type,
        day: null,
        month: m,
        amount: round2(amount),
        description: `${count} ${words} totalling ${round2(amount)}`,
      });
    }
  }
  return drafts;
}

/** A complete month of gambling at least 100 and above 1.5 × the average of the 3 covered months before it. */
export function gamblingIncreases(ledger: Ledger, matrix: MonthMatrix): EventDraft[] {
  const drafts: EventDraft[] = [];
  for (let m = ledger.firstCoveredMonth + 3; m < ledger.asOfMonth; m++) {
    const before =
      (grossOf(matrix, GAMBLING, m - 1) + grossOf(matrix, GAMBLING, m - 2) + grossOf(matrix, GAMBLING, m - 3)) / 3;
    const spent = grossOf(matrix, GAMBLING, m);
    const threshold = GAMBLING_FACTOR * before;
    if (spent < GAMBLING_MIN || spent <= threshold) continue;
    drafts.push({
      type: 'GAMBLING_INCREASE',
      subject: 'gambling',
      day: null,
      month: m,
      amount: round2(spent),
      threshold: round2(threshold),
      higherThanThreshold: true,
      description: `Gambling of ${round2(spent)} against a 3-month average of ${round2(before)}`,
    });
  }
  return drafts;
}

/**
 * Money in or out at or above max(500, half the average monthly income of the 12 complete months), in the last 12
 * months and this month, that is not part of a recurring group (and not a loan, own transfer or refund; money in
 * that is a salary, pension or benefit is regular income, not one-off).
 */
export function largeOneOffs(ledger: Ledger, recurrence: Recurrence, averageIncome: number): EventDraft[] {
  const threshold = round2(Math.max(ONE_OFF_MIN, ONE_OFF_SHARE_OF_INCOME * averageIncome));
  const earned = new Set(EARNED_INCOME_CATEGORIES.filter((c) => !STREAM_CATEGORIES.has(c)));
  const spending = new Set(EXPENDITURE_CATEGORIES);
  const from = monthStartDay(ledger.asOfMonth - 12);
  const drafts: EventDraft[] = [];
  for (let r = 0; r < ledger.size; r++) {
    const amount = valueAt(ledger.amount, r);
    if (valueAt(ledger.day, r) < from || valueAt(recurrence.groupOfRow, r) >= 0 || Math.abs(amount) < threshold)
      continue;
    const c = valueAt(ledger.category, r);
    const payee = payeeOf(ledger, r);
    let draft: EventDraft | null = null;
    if (amount > 0 && earned.has(c))
      draft = daily(ledger, 'LARGE_ONE_OFF_INCOME', r, `One-off income of ${round2(amount)} from ${payee}`);
    else if (amount < 0 && spending.has(c))
      draft = daily(ledger, 'LARGE_ONE_OFF_EXPENSE', r, `One-off payment of ${round2(-amount)} to ${payee}`);
    if (draft) drafts.push({ ...draft, threshold, higherThanThreshold: true });
  }
  return drafts;
}
