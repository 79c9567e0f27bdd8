/**
 * Step 1: the bank picker. Works without script (the search is a GET form the server filters); with script the
 * list filters as the customer types and the count is announced. Test (sandbox) banks are listed apart and
 * marked; banks this installation cannot connect to yet are shown as such rather than hidden, so a customer
 * looking for theirs learns why it cannot be chosen.
 */
import { html, type Html } from '../html.ts';

export interface PickerBank {
  slug: string;
  name: string;
  logoUrl: string;
  isSandbox: boolean;
  type: 'Personal' | 'Business' | null;
  /** the consent flow can reach this bank */
  available: boolean;
  /** the customer already has an Authorised consent here */
  connected: boolean;
  href: string;
}

function matches(b: PickerBank, q: string): boolean {
  return q === '' || b.name.toLowerCase().includes(q) || b.slug.includes(q);
}

function item(b: PickerBank): Html {
  const tags = [
    b.isSandbox ? html`<span class="tag tag-sandbox">Test bank</span>` : '',
    b.type === 'Business' ? html`<span class="tag">Business</span>` : '',
    b.connected ? html`<span class="tag tag-ok">Connected</span>` : '',
    !b.available ? html`<span class="tag tag-muted">Not available yet</span>` : '',
  ];
  const inner = html`<img src="${b.logoUrl}" alt="" width="40" height="40" class="logo"><span class="bank-name">${b.name}</span><span class="tags">${tags}</span>`;
  const search = `${b.name} ${b.slug}`.toLowerCase();
  return b.available
    ? html`<li data-search="${search}" data-available><a class="bank" href="${b.href}">${inner}<span class="chevron" aria-hidden="true">›</span></a></li>`
    : html`<li data-search="${search}"><span class="bank bank-unavailable">${inner}</span></li>`;
}

/** `prefer`: the invitation's customer type; banks for that kind of customer are listed first in each group. */
export function bankPickerBody(o: {
  company: string;
  banks: PickerBank[];
  query: string;
  searchAction: string;
  prefer?: 'Personal' | 'Business' | null;
}): Html {
  const q = o.query.trim().toLowerCase();
  const shown = o.banks.filter((b) => matches(b, q));
  const rank = (b: PickerBank) => (o.prefer && b.type !== null && b.type !== o.prefer ? 1 : 0);
  const byName = (a: PickerBank, b: PickerBank) => rank(a) - rank(b) || a.name.localeCompare(b.name, 'en-GB');
  const test = shown.filter((b) => b.isSandbox).sort(byName);
  const real = shown.filter((b) => !b.isSandbox && b.available).sort(byName);
  const later = shown.filter((b) => !b.isSandbox && !b.available).sort(byName);
  const banks = (n: number) => (n === 1 ? '1 bank' : `${n} banks`);
  const count = q
    ? `${banks(shown.length)} match “${o.query.trim()}”`
    : `${banks(shown.filter((b) => b.available).length)} available`;
  return html`
<h1>Choose your bank</h1>
<p class="lead">${o.company} would like to see your bank account data, to help with your application. Choose the bank your account is with: you will review what is shared before anything happens.</p>
<form class="search" role="search" method="get" action="${o.searchAction}" data-bank-search>
  <label for="bank-search">Search for your bank</label>
  <div class="search-row">
    <input id="bank-search" name="q" type="search" value="${o.query}" autocomplete="off" spellcheck="false" aria-describedby="bank-count" aria-controls="bank-lists">
    <button type="submit" class="button button-secondary nojs-only">Search</button>
  </div>
</form>
<p id="bank-count" class="count" role="status" aria-live="polite">${count}</p>
<div id="bank-lists">
${
  test.length
    ? html`<section class="bank-group" data-group aria-labelledby="test-banks-title">
  <h2 id="test-banks-title">Test banks</h2>
  <p class="hint">Test banks hold invented data, for trying the service. Choose one only if you were asked to test.</p>
  <ul class="banks">${test.map(item)}</ul>
</section>`
    : ''
}
${
  real.length
    ? html`<section class="bank-group" data-group aria-labelledby="banks-title">
  <h2 id="banks-title">Banks</h2>
  <ul class="banks">${real.map(item)}</ul>
</section>`
    : ''
}
${
  later.length
    ? html`<details class="bank-group more-banks" data-group data-later${q ? html` open` : ''}>
  <summary>Banks not available yet</summary>
  <p class="hint">${o.company} cannot connect to these banks through Open Banking yet.</p>
  <ul class="banks">${later.map(item)}</ul>
</details>`
    : ''
}
</div>
<p class="empty${shown.length ? ' hidden' : ''}" data-empty>No bank matches your search. Check the spelling, or try a shorter name.</p>
<p class="hint">Can’t find your bank, or it is not available yet? Contact ${o.company}: they can tell you other ways to share your data.</p>`;
}
