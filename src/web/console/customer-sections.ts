/**
 * The customer page's sections of the lender console (src/web/console): one customer's overview
 * (src/modules/overview) as an HTML fragment. Every text is escaped (src/web/html.ts); there is no inline script or
 * style (the console's CSP allows neither): each chart is an empty element the bundled script
 * (src/web/assets/console-charts.js) draws into from the ECharts option in the JSON block after it, and a table
 * with the same figures follows, so the page reads without JavaScript. Tables carry data-sortable, and numeric
 * cells data-sort-value with the plain number.
 *
 * Classes for the console's stylesheet: overview, overview-section, overview-facts, chart, num, marker,
 * marker-raised, marker-clear, alert, notice.
 */
import { buildOverviewCharts } from '../../modules/overview/index.ts';
import type {
  CustomerOverview,
  OverviewChart,
  OverviewReport,
  OverviewTransaction,
} from '../../modules/overview/index.ts';
import { formatDay, formatInstant, formatMoney, formatMonth } from '../../modules/overview/index.ts';
import { findBank } from '../../banks/registry.ts';
import { readinessInWords, readinessIsMoving, type ReadinessView } from './console-customer-pages.ts';

/** The OBIE balance types in words. */
const BALANCE_TYPE: Record<string, string> = {
  InterimAvailable: 'Available',
  InterimBooked: 'Booked',
  ClosingAvailable: 'Available at close',
  ClosingBooked: 'Booked at close',
  Expected: 'Expected',
  OpeningAvailable: 'Available at opening',
  OpeningBooked: 'Booked at opening',
  ForwardAvailable: 'Forward available',
  InterimCleared: 'Cleared',
  ClosingCleared: 'Cleared at close',
  Information: 'For information',
  PreviouslyClosedBooked: 'Booked at previous close',
};

/** "CurrentAccount" → "current account". */
const words = (pascal: string) => pascal.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
import { html, trusted, type Html } from '../html.ts';
import { assessmentSection } from './assessment-section.ts';
import { scriptJson } from './script-json.ts';

export { scriptJson };

function money(amount: number, currency: string): Html {
  return html`<td class="num" data-sort-value="${amount}">${formatMoney(amount, currency)}</td>`;
}

function chart(c: OverviewChart): Html {
  return html`<div class="chart" data-chart="${c.id}" role="img" aria-label="${c.description}"></div>
<script type="application/json" id="chart-${c.id}">${trusted(scriptJson(c.option))}</script>`;
}

function section(id: string, heading: string, body: Html | Html[]): Html {
  return html`<section class="overview-section" id="${id}" aria-labelledby="${id}-heading">
<h2 id="${id}-heading">${heading}</h2>
${body}
</section>`;
}

function accountName(a: CustomerOverview['accounts'][number]): string {
  return a.nickname ?? a.name ?? `${a.bank_slug} ${a.sub_type}`;
}

function accountsSection(o: CustomerOverview): Html {
  const rows = o.accounts.map((a) => {
    const balance = a.balances.find((b) => b.type === 'InterimAvailable') ?? a.balances[0];
    return html`<tr>
<td>${accountName(a)}</td><td>${findBank(a.bank_slug)?.name ?? a.bank_slug}</td><td>${a.type} ${words(a.sub_type)}</td>
<td>${a.sort_code && a.account_number ? `${a.sort_code} ${a.account_number}` : a.number}</td>
<td>${a.is_authorized ? 'Access authorised' : 'Access not authorised'}</td>
${balance ? money(balance.amount, balance.currency) : html`<td data-sort-value="">No balance received</td>`}
<td>${balance ? `${BALANCE_TYPE[balance.type] ?? words(balance.type)}, ${formatDay(balance.date)}` : ''}</td>
</tr>`;
  });
  return section(
    'accounts',
    'Accounts and balances',
    o.accounts.length === 0
      ? html`<p>No accounts yet.</p>`
      : html`<table data-sortable><caption>Accounts and their latest balance</caption>
<thead><tr><th scope="col">Account</th><th scope="col">Bank</th><th scope="col">Type</th><th scope="col">Number</th><th scope="col">Access</th><th scope="col">Balance</th><th scope="col">Balance as of</th></tr></thead>
<tbody>${rows}</tbody></table>`,
  );
}

