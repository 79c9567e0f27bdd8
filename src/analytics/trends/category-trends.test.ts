import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildMonthMatrix } from '../ledger/month-matrix.ts';
import { aTransaction, at, ledgerOf, monthlyDates, series } from '../../../test/helpers/analytics-support.ts';
import { computeCategoryTrends } from './category-trends.ts';

const ASOF = at(2026, 1, 14);

function trends(transactions: ReturnType<typeof aTransaction>[]) {
  const ledger = ledgerOf(transactions, ASOF);
  return computeCategoryTrends(ledger, buildMonthMatrix(ledger));
}

describe('trends › category trends', () => {
  test('a fixed monthly bill over the whole year', () => {
    const [t] = trends(series(monthlyDates(2025, 1, 1, 12), { description: 'THAMES WATER', amount: -40 }));
    assert.ok(t, 'a trend');
    assert.deepEqual(t, {
      category: 'Water',
      min: 40,
      mean: 40,
      max: 40,
      variance: 0,
      frequency: 1,
      continuity: 12,
      recency: 1,
      amount_stability_of_category: 1,
      frequency_stability_of_category: t.frequency_stability_of_category,
      time_stability_of_category: 1,
    });
    assert.ok(t.frequency_stability_of_category > 0.9);
  });

  test('gaps: months without transactions count as 0 in min and mean and break the continuity', () => {
    const months = [
      [2025, 1, 10],
      [2025, 2, 10],
      [2025, 3, 10],
      [2025, 6, 10],
      [2025, 7, 10],
    ] as [number, number, number][];
    const result = trends([
      aTransaction({ description: 'OPENING', amount: 1, bookedAt: at(2025, 1, 1, 0) }),
      ...series(months, { description: 'ODEON CINEMAS', amount: -20 }),
    ]);
    const cinema = result.find((x) => x.category === 'Entertainment and leisure');
    assert.ok(cinema, 'an Entertainment and leisure trend');
    assert.equal(cinema.min, 0);
    assert.equal(cinema.max, 20);
    assert.equal(cinema.mean, 8.33);
    assert.equal(cinema.continuity, 3);
    assert.equal(cinema.recency, 6);
    assert.equal(cinema.time_stability_of_category, 0.4167);
    assert.equal(cinema.frequency, 0.4167);
  });

  test('no complete month covered: no trends', () => {
    assert.deepEqual(trends([aTransaction({ description: 'ODEON', amount: -20, bookedAt: at(2026, 1, 3) })]), []);
  });
});
