/**
 * The affordability report as one self-contained HTML document, the page Chromium prints to PDF (overview.pdf.ts).
 * Page 1 is the decision summary a credit committee files (docs/decisions/0042-figures-from-the-api.md): the lender's
 * name and logo, the income streams, committed spending, the risk markers with their amounts, affordability, the
 * data window and the accounts; the detail follows from page 2:
 * the figures as text tables, the charts as SVG rendered on the server (overview.task.ts), no script, no external
 * resource (its own CSP says so too), the stamp of the report (as_of, engine version, data window, accounts
 * covered) and when the document was made. Every text is escaped; the SVG comes from ECharts, which escapes the
 * texts it draws.
 */
import { escapeHtml } from '../../lib/escape-html.ts';
import { assessmentPdfMarkup } from './overview.assessment.ts';
import { formatDay, formatInstant, formatMoney, formatMonth } from './overview.format.ts';
import type { CustomerOverview, OverviewAccount, OverviewReport } from './overview.types.ts';

import type { Lender as PdfLender } from './overview.lender.ts';

/** Markup written here, or already escaped. */
class Markup {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
}

function part(v: unknown): string {
  if (v instanceof Markup) return v.value;
  if (Array.isArray(v)) return v.map(part).join('');
  if (v === null || v === undefined || v === false) return '';
  return escapeHtml(String(v));
}

function h(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  return new Markup(strings.reduce((out, s, i) => out + part(values[i - 1]) + s));
}

const STYLE = `
@page { size: A4; margin: 14mm 12mm 16mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 9pt; color: #1a1a1a; margin: 0; }
header { display: flex; align-items: center; gap: 10pt; border-bottom: 2px solid #1a1a1a; padding-bottom: 4pt; margin-bottom: 6pt; }
header img { max-height: 28pt; max-width: 120pt; }
header .lender { font-size: 12pt; font-weight: bold; }
h1 { font-size: 15pt; margin: 0 0 4pt; }
h2 { font-size: 11pt; margin: 10pt 0 3pt; border-bottom: 1px solid #999; padding-bottom: 2pt; break-after: avoid; }
h3 { font-size: 9.5pt; margin: 6pt 0 2pt; break-after: avoid; }
p { margin: 2pt 0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 1pt 10pt; margin: 3pt 0; }
dt { font-weight: bold; }
dd { margin: 0; }
ul { margin: 0; padding-left: 12pt; }
table { border-collapse: collapse; width: 100%; margin: 3pt 0; }
th, td { border-bottom: 1px solid #ccc; padding: 1.5pt 4pt; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr { break-inside: avoid; }
.summary { break-after: page; }
.chart { break-inside: avoid; margin: 3pt 0; }
.chart svg { width: 100%; height: auto; }
.raised { font-weight: bold; }
.small { color: #444; font-size: 7.5pt; }
`;

const money = (amount: number, currency: string) => h`<td class="num">${formatMoney(amount, currency)}</td>`;

function accountLabel(a: OverviewAccount): string {
  const name = a.nickname ?? a.name ?? `${a.bank_slug} ${a.sub_type}`;
  const number = a.sort_code && a.account_number ? `${a.sort_code} ${a.account_number}` : a.number;
  return `${name} (${number})`;
}

function letterhead(lender: PdfLender): Markup {
  return h`<header>${lender.logo ? h`<img src="${lender.logo}" alt="${lender.name}">` : h``}<span class="lender">${lender.name}</span></header>`;
}

const STREAM = { salary: 'Salary', pension: 'Pension', benefit: 'Benefit' } as const;