function reportFacts(o: CustomerOverview, r: OverviewReport): Html {
  const covered = r.accounts_covered.map((id) => {
    const a = o.accounts.find((x) => x.id === id);
    return a ? `${accountName(a)} (${a.number})` : id;
  });
  return html`<dl class="overview-facts">
<dt>Report as of</dt><dd><time datetime="${formatInstant(r.as_of)}">${formatInstant(r.as_of)}</time></dd>
<dt>Data window</dt><dd>${r.data_window.first_booking_date ? formatDay(r.data_window.first_booking_date) : 'unknown'} to ${r.data_window.last_booking_date ? formatDay(r.data_window.last_booking_date) : 'unknown'}</dd>
<dt>Accounts covered</dt><dd>${covered.length > 0 ? covered.join(', ') : 'none'}</dd>
<dt>Engine version</dt><dd>${r.engine_version}</dd>
</dl>`;
}

/**
 * What is under way, in words (readinessInWords). While something is, the console's script asks for the readiness,
 * writes its progress into this notice and reloads the page when the report is ready (src/web/assets/console.js).
 */
function progressNotice(o: CustomerOverview, live: ReadinessView): Html {
  const moving = readinessIsMoving(live);
  const text = readinessInWords(live).sentence;
  if (!moving && o.report) return html``;
  return moving
    ? html`<p class="notice" role="status" aria-live="polite" data-poll-readiness="/console/customers/${encodeURIComponent(o.customer.id)}/readiness.json">${text}${o.report ? ' The figures below are from the previous data until then.' : ''}</p>`
    : html`<p class="notice" role="status">${text}</p>`;
}

function affordabilitySection(r: OverviewReport, c: OverviewChart | undefined): Html {
  const a = r.affordability;
  if (!a) return section('affordability', 'Affordability', html`<p>No complete month to assess yet.</p>`);
  return section('affordability', 'Affordability', [
    html`<p class="headline">Latest month, ${formatMonth(a.latest.year, a.latest.month)}: <strong>${formatMoney(a.latest.amount, a.currency)}</strong> left after spending</p>`,
    html`<dl class="overview-facts">
<dt>Income a month on average</dt><dd>${formatMoney(a.averages.income, a.currency)}</dd>
<dt>Fixed spending a month on average</dt><dd>${formatMoney(a.averages.fixed_expenditure, a.currency)}</dd>
<dt>Flexible spending a month on average</dt><dd>${formatMoney(a.averages.flexible_expenditure, a.currency)}</dd>
</dl>`,
    ...a.explanation.map((s) => html`<p>${s}</p>`),
    c ? chart(c) : html``,
    html`<div class="table-wrap"><table data-sortable><caption>Affordability by month</caption>
<thead><tr><th scope="col">Month</th><th scope="col">Left after spending</th></tr></thead>
<tbody>${a.months.map((m) => html`<tr><td data-sort-value="${m.year * 100 + m.month}">${formatMonth(m.year, m.month)}</td>${money(m.amount, a.currency)}</tr>`)}</tbody></table></div>`,
  ]);
}

function incomeSection(r: OverviewReport, c: OverviewChart | undefined): Html {
  return section('income-expenditure', 'Income and expenditure', [
    c ? chart(c) : html``,
    html`<div class="table-wrap"><table data-sortable><caption>Monthly income against expenditure</caption>
<thead><tr><th scope="col">Month</th><th scope="col">Income</th><th scope="col">Expenditure</th></tr></thead>
<tbody>${r.months.map(
      (m) =>
        html`<tr><td data-sort-value="${m.year * 100 + m.month}">${formatMonth(m.year, m.month)}</td>${money(m.income, r.currency)}${money(m.expenditure, r.currency)}</tr>`,
    )}</tbody></table></div>`,
  ]);
}

