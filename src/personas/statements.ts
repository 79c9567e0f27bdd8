/**
 * Monthly statements per account in the spec's Statement shape (OBIE codes in Type members). A statement is
 * issued for each London calendar month that lies inside the history and whose statement has been produced by
 * asOf (three days after the month ends), so its balances can always be checked against the transactions:
 * PreviousClosingBalance + credits − debits = ClosingBalance.
 */
import { itemAt } from '../lib/indexing.ts';
import type { Assembled } from './assemble.ts';
import type { PersonaAccount, Statement, StatementAmount, StatementFeeOrInterest } from './model.ts';
import { DAY_SECONDS, civilFromDay, isoLondon, londonDay, londonTime, monthOfDay, monthStartDay } from './calendar.ts';
import { hash53 } from './prng.ts';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const money = (pence: number): string => (Math.abs(pence) / 100).toFixed(2);
const amount = (type: string, pence: number): StatementAmount => ({
  CreditDebitIndicator: pence < 0 ? 'Debit' : 'Credit',
  Type: type,
  Amount: money(pence),
  Currency: 'GBP',
});

interface MonthTotals {
  credits: number;
  debits: number;
  fees: number;
  interest: number;
  closing: number;
}

/** `openedInHistory`: the accounts were opened at the start of the history (nothing happened before it). */
export function buildStatements(
  a: Assembled,
  seed: number,
  fromTs: number,
  asOf: number,
  openedInHistory: boolean,
): Statement[] {
  const out: Statement[] = [];
  for (const acct of a.accounts) out.push(...accountStatements(a, acct, seed, fromTs, asOf, openedInHistory));
  return out;
}

function accountStatements(
  a: Assembled,
  acct: PersonaAccount,
  seed: number,
  fromTs: number,
  asOf: number,
  openedInHistory: boolean,
): Statement[] {
  const totals = new Map<number, MonthTotals>();
  for (const [i, t] of a.transactions.entries()) {
    if (t.account_number !== acct.number) continue;
    const m = monthOfDay(londonDay(t.booking_date_time));
    const pence = Math.round(t.amount * 100);
    const x = totals.get(m) ?? { credits: 0, debits: 0, fees: 0, interest: 0, closing: 0 };
    if (pence >= 0) x.credits += pence;
    else x.debits -= pence;
    const d = itemAt(a.drafts, i);
    if (d.kind === 'charge') x.fees -= pence;
    if (d.kind === 'interest') x.interest += pence;
    x.closing = itemAt(a.balances, i);
    totals.set(m, x);
  }
  const out: Statement[] = [];
  const firstMonth = monthOfDay(londonDay(fromTs));
  const monthAligned = londonTime(monthStartDay(firstMonth), 0) === fromTs;
  // The month the history starts in gets a statement only when nothing of that month is missing: the history
  // starts on the 1st, or the account was opened inside the history (then the statement starts at opening).
  let m = monthAligned || openedInHistory ? firstMonth : firstMonth + 1;
  let balance = Math.round(acct.opening_balance * 100);
  for (let month = firstMonth; month < m; month++) balance = totals.get(month)?.closing ?? balance;
  for (; ; m++) {
    const start = Math.max(fromTs, londonTime(monthStartDay(m), 0));
    const end = londonTime(monthStartDay(m + 1), 0);
    const created = end + 3 * DAY_SECONDS + 6 * 3600;
    if (created > asOf) break;
    const x = totals.get(m) ?? { credits: 0, debits: 0, fees: 0, interest: 0, closing: balance };
    const c = civilFromDay(monthStartDay(m));
    const ref = `${c.year}${String(c.month).padStart(2, '0')}`;
    const s: Statement = {
      AccountId: acct.id,
      StatementId: `STM${String(hash53(`${acct.id}|${ref}`, seed)).padStart(16, '0')}`,
      StatementReference: ref,
      Type: 'RegularPeriodic',
      StartDateTime: isoLondon(start),
      EndDateTime: isoLondon(end - 1),
      CreationDateTime: isoLondon(created),
      StatementDescription: [`Statement for ${MONTH_NAMES[c.month - 1]} ${c.year}`],
      StatementAmounts: [
        amount('UK.OBIE.PreviousClosingBalance', balance),
        amount('UK.OBIE.ClosingBalance', x.closing),
        amount('UK.OBIE.TotalCredits', x.credits),
        { ...amount('UK.OBIE.TotalDebits', x.debits), CreditDebitIndicator: 'Debit' },
      ],
      StatementDateTimes: [
        { Type: 'UK.OBIE.NextStatement', DateTime: isoLondon(londonTime(monthStartDay(m + 2), 0) - 1) },
      ],
    };
    if (x.fees > 0) s.StatementFee = [fee('Debit', 'UK.OBIE.Total', x.fees, 'Charges and overdraft interest')];
    if (x.interest > 0) s.StatementInterest = [fee('Credit', 'UK.OBIE.Total', x.interest, 'Gross interest paid')];
    out.push(s);
    balance = x.closing;
  }
  return out;
}

function fee(indicator: 'Credit' | 'Debit', type: string, pence: number, description: string): StatementFeeOrInterest {
  return {
    Description: [description],
    CreditDebitIndicator: indicator,
    Type: type,
    Frequency: 'UK.OBIE.StatementMonthly',
    Amount: money(pence),
    Currency: 'GBP',
  };
}
