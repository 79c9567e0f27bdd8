import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { personalCategories } from '../../src/analytics/categories/taxonomy.ts';
import type { EngineTransaction } from '../../src/analytics/types.ts';
import {
  expectedMonthlyTotals,
  groupMatches,
  isClose,
  precision,
  recall,
  recurringRecall,
  scoreOwnTransfers,
  scoreRecurring,
  type Labelled,
} from '../../scripts/eval/score.ts';
import { scoreIncome, truthIncomeSources, type PredictedSource } from '../../scripts/eval/score-income.ts';
import { compareMarkers, expectedMarkers } from '../../scripts/eval/score-markers.ts';
import { dayOf, isWorkingDay, londonToUnix, workingDayAfter, workingDayBefore } from '../fixtures/eval/calendar.ts';
import { expandPersona } from '../fixtures/eval/expand.ts';
import { AS_OF, type TransactionLabel } from '../fixtures/eval/model.ts';
import { personas } from '../fixtures/eval/personas/index.ts';

const DAY = 86400;
const at = (date: string): number => dayOf(date) * DAY + 12 * 3600;

/** A tiny labelled persona: rows [id, date, amount, category, stream, extra label fields]. */
function labelled(
  rows: Array<[string, string, number, string, string, Partial<TransactionLabel>?]>,
  asOf = AS_OF,
): Labelled {
  const transactions: EngineTransaction[] = rows.map(([id, date, amount]) => ({
    id,
    accountId: 'a',
    amount,
    currency: 'GBP',
    status: 'Booked',
    bookedAt: at(date),
    description: id,
    type: null,
    mcc: null,
    merchantName: null,
    submittedCategory: null,
    balance: null,
  }));
  const labels = new Map<string, TransactionLabel>(
    rows.map(([id, , , category, streamId, more]) => [
      id,
      { transactionId: id, streamId, kind: 'payment', category, recurring: false, ...more },
    ]),
  );
  return { personaId: 't', asOf, transactions, labels };
}