function spendingSection(r: OverviewReport, c: OverviewChart | undefined): Html {
  return section('spending', 'Spending by category', [
    c ? chart(c) : html``,
    html`<div class="table-wrap"><table data-sortable><caption>Spending by category over the last 12 months</caption>
<thead><tr><th scope="col">Category</th><th scope="col">Fixed or flexible</th><th scope="col">A month on average</th><th scope="col">Lowest month</th><th scope="col">Highest month</th></tr></thead>
<tbody>${r.spending_by_category.map(
      (s) =>
        html`<tr><td>${s.name}</td><td>${s.fixed_flexible}</td>${money(s.monthly_average, r.currency)}${money(s.lowest_month, r.currency)}${money(s.highest_month, r.currency)}</tr>`,
    )}</tbody></table></div>`,
  ]);
}

function balanceSection(r: OverviewReport, c: OverviewChart | undefined): Html {
  const b = r.balance;
  const days = [
    ...b.history.map((d) => ({ ...d, kind: 'history' })),
    ...b.forecast.map((d) => ({ ...d, kind: 'forecast' })),
  ];
  return section('balance', 'Balance and forecast', [
    html`<dl class="overview-facts">
<dt>Current balance</dt><dd>${formatMoney(b.current_balance, b.currency)}</dd>
<dt>First overdrawn date</dt><dd>${b.first_negative_date ? formatDay(b.first_negative_date) : 'Not overdrawn, nor expected to be in the next 90 days'}</dd>
<dt>Lowest balance</dt><dd>${formatMoney(b.lowest_balance, b.currency)}${b.lowest_balance_date ? ` on ${formatDay(b.lowest_balance_date)}` : ''}</dd>
</dl>`,
    c ? chart(c) : html``,
    html`<details><summary>Balance by day (${days.length} days)</summary>
<table data-sortable><caption>End-of-day balance, history then forecast</caption>
<thead><tr><th scope="col">Date</th><th scope="col">Balance</th><th scope="col">Kind</th></tr></thead>
<tbody>${days.map((d) => html`<tr><td data-sort-value="${d.date}">${formatDay(d.date)}</td>${money(d.balance, b.currency)}<td>${d.kind}</td></tr>`)}</tbody></table>
</details>`,
  ]);
}

function recurringSection(r: OverviewReport): Html {
  if (r.recurring.length === 0) return section('recurring', 'Recurring payments', html`<p>None found.</p>`);
  return section(
    'recurring',
    'Recurring payments',
    html`<table data-sortable><caption>Recurring payments and their next dates</caption>
<thead><tr><th scope="col">Description</th><th scope="col">Category</th><th scope="col">Frequency</th><th scope="col">Average</th><th scope="col">Next date</th><th scope="col">Next amount</th></tr></thead>
<tbody>${r.recurring.map(
      (x) =>
        html`<tr><td>${x.description}</td><td>${x.category ?? ''}</td><td>${x.frequency ?? ''}</td>${money(x.average_amount, r.currency)}<td>${x.next_expected_date ? formatDay(x.next_expected_date) : 'ended'}</td>${
          x.next_expected_amount === null
            ? html`<td class="num" data-sort-value="">—</td>`
            : money(x.next_expected_amount, r.currency)
        }</tr>`,
    )}</tbody></table>`,
  );
}

function transactionsTable(caption: string, txs: readonly OverviewTransaction[]): Html {
  return html`<table data-sortable><caption>${caption}</caption>
<thead><tr><th scope="col">Date</th><th scope="col">Description</th><th scope="col">Category</th><th scope="col">Amount</th></tr></thead>
<tbody>${txs.map((t) => html`<tr><td data-sort-value="${t.date}">${formatDay(t.date)}</td><td>${t.description}</td><td>${t.category ?? ''}</td>${money(t.amount, t.currency)}</tr>`)}</tbody></table>`;
}

