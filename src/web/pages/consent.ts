/**
 * Step 2: the consent screen, built from endpoint 4's answer: what is shared, why, with whom, for how long, and
 * the client's privacy, terms and customer-centre links (the spec: they must be on the consent screen), each in a
 * line or two, with the details behind disclosures so the page fits one phone screen. The
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

/** The Open Banking (OBIE) permission codes in plain English, as the customer's bank will ask about them. */
const PERMISSIONS: Record<string, string> = {
  ReadAccountsBasic: 'The names and types of your accounts',
  ReadAccountsDetail: 'Your account numbers and sort codes',
  ReadBalances: 'How much money is in your accounts',
  ReadBeneficiariesBasic: 'Who you have set up to pay',
  ReadBeneficiariesDetail: 'The account details of the people and firms you pay',
  ReadDirectDebits: 'Your Direct Debits',
  ReadStandingOrdersBasic: 'Your standing orders',
  ReadStandingOrdersDetail: 'The details of your standing orders',
  ReadScheduledPaymentsBasic: 'Your future payments',
  ReadScheduledPaymentsDetail: 'The details of your future payments',
  ReadTransactionsBasic: 'Your transactions',
  ReadTransactionsCredits: 'Money coming into your accounts',
  ReadTransactionsDebits: 'Money going out of your accounts',
  ReadTransactionsDetail: 'The details of each transaction, such as who was paid',
  ReadStatementsBasic: 'Your statements',
  ReadStatementsDetail: 'The details of your statements',
  ReadParty: 'The names and contact details of the account holders',
  ReadProducts: 'The products your accounts are',
  ReadOffers: 'Offers your bank has made you',
  ReadPAN: 'Your card numbers',
};

export interface ConsentPageOptions {
  screen: ConsentScreenData;
  /** the bank's logo on the pages (src/web/bank-logos.ts) */
  logoUrl: string;
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

/** "A, b and c": the consents' titles as one phrase. */
function phrase(titles: string[]): string {
  const words = titles.map((t, i) => (i === 0 ? t : t.charAt(0).toLowerCase() + t.slice(1)));
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
}

/** What is shared: one line, and the whole list with the bank's permission names behind a disclosure. */
function whatSection(o: ConsentPageOptions): Html {
  const m = o.screen.metadata;
  return html`<section class="fact" aria-labelledby="what-title">
  <h2 id="what-title">What will be shared</h2>
  <p>${phrase(o.screen.consents.map((c) => c.title))}.</p>
  <details class="more">
    <summary>Everything that will be shared</summary>
    ${o.screen.consents.map((c) => html`<h3>${c.title}</h3><ul class="ticks">${c.elements.map((e) => html`<li>${e}</li>`)}</ul>`)}
    <h3>What your bank will ask you to confirm</h3>
    <ul class="ticks">${m.requested_permissions.map((p) => html`<li>${PERMISSIONS[p] ?? p}</li>`)}</ul>
    <details class="codes">
      <summary>The Open Banking permission codes</summary>
      <dl class="codes-list">${m.requested_permissions.map((p) => html`<div><dt><code>${p}</code></dt><dd>${PERMISSIONS[p] ?? ''}</dd></div>`)}</dl>
    </details>
    <h3>If you change your mind</h3>
    <p>Your bank may hold less history. You can withdraw your consent at any time, at your bank or by contacting ${m.company_name}; access then stops.</p>
  </details>
</section>`;
}

function whoSection(o: ConsentPageOptions, who: Html): Html {
  const parties = o.screen.metadata.application_sharing_third_parties;
  const place = (t: (typeof parties)[number]) =>
    t.company_city || t.company_country ? `, ${[t.company_city, t.company_country].filter(Boolean).join(', ')}` : '';
  return html`<section class="fact" aria-labelledby="who-title">
  <h2 id="who-title">Who will see it</h2>
  ${
    parties.length
      ? html`<p>${who}. It will also be shared with ${parties.map((t) => t.company_name).join(', ')}.</p>
  <details class="more"><summary>About them</summary><ul>${parties.map((t) => html`<li>${t.company_name}${place(t)}</li>`)}</ul></details>`
      : html`<p>${who}. It will not be shared with anyone else.</p>`
  }
</section>`;
}

/**
 * One phone screen (360 × 740) from the header to the footer: each fact in a line or two, what is behind it in a
 * <details> the customer can open (a native disclosure: keyboard and screen readers handle it without script).
 */
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
  <img src="${o.logoUrl}" alt="" width="44" height="44" class="logo">
  <div><p class="eyebrow">Connect to</p><h1>${m.name}</h1>${o.isSandbox ? html`<p class="test-bank">This is a test bank: no real data.</p>` : ''}</div>
</div>
<div class="facts">
${whatSection(o)}
<section class="fact" aria-labelledby="why-title">
  <h2 id="why-title">Why</h2>
  ${purposes.length === 1 ? html`<p>${purposes[0]?.description}</p>` : html`<ul>${purposes.map((p) => html`<li>${p.description}</li>`)}</ul>`}
</section>
${whoSection(o, who)}
<section class="fact" aria-labelledby="when-title">
  <h2 id="when-title">For how long</h2>
  <dl class="period">
    <div><dt>Your transactions from</dt><dd>${formatDate(new Date(m.data_access_from * 1000))}</dd></div>
    <div><dt>Access ends on</dt><dd>${formatDate(new Date(m.data_access_to * 1000))}</dd></div>
  </dl>
</section>
${hasLinks ? html`<section class="fact" aria-labelledby="info-title"><h2 id="info-title">More information from ${m.company_name}</h2><ul class="links">${links}</ul></section>` : ''}
</div>

<form class="continue" method="post" action="${o.continueAction}"${o.newWindow ? html` target="_blank"` : ''} data-continue data-status-url="${o.statusUrl}" data-flow-count="${o.flowCount}">
  <button type="submit" class="button">Continue to ${m.name}</button>
  ${o.newWindow ? html`<p class="hint">${m.name} opens in a new window: log in and approve there.</p>` : ''}
</form>
<div class="waiting hidden" data-waiting tabindex="-1">
  <div class="spinner" aria-hidden="true"></div>
  <p role="status" aria-live="polite" data-waiting-text>Waiting for you to approve at ${m.name} in the new window…</p>
  <p class="hint">When you have finished at your bank, come back to this page.</p>
</div>
<p class="back-row"><a class="back" href="${o.backHref}">‹ Choose a different bank</a></p>`;
}