describe('the evaluation scorer', () => {
  test('asOf is 2026-11-20T12:00:00Z', () => {
    assert.equal(AS_OF, Date.UTC(2026, 10, 20, 12) / 1000);
  });

  describe('recurring series', () => {
    const series = { streamId: 's', category: 'energy', ids: ['a', 'b', 'c', 'd'], rejected: false };

    test('a group made of the series and covering most of it matches', () => {
      assert.equal(groupMatches(['a', 'b', 'c'], series), true);
      assert.equal(groupMatches(['a', 'b', 'x', 'y'], series), true, 'half its ids, half the series');
    });

    test('a group mostly of other rows, or covering too little of the series, does not match', () => {
      assert.equal(groupMatches(['a', 'x', 'y'], series), false);
      assert.equal(groupMatches(['a'], series), false);
      assert.equal(groupMatches([], series), false);
    });

    test('precision counts matched groups, recall matched series in the window', () => {
      const rec = { recurring: true };
      const l = labelled([
        ['g1', '2026-01-05', -50, 'energy', 'gas', rec],
        ['g2', '2026-02-05', -50, 'energy', 'gas', rec],
        ['g3', '2026-03-05', -50, 'energy', 'gas', rec],
        ['n1', '2026-01-09', -9.99, 'subscriptions', 'netflix', rec],
        ['n2', '2026-02-09', -9.99, 'subscriptions', 'netflix', rec],
        ['n3', '2026-03-09', -9.99, 'subscriptions', 'netflix', rec],
        ['old', '2025-01-09', -9.99, 'subscriptions', 'netflix', rec],
        ['t1', '2026-01-12', -4, 'groceries', 'tesco'],
        ['t2', '2026-02-12', -4, 'groceries', 'tesco'],
        ['t3', '2026-03-12', -4, 'groceries', 'tesco'],
        ['f1', '2026-01-07', -6, 'bank_charges', 'gas', { kind: 'fee' }],
        ['f2', '2026-02-07', -6, 'bank_charges', 'gas', { kind: 'fee' }],
      ]);
      const score = scoreRecurring(l, [
        { description: 'gas', transaction_ids: ['g1', 'g2', 'g3'] },
        { description: 'tesco', transaction_ids: ['t1', 't2', 't3'] },
        { description: 'fees', transaction_ids: ['f1', 'f2'] },
      ]);
      assert.deepEqual(score.pr, { truePositives: 1, predicted: 3, truth: 2 });
      assert.equal(precision(score.pr), 1 / 3);
      assert.equal(recurringRecall(score), 1 / 2);
      assert.deepEqual(score.subscriptions, { hit: 0, of: 1 });
      assert.equal(score.feeGroups, 1);
      assert.deepEqual(
        score.missed.map((s) => [s.streamId, s.ids]),
        [['netflix', ['n1', 'n2', 'n3']]],
        'the row before the window is not part of the series',
      );
    });
  });

  test('precision and recall of own transfers are plain ratios', () => {
    const l = labelled([
      ['a', '2026-01-05', -100, 'internal_transfer_out', 's'],
      ['b', '2026-01-06', 100, 'internal_transfer_in', 's'],
      ['c', '2026-01-07', -20, 'transfer_out', 'f'],
    ]);
    const got = new Map([
      ['a', 'internal_transfer_out'],
      ['b', 'transfer_in'],
      ['c', 'internal_transfer_out'],
    ]);
    const pr = scoreOwnTransfers(l, got);
    assert.deepEqual(pr, { truePositives: 1, predicted: 2, truth: 2 });
    assert.equal(precision(pr), 0.5);
    assert.equal(recall(pr), 0.5);
    assert.equal(precision({ truePositives: 0, predicted: 0, truth: 0 }), 1, 'nothing predicted is not an error');
  });

  describe('monthly totals', () => {
    test('a month within 1 %, or within £1 when small, is right', () => {
      assert.equal(isClose(1000, 1009.99), true);
      assert.equal(isClose(1000, 1010.01), false);
      assert.equal(isClose(1000, 989), false);
      assert.equal(isClose(20, 20.95), true);
      assert.equal(isClose(0, 1.5), false);
    });

    test('expected totals leave out own transfers and set refunds and returned debits against spending', () => {
      const l = labelled([
        ['sal', '2026-03-25', 2000, 'salary', 'sal'],
        ['tfr-in', '2026-03-26', 500, 'internal_transfer_in', 'sav'],
        ['tfr-out', '2026-03-27', -300, 'internal_transfer_out', 'sav'],
        ['shop', '2026-03-10', -80, 'clothing', 'next'],
        ['refund', '2026-03-20', 30, 'refund', 'next'],
        ['gas', '2026-03-05', -60, 'energy', 'gas'],
        ['unpaid', '2026-03-06', 60, 'returned_direct_debit', 'gas', { kind: 'return' }],
        ['fee', '2026-03-07', -5, 'bank_charges', 'gas', { kind: 'fee' }],
        ['gas2', '2026-03-12', -60, 'energy', 'gas', { kind: 'represent' }],
        ['late', '2026-04-01', -10, 'groceries', 'x'],
      ]);
      const march = expectedMonthlyTotals(l).find((m) => m.monthIndex === 2026 * 12 + 2);
      assert.deepEqual(march && { income: march.income, expenditure: march.expenditure }, {
        income: 2000,
        expenditure: 80 - 30 + 60 - 60 + 5 + 60,
      });
      assert.equal(expectedMonthlyTotals(l).length, 12);
    });
  });

  describe('income sources', () => {
    const l = labelled([
      ['p1', '2026-08-28', 1500, 'salary', 'acme', { income: { type: 'salary', frequency: 'four_weekly' } }],
      ['p2', '2026-09-25', 1500, 'salary', 'acme', { income: { type: 'salary', frequency: 'four_weekly' } }],
      ['p3', '2026-10-23', 1510, 'salary', 'acme', { income: { type: 'salary', frequency: 'four_weekly' } }],
      ['c1', '2026-09-01', 170, 'child_benefit', 'chb', { income: { type: 'benefit', frequency: 'four_weekly' } }],
      ['o1', '2025-01-01', 300, 'pension', 'old', { income: { type: 'pension', frequency: 'monthly' } }],
    ]);
    const truth = truthIncomeSources(l);
    const source = (type: string, frequency: string, ids: string[] | null, amount = 1500): PredictedSource => ({
      type,
      frequency,
      description: type,
      amount,
      ids,
    });

    test('a source ended more than 12 months ago need not be reported', () => {
      assert.deepEqual(
        truth.map((t) => [t.streamId, t.active, t.amount]),
        [
          ['acme', true, 1500],
          ['chb', true, 170],
          ['old', false, 300],
        ],
      );
    });

    test('matching is by majority of ids and type; frequency is scored separately', () => {
      const score = scoreIncome(truth, [
        source('salary', 'Monthly', ['p1', 'p2', 'x']),
        source('benefit', 'FourWeekly', ['c1', 'y', 'z']),
      ]);
      assert.deepEqual(score.byType.salary, {
        predicted: 1,
        predictedRight: 1,
        truth: 1,
        found: 1,
        foundRightFrequency: 0,
      });
      assert.deepEqual(score.byType.benefit, {
        predicted: 1,
        predictedRight: 0,
        truth: 1,
        found: 0,
        foundRightFrequency: 0,
      });
      assert.equal(score.byType.pension.truth, 0);
    });

    test('a source of the wrong type, or a second report of the same source, is not a match', () => {
      const score = scoreIncome(truth, [
        source('pension', 'FourWeekly', ['p1', 'p2', 'p3']),
        source('salary', 'FourWeekly', ['p1', 'p2', 'p3']),
        source('salary', 'FourWeekly', ['p1', 'p2']),
      ]);
      assert.equal(score.byType.pension.predictedRight, 0);
      assert.equal(score.byType.salary.predicted, 2);
      assert.equal(score.byType.salary.predictedRight, 1);
      assert.equal(score.byType.salary.foundRightFrequency, 1);
    });

    test('the expected_salary fallback matches a salary by amount within 10 %', () => {
      assert.equal(scoreIncome(truth, [source('salary', 'Monthly', null, 1400)]).byType.salary.found, 1);
      assert.equal(scoreIncome(truth, [source('salary', 'Monthly', null, 1300)]).byType.salary.found, 0);
    });
  });

  test('markers follow from the labels over the last 3, 6 and 12 complete months', () => {
    const l = labelled([
      ['old-rent', '2024-12-01', -500, 'rent', 'rent'],
      ['bnpl', '2026-08-03', -20, 'bnpl', 'klarna'],
      ['loan', '2026-05-02', 200, 'payday_loan_income', 'ls'],
      ['this-month', '2026-11-02', -20, 'council_tax', 'ctax'],
      ['isa', '2026-01-10', -100, 'internal_transfer_out', 'isa', { toSavings: true }],
      ['unpaid', '2026-02-02', 60, 'returned_direct_debit', 'gas'],
      ['first', '2024-11-21', -1, 'groceries', 'x'],
    ]);
    const m = expectedMarkers(l);
    assert.equal(m.mortgage_rent_indicator, false, 'rent two years ago');
    assert.equal(m.council_tax_indicator, false, 'asOf month is not in a window');
    assert.equal(m.bnpl_indicator, true);
    assert.equal(m.direct_loan_indicator, true, 'payday loan within 6 months');
    assert.equal(m.new_debt_indicator, false, 'but not within 3');
    assert.equal(m.savings_investment_indicator, true);
    assert.equal(m.recent_account_indicator, false);
    assert.equal(m['returned_direct_debits.num_last_12m.count'], 1);
    assert.deepEqual(compareMarkers(m, { ...m, bnpl_indicator: false }), [
      { marker: 'bnpl_indicator', expected: true, got: false },
    ]);
  });
});

