import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { monthIndex } from '../calendar/london.ts';
import { aTransaction, at, ledgerOf } from '../../../test/helpers/analytics-support.ts';
import { categoryIndex } from './ledger.ts';
import { buildMonthMatrix, countOf, grossOf, totalOf } from './month-matrix.ts';

const ASOF = at(2026, 1, 14);
const DEC = monthIndex(2025, 12);
const NOV = monthIndex(2025, 11);
const clothing = categoryIndex('clothing');
const refund = categoryIndex('refund');
const energy = categoryIndex('energy');
const returned = categoryIndex('returned_direct_debit');

describe('month matrix › totals per category and month', () => {
  test("a refund lowers the spending of the category of the last payment to the same payee, in the refund's month", () => {
    const matrix = buildMonthMatrix(
      ledgerOf(
        [
          aTransaction({ description: 'ASOS.COM', amount: -80, bookedAt: at(2025, 11, 20) }),
          aTransaction({ description: 'ASOS.COM', amount: -50, bookedAt: at(2025, 12, 3) }),
          aTransaction({ description: 'ASOS.COM', amount: 30, bookedAt: at(2025, 12, 10) }),
        ],
        ASOF,
      ),
    );
    assert.equal(totalOf(matrix, clothing, NOV), 80);
    assert.equal(totalOf(matrix, clothing, DEC), 20);
    assert.equal(countOf(matrix, clothing, DEC), 1);
    assert.equal(countOf(matrix, refund, DEC), 1);
    assert.equal(totalOf(matrix, refund, DEC), 0);
  });

  test('spending in a month never goes below zero; a refund with no earlier payment stays a refund', () => {
    const matrix = buildMonthMatrix(
      ledgerOf(
        [
          aTransaction({ description: 'ASOS.COM', amount: -80, bookedAt: at(2025, 11, 20) }),
          aTransaction({ description: 'ASOS.COM', amount: 80, bookedAt: at(2025, 12, 2) }),
          aTransaction({ description: 'ARGOS', amount: 25, bookedAt: at(2025, 12, 5) }),
        ],
        ASOF,
      ),
    );
    assert.equal(totalOf(matrix, clothing, DEC), 0);
    assert.equal(totalOf(matrix, refund, DEC), 25);
  });

  test('the reversal of a returned direct debit is set against the direct debit; the return still counts', () => {
    const matrix = buildMonthMatrix(
      ledgerOf(
        [
          aTransaction({
            description: 'DD BRITISH GAS',
            type: 'DirectDebit',
            amount: -95,
            bookedAt: at(2025, 12, 1, 6),
          }),
          aTransaction({ description: 'UNPAID DD BRITISH GAS', amount: 95, bookedAt: at(2025, 12, 1, 7) }),
        ],
        ASOF,
      ),
    );
    assert.equal(totalOf(matrix, energy, DEC), 0);
    assert.equal(countOf(matrix, returned, DEC), 1);
    assert.equal(grossOf(matrix, returned, DEC), 95);
    assert.equal(totalOf(matrix, returned, DEC), 0);
  });

  test('a reversal naming an unknown payee with the return words after it is set against that payee', () => {
    const telecoms = categoryIndex('telecoms');
    const matrix = buildMonthMatrix(
      ledgerOf(
        [
          aTransaction({
            description: 'HILLTOP FIBRE BROADBAND DD',
            type: null,
            amount: -32.5,
            bookedAt: at(2025, 12, 3, 6),
          }),
          aTransaction({
            description: 'HILLTOP FIBRE BROADBAND UNPAID DD',
            type: null,
            amount: 32.5,
            bookedAt: at(2025, 12, 5, 7),
          }),
          aTransaction({
            description: 'HILLTOP FIBRE BROADBAND DD',
            type: null,
            amount: -32.5,
            bookedAt: at(2025, 12, 11, 6),
          }),
        ],
        ASOF,
      ),
    );
    assert.equal(totalOf(matrix, telecoms, DEC), 32.5);
    assert.equal(countOf(matrix, returned, DEC), 1);
  });

  test('months with no data are zero; months outside the table are zero', () => {
    const matrix = buildMonthMatrix(
      ledgerOf(
        [
          aTransaction({ description: 'ASOS.COM', amount: -10, bookedAt: at(2025, 8, 3) }),
          aTransaction({ description: 'ASOS.COM', amount: -10, bookedAt: at(2025, 12, 3) }),
        ],
        ASOF,
      ),
    );
    assert.equal(matrix.from, monthIndex(2025, 8));
    assert.equal(matrix.months, 6);
    assert.equal(totalOf(matrix, clothing, monthIndex(2025, 10)), 0);
    assert.equal(totalOf(matrix, clothing, monthIndex(2024, 1)), 0);
    assert.equal(totalOf(matrix, clothing, monthIndex(2027, 1)), 0);
  });
});
