import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { computeAffordability } from '../affordability/affordability.ts';
import { buildMonthMatrix } from '../ledger/month-matrix.ts';
import {
  CURRENT,
  SAVINGS,
  aTransaction,
  at,
  ledgerOf,
  monthlyDates,
  series,
} from '../../../test/helpers/analytics-support.ts';
import { computeExpenditure, computeIncome } from './income-expenditure.ts';

const ASOF = at(2026, 1, 14);

function year2025() {
  return [
    ...series(monthlyDates(2025, 1, 28, 12), {
      description: 'BGC ACME LTD SALARY',
      type: 'BankGiroCredit',
      amount: 2000,
    }),
    ...series(monthlyDates(2025, 1, 1, 12), { description: 'SO LANDLORD RENT', type: 'StandingOrder', amount: -800 }),
    aTransaction({ description: 'ZOPA BANK', amount: 5000, bookedAt: at(2025, 6, 10) }),
    aTransaction({ description: 'TFR TO SAVINGS', amount: -500, bookedAt: at(2025, 7, 5) }),
    aTransaction({
      accountId: 'savings',
      description: 'TRANSFER FROM CURRENT ACCOUNT',
      amount: 500,
      bookedAt: at(2025, 7, 5, 13),
    }),
    aTransaction({ description: 'ASOS.COM', amount: -100, currency: 'EUR', bookedAt: at(2025, 7, 6) }),
    aTransaction({ description: 'TESCO STORES 3217', amount: -50, bookedAt: at(2026, 1, 5) }),
  ];
}

describe('income and expenditure', () => {
  const ledger = ledgerOf(year2025(), ASOF, [CURRENT, SAVINGS]);
  const matrix = buildMonthMatrix(ledger);
  const income = computeIncome(ledger, matrix);
  const expenditure = computeExpenditure(ledger, matrix);

  test("cover the 12 complete months before asOf's month, oldest first", () => {
    assert.equal(income.monthly_amounts.length, 12);
    assert.deepEqual(income.monthly_amounts[0], { amount: 2000, year: 2025, month: 1 });
    assert.deepEqual(income.monthly_amounts[11], { amount: 2000, year: 2025, month: 12 });
    assert.equal(income.currency, 'GBP');
  });

  test('loan income is shown as its own income category; own transfers are neither income nor expenditure', () => {
    assert.deepEqual(
      income.categories.map((c) => c.name),
      ['Salary', 'Loan income'],
    );
    assert.equal(income.monthly_amounts[5]?.amount, 7000);
    assert.deepEqual(
      expenditure.categories.map((c) => [c.name, c.fixed_flexible]),
      [['Rent', 'fixed']],
    );
    assert.equal(expenditure.monthly_amounts[6]?.amount, 800);
  });

  test('amounts in another currency and the current month are left out', () => {
    assert.ok(expenditure.monthly_amounts.every((m) => m.amount === 800));
  });

  test('affordability: income without loans minus expenditure, per complete month', () => {
    const records = computeAffordability(ledger, matrix);
    assert.equal(records.length, 12);
    assert.ok(
      records.every(
        (r) =>
          r.amount === 1200 &&
          r.currency === 'GBP' &&
          r.affordability_type === 'TWELVE_MONTH' &&
          r.account_type === 'Personal',
      ),
    );
    assert.deepEqual([records[0]?.year, records[0]?.month, records[11]?.year, records[11]?.month], [2025, 1, 2025, 12]);
  });

  test('months with no data inside the history are zero; months before it are not listed', () => {
    const short = ledgerOf(
      [
        aTransaction({
          description: 'BGC ACME LTD SALARY',
          type: 'BankGiroCredit',
          amount: 2000,
          bookedAt: at(2025, 8, 1, 3),
        }),
        aTransaction({
          description: 'BGC ACME LTD SALARY',
          type: 'BankGiroCredit',
          amount: 2100,
          bookedAt: at(2025, 12, 1, 3),
        }),
      ],
      ASOF,
    );
    const m = buildMonthMatrix(short);
    assert.deepEqual(
      computeIncome(short, m).monthly_amounts.map((a) => [a.month, a.amount]),
      [
        [8, 2000],
        [9, 0],
        [10, 0],
        [11, 0],
        [12, 2100],
      ],
    );
    assert.deepEqual(
      computeAffordability(short, m).map((a) => a.amount),
      [2000, 0, 0, 0, 2100],
    );
  });

  test('no data at all: empty lists, the default currency', () => {
    const empty = ledgerOf([], ASOF);
    const m = buildMonthMatrix(empty);
    assert.deepEqual(computeIncome(empty, m), { currency: 'GBP', monthly_amounts: [], categories: [] });
    assert.deepEqual(computeAffordability(empty, m), []);
  });
});
