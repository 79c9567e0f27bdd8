/** The console's customer pages: the list, one customer (the overview's sections inside), inviting a customer, webhooks. */
import { html, trusted, type Html } from '../html.ts';
import { csrfField } from './console-layout.ts';
import { flash, isoDay, isoMinute } from './console-pages.ts';
import type { ConsoleSession } from '../../modules/console/index.ts';
import { findBank } from '../../banks/registry.ts';
import { formatInstant } from '../../modules/overview/index.ts';
import type { Processing } from '../../modules/reports/index.ts';

/** A bank's name as customers know it, from its slug ("sandbox" → "Sandbox Bank"); an unknown slug as it is. */
function bankName(slug: string): string {
  return findBank(slug)?.name ?? slug;
}

/** A consent's status (the spec's words) as a sentence fragment people read. */
const CONSENT_STATUS: Record<string, string> = {
  Authorised: 'Connected',
  AwaitingAuthorisation: 'Waiting for the customer to approve at the bank',
  Rejected: 'Declined by the customer',
  Revoked: 'Disconnected',
  Expired: 'Expired: the customer must reconnect',
  Error: 'Failed',
};

const consentStatus = (status: string) => CONSENT_STATUS[status] ?? status;

/** Unix seconds as "3 Mar 2026, 14:05 UTC". */
function whenInWords(unix: number): string {
  const d = new Date(unix * 1000);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${hh}:${mm} UTC`;
}

/** A report's readiness as the API answers it (endpoint 18, docs/decisions/0057-readiness-processing.md). */
export interface ReadinessView {
  status: 'no_data' | 'not_ready' | 'ready';
  processing: Processing | null;
}

export interface CustomerListRow {
  id: string;
  user_reference: string;
  created_at: number;
  connection: { label: string; tone: 'ok' | 'warn' | 'bad' | 'none' };
  readiness: ReadinessView;
}

const count = (n: number) => n.toLocaleString('en-GB');

/**
 * The readiness in words, one place for the customer list, the customer page and its live updates
 * (readiness.json), so they never disagree: a short label, its tone, and a sentence of what is under way.
 */
export function readinessInWords(r: ReadinessView): { label: string; tone: string; sentence: string } {
  const p = r.processing;
  const since = p ? ` Started ${whenInWords(p.since)}.` : '';
  if (p?.stage === 'storing_submission')
    return {
      label: 'Receiving data',
      tone: 'status-warn',
      sentence: `Storing ${p.rows_received === null ? 'transactions' : `${count(p.rows_received)} transactions`} submitted through the API.${since}`,
    };
  if (p?.stage === 'storing_bank_data')
    return {
      label: 'Receiving data',
      tone: 'status-warn',
      sentence:
        p.rows_received === null
          ? `Reading the customer’s data from their bank.${since}`
          : `Storing ${count(p.rows_received)} transactions from the customer’s bank.${since}`,
    };
  if (r.status === 'not_ready')
    return {
      label: 'Being computed',
      tone: 'status-warn',
      sentence: `Computing the report from new data: its figures appear here when it is ready.${since}`,
    };
  if (r.status === 'ready') return { label: 'Ready', tone: 'status-ok', sentence: 'The report is ready.' };
  return { label: 'No data', tone: '', sentence: 'There is no bank data for this customer yet: no figures to show.' };
}

/** Whether the page should follow the readiness live: something is under way. */
export const readinessIsMoving = (r: ReadinessView) => r.status === 'not_ready' || r.processing !== null;

export function customersBody(o: {
  rows: CustomerListRow[];
  query: string;
  page: number;
  pages: number;
  total: number;
  message?: Html | '';
}): Html {
  const link = (page: number) => `/console/customers?${new URLSearchParams({ q: o.query, page: String(page) })}`;
  return html`<h1>Customers</h1>
${o.message ?? ''}
<form class="panel" method="get" action="/console/customers" role="search">
<label for="q">Search by your reference or customer ID</label>
<div class="actions"><input type="search" id="q" name="q" value="${o.query}" maxlength="200"><button type="submit">Search</button></div>
</form>
<p>${o.total} customer${o.total === 1 ? '' : 's'}${o.query ? html` matching “${o.query}”` : ''}.</p>
<div class="table-wrap"><table data-sortable data-label="customers on this page" id="customers">
<caption class="visually-hidden">Customers, newest first</caption>
<thead><tr><th scope="col">Reference</th><th scope="col">Bank connection</th><th scope="col">Report</th><th scope="col">Added</th></tr></thead>
<tbody>${o.rows.map(
    (r) => html`<tr>
<td><a href="/console/customers/${encodeURIComponent(r.id)}">${r.user_reference}</a><br><code>${r.id}</code></td>
<td><span class="${r.connection.tone === 'none' ? '' : `status-${r.connection.tone}`}">${r.connection.label}</span></td>
<td><span class="${readinessInWords(r.readiness).tone}">${readinessInWords(r.readiness).label}</span></td>
<td data-value="${r.created_at}">${isoDay(r.created_at)}</td></tr>`,
  )}</tbody></table></div>
<nav class="pager" aria-label="Pages">
${o.page > 1 ? html`<a href="${link(o.page - 1)}" rel="prev">Previous page</a>` : ''}
<span>Page ${o.page} of ${Math.max(1, o.pages)}</span>
${o.page < o.pages ? html`<a href="${link(o.page + 1)}" rel="next">Next page</a>` : ''}
</nav>`;
}

export interface ConsentLine {
  bank_slug: string;
  status: string;
  last_pulled_at: number | null;
  /** Unix seconds: the bank's expiry of the consent, and its 90-day reconfirmation (null when not Authorised) */
  expiration_date_time?: number | null;
  reconfirm_by_date_time?: number | null;
}

/**
 * The notice above the bank connections (docs/decisions/0059-consent-expiry-and-reconfirmation.md): each Authorised
 * consent whose access ends within `days` (CONSENT_EXPIRY_NOTICE_DAYS), the same window as CONSENT_EXPIRING.
 */
function consentExpiryNotices(consents: ConsentLine[], nowSeconds: number, days: number): Html {
  const lines = consents.flatMap((c) => {
    if (c.status !== 'Authorised') return [];
    const ends = [
      { at: c.reconfirm_by_date_time ?? null, why: 'reconfirm' as const },
      { at: c.expiration_date_time ?? null, why: 'expiry' as const },
    ]
      .filter((e): e is { at: number; why: 'reconfirm' | 'expiry' } => e.at !== null && e.at > nowSeconds)
      .sort((a, b) => a.at - b.at)[0];
    if (!ends || ends.at > nowSeconds + days * 86_400) return [];
    const when = html`<time datetime="${formatInstant(ends.at)}">${whenInWords(ends.at)}</time>`;
    return [
      ends.why === 'reconfirm'
        ? html`<li>${bankName(c.bank_slug)}: the customer must reconfirm by ${when} or access ends. Send them a reconfirmation link (<code>POST /public/v3/reconfirmations</code>).</li>`
        : html`<li>${bankName(c.bank_slug)}: the bank’s consent expires on ${when}. The customer must connect again at the bank to keep sharing.</li>`,
    ];
  });
  return lines.length === 0
    ? html``
    : html`<div class="notice warn" role="status" id="consent-expiry"><p><strong>Bank access ending soon</strong></p><ul>${lines}</ul></div>`;
}

/** Why the PDF cannot be printed yet, in the words of the readiness. */
function pdfReason(status: ReadinessView['status'], processing: ReadinessView['processing']): string {
  if (status === 'no_data' && processing)
    return 'Nothing to print yet: the customer’s data is being stored; the PDF is available once its report is ready.';
  if (status === 'no_data') return 'Nothing to print yet: there is no bank data for this customer.';
  return 'Available once the report being computed is ready.';
}

export function customerBody(o: {
  session: ConsoleSession;
  customer: { id: string; user_reference: string };
  /** the overview's readiness: ready only when its report could be read */
  readiness: ReadinessView['status'];
  /** data being stored or a report computed (readiness's processing): the PDF's reason says so */
  processing?: ReadinessView['processing'];
  /** accounts came in by submission (so "no bank connected" is not the whole story) */
  hasSubmittedAccounts: boolean;
  consents: ConsentLine[];
  /** Unix seconds now, and CONSENT_EXPIRY_NOTICE_DAYS: the expiry notice's window */
  nowSeconds?: number;
  noticeDays?: number;
  sections: string;
  message: Html | '';
}): Html {
  const admin = o.session.role === 'admin';
  const base = `/console/customers/${encodeURIComponent(o.customer.id)}`;
  const authorised = o.consents.some((c) => c.status === 'Authorised');
  return html`<p><a href="/console/customers">All customers</a></p>
<h1>${o.customer.user_reference}</h1>
<p>Customer ID <code>${o.customer.id}</code></p>
${o.message}
<div class="actions">
${
  o.readiness === 'ready'
    ? html`<a class="button" href="${base}/report.pdf" download data-pdf-button>Download the affordability PDF</a><p id="pdf-progress" class="note" role="status" aria-live="polite"></p>`
    : html`<button type="button" disabled aria-describedby="pdf-why">Download the affordability PDF</button>
<p id="pdf-why" class="note">${pdfReason(o.readiness, o.processing ?? null)}</p>`
}
${
  admin && authorised
    ? html`<form class="inline-form" method="post" action="${base}/refresh">${csrfField(o.session.csrfToken)}<button type="submit" class="secondary">Request a refresh from the bank</button></form>`
    : ''
}
</div>
<h2>Bank connections</h2>
${o.nowSeconds !== undefined && o.noticeDays !== undefined ? consentExpiryNotices(o.consents, o.nowSeconds, o.noticeDays) : ''}
${
  o.consents.length === 0
    ? html`<p>${o.hasSubmittedAccounts ? 'No Open Banking connection: this customer’s accounts were submitted through the API.' : 'No bank connected yet.'}${admin ? html` <a href="/console/invite-customer?reference=${o.customer.user_reference}">Invite this customer</a> to connect one.` : ''}</p>`
    : html`<div class="table-wrap"><table data-sortable data-label="bank connections" id="consents">
<thead><tr><th scope="col">Bank</th><th scope="col">Connection</th><th scope="col">Data last fetched</th></tr></thead>
<tbody>${o.consents.map((c) => html`<tr><td>${bankName(c.bank_slug)}</td><td>${consentStatus(c.status)}</td><td data-value="${c.last_pulled_at ?? 0}">${c.last_pulled_at ? html`<time datetime="${formatInstant(c.last_pulled_at)}">${whenInWords(c.last_pulled_at)}</time>` : 'Not yet'}</td></tr>`)}</tbody></table></div>`
}
${trusted(o.sections)}
${
  admin
    ? html`<h2>Erase this customer</h2>
<form class="stack panel" method="post" action="${base}/erase">${csrfField(o.session.csrfToken)}
<p>Deletes the customer and all of their data at once: bank connections (revoked at the bank), accounts, transactions, reports, webhook deliveries and invitations. This cannot be undone.</p>
<label for="erase-confirm">Type the customer’s reference, <code>${o.customer.user_reference}</code>, to confirm</label>
<input id="erase-confirm" name="confirm" autocomplete="off" required maxlength="300">
<div class="actions"><button type="submit" class="secondary">Erase the customer and all of their data</button></div>
</form>`
    : ''
}`;
}

export function inviteCustomerBody(o: { csrf: string; values: Record<string, string>; message: Html | '' }): Html {
  const v = (k: string) => o.values[k] ?? '';
  return html`<h1>Invite a customer</h1>
<p>The customer gets a link to connect their bank; their data then shows here.</p>
${o.message}
<form class="stack panel" method="post" action="/console/invite-customer" novalidate>
${csrfField(o.csrf)}
<div><label for="reference">Your reference for the customer</label><input type="text" id="reference" name="reference" value="${v('reference')}" required maxlength="200"></div>
<div><label for="email">Customer's e-mail</label><input type="email" id="email" name="email" value="${v('email')}" required maxlength="254"></div>
<div><label for="first_name">First name (optional)</label><input type="text" id="first_name" name="first_name" value="${v('first_name')}" maxlength="100"></div>
<div><label for="last_name">Last name (optional)</label><input type="text" id="last_name" name="last_name" value="${v('last_name')}" maxlength="100"></div>
<div><label><input type="checkbox" name="send_email" value="yes"${v('send_email') === 'no' ? '' : html` checked`}> E-mail the link to the customer</label></div>
<div><button type="submit">Create the invitation</button></div>
</form>`;
}

export function invitedCustomerMessage(o: { url: string; emailed: boolean; customerId: string }): Html {
  return html`<div class="notice ok" role="status"><p>Invitation created${o.emailed ? ' and queued for e-mail' : ''}.</p>
<p>Link for the customer: <code>${o.url}</code></p>
<p><a href="/console/customers/${encodeURIComponent(o.customerId)}">Open the customer</a></p></div>`;
}

export interface WebhookLine {
  id: string;
  url: string;
  status: string;
  comment: string | null;
  created_at: number;
}

export function webhooksBody(webhooks: WebhookLine[]): Html {
  return html`<h1>Webhooks</h1>
${
  webhooks.length === 0
    ? html`<p>No webhooks are registered (POST /public/v3/webhooks).</p>`
    : html`<div class="table-wrap"><table data-sortable data-label="webhooks" id="webhooks">
<thead><tr><th scope="col">Address</th><th scope="col">Status</th><th scope="col">Comment</th><th scope="col">Registered</th></tr></thead>
<tbody>${webhooks.map((w) => html`<tr><td><a href="/console/webhooks/${encodeURIComponent(w.id)}">${w.url}</a></td><td>${w.status}</td><td>${w.comment ?? ''}</td><td data-value="${w.created_at}">${isoDay(w.created_at)}</td></tr>`)}</tbody></table></div>`
}`;
}

export interface DeliveryLine {
  id: string;
  webhook_type: string;
  /** Null for a test event (docs/decisions/0065-webhook-test-event.md). */
  customer_id: string | null;
  state: string;
  attempt_count: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at: number;
  replay_of: string | null;
}

export function deliveriesBody(o: {
  session: ConsoleSession;
  webhook: WebhookLine;
  deliveries: DeliveryLine[];
  page: number;
  pages: number;
  message: Html | '';
}): Html {
  const admin = o.session.role === 'admin';
  const base = `/console/webhooks/${encodeURIComponent(o.webhook.id)}`;
  return html`<p><a href="/console/webhooks">All webhooks</a></p>
<h1>Deliveries to ${o.webhook.url}</h1>
${o.message}
<div class="table-wrap"><table data-sortable data-label="deliveries" id="deliveries">
<caption class="visually-hidden">Delivery log, newest first</caption>
<thead><tr><th scope="col">Created (UTC)</th><th scope="col">Event</th><th scope="col">Customer</th><th scope="col">State</th><th scope="col" class="num">Attempts</th><th scope="col">Last answer</th>${admin ? html`<th scope="col" data-nosort><span class="visually-hidden">Actions</span></th>` : ''}</tr></thead>
<tbody>${o.deliveries.map(
    (d) =>
      html`<tr><td data-value="${d.created_at}">${isoMinute(d.created_at)}${d.replay_of ? html`<br><small>replay</small>` : ''}</td><td>${d.webhook_type}</td><td>${d.customer_id === null ? html`<small>test event</small>` : html`<code>${d.customer_id}</code>`}</td><td>${d.state}</td><td class="num">${d.attempt_count}</td><td>${d.last_status_code ?? ''} ${d.last_error ?? ''}</td>${
        admin
          ? html`<td><form class="inline-form" method="post" action="${base}/deliveries/${encodeURIComponent(d.id)}/replay">${csrfField(o.session.csrfToken)}<button type="submit" class="secondary">Replay<span class="visually-hidden"> delivery ${d.id}</span></button></form></td>`
          : ''
      }</tr>`,
  )}</tbody></table></div>
<nav class="pager" aria-label="Pages">
${o.page > 1 ? html`<a href="${base}?page=${o.page - 1}" rel="prev">Newer</a>` : ''}
<span>Page ${o.page} of ${Math.max(1, o.pages)}</span>
${o.page < o.pages ? html`<a href="${base}?page=${o.page + 1}" rel="next">Older</a>` : ''}
</nav>`;
}

export { flash };
