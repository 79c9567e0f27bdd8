/**
 * Step 2: the consent screen, built from endpoint 4's answer: what is shared, why, with whom, for how long, and
 * the client's privacy, terms and customer-centre links (the spec: they must be on the consent screen). The
 * continue button starts endpoint 5's flow. In the component the bank opens in a new window (banks refuse to
 * be framed) and this page waits for the answer.
 */
import { formatDate, html, type Html } from '../html.ts';

export interface ConsentScreenData {
  metadata: {
    name: string;
    slug: string;
    logo_url: string;
    company_name: string;
    application_name: string;
    application_sharing_purposes?: Array<{ description: string }>;
    application_sharing_third_parties: Array<{
      company_name: string;
      company_city?: string;
      company_country?: string;
      company_website?: string;
    }>;
    privacy_policy_url: string | null;
    terms_and_condition_url: string | null;
    service_customer_center_url: string | null;
    requested_permissions: string[];
    data_access_from: number;
    data_access_to: number;
  };
  consents: Array<{ type: string; title: string; elements: string[] }>;
}

const PERMISSIONS: Record<string, string> = {
  ReadAccountsBasic: 'Account names and types',
  ReadAccountsDetail: 'Account numbers and sort codes',
  ReadBalances: 'Balances',
  ReadBeneficiariesBasic: 'Payees (basic)',
  ReadBeneficiariesDetail: 'Payee details',
  ReadDirectDebits: 'Direct debits',
  ReadStandingOrdersBasic: 'Standing orders',
  ReadTransactionsBasic: 'Transactions',
  ReadTransactionsCredits: 'Money coming in',
  ReadTransactionsDebits: 'Money going out',
  ReadTransactionsDetail: 'Transaction details',
  ReadStatementsBasic: 'Statements',
  ReadStatementsDetail: 'Statement details',
  ReadParty: 'Account holder names and contact details',
};

export interface ConsentPageOptions {
  screen: ConsentScreenData;
  isSandbox: boolean;
  continueAction: string;
  backHref: string;
  /** component: the bank opens in a new window and the page polls statusUrl */
  newWindow: boolean;
  statusUrl: string;
  flowCount: number;
}

function link(href: string | null, label: string): Html {
  return href
    ? html`<li><a href="${href}" target="_blank" rel="noopener noreferrer">${label}<span class="visually-hidden"> (opens in a new tab)</span></a></li>`
    : html``;
}

export function consentBody(o: ConsentPageOptions): Html {
  const m = o.screen.metadata;
  const who =
    m.application_name === m.company_name
      ? html`<strong>${m.company_name}</strong>`
      : html`<strong>${m.application_name}</strong> (${m.company_name})`;
  const purposes = m.application_sharing_purposes ?? [];
  const links = [
    link(m.privacy_policy_url, 'Privacy policy'),
    link(m.terms_and_condition_url, 'Terms and conditions'),
    link(m.service_customer_center_url, 'Customer help centre'),
  ];
  const hasLinks = Boolean(m.privacy_policy_url || m.terms_and_condition_url || m.service_customer_center_url);
  return html`
<div class="bank-header">
  <img src="${m.logo_url}" alt="" width="48" height="48" class="logo">
  <div><p class="eyebrow">Connect to</p><h1>${m.name}</h1></div>
</div>
${o.isSandbox ? html`<p class="notice notice-info"><strong>This is a test bank.</strong> It holds invented data; nothing real is shared.</p>` : ''}
<p class="lead">${who} asks to read the information below from your ${m.name} accounts. Please read it before you continue.</p>

<section class="card" aria-labelledby="what-title">
  <h2 id="what-title">What will be shared</h2>
  ${o.screen.consents.map((c) => html`<h3>${c.title}</h3><ul class="ticks">${c.elements.map((e) => html`<li>${e}</li>`)}</ul>`)}
  <details>
    <summary>The permissions your bank will ask you to confirm</summary>
    <ul>${m.requested_permissions.map((p) => html`<li>${PERMISSIONS[p] ?? p} <span class="code">${p}</span></li>`)}</ul>
  </details>
</section>

<section class="card" aria-labelledby="why-title">
  <h2 id="why-title">Why</h2>
  <ul>${purposes.map((p) => html`<li>${p.description}</li>`)}</ul>
</section>

<section class="card" aria-labelledby="who-title">
  <h2 id="who-title">Who will see it</h2>
  <p>${who}.</p>
  ${
    m.application_sharing_third_parties.length
      ? html`<p>It will also be shared with:</p><ul>${m.application_sharing_third_parties.map((t) => html`<li>${t.company_name}${t.company_city || t.company_country ? html`, ${[t.company_city, t.company_country].filter(Boolean).join(', ')}` : ''}</li>`)}</ul>`
      : html`<p>It will not be shared with anyone else.</p>`
  }
</section>

<section class="card" aria-labelledby="when-title">
  <h2 id="when-title">For how long</h2>
  <dl class="period">
    <div><dt>Your transactions from</dt><dd>${formatDate(new Date(m.data_access_from * 1000))}</dd></div>
    <div><dt>Access ends on</dt><dd>${formatDate(new Date(m.data_access_to * 1000))}</dd></div>
  </dl>
  <p>Your bank may hold less history. You can withdraw your consent at any time, at your bank or by contacting ${m.company_name}; access then stops.</p>
</section>

${hasLinks ? html`<section class="card" aria-labelledby="info-title"><h2 id="info-title">More information from ${m.company_name}</h2><ul class="links">${links}</ul></section>` : ''}

<form class="continue" method="post" action="${o.continueAction}"${o.newWindow ? html` target="_blank"` : ''} data-continue data-status-url="${o.statusUrl}" data-flow-count="${o.flowCount}">
  <button type="submit" class="button">Continue to ${m.name}</button>
  <p class="hint">${o.newWindow ? html`${m.name} opens in a new window. ` : ''}You log in and approve at ${m.name}; your login details stay with your bank.</p>
</form>
<div class="waiting hidden" data-waiting tabindex="-1">
  <div class="spinner" aria-hidden="true"></div>
  <p role="status" aria-live="polite" data-waiting-text>Waiting for you to approve at ${m.name} in the new window…</p>
  <p class="hint">When you have finished at your bank, come back to this page.</p>
</div>
<p><a class="back" href="${o.backHref}">‹ Choose a different bank</a></p>`;
}
