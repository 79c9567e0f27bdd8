/**
 * The affordability assessment on hand-checked personas: small histories whose every figure is worked out by hand
 * in the comments (docs/analytics.md, "Affordability assessment", uses the salaried renter as its worked example).
 * Each runs the whole engine (computeReport) and then the assessment, as the service does.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { computeReport } from '../compute-report.ts';
import { CURRENT, aTransaction, at, everyDays, monthlyDates, series } from '../../../test/helpers/analytics-support.ts';
import type { EngineTransaction } from '../types.ts';
import { assessAffordability } from './assess.ts';
import type { Assessment, Declaration, Policy } from './assessment-schema.ts';
import { CATEGORY_INCOME_IDS, candidateWindow, incomeCandidatesFrom } from './income-evidence.ts';
import type { Payment } from './income-evidence.ts';
import { DEFAULT_POLICY } from './sfs-map.ts';

const ASOF = at(2026, 1, 14); // the window: January to December 2025
const POLICY: Policy = { version: 0, created_at: null, ...DEFAULT_POLICY };

interface Options {
  declaration?: Omit<Declaration, 'id' | 'declared_at'>;
  policy?: Policy;
  proposed?: { monthly_amount: number; variable_rate: boolean };
}

/** The engine, then the assessment, resolving payments from the input as the service does from the database. */
function assess(transactions: EngineTransaction[], options: Options = {}): Assessment {
  const report = computeReport({ accounts: [CURRENT], transactions, asOf: ASOF });
  const byId = new Map<string, Payment>(
    transactions.map((t) => [t.id, { id: t.id, bookedAt: t.bookedAt, amount: t.amount }]),
  );
  const byCategory = new Map<string, Payment[]>();
  for (const c of report.transactions) {
    const p = byId.get(c.transactionId);
    if (!p || !CATEGORY_INCOME_IDS.includes(c.categoryId) || p.amount <= 0) continue;
    byCategory.set(c.categoryId, [...(byCategory.get(c.categoryId) ?? []), p]);
  }
  const d = options.declaration;
  return assessAffordability({
    asOf: ASOF,
    insights: report.insights,
    candidates: incomeCandidatesFrom(report.insights, byId, byCategory, candidateWindow(ASOF, report.insights)),
    policy: options.policy ?? POLICY,
    declaration: d ? { id: 'd1', declared_at: ASOF, ...d } : null,
    ...(options.proposed ? { proposed: options.proposed } : {}),
  });
}

const monthly = (day: number, description: string, amount: number, type: string | null = null) =>
  series(monthlyDates(2024, 12, day, 14), { description, amount, type });
/**
 * Spending whose amount varies (x − 10, x, x + 10 in turn), so it is a habit, not a fixed commitment; any 3 or 12
 * consecutive months of it average x.
 */
const varying = (day: number, description: string, x: number) =>
  monthlyDates(2024, 12, day, 14).map(([y, m, d], k) =>
    aTransaction({ description, amount: -(x + ((k % 3) - 1) * 10), bookedAt: at(y, m, d) }),
  );
/** Two supermarket shops a month, averaging a and b. */
const groceries = (a: number, b: number) => [
  ...varying(5, 'TESCO STORES 3217', a),
  ...varying(20, 'TESCO STORES 3217', b),
];
const step = (a: Assessment, id: string) => a.waterfall.find((s) => s.step === id);
const heading = (a: Assessment, id: string) => a.expenditure.headings.find((h) => h.id === id);
const codes = (a: Assessment) => a.reasons.map((r) => r.code);

