import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { first } from '../lib/indexing.ts';
import { ENGINE_VERSION, computeReport } from './compute-report.ts';
import {
  CURRENT,
  SAVINGS,
  aTransaction,
  anAccount,
  at,
  monthlyDates,
  series,
} from '../../test/helpers/analytics-support.ts';

const ASOF = at(2026, 1, 14);
const keys = (o: object): string[] => Object.keys(o).sort();

// Spec, docs/spec/interface-spec.md "Insights (personal accounts)": every member name exactly.
const SPEC = {
  insights: ['employment', 'expenditure', 'financial_markers', 'financial_patterns', 'income'],
  income: ['categories', 'currency', 'monthly_amounts'],
  financial_patterns: ['by_category', 'currency', 'recurrence'],
  recurring: [
    'amount_stability_of_transaction',
    'amount_variance',
    'average_amount',
    'description',
    'frequency_stability_of_transaction',
    'time_stability_of_transaction',
    'transaction_ids',
  ],
  /** ours, after the spec's members (docs/analytics.md, "Recurring transactions") */
  recurringOurs: ['category', 'frequency', 'next_expected_amount', 'next_expected_date'],
  trend: [
    'amount_stability_of_category',
    'category',
    'continuity',
    'frequency',
    'frequency_stability_of_category',
    'max',
    'mean',
    'min',
    'recency',
    'time_stability_of_category',
    'variance',
  ],
  markers: [
    'bank_charges',
    'bnpl_indicator',
    'cash_withdrawals',
    'council_tax_indicator',
    'credit_repayments',
    'currency',
    'debit_bank_transfer',
    'debt_management_indicator',
    'direct_loan_indicator',
    'gambling',
    'insurance_indicator',
    'loan_income',
    'mortgage_rent_indicator',
    'negative_balance_ratio',
    'new_debt_indicator',
    'payday_loan',
    'recent_account_indicator',
    'returned_direct_debits',
    'savings_investment_indicator',
    'summary_averages',
    'utility_payments',
  ],
  monthlyStatistics: ['num_last_12m', 'num_last_3m', 'num_last_6m'],
  occurrence: ['count', 'ratio_to_income', 'timestamp_from', 'timestamp_to', 'total_amount'],
  rate: ['count', 'pred_next_month', 'rate_of_change', 'ratio_to_income', 'ratio_to_recurring_income', 'total_amounts'],
  averages: ['average_fixed_exp', 'average_flexible_exp', 'average_income'],
  employment: [
    'child_benefits_indicator',
    'currency',
    'expected_salary',
    'new_employer_indicator',
    'number_of_salaries',
    'out_of_work_benefit_indicator',
    'possible_loss_of_income_indicator',
  ],
  expectedSalary: ['amount', 'expected_pay_date', 'pay_frequency'],
  affordability: ['account_type', 'affordability_type', 'amount', 'currency', 'month', 'year'],
};

function customer() {
  return [
    ...series(monthlyDates(2025, 1, 1, 13), {
      description: 'BGC ACME LTD SALARY',
      type: 'BankGiroCredit',
      amount: 2000,
    }),
    ...series(monthlyDates(2025, 1, 2, 13), { description: 'SO LANDLORD RENT', type: 'StandingOrder', amount: -700 }),
    ...series(monthlyDates(2025, 1, 9, 12), { description: 'TESCO STORES 3217', amount: -60 }),
    aTransaction({ description: 'LENDING STREAM', amount: 200, bookedAt: at(2025, 12, 3) }),
  ];
}

