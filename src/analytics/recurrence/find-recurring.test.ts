import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { first } from '../../lib/indexing.ts';
import { CURRENT, SAVINGS, aTransaction, at, everyDays, ledgerOf, monthlyDates, series } from '../test-support.ts';
import { findRecurring, toRecurringTransactions } from './find-recurring.ts';

const ASOF = at(2026, 1, 14);

function report(transactions: ReturnType<typeof aTransaction>[]) {
  const ledger = ledgerOf(transactions, ASOF, [CURRENT, SAVINGS]);
  const recurrence = findRecurring(ledger);
  return { recurrence, records: toRecurringTransactions(ledger, recurrence) };
}

describe('recurrence › recurring transactions', () => {
  test('a monthly direct debit of a fixed amount: all three scores 1.0 when present in each of the last 12 months', () => {
    const netflix = series(monthlyDates(2025, 1, 3, 13), { description: 'NETFLIX.COM', amount: -12.99 });
    const { records } = report(netflix);
    assert.equal(records.length, 1);
    const r = first(records);
    assert.equal(r.description, 'Netflix');
    assert.equal(r.average_amount, -12.99);
    assert.equal(r.amount_variance, 0);
    assert.equal(r.amount_stability_of_transaction, 1);
    assert.equal(r.time_stability_of_transaction, 1);
    assert.ok(r.frequency_stability_of_transaction > 0.9);
    assert.deepEqual(
      r.transaction_ids,
      netflix.map((t) => t.id),
    );
  });

  test('amounts that vary and a shorter presence lower the amount and time stability', () => {
    const energy = series(monthlyDates(2025, 7, 9, 6), { description: 'DD OCTOPUS ENERGY', amount: -80 }).map(
      (t, k) => ({ ...t, amount: -80 - 20 * (k % 2) }),
    );
    const r = first(report(energy).records);
    assert.equal(r.average_amount, -90);
    assert.equal(r.amount_variance, 100);
    assert.ok(Math.abs(r.amount_stability_of_transaction - (1 - 10 / 90)) < 1e-4);
    assert.equal(r.time_stability_of_transaction, 0.5);
  });

  test('weekly wages whose reference changes each week group together', () => {
    const wages = series(everyDays(2025, 10, 3, 7, 15), {
      description: 'KESTREL DISTRIBUTI WAGES WK10',
      type: 'BankGiroCredit',
      amount: 480,
    }).map((t, k) => ({ ...t, description: `KESTREL DISTRIBUTI WAGES WK${10 + k}` }));
    const { recurrence } = report(wages);
    assert.equal(recurrence.groups.length, 1);
    assert.equal(first(recurrence.groups).cadence, 'weekly');
    assert.equal(first(recurrence.groups).direction, 'in');
  });

  test('irregular shopping, fewer than 3 occurrences and own transfers are not recurring', () => {
    const { records } = report([
      ...series(
        [
          [2025, 12, 1],
          [2025, 12, 3],
          [2025, 12, 4],
          [2025, 12, 9],
          [2025, 12, 10],
          [2025, 12, 20],
        ],
        { description: 'TESCO STORES 3217', amount: -30 },
      ),
      ...series(
        [
          [2025, 11, 5],
          [2025, 12, 5],
        ],
        { description: 'SPOTIFY', amount: -11.99 },
      ),
      ...series(monthlyDates(2025, 1, 2, 12), { description: 'TFR TO SAVINGS', amount: -100 }),
      ...series(monthlyDates(2025, 1, 2, 12), {
        accountId: 'savings',
        description: 'FROM CURRENT ACCOUNT',
        amount: 100,
      }),
    ]);
    assert.deepEqual(records, []);
  });

  test('only the last 12 complete months and this month are looked at', () => {
    const old = series(monthlyDates(2023, 1, 3, 12), { description: 'NETFLIX.COM', amount: -9.99 });
    assert.deepEqual(report(old).records, []);
  });
});
