/**
 * Daily total balance over the history: the sum, at the end of each London day, of the balances of the
 * customer's Personal deposit accounts (current, savings, e-money, prepaid: credit cards, loans and mortgages are
 * debts, not money held). Booked transactions in the report currency only.
 *
 * Per account, the balance after each transaction is the bank's running balance when it gave one; otherwise the
 * previous balance plus the amount. Transactions before the first running balance are worked back from it; an
 * account with no running balance at all starts from 0 before its first transaction (docs/analytics.md says so:
 * its level is then unknown, only its movements are real). Before an account's first transaction its balance is
 * the one just before that transaction.
 */
import { first, itemAt, valueAt } from '../../lib/indexing.ts';
import { addAt, transactionOf } from '../ledger/ledger.ts';
import type { Ledger } from '../ledger/ledger.ts';

const NOT_DEPOSITS = new Set(['creditcard', 'chargecard', 'loan', 'mortgage']);

export interface BalanceHistory {
  /** London day of balances[0] */
  fromDay: number;
  /** end-of-day total balance for each day fromDay … asOfDay */
  balances: Float64Array;
  /** whether any deposit account had transactions */
  hasAccounts: boolean;
}

function isDeposit(subType: string | undefined): boolean {
  return !NOT_DEPOSITS.has((subType ?? '').toLowerCase().replace(/[^a-z]/g, ''));
}

export function buildBalanceHistory(ledger: Ledger): BalanceHistory {
  const fromDay = Math.min(ledger.firstDay, ledger.asOfDay);
  const days = ledger.asOfDay - fromDay + 1;
  const delta = new Float64Array(days);
  // Rows per deposit account, in booking order.
  const rowsByAccount = new Map<string, number[]>();
  for (let r = 0; r < ledger.size; r++) {
    const accountId = transactionOf(ledger, r).accountId;
    let rows = rowsByAccount.get(accountId);
    if (rows === undefined) {
      if (!isDeposit(ledger.accounts.get(accountId)?.subType)) continue;
      rowsByAccount.set(accountId, (rows = []));
    }
    rows.push(r);
  }
  let opening = 0;
  for (const rows of rowsByAccount.values()) {
    // An account is listed from its first row, so has one.
    const after = new Float64Array(rows.length);
    let known = -1;
    let balance = 0;
    for (const [k, row] of rows.entries()) {
      const given = transactionOf(ledger, row).balance;
      if (given !== null && Number.isFinite(given)) {
        balance = given;
        if (known < 0) known = k;
      } else balance += valueAt(ledger.amount, row);
      after[k] = balance;
    }
    // Work back from the first running balance to the transactions before it.
    for (let k = known - 1; k >= 0; k--) {
      after[k] = valueAt(after, k + 1) - valueAt(ledger.amount, itemAt(rows, k + 1));
    }
    const start = valueAt(after, 0) - valueAt(ledger.amount, first(rows));
    opening += start;
    let previous = start;
    for (const [k, row] of rows.entries()) {
      const balanceAfter = valueAt(after, k);
      addAt(delta, valueAt(ledger.day, row) - fromDay, balanceAfter - previous);
      previous = balanceAfter;
    }
  }
  const balances = new Float64Array(days);
  let running = opening;
  for (const [d, change] of delta.entries()) {
    running += change;
    balances[d] = running;
  }
  return { fromDay, balances, hasAccounts: rowsByAccount.size > 0 };
}

/** Share of the days [fromDay, toDay] (clipped to the history) whose end-of-day total balance is below zero. */
export function negativeShare(history: BalanceHistory, fromDay: number, toDay: number): number {
  const from = Math.max(fromDay, history.fromDay);
  const to = Math.min(toDay, history.fromDay + history.balances.length - 1);
  if (!history.hasAccounts || to < from) return 0;
  let negative = 0;
  for (const balance of history.balances.subarray(from - history.fromDay, to - history.fromDay + 1)) {
    if (balance < -0.005) negative++;
  }
  return negative / (to - from + 1);
}
