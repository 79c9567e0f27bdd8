/**
 * The affordability assessment on the console's customer page and on page 1 of the PDF: the figures are the
 * assessment's, unchanged; hostile text (a payer's name from a bank statement) comes out inert.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { computeReport } from '../../analytics/compute-report.ts';
import { assessAffordability } from '../../analytics/affordability/assess.ts';
import { candidateWindow, incomeCandidatesFrom } from '../../analytics/affordability/income-evidence.ts';
import { DEFAULT_POLICY } from '../../analytics/affordability/sfs-map.ts';
import { CURRENT, at, monthlyDates, series } from '../../../test/helpers/analytics-support.ts';
import { assessmentPdfMarkup, assessmentWaterfallOption } from '../../modules/overview/overview.assessment.ts';
import type { AssessmentBody } from '../../modules/overview/index.ts';
import { assessmentSection } from './assessment-section.ts';
import { HOSTILE } from '../../../test/helpers/overview-fixture.ts';

const ASOF = at(2026, 1, 14);

function anAssessment(): AssessmentBody {
  const transactions = [
    ...series(monthlyDates(2024, 12, 28, 13), {
      description: 'BGC ACME LTD SALARY',
      type: 'BankGiroCredit',
      amount: 2000,
    }),
    ...series(monthlyDates(2024, 12, 2, 14), {
      description: 'SO M PATEL RENT FLAT 2',
      type: 'StandingOrder',
      amount: -700,
    }),
  ];
  const report = computeReport({ accounts: [CURRENT], transactions, asOf: ASOF });
  const a = assessAffordability({
    asOf: ASOF,
    insights: report.insights,
    candidates: incomeCandidatesFrom(report.insights, new Map(), new Map(), candidateWindow(ASOF, report.insights)),
    policy: { version: 4, created_at: null, ...DEFAULT_POLICY },
    declaration: null,
    proposed: { monthly_amount: 250, variable_rate: false },
  });
  // A payer's name is bank text: anything may be in it.
  const streams = a.income.streams.map((s) => ({ ...s, description: HOSTILE }));
  return { ...a, income: { ...a.income, streams }, as_of: ASOF, engine_version: 'test' };
}

describe('the affordability assessment in the console and the PDF', () => {
  const a = anAssessment();

  test('the console section shows the API figures, with the waterfall as a chart and a table', () => {
    const page = assessmentSection(a).value;
    // 2000 − 700 − living costs 360 = 940; − 250 = 690
    assert.equal(a.disposable_income.after_commitment.stressed, 690);
    assert.ok(page.includes('£690.00'));
    assert.ok(page.includes('policy version 4'));
    for (const s of a.waterfall) assert.ok(page.includes(s.label), s.label);
    const json = /<script type="application\/json" id="chart-assessment-waterfall">([^<]*)<\/script>/.exec(page)?.[1];
    assert.deepEqual(JSON.parse(json ?? 'null'), assessmentWaterfallOption(a));
  });

  test('hostile text comes out inert on the page and in the PDF', () => {
    for (const markup of [assessmentSection(a).value, assessmentPdfMarkup(a)]) {
      assert.ok(!markup.includes(HOSTILE));
      assert.ok(!markup.includes('<img'));
    }
  });

  test('the waterfall chart stacks each step on the running total before it', () => {
    const option = assessmentWaterfallOption(a) as { series: { data: (number | { value: number })[] }[] };
    const [base, bars] = option.series;
    const housing = a.waterfall.findIndex((s) => s.step === 'housing');
    assert.equal(base?.data[housing], 1300); // from 2000 down to 1300
    assert.deepEqual(bars?.data[housing], { value: 700, itemStyle: { color: '#D55E00' } });
  });

  test('page 1 of the PDF: the headline, disposable income stressed and unstressed, the waterfall', () => {
    const markup = assessmentPdfMarkup(a);
    assert.match(markup, /stressed: <strong>£690\.00<\/strong> a month \(affordable under policy version 4\)/);
    assert.ok(markup.includes('£940.00'));
    assert.equal(assessmentPdfMarkup(null), '');
  });
});