describe('computeReport', () => {
  const transactions = customer();
  const report = computeReport({ accounts: [CURRENT, SAVINGS], transactions, asOf: ASOF });

  test("every member of the spec's Insights, with the exact names", () => {
    const i = report.insights;
    const m = i.financial_markers;
    // income_verification is ours, beside the spec's members (docs/decisions/0040-income-verification-section.md)
    assert.deepEqual(keys(i), [...SPEC.insights, 'income_verification'].sort());
    assert.deepEqual(keys(i.income), SPEC.income);
    assert.deepEqual(keys(i.expenditure), SPEC.income);
    assert.deepEqual(keys(first(i.expenditure.categories)), ['fixed_flexible', 'monthly_amounts', 'name']);
    assert.deepEqual(keys(first(i.income.categories)), ['monthly_amounts', 'name']);
    assert.deepEqual(keys(first(i.income.monthly_amounts)), ['amount', 'month', 'year']);
    assert.deepEqual(keys(i.financial_patterns), SPEC.financial_patterns);
    assert.deepEqual(keys(first(i.financial_patterns.recurrence)), [...SPEC.recurring, ...SPEC.recurringOurs].sort());
    assert.deepEqual(keys(first(i.financial_patterns.by_category)), SPEC.trend);
    assert.deepEqual(keys(m), SPEC.markers);
    for (const name of ['bank_charges', 'returned_direct_debits', 'utility_payments'] as const) {
      assert.deepEqual(keys(m[name]), SPEC.monthlyStatistics);
      assert.deepEqual(keys(m[name].num_last_3m), SPEC.occurrence);
    }
    for (const name of [
      'credit_repayments',
      'debit_bank_transfer',
      'gambling',
      'cash_withdrawals',
      'loan_income',
      'payday_loan',
    ] as const) {
      assert.deepEqual(keys(m[name]), SPEC.rate);
      assert.deepEqual(keys(m[name].total_amounts), ['last_12m']);
    }
    assert.deepEqual(keys(m.summary_averages), SPEC.averages);
    assert.deepEqual(keys(i.employment), [...SPEC.employment, 'income_sources'].sort()); // income_sources is ours
    assert.deepEqual(keys(first(i.employment.expected_salary)), SPEC.expectedSalary);
    assert.deepEqual(keys(first(report.affordability)), SPEC.affordability);
  });

  test('carries the engine version, asOf, every transaction categorised, the forecast and the events', () => {
    assert.equal(report.engineVersion, ENGINE_VERSION);
    assert.equal(report.asOf, ASOF);
    assert.equal(report.transactions.length, transactions.length);
    assert.deepEqual(keys(first(report.transactions)), ['categoryId', 'categoryName', 'merchant', 'transactionId']);
    assert.equal(report.forecast.forecast.length, 90);
    assert.deepEqual(
      report.events.map((e) => e.event_type),
      ['NEW_PAYDAY_LOAN'],
    );
  });

  test('is deterministic: the same input gives the same report', () => {
    const again = computeReport({
      accounts: [CURRENT, SAVINGS],
      transactions: structuredClone(transactions),
      asOf: ASOF,
    });
    assert.equal(JSON.stringify(again), JSON.stringify(report));
  });

  test('no transactions, or only business ones: complete but empty figures', () => {
    const business = anAccount({ id: 'biz', type: 'Business', accountNumber: '20000099998888' });
    for (const input of [
      { accounts: [], transactions: [] },
      {
        accounts: [business],
        transactions: [
          aTransaction({ accountId: 'biz', description: 'STRIPE PAYMENTS', amount: 900, bookedAt: at(2025, 12, 3) }),
        ],
      },
    ]) {
      const r = computeReport({ ...input, asOf: ASOF });
      assert.deepEqual(r.insights.income, { currency: 'GBP', monthly_amounts: [], categories: [] });
      assert.equal(r.insights.employment.number_of_salaries, 0);
      assert.equal(r.insights.financial_markers.recent_account_indicator, true);
      assert.deepEqual(r.affordability, []);
      assert.deepEqual(r.events, []);
      assert.equal(r.forecast.first_negative_date, null);
      assert.equal(r.transactions.length, input.transactions.length);
    }
  });

  test('a customer banking in euros gets figures in euros', () => {
    const eur = anAccount({ id: 'current', currency: 'EUR' });
    const transactions = customer().map((t) => ({ ...t, currency: 'EUR' }));
    const r = computeReport({ accounts: [eur], transactions, asOf: ASOF });
    assert.equal(r.insights.income.currency, 'EUR');
    assert.equal(r.affordability[0]?.currency, 'EUR');
  });

  test('asOf must be whole Unix seconds', () => {
    assert.throws(() => computeReport({ accounts: [], transactions: [], asOf: 1.5 }), RangeError);
  });
});
