import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { personalCategories } from '../categories/taxonomy.ts';
import { DEFAULT_POLICY, EXPENDITURE_MAP, INCOME_MAP, SFS_HEADINGS, livingCostFor } from './sfs-map.ts';

describe('the Standard Financial Statement mapping', () => {
  test('maps every personal category, and only those', () => {
    const expenditure = personalCategories.filter((c) => c.income_expenditure === 'expenditure').map((c) => c.id);
    const income = personalCategories.filter((c) => c.income_expenditure === 'income').map((c) => c.id);
    assert.deepEqual([...EXPENDITURE_MAP.keys()].sort(), expenditure.sort());
    assert.deepEqual([...INCOME_MAP.keys()].sort(), income.sort());
  });

  test('names a known heading for every counted category; only own transfers are left out', () => {
    const headings = new Set(SFS_HEADINGS.map((h) => h.id));
    for (const [id, m] of EXPENDITURE_MAP) {
      if (m.class === 'excluded') assert.equal(id, 'internal_transfer_out');
      else assert.ok(m.heading !== null && headings.has(m.heading), `${id} → ${m.heading}`);
    }
  });

  test('never counts borrowing, refunds or own transfers as income', () => {
    for (const id of ['loan_income', 'payday_loan_income', 'refund', 'internal_transfer_in', 'gambling_winnings'])
      assert.equal(INCOME_MAP.get(id)?.counts, 'never', id);
  });
});

describe('the minimum living costs', () => {
  test('reads the row for the household, and adds each further person beyond the table', () => {
    assert.equal(livingCostFor(DEFAULT_POLICY, 1), 360);
    assert.equal(livingCostFor(DEFAULT_POLICY, 6), 1090);
    assert.equal(livingCostFor(DEFAULT_POLICY, 8), 1290);
    const gappy = {
      ...DEFAULT_POLICY,
      living_cost_buffer: {
        ...DEFAULT_POLICY.living_cost_buffer,
        by_household_size: [{ household_size: 2, monthly_amount: 500 }],
      },
    };
    assert.equal(livingCostFor(gappy, 1), 500);
    assert.equal(livingCostFor(gappy, 3), 600);
  });

  test('the default stresses mortgages and credit cards', () => {
    assert.deepEqual([...DEFAULT_POLICY.variable_rate_categories].sort(), ['credit_card_repayments', 'mortgage']);
  });
});
