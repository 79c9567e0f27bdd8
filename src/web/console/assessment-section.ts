/**
 * The customer page's affordability assessment section (docs/decisions/0050-affordability-assessment.md): the
 * waterfall from verified income to disposable income as a chart (an empty element the bundled
 * src/web/assets/console-charts.js draws from the ECharts option after it) and as a table with the same figures,
 * the income streams counted, the spending by Standard Financial Statement heading and the reasons. Every figure is
 * the API's (the overview reads the assessment through the affordability module); every text is escaped.
 */
import {
  assessmentWaterfallDescription,
  assessmentWaterfallOption,
  formatMoney,
  type AssessmentBody,
} from '../../modules/overview/index.ts';
import { html, trusted, type Html } from '../html.ts';
import { scriptJson } from './script-json.ts';

function money(amount: number, currency: string): Html {
  return html`<td class="num" data-sort-value="${amount}">${formatMoney(amount, currency)}</td>`;
}

function waterfall(a: AssessmentBody): Html {
  return html`<div class="chart" data-chart="assessment-waterfall" role="img" aria-label="${assessmentWaterfallDescription(a)}"></div>
<script type="application/json" id="chart-assessment-waterfall">${trusted(scriptJson(assessmentWaterfallOption(a)))}</script>
<table><caption>From verified income to disposable income (a month; policy version ${a.policy_version})</caption>
<thead><tr><th scope="col">Step</th><th scope="col">Amount</th><th scope="col">Running total</th></tr></thead>
<tbody>${a.waterfall.map(
    (s) =>
      html`<tr><td>${s.label}</td>${s.kind === 'subtotal' ? html`<td class="num"></td>` : money(s.amount, a.currency)}${money(s.running_total, a.currency)}</tr>`,
  )}</tbody></table>`;
}

function streams(a: AssessmentBody): Html {
  return html`<table data-sortable><caption>Income streams (verified: ${formatMoney(a.income.verified_monthly, a.currency)} a month)</caption>
<thead><tr><th scope="col">Payer</th><th scope="col">Type</th><th scope="col">Counted</th><th scope="col">A month</th><th scope="col">Why</th></tr></thead>
<tbody>${a.income.streams.map(
    (s) =>
      html`<tr><td>${s.description}</td><td>${s.type}</td><td>${s.counted ? 'Yes' : 'No'}</td>${money(s.monthly_amount, a.currency)}<td>${s.reasons.join('; ')}</td></tr>`,
  )}</tbody></table>`;
}

function headings(a: AssessmentBody): Html {
  const shown = a.expenditure.headings.filter((h) => h.monthly_average !== 0 || h.committed_monthly !== 0);
  return html`<table data-sortable><caption>Spending by Standard Financial Statement heading (a month)</caption>
<thead><tr><th scope="col">Heading</th><th scope="col">Average</th><th scope="col">Last 3 months</th><th scope="col">Committed</th><th scope="col">Flexible</th><th scope="col">Stability</th></tr></thead>
<tbody>${shown.map(
    (h) =>
      html`<tr><td>${h.name}</td>${money(h.monthly_average, a.currency)}${money(h.last_3_months_average, a.currency)}${money(h.committed_monthly, a.currency)}${money(h.flexible_monthly, a.currency)}<td class="num" data-sort-value="${h.stability}">${h.stability}</td></tr>`,
  )}</tbody></table>`;
}

/** The section (the overview carries an assessment when its report is ready). */
export function assessmentSection(a: AssessmentBody): Html {
  const d = a.disposable_income;
  return html`<section class="overview-section" id="assessment" aria-labelledby="assessment-heading">
<h2 id="assessment-heading">Affordability assessment</h2>
<p class="headline">Disposable income after the proposed commitment, stressed: <strong>${formatMoney(d.after_commitment.stressed, a.currency)}</strong> a month (${a.affordable ? 'affordable' : 'not affordable'}; before it: ${formatMoney(d.before_commitment.unstressed, a.currency)}).</p>
${waterfall(a)}
<ul>${a.reasons.map((r) => html`<li>${r.message}</li>`)}</ul>
${streams(a)}
${headings(a)}
</section>`;
}
