import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { amountStability, frequencyStability, moments, timeStability } from './stability.ts';

describe('recurrence › stability scores', () => {
  // [amounts, amount stability]
  const amountCases: [number[], number][] = [
    [[-9.99, -9.99, -9.99], 1],
    [[100, 100, 100, 100], 1],
    [[90, 110], 0.9], // standard deviation 10, mean 100
    [[-90, -110], 0.9], // signs do not matter
    [[1, 1, 1, 100], 0], // coefficient of variation above 1 floors at 0
    [[], 0],
    [[0, 0], 0],
  ];
  for (const [amounts, expected] of amountCases) {
    test(`amount stability of [${amounts.join(', ')}] is ${expected}`, () =>
      assert.ok(Math.abs(amountStability(amounts) - expected) < 1e-9));
  }

  // [days, frequency stability]
  const frequencyCases: [number[], number][] = [
    [[0, 7, 14, 21], 1],
    [[0, 31], 1],
    [[0], 0],
    [[0, 10, 30], 2 / 3], // gaps 10 and 20: sd 5, mean 15
  ];
  for (const [days, expected] of frequencyCases) {
    test(`frequency stability of days [${days.join(', ')}] is ${expected.toFixed(3)}`, () =>
      assert.ok(Math.abs(frequencyStability(days) - expected) < 1e-9));
  }

  test("time stability: months of the last 12 (before asOf's month) with an occurrence, out of 12", () => {
    const asOfMonth = 1000;
    assert.equal(
      timeStability(
        Array.from({ length: 12 }, (_, k) => 988 + k),
        asOfMonth,
      ),
      1,
    );
    assert.equal(timeStability([999, 999, 998, 1000, 980], asOfMonth), 2 / 12); // this month and older ones do not count
    assert.equal(timeStability([], asOfMonth), 0);
  });

  test('moments are the mean and population variance', () => {
    assert.deepEqual(moments([2, 4, 4, 4, 5, 5, 7, 9]), { mean: 5, variance: 4 });
  });
});