/** Page 1: what the decision rests on, every figure as the API gives it. */
function summary(o: CustomerOverview, r: OverviewReport, lender: PdfLender): Markup {
  const covered = r.accounts_covered.map((id) => o.accounts.find((x) => x.id === id));
  const fixed = r.spending_by_category.filter((c) => c.fixed_flexible === 'fixed');
  const a = r.affordability;
  const raised = r.risk_markers.filter((m) => m.raised);
  return h`<section class="summary" aria-label="Decision summary">
${letterhead(lender)}
<h1>Affordability report: decision summary</h1>
<dl>
<dt>Customer</dt><dd>${o.customer.user_reference}</dd>
<dt>Data window</dt><dd>${r.data_window.first_booking_date ? formatDay(r.data_window.first_booking_date) : '—'} to ${r.data_window.last_booking_date ? formatDay(r.data_window.last_booking_date) : '—'}</dd>
<dt>Accounts</dt><dd><ul>${covered.length > 0 ? covered.map((x) => h`<li>${x ? accountLabel(x) : ''}</li>`) : h`<li>none</li>`}</ul></dd>
<dt>Report as of</dt><dd>${formatInstant(r.as_of)} (engine ${r.engine_version})</dd>
</dl>
${new Markup(assessmentPdfMarkup(o.assessment))}
<h2>Verified income streams</h2>
${
  r.income_streams.length === 0
    ? h`<p>No regular salary, pension or benefit found in the last 12 months.</p>`
    : h`<table><thead><tr><th>Stream</th><th>Payer</th><th>Frequency</th><th class="num">Amount</th><th>Last paid</th><th>Next expected</th></tr></thead>
<tbody>${r.income_streams.map((s) => h`<tr><td>${STREAM[s.type]}</td><td>${s.description}</td><td>${s.frequency}</td>${money(s.amount, r.currency)}<td>${formatDay(s.last_payment_date)}</td><td>${s.missed ? 'missed' : s.next_expected_date ? formatDay(s.next_expected_date) : '—'}</td></tr>`)}</tbody></table>`
}
<h2>Committed spending</h2>
${
  a
    ? h`<p>Fixed spending a month on average: <strong>${formatMoney(a.averages.fixed_expenditure, r.currency)}</strong>; flexible: ${formatMoney(a.averages.flexible_expenditure, r.currency)}; income: ${formatMoney(a.averages.income, r.currency)}.</p>`
    : h``
}
${
  fixed.length === 0
    ? h`<p>No fixed spending categories.</p>`
    : h`<table><thead><tr><th>Fixed category</th><th class="num">A month on average</th><th class="num">Highest month</th></tr></thead>
<tbody>${fixed.map((c) => h`<tr><td>${c.name}</td>${money(c.monthly_average, r.currency)}${money(c.highest_month, r.currency)}</tr>`)}</tbody></table>`
}
<h2>Risk markers</h2>
${
  raised.length === 0
    ? h`<p>None of the ${r.risk_markers.length} risk markers is present.</p>`
    : h`<table><thead><tr><th>Marker</th><th>Figures</th></tr></thead><tbody>${raised.map((m) => h`<tr><td class="raised">${m.label}</td><td>${m.detail}</td></tr>`)}</tbody></table>
<p class="small">Not present: ${r.risk_markers
        .filter((m) => !m.raised)
        .map((m) => m.label)
        .join(', ')}.</p>`
}
<h2>Affordability</h2>
${
  a
    ? h`<p>Latest month, ${formatMonth(a.latest.year, a.latest.month)}: <strong>${formatMoney(a.latest.amount, a.currency)}</strong> left after spending.</p>${a.explanation.map((s) => h`<p>${s}</p>`)}`
    : h`<p>No complete month to assess yet.</p>`
}
<p class="small">Generated ${formatInstant(o.generated_at)}. Every figure is the one the API serves for this customer (insights, affordability, forecast and events); the detail follows.</p>
</section>`;
}

function affordability(r: OverviewReport): Markup {
  const a = r.affordability;
  if (!a) return h``;
  return h`<h2>Affordability by month</h2>
<table><thead><tr><th>Month</th><th class="num">Left after spending</th></tr></thead>
<tbody>${a.months.map((m) => h`<tr><td>${formatMonth(m.year, m.month)}</td>${money(m.amount, a.currency)}</tr>`)}</tbody></table>`;
}

function chart(svgs: ReadonlyMap<string, string>, id: string): Markup {
  const svg = svgs.get(id);
  return svg ? h`<div class="chart" role="img">${new Markup(svg)}</div>` : h``;
}

function incomeExpenditure(r: OverviewReport, svgs: ReadonlyMap<string, string>): Markup {
  return h`<h2>Monthly income against expenditure</h2>${chart(svgs, 'income-expenditure')}
<table><thead><tr><th>Month</th><th class="num">Income</th><th class="num">Expenditure</th></tr></thead>
<tbody>${r.months.map((m) => h`<tr><td>${formatMonth(m.year, m.month)}</td>${money(m.income, r.currency)}${money(m.expenditure, r.currency)}</tr>`)}</tbody></table>`;
}