function markersSection(r: OverviewReport, c: OverviewChart | undefined): Html {
  const withFigures = r.risk_markers.filter((m) => m.figures !== null);
  return section('risk-markers', 'Risk markers', [
    c ? chart(c) : html``,
    withFigures.length > 0
      ? html`<div class="table-wrap"><table data-sortable><caption>Risk markers with amounts, last 12 months</caption>
<thead><tr><th scope="col">Marker</th><th scope="col">Present</th><th scope="col">How many</th><th scope="col">Total</th></tr></thead>
<tbody>${withFigures.map((m) => html`<tr><td>${m.label}</td><td>${m.raised ? 'Present' : 'Not present'}</td><td class="num" data-sort-value="${m.figures?.count ?? 0}">${m.figures?.count ?? 0}</td>${money(m.figures?.amount ?? 0, r.currency)}</tr>`)}</tbody></table></div>`
      : html``,
    ...r.risk_markers.map(
      (
        m,
      ) => html`<article class="marker ${m.raised ? 'marker-raised' : 'marker-clear'}" aria-labelledby="marker-${m.key}">
<h3 id="marker-${m.key}">${m.label}: ${m.raised ? 'present' : 'not present'}</h3>
<p>${m.detail}</p>
${
  m.transactions.length > 0
    ? transactionsTable(
        m.transaction_count > m.transactions.length
          ? `The latest ${m.transactions.length} transactions behind it`
          : 'The transactions behind it',
        m.transactions,
      )
    : html``
}
</article>`,
    ),
  ]);
}

function eventsSection(r: OverviewReport): Html {
  if (r.events.length === 0)
    return section('events', 'Events and alerts', html`<p>No events in the last 12 months.</p>`);
  return section(
    'events',
    'Events and alerts',
    html`<table data-sortable><caption>Events and alerts, newest first</caption>
<thead><tr><th scope="col">Date</th><th scope="col">Kind</th><th scope="col">Event</th><th scope="col">Description</th><th scope="col">Amount</th><th scope="col">Transaction</th></tr></thead>
<tbody>${r.events.map(
      (e) =>
        html`<tr${e.is_alert ? trusted(' class="alert"') : ''}><td data-sort-value="${e.date}">${formatDay(e.date)}</td><td>${e.is_alert ? 'Alert' : 'Event'}</td><td>${e.event_type}</td><td>${e.description}</td>${money(e.amount, e.currency)}<td>${
          e.transaction
            ? `${e.transaction.date} ${e.transaction.description} ${formatMoney(e.transaction.amount, e.transaction.currency)}`
            : ''
        }</td></tr>`,
    )}</tbody></table>`,
  );
}

/** The overview's sections as an HTML fragment for the console's customer page. */
export function renderCustomerSections(
  overview: CustomerOverview,
  live: ReadinessView = { status: overview.readiness, processing: null },
): string {
  const r = overview.report;
  const parts: Html[] = [progressNotice(overview, live), accountsSection(overview)];
  if (r) {
    const charts = new Map(buildOverviewCharts(overview).map((c) => [c.id, c]));
    parts.splice(1, 0, reportFacts(overview, r));
    parts.push(
      affordabilitySection(r, charts.get('affordability')),
      ...(overview.assessment ? [assessmentSection(overview.assessment)] : []),
      incomeSection(r, charts.get('income-expenditure')),
      spendingSection(r, charts.get('spending-by-category')),
      balanceSection(r, charts.get('balance')),
      recurringSection(r),
      markersSection(r, charts.get('risk-markers')),
      eventsSection(r),
    );
  }
  return html`<div class="overview">${parts}</div>`.value;
}