describe('the evaluation fixtures', () => {
  const ids = new Set(personalCategories.map((c) => c.id));
  const expanded = personas.map(expandPersona);

  test('there are at least 30 personas with distinct ids', () => {
    assert.ok(personas.length >= 30, `${personas.length} personas`);
    assert.equal(new Set(personas.map((p) => p.id)).size, personas.length);
  });

  test('the bank holiday table shifts payments as Bacs and direct debits do', () => {
    assert.equal(isWorkingDay(dayOf('2026-12-28')), false, 'Boxing Day substitute');
    assert.equal(workingDayBefore(dayOf('2025-12-25')), dayOf('2025-12-24'));
    assert.equal(workingDayAfter(dayOf('2026-04-03')), dayOf('2026-04-07'), 'Good Friday to after Easter Monday');
    assert.equal(londonToUnix(dayOf('2026-07-01'), 0, 30), Date.UTC(2026, 5, 30, 23, 30) / 1000, 'BST');
  });

  for (const x of expanded) {
    test(`${x.persona.id}: 24 months of valid, labelled transactions`, () => {
      const months = new Set(x.transactions.map((t) => new Date(t.bookedAt * 1000).toISOString().slice(0, 7)));
      assert.ok(months.size >= 25, `${months.size} calendar months`); // Nov 2024 … Nov 2026
      const first = Math.min(...x.transactions.map((t) => t.bookedAt));
      assert.ok(first < at('2024-11-28'), 'history starts 24 months before asOf');
      assert.equal(new Set(x.transactions.map((t) => t.id)).size, x.transactions.length, 'ids are unique');
      const accounts = new Set(x.accounts.map((a) => a.id));
      for (const t of x.transactions) {
        const label = x.labels.get(t.id);
        assert.ok(label, `${t.id} has a label`);
        assert.ok(ids.has(label.category), `${label.streamId}: ${label.category} is a Personal category`);
        assert.ok(accounts.has(t.accountId));
        assert.ok(t.bookedAt <= AS_OF, `${t.id}: booked by asOf`);
        // only a refusal notice (ReturnedOccurrence.shownAs 'zeroNotice') is a £0 row
        assert.ok(t.amount !== 0 || label.kind === 'return', `${t.id}: not zero`);
        assert.ok(Math.abs(Math.round(t.amount * 100) - t.amount * 100) < 1e-6, `${t.id}: whole pennies`);
        if (label.income) assert.ok(t.amount > 0, `${label.streamId}: income is money in`);
      }
    });
  }

  test('expansion is deterministic', () => {
    for (const p of personas.slice(0, 5)) {
      const a = expandPersona(p);
      const b = expandPersona(p);
      assert.deepEqual(a.transactions, b.transactions);
      assert.deepEqual([...a.labels], [...b.labels]);
    }
  });
});
