/**
 * The affordability report as one self-contained HTML document, the page Chromium prints to PDF (overview.pdf.ts):
 * the figures as text tables, the charts as SVG rendered on the server (overview.task.ts), no script, no external
 * resource (its own CSP says so too), the stamp of the report (as_of, engine version, data window, accounts
 * covered) and when the document was made. Every text is escaped; the SVG comes from ECharts, which escapes the
 * texts it draws.
 */
import { escapeHtml } from '../../lib/escape-html.ts';
import { assessmentPdfMarkup } from './overview.assessment.ts';
import { formatInstant, formatMoney, formatMonth } from './overview.format.ts';
import type { CustomerOverview, OverviewAccount, OverviewReport } from './overview.types.ts';

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
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 9.5pt; color: #1a1a1a; margin: 0; }
h1 { font-size: 16pt; margin: 0 0 4pt; }
h2 { font-size: 12pt; margin: 14pt 0 4pt; border-bottom: 1px solid #999; padding-bottom: 2pt; break-after: avoid; }
h3 { font-size: 10pt; margin: 8pt 0 2pt; break-after: avoid; }
p { margin: 3pt 0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2pt 10pt; margin: 4pt 0; }
dt { font-weight: bold; }
dd { margin: 0; }
table { border-collapse: collapse; width: 100%; margin: 4pt 0; }
th, td { border-bottom: 1px solid #ccc; padding: 2pt 4pt; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr { break-inside: avoid; }
.chart { break-inside: avoid; margin: 4pt 0; }
.chart svg { width: 100%; height: auto; }
.headline { font-size: 13pt; }
.raised { font-weight: bold; }
.small { color: #444; font-size: 8pt; }
`;

const money = (amount: number, currency: string) => h`<td class="num">${formatMoney(amount, currency)}</td>`;

function accountLabel(a: OverviewAccount): string {
  const name = a.nickname ?? a.name ?? `${a.bank_slug} ${a.sub_type}`;
  const number = a.sort_code && a.account_number ? `${a.sort_code} ${a.account_number}` : a.number;
  return `${name} (${number})`;
}

function stamp(o: CustomerOverview, r: OverviewReport): Markup {
  const covered = r.accounts_covered.map((id) => {
    const a = o.accounts.find((x) => x.id === id);
    return h`<li>${a ? accountLabel(a) : ''} <span class="small">${id}</span></li>`;
  });
  return h`<dl>
<dt>Customer</dt><dd>${o.customer.user_reference} <span class="small">${o.customer.id}</span></dd>
<dt>Report as of</dt><dd>${formatInstant(r.as_of)}</dd>
<dt>Data window</dt><dd>${r.data_window.first_booking_date ?? '—'} to ${r.data_window.last_booking_date ?? '—'}</dd>
<dt>Engine version</dt><dd>${r.engine_version}</dd>
<dt>Generated at</dt><dd>${formatInstant(o.generated_at)}</dd>
<dt>Accounts covered</dt><dd><ul>${covered.length > 0 ? covered : h`<li>none</li>`}</ul></dd>
</dl>`;
}

function affordability(r: OverviewReport): Markup {
  const a = r.affordability;
  if (!a) return h`<h2>Affordability</h2><p>No complete month to assess yet.</p>`;
  return h`<h2>Affordability</h2>
<p class="headline">Affordable a month: <strong>${formatMoney(a.amount, a.currency)}</strong></p>
${a.explanation.map((s) => h`<p>${s}</p>`)}
<table><thead><tr><th>Month</th><th class="num">Affordability</th></tr></thead>
<tbody>${a.months.map((m) => h`<tr><td>${formatMonth(m.year, m.month)}</td>${money(m.amount, a.currency)}</tr>`)}</tbody></table>`;
}

function chart(svgs: ReadonlyMap<string, string>, id: string): Markup {
  const svg = svgs.get(id);
  return svg ? h`<div class="chart">${new Markup(svg)}</div>` : h``;
}

function incomeExpenditure(r: OverviewReport, svgs: ReadonlyMap<string, string>): Markup {
  return h`<h2>Monthly income against expenditure</h2>${chart(svgs, 'income-expenditure')}
<table><thead><tr><th>Month</th><th class="num">Income</th><th class="num">Expenditure</th><th>Source</th></tr></thead>
<tbody>${r.months.map((m) => h`<tr><td>${formatMonth(m.year, m.month)}</td>${money(m.income, r.currency)}${money(m.expenditure, r.currency)}<td>${m.source === 'report' ? 'report' : 'transactions*'}</td></tr>`)}</tbody></table>
${r.months.some((m) => m.source === 'transactions') ? h`<p class="small">* Before the report's 12 months: totalled from the categorised transactions, refunds not set against spending.</p>` : h``}`;
}

function spending(r: OverviewReport, svgs: ReadonlyMap<string, string>): Markup {
  return h`<h2>Spending by category</h2>${chart(svgs, 'spending-by-category')}
<table><thead><tr><th>Category</th><th>Fixed or flexible</th><th class="num">A month</th><th class="num">Total</th></tr></thead>
<tbody>${r.spending_by_category.map((s) => h`<tr><td>${s.name}</td><td>${s.fixed_flexible}</td>${money(s.monthly_average, r.currency)}${money(s.total, r.currency)}</tr>`)}</tbody></table>`;
}

function balance(r: OverviewReport, svgs: ReadonlyMap<string, string>): Markup {
  const b = r.balance;
  return h`<h2>Balance and 90-day forecast</h2>
<dl><dt>Current balance</dt><dd>${formatMoney(b.current_balance, b.currency)}</dd>
<dt>First overdrawn date</dt><dd>${b.first_negative_date ?? 'Not overdrawn, nor expected to be in the next 90 days'}</dd>
<dt>Lowest balance</dt><dd>${formatMoney(b.lowest_balance, b.currency)}${b.lowest_balance_date ? ` on ${b.lowest_balance_date}` : ''}</dd></dl>
${chart(svgs, 'balance')}`;
}

function recurring(r: OverviewReport): Markup {
  if (r.recurring.length === 0) return h`<h2>Recurring payments</h2><p>None found.</p>`;
  return h`<h2>Recurring payments</h2>
<table><thead><tr><th>Description</th><th>Frequency</th><th class="num">Average</th><th>Next date</th><th class="num">Next amount</th></tr></thead>
<tbody>${r.recurring.map(
    (x) =>
      h`<tr><td>${x.description}</td><td>${x.frequency ?? ''}</td>${money(x.average_amount, r.currency)}<td>${x.next_expected_date ?? 'ended'}</td>${
        x.next_expected_amount === null ? h`<td class="num">—</td>` : money(x.next_expected_amount, r.currency)
      }</tr>`,
  )}</tbody></table>`;
}

function markers(r: OverviewReport): Markup {
  return h`<h2>Risk markers</h2>${r.risk_markers.map(
    (
      m,
    ) => h`<h3 class="${m.raised ? 'raised' : ''}">${m.label}: ${m.raised ? 'present' : 'not present'}</h3><p>${m.detail}</p>
${
  m.transactions.length === 0
    ? h``
    : h`<table><thead><tr><th>Date</th><th>Description</th><th class="num">Amount</th></tr></thead><tbody>${m.transactions.map(
        (t) => h`<tr><td>${t.date}</td><td>${t.description}</td>${money(t.amount, t.currency)}</tr>`,
      )}</tbody></table>${m.transaction_count > m.transactions.length ? h`<p class="small">The latest ${m.transactions.length} of ${m.transaction_count}.</p>` : h``}`
}`,
  )}`;
}

function events(r: OverviewReport): Markup {
  if (r.events.length === 0) return h`<h2>Events and alerts</h2><p>No events in the last 12 months.</p>`;
  return h`<h2>Events and alerts</h2>
<table><thead><tr><th>Date</th><th>Kind</th><th>Description</th><th class="num">Amount</th></tr></thead>
<tbody>${r.events.map((e) => h`<tr><td>${e.date}</td><td>${e.is_alert ? 'Alert' : 'Event'}</td><td>${e.description}</td>${money(e.amount, e.currency)}</tr>`)}</tbody></table>`;
}

/** The printed document; `svgs` maps a chart id (overview.charts.ts) to its SVG. */
export function buildPdfDocument(
  overview: CustomerOverview,
  report: OverviewReport,
  svgs: ReadonlyMap<string, string>,
): string {
  return h`<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>Affordability report — ${overview.customer.user_reference}</title>
<style>${new Markup(STYLE)}</style></head>
<body>
<h1>Affordability report</h1>
${stamp(overview, report)}
${new Markup(assessmentPdfMarkup(overview.assessment))}
${affordability(report)}
${incomeExpenditure(report, svgs)}
${spending(report, svgs)}
${balance(report, svgs)}
${recurring(report)}
${markers(report)}
${events(report)}
</body></html>`.value;
}
