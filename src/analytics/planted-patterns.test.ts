/**
 * Every pattern planted in every persona (its truth) is found in the report, and a persona without it is not
 * flagged for it. Expectations come from the persona's truth and the labels of its transactions, counted over the
 * same windows the report uses (docs/analytics.md), so a pattern that falls outside a window is expected absent.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { londonDay, monthOfDay } from './calendar/london.ts';
import type { Report } from './report-types.ts';
import {
  AS_OF,
  AS_OF_SUMMER,
  PERSONAS,
  countInLast,
  labelledMonths,
  personaReport,
} from '../../test/helpers/persona-reports.ts';
import type { Persona } from '../personas/index.ts';

const FREQUENCY: Record<string, string> = {
  Monthly: 'Monthly',
  Weekly: 'Weekly',
  Fortnightly: 'Fortnightly',
  FourWeekly: 'Monthly',
};

const incomeNames = (r: Report): string[] => r.insights.income.categories.map((c) => c.name);
const spendingNames = (r: Report): string[] => r.insights.expenditure.categories.map((c) => c.name);
const eventsOf = (r: Report, type: string) => r.events.filter((e) => e.event_type === type);

function checkSalary(p: Persona, r: Report): void {
  const t = p.truth;
  const e = r.insights.employment;
  assert.equal(incomeNames(r).includes('Salary'), t.salary !== null, 'Salary income');
  assert.equal(e.possible_loss_of_income_indicator, t.lossOfIncome !== null, 'possible loss of income');
  assert.equal(e.new_employer_indicator, t.newEmployer !== null, 'new employer');
  const current = t.salaries.filter(
    (s) => s.source !== t.lossOfIncome?.employer && s.source !== t.newEmployer?.previous,
  );
  assert.equal(e.number_of_salaries, current.length, 'number of salaries');
  const asOfDay = londonDay(p.asOf);
  for (const s of current) {
    const match = e.expected_salary.find(
      (x) => x.pay_frequency === FREQUENCY[s.frequency] && Math.abs(x.amount - s.amount) <= 0.25 * s.amount,
    );
    assert.ok(match, `expected salary ${s.source} ${s.frequency} ${s.amount}: ${JSON.stringify(e.expected_salary)}`);
    const payDay = londonDay(match.expected_pay_date);
    assert.ok(payDay >= asOfDay && payDay <= asOfDay + 35, `pay date ${payDay - asOfDay} days after asOf`);
  }
}

function checkIncomeSources(p: Persona, r: Report): void {
  const t = p.truth;
  const e = r.insights.employment;
  assert.equal(incomeNames(r).includes('Pension'), t.pension !== null, 'Pension income');
  assert.equal(
    incomeNames(r).includes('Universal Credit'),
    t.benefits.includes('universal_credit'),
    'Universal Credit',
  );
  assert.equal(incomeNames(r).includes('Child Benefit'), t.benefits.includes('child_benefit'), 'Child Benefit');
  assert.equal(e.child_benefits_indicator, t.benefits.includes('child_benefit'), 'child benefit indicator');
  assert.equal(
    e.out_of_work_benefit_indicator,
    t.benefits.includes('universal_credit') && t.salary === null,
    'out-of-work benefit',
  );
  for (const type of ['SALARY_MISSING', 'PENSION_MISSING', 'BENEFIT_MISSING']) {
    if (type !== 'SALARY_MISSING' || (t.lossOfIncome === null && t.newEmployer === null))
      assert.deepEqual(eventsOf(r, type), [], type);
  }
  if (t.lossOfIncome) assert.ok(eventsOf(r, 'SALARY_MISSING').length > 0, 'missing salary event');
}

function checkCommitments(p: Persona, r: Report): void {
  const t = p.truth;
  const m = r.insights.financial_markers;
  assert.equal(m.mortgage_rent_indicator, t.housing !== null, 'mortgage or rent');
  assert.equal(spendingNames(r).includes('Rent'), t.housing === 'rent', 'Rent');
  assert.equal(spendingNames(r).includes('Mortgage'), t.housing === 'mortgage', 'Mortgage');
  assert.equal(
    m.council_tax_indicator,
    countInLast(labelledMonths(p, 'council_tax'), p.asOf, 12) > 0,
    'council tax in 12 months',
  );
  assert.equal(m.council_tax_indicator, t.councilTax !== null, 'council tax');
  assert.equal(spendingNames(r).includes('Council tax'), t.councilTax !== null, 'Council tax');
}

function checkCredit(p: Persona, r: Report): void {
  const t = p.truth;
  const m = r.insights.financial_markers;
  const gambling = labelledMonths(p, 'gambling');
  assert.equal(m.gambling.count, countInLast(gambling, p.asOf, 12), 'gambling count');
  assert.equal(t.gambling, gambling.length > 0 || labelledMonths(p, 'gambling_winnings').length > 0);
  if (!t.gambling) assert.deepEqual(eventsOf(r, 'GAMBLING_INCREASE'), []);

  const payday = labelledMonths(p, 'payday_loan_income');
  assert.equal(m.payday_loan.count, countInLast(payday, p.asOf, 12), 'payday loan count');
  assert.equal(m.direct_loan_indicator, countInLast(payday, p.asOf, 6) > 0, 'direct loan indicator');
  assert.equal(eventsOf(r, 'NEW_PAYDAY_LOAN').length, countInLast(payday, p.asOf, 12, true), 'payday loan events');
  assert.equal(t.paydayLoan, payday.length + labelledMonths(p, 'payday_loan_repayments').length > 0);

  const bnpl = labelledMonths(p, 'bnpl');
  assert.equal(m.bnpl_indicator, countInLast(bnpl, p.asOf, 3) > 0, 'BNPL indicator');
  assert.equal(eventsOf(r, 'NEW_BNPL').length > 0, countInLast(bnpl, p.asOf, 12, true) > 0, 'BNPL events');
  assert.equal(t.bnpl, bnpl.length > 0);

  const collection = labelledMonths(p, 'debt_collection');
  assert.equal(m.debt_management_indicator, countInLast(collection, p.asOf, 12) > 0, 'debt collection');
  assert.equal(
    eventsOf(r, 'DEBT_COLLECTION').length,
    new Set(collection.filter((x) => countInLast([x], p.asOf, 12) === 1)).size,
    'debt collection events',
  );
  assert.equal(t.debtCollection, collection.length > 0);
}

function checkCharges(p: Persona, r: Report): void {
  const t = p.truth;
  const m = r.insights.financial_markers;
  const returned = labelledMonths(p, 'returned_direct_debit');
  assert.equal(
    m.returned_direct_debits.num_last_12m.count,
    countInLast(returned, p.asOf, 12),
    'returned direct debits',
  );
  assert.equal(
    eventsOf(r, 'RETURNED_DIRECT_DEBIT').length,
    countInLast(returned, p.asOf, 12, true),
    'returned direct debit events',
  );
  assert.equal(t.returnedDirectDebit, returned.length > 0);

  const charges = labelledMonths(p, 'bank_charges');
  assert.equal(m.bank_charges.num_last_12m.count, countInLast(charges, p.asOf, 12), 'bank charges');
  assert.equal(
    eventsOf(r, 'BANK_CHARGES').length,
    new Set(charges.filter((x) => countInLast([x], p.asOf, 12) === 1)).size,
    'bank charge events',
  );
  assert.equal(t.bankCharges && p.accountType === 'Personal', charges.length > 0);
  assert.equal(m.negative_balance_ratio > 0, t.overdraft, 'negative balance');
}

const CASES: [number, number][] = [
  [7, AS_OF],
  [21, AS_OF_SUMMER],
];

describe('planted patterns › found in every persona, and only there', () => {
  for (const name of PERSONAS) {
    for (const [seed, asOf] of CASES) {
      const label = `${name} (seed ${seed}, ${new Date(asOf * 1000).toISOString().slice(0, 10)})`;
      test(`${label} › salary, pay frequency, new employer, loss of income`, () => {
        const { persona, report } = personaReport(name, seed, asOf);
        checkSalary(persona, report);
      });
      test(`${label} › pension and benefits`, () => {
        const { persona, report } = personaReport(name, seed, asOf);
        checkIncomeSources(persona, report);
      });
      test(`${label} › rent or mortgage, council tax`, () => {
        const { persona, report } = personaReport(name, seed, asOf);
        checkCommitments(persona, report);
      });
      test(`${label} › gambling, payday loans, BNPL, debt collection`, () => {
        const { persona, report } = personaReport(name, seed, asOf);
        checkCredit(persona, report);
      });
      test(`${label} › returned direct debits, bank charges, overdraft`, () => {
        const { persona, report } = personaReport(name, seed, asOf);
        checkCharges(persona, report);
      });
    }
  }

  test('the months helper reads London months', () => {
    assert.equal(monthOfDay(londonDay(AS_OF)) - monthOfDay(londonDay(AS_OF_SUMMER)), 6);
  });
});
