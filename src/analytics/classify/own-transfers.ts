/**
 * Transfers between the customer's own accounts. Left in, they would count twice: once as money out of the
 * current account and again as money into savings (or as a credit-card repayment and the card's spending).
 * Decisions, Analytics: "transfers between the customer's own accounts are ignored".
 *
 * A pair is a debit on one account and a credit of the same absolute amount and currency on another of the
 * customer's accounts, both transfer-like (the classifier's provisional category: a transfer, savings, a card or
 * loan repayment, an unknown payee), booked within 3 days of each other. When either side's text says it is an
 * own transfer the window widens to 7 days (some banks book the credit side late over weekends and bank
 * holidays). Own-transfer wording is recognised by the classifier: the statement codes TFR/TRF and "TRANSFER
 * TO/FROM" (statement-codes.ts), and words such as TO SAVINGS, FROM ISA, CASH ISA, SAVINGS POT, POT TRANSFER,
 * ROUND UP, OWN ACCOUNT, TO A/C (keyword-rules.ts).
 *
 * Wording alone is enough when it is the text's own words, not only a TFR code, and no known payee explains the
 * payment: "TFR TO CASH ISA", "ROUND UP TO SAVINGS POT", "TRANSFER TO RAINY DAY SPACE", "TO A/C 87654321". UK banks
 * print these for moves between the customer's own accounts and pots (payments to other people carry the payee's
 * name), and the other side is often an account the customer did not connect. Such a payment unpaired is still an
 * own transfer (LEVEL.worded); a payment to a savings firm we know (Moneybox, NS&I) stays savings.
 *
 * A description that names the account number of another of the customer's accounts is an own transfer even
 * without a counterpart: the customer holds that account, its side may just fall outside the data. The number
 * counts in full (8 digits, alone or after a sort code: "TO A/C 87654321", "TFR 20-00-00 87654321") or, on a text
 * that already says it is an own transfer, by its last four digits masked ("TFR TO A/C ENDING 4321", "****4321").
 */
import { itemAt, valueAt } from '../../lib/indexing.ts';
import type { EngineAccount, EngineTransaction } from '../types.ts';

const DAY = 86_400;
const PLAIN_WINDOW = 3 * DAY;
const HINTED_WINDOW = 7 * DAY;

/** How strongly a transaction looks like an own transfer before pairing. */
export const LEVEL = { none: 0, candidate: 1, hinted: 2, worded: 3 } as const;
export type Level = (typeof LEVEL)[keyof typeof LEVEL];

/** The UK account number (last 8 digits) of each account with one. */
function accountNumbers(accounts: readonly EngineAccount[]): Map<string, string> {
  const byAccount = new Map<string, string>();
  for (const account of accounts) {
    const digits = account.accountNumber.replace(/\D/g, '');
    if (digits.length >= 8) byAccount.set(account.id, digits.slice(-8));
  }
  return byAccount;
}

/** Four digits after a mask or the word ENDING: "****4321", "XXXX4321", "ENDING 4321", "ENDING IN 4321". */
const MASKED_NUMBER = /(?:\*{2,}|X{2,}|ENDING(?: IN)?\s*)(\d{4})(?!\d)/i;

/**
 * Whether the text names the account number of one of the customer's other accounts: in full, or masked to its
 * last four digits when `hinted` (the text says it is an own transfer).
 */
function namesOtherAccount(
  description: string,
  ownAccountId: string,
  numbers: Map<string, string>,
  hinted: boolean,
): boolean {
  let digitCount = 0;
  for (let i = 0; i < description.length && digitCount < 8; i++) {
    const c = description.charCodeAt(i);
    if (c >= 48 && c <= 57) digitCount++;
  }
  if (digitCount >= 8) {
    const digits = description.replace(/\D/g, '');
    for (const [accountId, number] of numbers) {
      if (accountId !== ownAccountId && digits.includes(number)) return true;
    }
  }
  const tail = hinted && digitCount >= 4 ? MASKED_NUMBER.exec(description)?.[1] : undefined;
  if (tail === undefined) return false;
  for (const [accountId, number] of numbers) {
    if (accountId !== ownAccountId && number.endsWith(tail)) return true;
  }
  return false;
}

