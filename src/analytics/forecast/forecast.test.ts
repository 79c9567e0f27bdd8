import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { itemAt } from '../../lib/indexing.ts';
import { civilFromDay, isoDate, monthIndex } from '../calendar/london.ts';
import { lastWorkingDayOfMonth } from '../calendar/working-days.ts';
import { findIncomeStreams } from '../employment/income-streams.ts';
import { findRecurring } from '../recurrence/find-recurring.ts';
import {
  CURRENT,
  SAVINGS,
  aTransaction,
  anAccount,
  at,
  ledgerOf,
  monthlyDates,
  series,
} from '../../../test/helpers/analytics-support.ts';
import type { EngineAccount, EngineTransaction } from '../types.ts';
import { buildBalanceHistory } from './balance-history.ts';
import { FORECAST_DAYS, forecastBalance } from './forecast-balance.ts';

const ASOF = at(2026, 1, 14);
const CARD = anAccount({ id: 'card', subType: 'CreditCard', accountNumber: '5555444433332222' });

function history(transactions: EngineTransaction[], accounts: EngineAccount[] = [CURRENT, SAVINGS, CARD]) {
  const h = buildBalanceHistory(ledgerOf(transactions, ASOF, accounts));
  const byDate = new Map(Array.from(h.balances, (balance, d) => [isoDate(h.fromDay + d), balance]));
  return (date: string): number => {
    const balance = byDate.get(date);
    assert.ok(balance !== undefined, `no balance on ${date}`);
    return balance;
  };
}

describe('forecast › daily balance history', () => {
  test("uses the bank's running balances, end of day, summed over deposit accounts (not credit cards)", () => {
    const balanceOn = history([
      aTransaction({ amount: -20, balance: 480, bookedAt: at(2026, 1, 10, 9) }),
      aTransaction({ amount: -30, balance: 450, bookedAt: at(2026, 1, 10, 18) }),
      aTransaction({ accountId: 'savings', amount: 100, balance: 1100, bookedAt: at(2026, 1, 11) }),
      aTransaction({ accountId: 'card', amount: -60, balance: -60, bookedAt: at(2026, 1, 11) }),
      aTransaction({ amount: -5, balance: 445, status: 'Pending', bookedAt: at(2026, 1, 12) }),
    ]);
    assert.equal(balanceOn('2026-01-10'), 450 + 1000);
    assert.equal(balanceOn('2026-01-11'), 450 + 1100);
    assert.equal(balanceOn('2026-01-14'), 1550);
  });

  test('works back from the first running balance; without any, starts from 0', () => {
    const backwards = history([
      aTransaction({ amount: -20, bookedAt: at(2026, 1, 10) }),
      aTransaction({ amount: -30, balance: 150, bookedAt: at(2026, 1, 11) }),
    ]);
    assert.equal(backwards('2026-01-10'), 180);
    const none = history([
      aTransaction({ amount: 40, bookedAt: at(2026, 1, 10) }),
      aTransaction({ amount: -50, bookedAt: at(2026, 1, 12) }),
    ]);
    assert.deepEqual([none('2026-01-10'), none('2026-01-12')], [40, -10]);
  });
});

describe('forecast › 90 days from asOf', () => {
  function forecast(transactions: EngineTransaction[]) {
    const ledger = ledgerOf(transactions, ASOF, [CURRENT]);
    return forecastBalance(ledger, buildBalanceHistory(ledger), findRecurring(ledger), findIncomeStreams(ledger));
  }
  const lastWorkingDays = Array.from({ length: 13 }, (_, k) => {
    const c = civilFromDay(lastWorkingDayOfMonth(monthIndex(2024, 12) + k));
    return [c.year, c.month, c.day] as [number, number, number];
  });

  test('expected salary and rent on their dates, everyday spending spread evenly, first day below zero', () => {
    const rent = series(monthlyDates(2025, 1, 1, 13), {
      description: 'SO LANDLORD RENT',
      type: 'StandingOrder',
      amount: -1200,
    });
    itemAt(rent, 12).balance = 500; // the bank's balance after the last transaction before asOf
    const f = forecast([
      ...series(lastWorkingDays, { description: 'BGC ACME LTD SALARY', type: 'BankGiroCredit', amount: 1000 }),
      ...rent,
      ...series(
        [
          [2025, 10, 3],
          [2025, 11, 20],
          [2025, 12, 9],
        ],
        { description: 'TESCO STORES', amount: -276 },
      ),
    ]);
    assert.equal(f.current_balance, 500);
    assert.equal(f.forecast.length, FORECAST_DAYS);
    assert.equal(f.forecast[0]?.date, '2026-01-15');
    assert.deepEqual(
      f.expected_payments.map((p) => `${p.date} ${p.amount} ${p.kind}`),
      [
        '2026-01-30 1000 income',
        '2026-02-02 -1200 recurring_outgoing',
        '2026-02-27 1000 income',
        '2026-03-02 -1200 recurring_outgoing',
        '2026-03-31 1000 income',
        '2026-04-01 -1200 recurring_outgoing',
      ],
    );
    assert.equal(f.everyday_spending_per_day, 9); // 828 over the 92 days of October to December
    assert.equal(f.forecast[15]?.balance, 500 - 16 * 9 + 1000); // 30 January
    assert.equal(f.first_negative_date, '2026-02-17'); // 500 + 1000 - 1200 - 34 days × 9
    assert.equal(f.currency, 'GBP');
    assert.equal(f.history.at(-1)?.date, '2026-01-14');
  });

  test('fewer than 3 months of history: a salary paid twice with a rhythm is expected', () => {
    const f = forecast([
      aTransaction({ description: 'OPENING', amount: 0.01, balance: 0.01, bookedAt: at(2025, 11, 10) }),
      ...series(
        [
          [2025, 11, 28],
          [2025, 12, 31],
        ],
        { description: 'BGC NORTHSTAR CONTACT SALARY', type: 'BankGiroCredit', amount: 1746.51 },
      ),
    ]);
    assert.deepEqual(
      f.expected_payments.map((p) => `${p.date} ${p.amount} ${p.description}`),
      [
        '2026-01-30 1746.51 NORTHSTAR CONTACT (Salary)',
        '2026-02-27 1746.51 NORTHSTAR CONTACT (Salary)',
        '2026-03-31 1746.51 NORTHSTAR CONTACT (Salary)',
      ],
    );
  });

  test("a payment that has stopped is not expected; a balance already below zero is negative on asOf's day", () => {
    const f = forecast([
      aTransaction({ description: 'OPENING', amount: -50, balance: -50, bookedAt: at(2025, 1, 1, 0) }),
      ...series(monthlyDates(2025, 1, 5, 6), { description: 'NETFLIX.COM', amount: -10 }),
    ]);
    assert.deepEqual(f.expected_payments, []);
    assert.equal(f.first_negative_date, '2026-01-14');
    assert.equal(f.lowest_balance, -110);
  });
});
