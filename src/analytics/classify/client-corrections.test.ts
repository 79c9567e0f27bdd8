/** People's categories in the engine (client-corrections.ts, docs/decisions/0061-category-corrections-and-rules.md). */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { computeReport } from '../compute-report.ts';
import { CURRENT, at, monthlyDates, series } from '../../../test/helpers/analytics-support.ts';
import {
  compileRules,
  firstMatchingRule,
  normalizeForRule,
  type CategoryRuleInput,
  type RuleSubject,
} from './client-corrections.ts';

const rule = (over: Partial<CategoryRuleInput>): CategoryRuleInput => ({
  id: 'r',
  accountType: 'Personal',
  field: 'text',
  match: 'word',
  pattern: 'gym',
  categoryId: 'subscriptions',
  priority: 100,
  ...over,
});
const subject = (over: Partial<RuleSubject>): RuleSubject => ({
  accountType: 'Personal',
  amount: -20,
  description: 'CARD PAYMENT',
  merchantName: null,
  merchant: null,
  ...over,
});
const matchId = (rules: CategoryRuleInput[], s: Partial<RuleSubject>) =>
  firstMatchingRule(compileRules(rules), subject(s))?.id ?? null;

describe('client rules › matching', () => {
  test('text is compared upper-cased with punctuation as spaces', () => {
    assert.equal(normalizeForRule('  Pure-Gym  Ltd*1234 '), 'PURE GYM LTD 1234');
  });

  const cases: Array<[string, Partial<CategoryRuleInput>, Partial<RuleSubject>, boolean]> = [
    ['a whole word matches', {}, { description: 'PUREGYM / THE GYM GROUP' }, true],
    ['word: part of a word does not', {}, { description: 'PUREGYM LTD' }, false],
    ['contains: part of a word does', { match: 'contains' }, { description: 'PUREGYM LTD' }, true],
    ['several words, in order, across punctuation', { pattern: 'the gym' }, { description: 'THE-GYM GROUP' }, true],
    ['payee: the bank’s merchant name', { field: 'payee' }, { merchantName: 'The Gym Group' }, true],
    ['payee: the payee the engine recognised', { field: 'payee' }, { merchant: 'The Gym' }, true],
    ['payee: not the statement text', { field: 'payee' }, { description: 'THE GYM' }, false],
    ['another account type', { accountType: 'Business', categoryId: 'payroll' }, { description: 'GYM' }, false],
    ['an expenditure category never takes money in', {}, { description: 'GYM REFUND', amount: 20 }, false],
    ['regular-expression syntax is punctuation', { pattern: '(g+)+$' }, { description: 'G' }, true],
    ['a category of another list is dropped', { categoryId: 'no_such' }, { description: 'GYM' }, false],
  ];
  for (const [name, r, s, expected] of cases) test(name, () => assert.equal(matchId([rule(r)], s) === 'r', expected));

  test('the lowest priority wins, then the order given', () => {
    const rules = [rule({ id: 'a', priority: 50 }), rule({ id: 'b', priority: 10 }), rule({ id: 'c', priority: 10 })];
    assert.equal(matchId(rules, { description: 'GYM' }), 'b');
  });

  test('a text of 100 000 characters against a long pattern that nearly matches everywhere is answered', () => {
    const text = 'A '.repeat(50_000);
    assert.equal(matchId([rule({ pattern: `${'A '.repeat(40)}B` })], { description: text }), null);
  });
});

describe('computeReport › corrections and rules', () => {
  const asOf = at(2026, 1, 14);
  const months = monthlyDates(2025, 1, 3, 12);
  const gym = series(months, { description: 'PUREGYM LTD', amount: -30, type: 'DirectDebit' });
  const pay = series(months, { description: 'ACME LTD SALARY', amount: 2000, type: 'BankGiroCredit' });
  const transactions = [...gym, ...pay].sort((a, b) => a.bookedAt - b.bookedAt);
  const input = { accounts: [CURRENT], transactions, asOf };
  const spent = (r: ReturnType<typeof computeReport>, name: string) =>
    r.insights.expenditure.categories.find((c) => c.name === name)?.monthly_amounts.reduce((s, m) => s + m.amount, 0) ??
    0;

  test('no corrections: the same report as without the member', () => {
    assert.deepEqual(computeReport({ ...input, corrections: { transactions: [], rules: [] } }), computeReport(input));
  });

  test('a rule moves every match in the figures and the categorised transactions, keeping the engine’s as the original', () => {
    const plain = computeReport(input);
    const engineGym = plain.transactions.find((t) => t.transactionId === gym[0]?.id);
    assert.ok(engineGym && engineGym.categoryId !== 'eating_out');
    const r = computeReport({
      ...input,
      corrections: { transactions: [], rules: [rule({ id: 'r1', pattern: 'puregym', categoryId: 'eating_out' })] },
    });
    const moved = r.transactions.filter((t) => gym.some((g) => g.id === t.transactionId));
    assert.ok(moved.every((t) => t.categoryId === 'eating_out' && t.corrected?.source === 'rule'));
    assert.equal(moved[0]?.corrected?.originalCategoryId, engineGym.categoryId);
    assert.equal(spent(r, 'Eating out and takeaways') > 0, true);
    assert.equal(spent(r, engineGym.categoryName), 0);
  });

  test('a correction beats the rule and the salary inference', () => {
    const one = pay[3];
    const firstGym = gym[0];
    assert.ok(one && firstGym);
    const r = computeReport({
      ...input,
      corrections: {
        transactions: [
          [one.id, 'other_income'],
          [firstGym.id, 'groceries'],
        ],
        rules: [rule({ pattern: 'puregym', categoryId: 'eating_out' })],
      },
    });
    const byId = new Map(r.transactions.map((t) => [t.transactionId, t]));
    assert.equal(byId.get(one.id)?.categoryId, 'other_income');
    assert.equal(byId.get(one.id)?.corrected?.source, 'correction');
    assert.equal(byId.get(firstGym.id)?.categoryId, 'groceries');
    assert.equal(byId.get(gym[1]?.id ?? '')?.categoryId, 'eating_out');
  });

  test('a correction to a category of no list is ignored', () => {
    const firstGym = gym[0];
    assert.ok(firstGym);
    const r = computeReport({ ...input, corrections: { transactions: [[firstGym.id, 'nonsense']], rules: [] } });
    assert.equal(r.transactions.find((t) => t.transactionId === firstGym.id)?.corrected, undefined);
  });
});
