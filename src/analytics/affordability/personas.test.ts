/**
 * The assessment on the generated personas (src/personas, docs/personas.md), read against what each persona's
 * truth says was planted: whose income counts, which heading the housing lands under, which risks are named.
 * The hand-checked figures are in assess.test.ts; these check the same rules on realistic two-year histories.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { personaReport } from '../../../test/helpers/persona-reports.ts';
import { toEngineInput } from '../../personas/index.ts';
import { AS_OF } from '../../../test/helpers/persona-reports.ts';
import { assessAffordability } from './assess.ts';
import type { Assessment } from './assessment-schema.ts';
import { CATEGORY_INCOME_IDS, candidateWindow, incomeCandidatesFrom, type Payment } from './income-evidence.ts';
import { DEFAULT_POLICY } from './sfs-map.ts';

function assessPersona(name: string): { a: Assessment; truth: ReturnType<typeof personaReport>['persona']['truth'] } {
  const { persona, report } = personaReport(name);
  const input = toEngineInput(persona);
  const byId = new Map<string, Payment>(
    input.transactions.map((t) => [t.id, { id: t.id, bookedAt: t.bookedAt, amount: t.amount }]),
  );
  const byCategory = new Map<string, Payment[]>();
  for (const c of report.transactions) {
    const p = byId.get(c.transactionId);
    if (p && p.amount > 0 && CATEGORY_INCOME_IDS.includes(c.categoryId))
      byCategory.set(c.categoryId, [...(byCategory.get(c.categoryId) ?? []), p]);
  }
  const a = assessAffordability({
    asOf: AS_OF,
    insights: report.insights,
    candidates: incomeCandidatesFrom(report.insights, byId, byCategory, candidateWindow(AS_OF, report.insights)),
    policy: { version: 0, created_at: null, ...DEFAULT_POLICY },
    declaration: null,
  });
  return { a, truth: persona.truth };
}

const counted = (a: Assessment) => a.income.streams.filter((s) => s.counted);
const heading = (a: Assessment, id: string) => a.expenditure.headings.find((h) => h.id === id);
const codes = (a: Assessment) => a.reasons.map((r) => r.code);

describe('affordability assessment › generated personas', () => {
  test('salaried renter: the salary counts at about its planted amount; rent is home and contents', () => {
    const { a, truth } = assessPersona('salaried-monthly');
    const salary = counted(a).find((s) => s.type === 'salary');
    assert.ok(salary && truth.salary, 'a counted salary');
    assert.ok(
      Math.abs(salary.monthly_amount - truth.salary.amount) / truth.salary.amount < 0.1,
      `${salary.monthly_amount}`,
    );
    assert.equal(truth.housing, 'rent');
    assert.ok((heading(a, 'home_and_contents')?.committed_monthly ?? 0) > 500);
  });

  test('pensioner homeowner: both pensions count, nothing for rent or mortgage', () => {
    const { a, truth } = assessPersona('pensioner');
    assert.ok(truth.pension?.state && truth.pension.private);
    assert.equal(counted(a).filter((s) => s.type.endsWith('pension')).length, 2);
    assert.equal(a.waterfall.find((s) => s.step === 'housing')?.amount, 0);
  });

  test('benefits household: Universal Credit and Child Benefit count; no salary', () => {
    const { a } = assessPersona('benefits');
    assert.deepEqual(
      counted(a)
        .map((s) => s.type)
        .sort(),
      ['child_benefit', 'universal_credit'],
    );
  });

  test('gambler: gambling is named, discretionary and not deducted', () => {
    const { a, truth } = assessPersona('gambler');
    assert.ok(truth.gambling);
    assert.ok(codes(a).includes('gambling'));
    const leisure = heading(a, 'communications_and_leisure');
    assert.ok(leisure?.categories.some((c) => c.category === 'gambling' && c.class === 'discretionary'));
  });

  test('payday borrower: loans received never count; the repayments are credit commitments', () => {
    const { a, truth } = assessPersona('payday-borrower');
    assert.ok(truth.paydayLoan);
    assert.ok(a.income.not_counted.some((n) => n.category === 'payday_loan_income' && n.monthly_average > 0));
    assert.ok(!a.income.streams.some((s) => s.counted && s.category === 'payday_loan_income'));
    assert.ok(codes(a).includes('high_cost_credit'));
    assert.ok((a.waterfall.find((s) => s.step === 'credit_commitments')?.amount ?? 0) < 0);
  });
});
