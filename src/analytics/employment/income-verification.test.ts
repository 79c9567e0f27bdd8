import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { itemAt } from '../../lib/indexing.ts';
import type { IncomeVerification, VerifiedIncomeStream } from '../report-types.ts';
import { at, everyDays, ledgerOf, monthlyDates, series } from '../../../test/helpers/analytics-support.ts';
import type { EngineTransaction } from '../types.ts';
import { findIncomeStreams, findOtherIncomeStreams } from './income-streams.ts';
import { verifyIncome } from './income-verification.ts';

const ASOF = at(2026, 1, 14);

function verification(transactions: EngineTransaction[], asOf = ASOF): IncomeVerification {
  const ledger = ledgerOf(transactions, asOf);
  return verifyIncome(ledger, [...findIncomeStreams(ledger), ...findOtherIncomeStreams(ledger)]);
}

function only(v: IncomeVerification, type: VerifiedIncomeStream['type']): VerifiedIncomeStream {
  const found = v.streams.filter((s) => s.type === type);
  assert.equal(found.length, 1, `one ${type} stream in ${JSON.stringify(v.streams.map((s) => s.type))}`);
  return itemAt(found, 0);
}

describe('income verification', () => {
  test('a four-weekly State Pension from DWP: state_pension, paid by DWP, with its evidence and ids', () => {
    const pension = series(everyDays(2025, 1, 6, 28, 14), {
      description: 'DWP SP 12345678A',
      type: 'BankGiroCredit',
      amount: 921.6,
    });
    const v = verification(pension);
    const s = only(v, 'state_pension');
    assert.equal(s.payer_type, 'dwp');
    assert.equal(s.frequency, 'four_weekly');
    assert.equal(s.average_amount, 921.6);
    assert.equal(s.last_amount, 921.6);
    assert.equal(s.monthly_equivalent, Math.round(((921.6 * 13) / 12) * 100) / 100);
    assert.equal(s.active, true);
    assert.equal(s.months_seen, 12);
    assert.notEqual(s.next_expected_date, null);
    assert.deepEqual(
      s.transaction_ids,
      pension.map((t) => t.id),
    );
    assert.ok(s.evidence.some((e) => e.code === 'known_payer' || e.code === 'payer_scheme'));
    const sum = s.evidence.reduce((a, e) => a + e.weight, 0);
    assert.equal(s.confidence, Math.min(1, Math.round(sum * 100) / 100));
    assert.ok(s.confidence >= 0.9);
    assert.equal(v.verified_monthly_income, s.monthly_equivalent);
  });

  test('a salary that stopped is listed but not active, and not in the verified monthly income', () => {
    const pay = series(monthlyDates(2025, 1, 28, 8), {
      description: 'BGC ACME LTD SALARY',
      type: 'BankGiroCredit',
      amount: 2100,
    });
    const v = verification(pay);
    const s = only(v, 'salary');
    assert.equal(s.payer_type, 'employer');
    assert.equal(s.active, false);
    assert.equal(s.next_expected_date, null);
    assert.ok(s.missed_payments > 0);
    assert.equal(v.verified_monthly_income, 0);
  });

  test('rent received from a letting agent is a rental stream beside the salary', () => {
    const rent = series(monthlyDates(2025, 1, 5, 13), {
      description: 'FPI HOMELET LETTINGS RENT 14 ASH GROVE',
      type: 'FasterPayment',
      amount: 640,
    });
    const s = only(verification(rent), 'rental');
    assert.equal(s.category, 'rental_income');
    assert.equal(s.frequency, 'monthly');
    assert.equal(s.active, true);
    assert.ok(s.evidence.some((e) => e.code === 'payer_scheme'));
  });
});
