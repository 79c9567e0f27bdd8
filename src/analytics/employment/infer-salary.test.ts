import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { categoryOf } from '../ledger/ledger.ts';
import { at, everyDays, ledgerOf, monthlyDates, series } from '../test-support.ts';

const ASOF = at(2026, 1, 14);

function categories(transactions: ReturnType<typeof series>): string[] {
  const ledger = ledgerOf(transactions, ASOF);
  return Array.from({ length: ledger.size }, (_, r) => categoryOf(ledger, r).id);
}

describe('employment › salaries the text does not name', () => {
  test('regular Bacs credits from a payer cut to 18 characters become Salary', () => {
    const pay = series(monthlyDates(2025, 6, 15, 7), {
      description: 'QUAYSIDE HOSPITALI',
      type: 'BankGiroCredit',
      amount: 1725,
    });
    assert.deepEqual(new Set(categories(pay)), new Set(['salary']));
  });

  // [case, transactions, expected category]
  const cases: [string, ReturnType<typeof series>, string][] = [
    [
      'a BGC code in the text',
      series(everyDays(2025, 9, 4, 14, 8), { description: 'BGC PENNINE CARE SERVI', type: null, amount: 1080 }),
      'salary',
    ],
    [
      'Faster Payments from a person',
      series(monthlyDates(2025, 6, 15, 7), { description: 'FPI J SMITH', type: 'FasterPayment', amount: 300 }),
      'transfer_in',
    ],
    [
      'amounts too unstable',
      series(monthlyDates(2025, 6, 15, 7), { description: 'ACME HOLDINGS', type: 'BankGiroCredit', amount: 100 }).map(
        (t, k) => ({ ...t, amount: k % 2 ? 100 : 2000 }),
      ),
      'other_income',
    ],
    [
      'only two payments',
      series(monthlyDates(2025, 11, 15, 2), { description: 'ACME HOLDINGS', type: 'BankGiroCredit', amount: 1500 }),
      'other_income',
    ],
    [
      'small amounts',
      series(monthlyDates(2025, 6, 15, 7), { description: 'ACME HOLDINGS', type: 'BankGiroCredit', amount: 20 }),
      'other_income',
    ],
  ];
  for (const [name, transactions, expected] of cases) {
    test(`${name}: ${expected}`, () => assert.deepEqual(new Set(categories(transactions)), new Set([expected])));
  }
});
