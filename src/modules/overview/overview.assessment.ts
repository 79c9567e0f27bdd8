/**
 * The affordability assessment in the overview (docs/decisions/0050-affordability-assessment.md): read through the
 * affordability module's index, exactly as its endpoint answers it with the client's latest policy and the
 * customer's latest declaration, so the console and the PDF show the API's figures; and its waterfall, from
 * verified income to disposable income, as a plain-JSON ECharts option (drawn in the console by
 * src/web/assets/console-charts.js) and as a printed table (page 1 of the PDF).
 */
import { escapeHtml } from '../../lib/escape-html.ts';
import { AppError } from '../../lib/app-error.ts';
import { assessCustomer, type AssessmentBody } from '../affordability/index.ts';
import { OKABE_ITO } from './overview.charts.ts';
import { currencySymbol, formatMoney } from './overview.format.ts';
import type { OverviewDeps } from './overview.types.ts';

/** The assessment of the report computed as of `asOf`; null when none can be made or a newer report came meanwhile. */
export async function loadAssessment(
  deps: Pick<OverviewDeps, 'db'>,
  clientId: string,
  customerId: string,
  asOf: number,
): Promise<AssessmentBody | null> {
  try {
    const a = await assessCustomer(deps.db, clientId, customerId, {});
    return a.as_of === asOf ? a : null;
  } catch (err) {
    if (err instanceof AppError && (err.code === 'report_not_ready' || err.code === 'no_data')) return null;
    throw err;
  }
}

/** The waterfall as an ECharts option: an invisible base and a visible bar per step, stacked. */
export function assessmentWaterfallOption(a: AssessmentBody): Record<string, unknown> {
  let previous = 0;
  const base: number[] = [];
  const bars: { value: number; itemStyle: { color: string } }[] = [];
  for (const s of a.waterfall) {
    const from = s.kind === 'change' ? previous : 0;
    const to = s.running_total;
    base.push(Math.min(from, to));
    const color = s.kind === 'change' ? (s.amount < 0 ? OKABE_ITO.vermillion : OKABE_ITO.bluishGreen) : OKABE_ITO.blue;
    bars.push({ value: Math.round(Math.abs(to - from) * 100) / 100, itemStyle: { color } });
    previous = to;
  }
  return {
    aria: { enabled: true, decal: { show: true } },
    animation: false,
    title: { text: 'From verified income to disposable income', left: 'center', textStyle: { fontSize: 14 } },
    grid: { left: 8, right: 24, top: 48, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: a.waterfall.map((s) => s.label),
      axisLabel: { interval: 0, rotate: 30, width: 140, overflow: 'truncate' },
    },
    yAxis: { type: 'value', name: currencySymbol(a.currency) },
    series: [
      {
        type: 'bar',
        stack: 'waterfall',
        stackStrategy: 'all',
        silent: true,
        itemStyle: { color: 'transparent' },
        data: base,
      },
      { type: 'bar', stack: 'waterfall', stackStrategy: 'all', name: 'Amount', data: bars },
    ],
  };
}

/** A sentence for screen readers beside the chart. */
export function assessmentWaterfallDescription(a: AssessmentBody): string {
  const d = a.disposable_income;
  return `Waterfall chart in ${currencySymbol(a.currency)}: verified income ${formatMoney(a.income.verified_monthly, a.currency)} a month down to disposable income ${formatMoney(d.before_commitment.unstressed, a.currency)} before and ${formatMoney(d.after_commitment.stressed, a.currency)} after the proposed commitment, stressed.`;
}

const e = (v: string | number) => escapeHtml(String(v));

/** Page 1 of the PDF: the assessment's headline figures, its waterfall and its main reasons, as escaped HTML. */
export function assessmentPdfMarkup(a: AssessmentBody | null | undefined): string {
  if (!a) return '';
  const money = (x: number) => `<td class="num">${e(formatMoney(x, a.currency))}</td>`;
  const d = a.disposable_income;
  const steps = a.waterfall
    .map(
      (s) =>
        `<tr><td>${s.kind === 'subtotal' ? `<strong>${e(s.label)}</strong>` : e(s.label)}</td>${s.kind === 'subtotal' ? '<td class="num"></td>' : money(s.amount)}${money(s.running_total)}</tr>`,
    )
    .join('');
  const reasons = a.reasons
    .slice(0, 5)
    .map((r) => `<li>${e(r.message)}</li>`)
    .join('');
  return `<h2>Affordability assessment</h2>
<p class="headline">Disposable income after the proposed commitment, stressed: <strong>${e(formatMoney(d.after_commitment.stressed, a.currency))}</strong> a month (${a.affordable ? 'affordable' : 'not affordable'} under policy version ${e(a.policy_version)}).</p>
<table><thead><tr><th>Disposable income a month</th><th class="num">Unstressed</th><th class="num">Stressed</th></tr></thead>
<tbody><tr><td>Before the proposed commitment</td>${money(d.before_commitment.unstressed)}${money(d.before_commitment.stressed)}</tr>
<tr><td>After the proposed commitment (${e(formatMoney(a.proposed_commitment.monthly_amount, a.currency))})</td>${money(d.after_commitment.unstressed)}${money(d.after_commitment.stressed)}</tr></tbody></table>
<table><thead><tr><th>Step</th><th class="num">Amount</th><th class="num">Running total</th></tr></thead><tbody>${steps}</tbody></table>
<ul>${reasons}</ul>`;
}