describe('affordability assessment › a salaried renter', () => {
  const history = [
    ...series(monthlyDates(2024, 12, 28, 13), {
      description: 'BGC ACME LTD SALARY',
      type: 'BankGiroCredit',
      amount: 2000,
    }),
    ...monthly(2, 'SO M PATEL RENT FLAT 2', -700, 'StandingOrder'),
    ...monthly(1, 'LEEDS CITY COUNCIL CTAX', -120, 'DirectDebit'),
    ...monthly(12, 'BRITISH GAS', -80, 'DirectDebit'),
    ...monthly(15, 'NETFLIX.COM', -10.99),
    ...groceries(130, 110),
  ];
  const a = assess(history, { proposed: { monthly_amount: 250, variable_rate: false } });

  test('counts the salary, and says why', () => {
    assert.equal(a.income.verified_monthly, 2000);
    const salary = a.income.streams.find((s) => s.type === 'salary');
    assert.equal(salary?.counted, true);
    assert.equal(salary?.months_seen, 12); // paid 28 Jan–28 Dec 2025; none yet in January 2026
    assert.equal(salary?.transaction_ids.length, 13);
    assert.match(salary?.reasons.join(' ') ?? '', /paid in 12 of the last 12 months/);
  });

  test('groups the spending under the Standard Financial Statement headings', () => {
    assert.deepEqual(
      [heading(a, 'home_and_contents')?.monthly_average, heading(a, 'home_and_contents')?.committed_monthly],
      [820, 820], // rent 700 + council tax 120, both contractual
    );
    assert.equal(heading(a, 'utilities')?.monthly_average, 80);
    assert.equal(heading(a, 'food_and_housekeeping')?.monthly_average, 240);
    assert.equal(heading(a, 'food_and_housekeeping')?.committed_monthly, 0); // shops of varying amounts
    // Netflix is a fixed amount on a schedule: recurring, so committed, though its category is discretionary.
    assert.equal(heading(a, 'communications_and_leisure')?.committed_monthly, 10.99);
    assert.equal(heading(a, 'home_and_contents')?.stability, 1);
    assert.deepEqual(
      heading(a, 'utilities')?.last_3_months.map((m) => [m.month, m.amount]),
      [
        [10, 80],
        [11, 80],
        [12, 80],
      ],
    );
    assert.equal(a.expenditure.discretionary_monthly, 10.99);
  });

  test('gives disposable income before and after the proposed commitment', () => {
    // 2000 − rent 700 − (council tax 120 + energy 80) − living costs max(groceries 240, minimum for one 360) = 740
    assert.equal(a.disposable_income.before_commitment.unstressed, 740);
    assert.equal(a.disposable_income.after_commitment.unstressed, 490); // − 250
    assert.equal(a.disposable_income.after_commitment.stressed, 490); // nothing variable-rate
    assert.equal(step(a, 'living_costs')?.amount, -360);
    assert.equal(a.affordable, true);
    assert.ok(codes(a).includes('living_cost_minimum'));
    assert.equal(a.policy_version, 0);
    assert.deepEqual(a.window, { months: 12, from: '2025-01', to: '2025-12' });
  });

  test('the waterfall runs from verified income to the stressed figure', () => {
    assert.equal(a.waterfall[0]?.step, 'verified_income');
    assert.equal(a.waterfall.at(-1)?.running_total, a.disposable_income.after_commitment.stressed);
    const changes = a.waterfall.filter((s) => s.kind !== 'subtotal').reduce((t, s) => t + s.amount, 0);
    assert.equal(Math.round(changes * 100) / 100, 490);
  });

  test('a variable-rate mortgage, card and proposed loan are stressed by the policy', () => {
    const owner = [
      ...history.filter((t) => !t.description.includes('RENT')),
      ...monthly(11, 'NATIONWIDE MORTGAGE', -650, 'DirectDebit'),
      ...monthly(13, 'BARCLAYCARD', -150, 'DirectDebit'),
    ];
    const policy: Policy = { ...POLICY, version: 3, variable_rate_stress_percent: 50 };
    const s = assess(owner, { policy, proposed: { monthly_amount: 100, variable_rate: true } });
    // 2000 − mortgage 650 − card 150 − 200 − 360 = 640; after 100: 540; stress 50% of (650 + 150 + 100) = 450
    assert.equal(s.disposable_income.before_commitment.unstressed, 640);
    assert.equal(s.disposable_income.before_commitment.stressed, 240);
    assert.equal(s.disposable_income.after_commitment.stressed, 90);
    assert.equal(s.policy_version, 3);
    assert.ok(s.expenditure.committed_items.some((i) => i.category === 'mortgage' && i.variable_rate));
  });
});

