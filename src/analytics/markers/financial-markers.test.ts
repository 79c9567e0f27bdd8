import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildBalanceHistory } from '../forecast/balance-history.ts';
import { buildMonthMatrix } from '../ledger/month-matrix.ts';
import { findRecurring } from '../recurrence/find-recurring.ts';
import type { FinancialMarkers } from '../report-types.ts';
import {
  CURRENT,
  SAVINGS,
  aTransaction,
  at,
  ledgerOf,
  monthlyDates,
  series,
} from '../../../test/helpers/analytics-support.ts';
import type { EngineTransaction } from '../types.ts';
import { computeFinancialMarkers } from './financial-markers.ts';

const ASOF = at(2026, 1, 14);

function markers(transactions: EngineTransaction[], asOf = ASOF): FinancialMarkers {
  const ledger = ledgerOf(transactions, asOf, [CURRENT, SAVINGS]);
  return computeFinancialMarkers(ledger, buildMonthMatrix(ledger), findRecurring(ledger), buildBalanceHistory(ledger));
}

function busyYear(): EngineTransaction[] {
  return [
    ...series(monthlyDates(2025, 1, 1, 13), {
      description: 'BGC ACME LTD SALARY',
      type: 'BankGiroCredit',
      amount: 2000,
    }),
    ...series(monthlyDates(2025, 1, 2, 13), { description: 'SO LANDLORD RENT', type: 'StandingOrder', amount: -700 }),
    ...series(monthlyDates(2025, 4, 1, 10), { description: 'LEEDS CITY COUNCIL', amount: -150 }),
    ...series(monthlyDates(2025, 1, 5, 12), { description: 'DD OCTOPUS ENERGY', amount: -90 }),
    ...series(monthlyDates(2025, 1, 6, 12), { description: 'ADMIRAL INSURANCE', amount: -40 }),
    ...series(monthlyDates(2025, 1, 20, 9), { description: 'BET365', amount: -10 }),
    ...series(monthlyDates(2025, 10, 20, 3), { description: 'BET365', amount: -50 }),
    aTransaction({ description: 'KLARNA*ASOS', amount: -25, bookedAt: at(2025, 11, 8) }),
    aTransaction({ description: 'LENDING STREAM', amount: 300, bookedAt: at(2025, 9, 8) }),
    aTransaction({ description: 'ZOPA BANK', amount: 3000, bookedAt: at(2025, 3, 8) }),
    aTransaction({ description: 'UNARRANGED OVERDRAFT FEE', amount: -5, bookedAt: at(2025, 12, 9) }),
    aTransaction({ description: 'TFR TO SAVINGS', amount: -200, bookedAt: at(2025, 6, 9) }),
    aTransaction({
      accountId: 'savings',
      description: 'FROM CURRENT ACCOUNT',
      amount: 200,
      bookedAt: at(2025, 6, 9, 13),
    }),
  ];
}

describe('financial markers', () => {
  const m = markers(busyYear());

  test('indicators over the last 3, 6 and 12 complete months', () => {
    assert.deepEqual(
      {
        new_debt: m.new_debt_indicator,
        debt_management: m.debt_management_indicator,
        recent: m.recent_account_indicator,
        housing: m.mortgage_rent_indicator,
        insurance: m.insurance_indicator,
        council_tax: m.council_tax_indicator,
        savings: m.savings_investment_indicator,
        payday_6m: m.direct_loan_indicator,
        bnpl_3m: m.bnpl_indicator,
      },
      {
        new_debt: false,
        debt_management: false,
        recent: false,
        housing: true,
        insurance: true,
        council_tax: true,
        savings: true,
        payday_6m: true,
        bnpl_3m: true,
      },
    );
  });

  test('rate statistics: gambling up from 10 a month to 50 in the last 3 months', () => {
    assert.deepEqual(m.gambling, {
      rate_of_change: 150,
      pred_next_month: 50,
      ratio_to_income: 1,
      ratio_to_recurring_income: 1,
      count: 12,
      total_amounts: { last_12m: 240 },
    });
    assert.equal(m.loan_income.count, 2);
    assert.equal(m.loan_income.total_amounts.last_12m, 3300);
    assert.equal(m.payday_loan.count, 1);
  });

  test('monthly statistics: counts, amounts and the window of each period', () => {
    assert.deepEqual(m.bank_charges.num_last_3m, {
      timestamp_from: at(2025, 10, 1, 0),
      timestamp_to: at(2026, 1, 1, 0) - 1,
      count: 1,
      ratio_to_income: 0.0833,
      total_amount: 5,
    });
    assert.equal(m.utility_payments.num_last_12m.count, 12);
    assert.equal(m.utility_payments.num_last_6m.total_amount, 540);
    assert.equal(m.returned_direct_debits.num_last_12m.count, 0);
  });

  test('summary averages of the 12 complete months (rent, energy, insurance, 9 council tax instalments, one BNPL)', () => {
    assert.deepEqual(m.summary_averages, {
      average_fixed_exp: 944.58,
      average_flexible_exp: 20.42,
      average_income: 2000,
    });
    assert.equal(m.currency, 'GBP');
  });

  test('negative balance ratio: the share of days in the 12 months whose total balance ended below zero', () => {
    const r = markers([
      aTransaction({ amount: 100, balance: 100, bookedAt: at(2025, 1, 1, 1) }),
      aTransaction({ amount: -300, balance: -200, bookedAt: at(2025, 7, 1) }),
      aTransaction({ amount: 500, balance: 300, bookedAt: at(2025, 10, 1) }),
    ]);
    assert.equal(r.negative_balance_ratio, Math.round((92 / 365) * 10_000) / 10_000);
  });

  test('savings in the own savings account offset an overdraft in the total balance', () => {
    const r = markers([
      aTransaction({ amount: -100, balance: -100, bookedAt: at(2025, 1, 1, 1) }),
      aTransaction({ accountId: 'savings', amount: 50, balance: 1000, bookedAt: at(2025, 1, 1, 2) }),
    ]);
    assert.equal(r.negative_balance_ratio, 0);
  });

  test('a recent account: the oldest transaction is less than 3 months old', () => {
    assert.equal(markers([aTransaction({ bookedAt: at(2025, 10, 20) })]).recent_account_indicator, true);
    assert.equal(markers([aTransaction({ bookedAt: at(2025, 10, 10) })]).recent_account_indicator, false);
    assert.equal(markers([]).recent_account_indicator, true);
  });
});