/** Orders the triples a and b of a flattened [gap, debit, credit] list by gap, then debit, then credit. */
function compareTriples(pairs: readonly number[], a: number, b: number): number {
  return (
    itemAt(pairs, 3 * a) - itemAt(pairs, 3 * b) ||
    itemAt(pairs, 3 * a + 1) - itemAt(pairs, 3 * b + 1) ||
    itemAt(pairs, 3 * a + 2) - itemAt(pairs, 3 * b + 2)
  );
}

/**
 * Marks own transfers. `levels[i]` says whether transaction i may be one (from its provisional category and
 * its text); the answer has 1 at each index found to be an own transfer.
 */
export function findOwnTransfers(
  transactions: readonly EngineTransaction[],
  accounts: readonly EngineAccount[],
  levels: Uint8Array,
): Uint8Array {
  const isOwn = new Uint8Array(transactions.length);
  for (let i = 0; i < levels.length; i++) if (levels[i] === LEVEL.worded) isOwn[i] = 1;
  if (accounts.length < 2) return isOwn;
  const numbers = accountNumbers(accounts);
  const effective = Uint8Array.from(levels);
  const paired = new Uint8Array(transactions.length);

  // Group the candidates by currency and absolute amount in minor units (a numeric key: no string per candidate).
  const groups = new Map<number, number[]>();
  const currencies = new Map<string, number>();
  for (let i = 0; i < transactions.length; i++) {
    if (effective[i] === LEVEL.none) continue;
    const tx = itemAt(transactions, i);
    const hinted = valueAt(effective, i) >= LEVEL.hinted;
    if (numbers.size > 1 && namesOtherAccount(tx.description, tx.accountId, numbers, hinted)) {
      isOwn[i] = 1;
      effective[i] = Math.max(valueAt(effective, i), LEVEL.hinted);
    }
    let currency = currencies.get(tx.currency);
    if (currency === undefined) currencies.set(tx.currency, (currency = currencies.size));
    const key = Math.round(Math.abs(tx.amount) * 100) * 1024 + (currency % 1024);
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  }

  // Within a group, the closest debit–credit pairs are taken first, so one credit goes with the debit nearest in time.
  const pairs: number[] = []; // flattened [gap, debit, credit]
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    group.sort((a, b) => itemAt(transactions, a).bookedAt - itemAt(transactions, b).bookedAt || a - b);
    pairs.length = 0;
    for (let d = 0; d < group.length; d++) {
      const debitIndex = itemAt(group, d);
      const debit = itemAt(transactions, debitIndex);
      if (debit.amount >= 0) continue;
      // Sorted by time: look outwards from the debit and stop once past the widest window.
      for (let step = -1; step <= 1; step += 2) {
        for (let c = d + step; c >= 0 && c < group.length; c += step) {
          const creditIndex = itemAt(group, c);
          const credit = itemAt(transactions, creditIndex);
          const gap = Math.abs(credit.bookedAt - debit.bookedAt);
          if (gap > HINTED_WINDOW) break;
          if (credit.amount <= 0 || credit.accountId === debit.accountId) continue;
          const hinted =
            valueAt(effective, debitIndex) >= LEVEL.hinted || valueAt(effective, creditIndex) >= LEVEL.hinted;
          if (gap <= (hinted ? HINTED_WINDOW : PLAIN_WINDOW)) pairs.push(gap, debitIndex, creditIndex);
        }
      }
    }
    const order = Array.from({ length: pairs.length / 3 }, (_, k) => k);
    order.sort((a, b) => compareTriples(pairs, a, b));
    for (const k of order) {
      const debit = itemAt(pairs, 3 * k + 1);
      const credit = itemAt(pairs, 3 * k + 2);
      if (paired[debit] || paired[credit]) continue;
      paired[debit] = 1;
      paired[credit] = 1;
      isOwn[debit] = 1;
      isOwn[credit] = 1;
    }
  }
  return isOwn;
}