describe('affordability assessment › a pensioner homeowner', () => {
  const history = [
    ...series(everyDays(2024, 12, 4, 28, 15), {
      description: 'DWP STATE PENSION',
      type: 'BankGiroCredit',
      amount: 884,
    }),
    ...monthly(1, 'LEGAL AND GENERAL ANNUITY', 642.18, 'BankGiroCredit'),
    ...monthly(3, 'CARDIFF COUNCIL CTAX', -160, 'DirectDebit'),
    ...monthly(12, 'BRITISH GAS', -118, 'DirectDebit'),
    ...monthly(9, 'SEVERN TRENT WATER', -41, 'DirectDebit'),
    ...varying(10, 'CASH WITHDRAWAL LINK ATM', 100),
    ...groceries(170, 150),
  ];
  const a = assess(history, {
    declaration: { income: 1600, housing: 0, credit_commitments: 0, other_essential: 700, household_size: 2 },
  });

  test('counts both pensions at their monthly worth', () => {
    // 884 every four weeks is 884 × 13 / 12 = 957.67 a month; the annuity 642.18: 1599.85
    assert.equal(a.income.verified_monthly, 1599.85);
    assert.equal(a.income.streams.filter((s) => s.counted).length, 2);
  });

  test('sets the declaration against the bank data', () => {
    const items = new Map(a.declared?.items.map((i) => [i.item, i]));
    assert.equal(items.get('income')?.exceeds_tolerance, false); // 1600 against 1599.85
    assert.equal(items.get('income')?.used, 1599.85); // the lower
    // other essential seen: committed 160 + 118 + 41 = 319, day-to-day 320 + cash 100 = 420: 739; declared 700
    assert.equal(items.get('other_essential')?.verified, 739);
    assert.equal(items.get('other_essential')?.variance_percent, -5.28);
    assert.equal(items.get('other_essential')?.exceeds_tolerance, false);
    assert.equal(items.get('housing')?.verified, 0); // owned outright
  });

  test('uses the minimum living costs of a two-person household', () => {
    // 1599.85 − 319 − max(420, 620) = 660.85
    assert.equal(a.household_size, 2);
    assert.equal(step(a, 'living_costs')?.amount, -620);
    assert.equal(a.disposable_income.after_commitment.stressed, 660.85);
  });
});

describe('affordability assessment › a benefits household', () => {
  const history = [
    ...monthly(17, 'DWP UC', 1083.4, 'BankGiroCredit'),
    ...series(everyDays(2024, 12, 2, 28, 15), {
      description: 'HMRC CHILD BENEFIT',
      type: 'BankGiroCredit',
      amount: 173.2,
    }),
    ...monthly(3, 'NORTHDALE HOMES RENT', -468, 'DirectDebit'),
    ...monthly(15, 'BIRMINGHAM CITY COUNCIL', -62, 'DirectDebit'),
    ...monthly(20, 'BRITISH GAS', -74, 'DirectDebit'),
    ...groceries(220, 180),
  ];
  const a = assess(history, {
    declaration: { income: 1270, housing: 468, credit_commitments: 0, other_essential: 560, household_size: 3 },
  });

  test('counts Universal Credit and Child Benefit', () => {
    // 1083.40 + 173.20 × 13 / 12 (187.63) = 1271.03
    assert.equal(a.income.verified_monthly, 1271.03);
    assert.deepEqual(a.income.streams.map((s) => s.type).sort(), ['child_benefit', 'universal_credit']);
  });

  test('falls short once the three-person minimum is deducted', () => {
    // 1270 (declared, lower) − 468 − 136 − max(400, 760) = −94
    assert.equal(step(a, 'declared_income_lower')?.amount, -1.03);
    assert.equal(a.disposable_income.before_commitment.unstressed, -94);
    assert.equal(a.affordable, false);
    assert.equal(codes(a)[0], 'shortfall');
  });
});