function spending(r: OverviewReport, svgs: ReadonlyMap<string, string>): Markup {
  return h`<h2>Spending by category</h2>${chart(svgs, 'spending-by-category')}
<table><thead><tr><th>Category</th><th>Fixed or flexible</th><th class="num">A month on average</th><th class="num">Lowest month</th><th class="num">Highest month</th></tr></thead>
<tbody>${r.spending_by_category.map((s) => h`<tr><td>${s.name}</td><td>${s.fixed_flexible}</td>${money(s.monthly_average, r.currency)}${money(s.lowest_month, r.currency)}${money(s.highest_month, r.currency)}</tr>`)}</tbody></table>`;
}

function balance(r: OverviewReport, svgs: ReadonlyMap<string, string>): Markup {
  const b = r.balance;
  return h`<h2>Balance and 90-day forecast</h2>
<dl><dt>Current balance</dt><dd>${formatMoney(b.current_balance, b.currency)}</dd>
<dt>First overdrawn date</dt><dd>${b.first_negative_date ? formatDay(b.first_negative_date) : 'Not overdrawn, nor expected to be in the next 90 days'}</dd>
<dt>Lowest balance</dt><dd>${formatMoney(b.lowest_balance, b.currency)}${b.lowest_balance_date ? ` on ${formatDay(b.lowest_balance_date)}` : ''}</dd></dl>
${chart(svgs, 'balance')}`;
}

function recurring(r: OverviewReport): Markup {
  if (r.recurring.length === 0) return h`<h2>Recurring payments</h2><p>None found.</p>`;
  return h`<h2>Recurring payments</h2>
<table><thead><tr><th>Description</th><th>Frequency</th><th class="num">Average</th><th>Next date</th><th class="num">Next amount</th></tr></thead>
<tbody>${r.recurring.map(
    (x) =>
      h`<tr><td>${x.description}</td><td>${x.frequency ?? ''}</td>${money(x.average_amount, r.currency)}<td>${x.next_expected_date ? formatDay(x.next_expected_date) : 'ended'}</td>${
        x.next_expected_amount === null ? h`<td class="num">—</td>` : money(x.next_expected_amount, r.currency)
      }</tr>`,
  )}</tbody></table>`;
}

function markers(r: OverviewReport): Markup {
  return h`<h2>Risk markers in detail</h2>${r.risk_markers.map(
    (
      m,
    ) => h`<h3 class="${m.raised ? 'raised' : ''}">${m.label}: ${m.raised ? 'present' : 'not present'}</h3><p>${m.detail}</p>
${
  m.transactions.length === 0
    ? h``
    : h`<table><thead><tr><th>Date</th><th>Description</th><th class="num">Amount</th></tr></thead><tbody>${m.transactions.map(
        (t) => h`<tr><td>${formatDay(t.date)}</td><td>${t.description}</td>${money(t.amount, t.currency)}</tr>`,
      )}</tbody></table>`
}`,
  )}`;
}

function events(r: OverviewReport): Markup {
  if (r.events.length === 0) return h`<h2>Events and alerts</h2><p>No events in the last 12 months.</p>`;
  return h`<h2>Events and alerts</h2>
<table><thead><tr><th>Date</th><th>Kind</th><th>Description</th><th class="num">Amount</th></tr></thead>
<tbody>${r.events.map((e) => h`<tr><td>${formatDay(e.date)}</td><td>${e.is_alert ? 'Alert' : 'Event'}</td><td>${e.description}</td>${money(e.amount, e.currency)}</tr>`)}</tbody></table>`;
}

/** The printed document; `svgs` maps a chart id (overview.charts.ts) to its SVG. */
export function buildPdfDocument(
  overview: CustomerOverview,
  report: OverviewReport,
  svgs: ReadonlyMap<string, string>,
  lender: PdfLender,
): string {
  return h`<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>Affordability report — ${overview.customer.user_reference} — ${lender.name}</title>
<meta name="author" content="${lender.name}">
<style>${new Markup(STYLE)}</style></head>
<body>
<main>
${summary(overview, report, lender)}
${affordability(report)}
${incomeExpenditure(report, svgs)}
${spending(report, svgs)}
${balance(report, svgs)}
${recurring(report)}
${markers(report)}
${events(report)}
</main>
</body></html>`.value;
}
