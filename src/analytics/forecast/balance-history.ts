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
  // Rows per deposit account (null for other accounts), in booking order, by the ledger's account index: accounts
  // are numbered in the order of their first row, so this is that order.
  const rowsByAccount: (number[] | null)[] = [];
  let hasAccounts = false;
  for (let r = 0; r < ledger.size; r++) {
    const account = valueAt(ledger.accountIndex, r);
    let rows = rowsByAccount[account];
    if (rows === undefined) {
      rows = isDeposit(ledger.accounts.get(transactionOf(ledger, r).accountId)?.subType) ? [] : null;
      rowsByAccount[account] = rows;
      hasAccounts ||= rows !== null;
    }
    rows?.push(r);
  }
  let opening = 0;
  for (const rows of rowsByAccount) {
    // An account is listed from its first row, so has one.
    if (rows === null) continue;
    const after = new Float64Array(rows.length);
    let known = -1;
    let balance = 0;
    for (let k = 0; k < rows.length; k++) {
      const row = itemAt(rows, k);
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
    for (let k = 0; k < rows.length; k++) {
      const balanceAfter = valueAt(after, k);
      addAt(delta, valueAt(ledger.day, itemAt(rows, k)) - fromDay, balanceAfter - previous);
      previous = balanceAfter;
    }
  }
  const balances = new Float64Array(days);
  let running = opening;
  for (let d = 0; d < days; d++) {
    running += valueAt(delta, d);
    balances[d] = running;
  }
  return { fromDay, balances, hasAccounts };
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