describe('affordability assessment › self-employed with irregular income', () => {
  // Platform payouts, one a month on varying days and amounts; none in March 2025.
  const payouts: [number, number, number, number][] = [
    [2024, 12, 9, 1000],
    [2025, 1, 7, 1200],
    [2025, 2, 11, 900],
    [2025, 4, 3, 1500],
    [2025, 5, 14, 1100],
    [2025, 6, 6, 800],
    [2025, 7, 21, 1300],
    [2025, 8, 8, 1000],
    [2025, 9, 16, 900],
    [2025, 10, 2, 1400],
    [2025, 11, 19, 700],
    [2025, 12, 10, 1000],
    [2026, 1, 8, 500],
  ];
  const history = [
    ...payouts.map(([y, m, d, amount]) =>
      aTransaction({ description: 'UBER BV PAYOUT', type: 'BankGiroCredit', amount, bookedAt: at(y, m, d) }),
    ),
    ...monthly(2, 'SO M PATEL RENT FLAT 2', -600, 'StandingOrder'),
    ...groceries(130, 110),
  ];
  const a = assess(history);

  test('counts the lower of the year’s average and the last three months’', () => {
    // 2025: 11 800 over 12 months = 983.33. The income verification section's last three months run from 14 October
    // to the end of December: 700 (19 Nov) + 1 000 (10 Dec) = 1 700, ÷ 3 = 566.67 (2 October falls before them).
    const s = a.income.streams.find((x) => x.type === 'self_employed');
    assert.equal(s?.counted, true);
    assert.equal(s?.monthly_amount, 566.67);
    assert.equal(s?.months_seen, 11); // every month of 2025 but March
    assert.equal(s?.transaction_ids.length, 13);
    assert.match(s?.reasons.at(-1) ?? '', /lower of the 12-month average £983\.33 and the last three months' £566\.67/);
  });

  test('irregular income with too few months does not count', () => {
    const few = assess([...history.slice(9, 13), ...history.slice(13)]);
    const s = few.income.streams.find((x) => x.type === 'self_employed');
    assert.equal(s?.counted, false);
    assert.match(s?.reasons[0] ?? '', /paid in 3 of the last 12 months; at least 6 are needed/);
    assert.equal(few.income.verified_monthly, 0);
    assert.ok(codes(few).includes('no_verified_income'));
  });
});

describe('affordability assessment › a gambler with payday loans', () => {
  const history = [
    ...series(monthlyDates(2024, 12, 28, 13), {
      description: 'BGC ACME LTD SALARY',
      type: 'BankGiroCredit',
      amount: 1800,
    }),
    ...monthly(2, 'SO M PATEL RENT FLAT 2', -650, 'StandingOrder'),
    ...monthly(1, 'LEEDS CITY COUNCIL CTAX', -100, 'DirectDebit'),
    ...monthly(12, 'BRITISH GAS', -60, 'DirectDebit'),
    ...groceries(130, 110),
    ...series(everyDays(2024, 12, 6, 7, 58), { description: 'BET365', amount: -50 }),
    aTransaction({ description: 'LENDING STREAM', amount: 300, bookedAt: at(2025, 9, 3) }),
    aTransaction({ description: 'LENDING STREAM', amount: 300, bookedAt: at(2025, 11, 20) }),
    ...series(monthlyDates(2025, 10, 3, 4), { description: 'LENDING STREAM', amount: -120, type: 'DirectDebit' }),
  ];
  const a = assess(history);

  test('never counts the payday loans as income', () => {
    assert.equal(a.income.verified_monthly, 1800);
    const loans = a.income.not_counted.find((n) => n.category === 'payday_loan_income');
    assert.equal(loans?.monthly_average, 50); // 600 over 12 months
  });

  test('deducts the repayments at their recent level and names the risks', () => {
    // repayments: 360 over the year is 30 a month, but 120 a month over October–December: 120 is used
    assert.equal(step(a, 'credit_commitments')?.amount, -120);
    // 1800 − 650 − 120 − 160 − 360 = 510; gambling (52 Fridays × 50 = 2 600 in 2025) is not deducted
    assert.equal(a.disposable_income.after_commitment.stressed, 510);
    assert.equal(heading(a, 'communications_and_leisure')?.monthly_average, 216.67);
    assert.ok(codes(a).includes('gambling'));
    assert.ok(codes(a).includes('high_cost_credit'));
  });
});

describe('affordability assessment › a declaration that understates rent', () => {
  const history = [
    ...series(monthlyDates(2024, 12, 28, 13), {
      description: 'BGC ACME LTD SALARY',
      type: 'BankGiroCredit',
      amount: 2200,
    }),
    ...monthly(2, 'SO M PATEL RENT FLAT 2', -950, 'StandingOrder'),
    ...monthly(1, 'LEEDS CITY COUNCIL CTAX', -130, 'DirectDebit'),
    ...monthly(12, 'BRITISH GAS', -70, 'DirectDebit'),
    ...groceries(160, 140),
  ];
  const a = assess(history, {
    declaration: { income: 2200, housing: 700, credit_commitments: 0, other_essential: 500, household_size: 1 },
  });

  test('flags the rent and uses what the bank data shows', () => {
    const housing = a.declared?.items.find((i) => i.item === 'housing');
    assert.deepEqual(housing, {
      item: 'housing',
      declared: 700,
      verified: 950,
      variance: -250,
      variance_percent: -26.32,
      exceeds_tolerance: true,
      used: 950,
    });
    assert.ok(codes(a).includes('declared_housing_below_verified'));
  });

  test('uses the higher figure for every spending item', () => {
    const other = a.declared?.items.find((i) => i.item === 'other_essential');
    assert.equal(other?.exceeds_tolerance, false); // 500 declared, 200 + 300 seen
    assert.equal(other?.used, 560); // 200 committed + the one-person minimum 360
    // 2200 − 950 − 200 − 360 = 690
    assert.equal(a.disposable_income.before_commitment.unstressed, 690);
  });
});
