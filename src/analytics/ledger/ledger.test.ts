import { describe, test } from 'node:test';
import { valueAt } from '../../lib/indexing.ts';
import assert from 'node:assert/strict';
import { isoDate, monthIndex } from '../calendar/london.ts';
import { CURRENT, aTransaction, anAccount, at, ledgerOf } from '../../../test/helpers/analytics-support.ts';
import { groupKeyOf } from './ledger.ts';
import { lastCompleteMonths } from './windows.ts';

const ASOF = at(2026, 1, 14);

describe('ledger › what counts', () => {
  test('the report currency is the one most personal transactions are in; others are left out', () => {
    const gbp = Array.from({ length: 5 }, () => aTransaction({ currency: 'GBP', bookedAt: at(2025, 12, 1) }));
    const eur = Array.from({ length: 2 }, () => aTransaction({ currency: 'EUR', bookedAt: at(2025, 12, 2) }));
    const ledger = ledgerOf([...gbp, ...eur], ASOF);
    assert.equal(ledger.currency, 'GBP');
    assert.equal(ledger.size, 5);
    assert.equal(ledgerOf(eur, ASOF).currency, 'EUR');
    assert.equal(ledgerOf([], ASOF).currency, 'GBP');
  });

  test('pending transactions, those after asOf and those of business accounts are left out', () => {
    const business = anAccount({ id: 'biz', type: 'Business', accountNumber: '20000011112222' });
    const ledger = ledgerOf(
      [
        aTransaction({ bookedAt: at(2026, 1, 10) }),
        aTransaction({ bookedAt: at(2026, 1, 13), status: 'Pending' }),
        aTransaction({ bookedAt: ASOF + 1 }),
        aTransaction({ bookedAt: at(2026, 1, 11), accountId: 'biz' }),
      ],
      ASOF,
      [CURRENT, business],
    );
    assert.equal(ledger.size, 1);
  });

  test('rows are in booking order, with London days and months', () => {
    const ledger = ledgerOf(
      [
        aTransaction({ id: 'late', bookedAt: at(2025, 12, 20) }),
        aTransaction({ id: 'midnight', bookedAt: Date.parse('2025-06-30T23:30:00Z') / 1000 }),
      ],
      ASOF,
    );
    assert.deepEqual([...ledger.input], [1, 0]);
    assert.equal(isoDate(valueAt(ledger.day, 0)), '2025-07-01');
    assert.equal(ledger.month[0], monthIndex(2025, 7));
  });

  test('the first month counts only when the data begins on its 1st', () => {
    assert.equal(
      ledgerOf([aTransaction({ bookedAt: at(2025, 11, 1, 0) })], ASOF).firstCoveredMonth,
      monthIndex(2025, 11),
    );
    assert.equal(ledgerOf([aTransaction({ bookedAt: at(2025, 11, 2) })], ASOF).firstCoveredMonth, monthIndex(2025, 12));
  });

  test('fewer than 3 months of history: only the covered complete months are in the windows', () => {
    const ledger = ledgerOf([aTransaction({ bookedAt: at(2025, 11, 12) })], ASOF);
    assert.deepEqual(lastCompleteMonths(ledger, 3), [monthIndex(2025, 12)]);
    assert.deepEqual(lastCompleteMonths(ledger, 12), [monthIndex(2025, 12)]);
    assert.deepEqual(lastCompleteMonths(ledgerOf([aTransaction({ bookedAt: at(2026, 1, 2) })], ASOF), 12), []);
  });
});

describe('ledger › grouping key', () => {
  // [normalised description, grouping key]
  const cases: [string, string][] = [
    ['KESTREL DISTRIBUTI WAGES WK23', 'KESTREL DISTRIBUTI WAGES'],
    ['REF MERIDIAN HEALTHCAR SALARY SEP', 'REF MERIDIAN HEALTHCAR SALARY'],
    ['HALDEN ENGINEERING PAYROLL JU', 'HALDEN ENGINEERING PAYROLL'],
    ['TESCO STORES', 'TESCO STORES'],
    ['BET365', 'BET365'],
    ['MAY', 'MAY'],
  ];
  for (const [normalized, key] of cases) {
    test(`"${normalized}" groups as "${key}"`, () => assert.equal(groupKeyOf(normalized), key));
  }
});
