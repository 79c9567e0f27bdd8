/**
 * The hosted reconfirmation page (docs/decisions/0060-reconfirmation-links.md): what the customer shares, in plain
 * English, until when, and two buttons, each one step: keep sharing (90 days more) or stop now. And the pages
 * after the answer, or for a link that cannot be used.
 */
import { formatDate, html, type Html } from '../html.ts';
import type { Exit } from '../lender.ts';
import { exitLink } from './result.ts';

export interface ReconfirmPageData {
  company: string;
  bankName: string;
  /** plain-English lines of what is read (CONSENT_PERMISSION_WORDS of the consent's permissions) */
  shared: string[];
  purposes: string[];
  thirdParties: string[];
  historyFrom: Date;
  authorisedAt: Date | null;
  /** when sharing stops unless the customer reconfirms */
  reconfirmBy: Date | null;
  /** when the bank's own permission ends (then only a new connection at the bank goes on) */
  bankExpiry: Date | null;
  action: string;
}

export function reconfirmBody(d: ReconfirmPageData): Html {
  const since = d.authorisedAt ? html` on ${formatDate(d.authorisedAt)}` : '';
  const list = (items: string[]) => html`<ul>${items.map((i) => html`<li>${i}</li>`)}</ul>`;
  return html`
<h1 tabindex="-1" data-autofocus>Do you want to keep sharing your ${d.bankName} data with ${d.company}?</h1>
<p class="lead">You agreed${since} to let ${d.company} read data from your ${d.bankName} account through Open Banking. Every 90 days you confirm with ${d.company} that you still want to: you do not need to log in to your bank.</p>
${d.reconfirmBy ? html`<p><strong>If you do nothing, sharing stops on ${formatDate(d.reconfirmBy)}.</strong></p>` : ''}
<section class="fact" aria-labelledby="shared-title">
<h2 id="shared-title">What ${d.company} can read</h2>
${list(d.shared)}
<dl class="facts">
  <div><dt>Your transactions from</dt><dd>${formatDate(d.historyFrom)}</dd></div>
  ${d.bankExpiry ? html`<div><dt>Your bank's permission ends on</dt><dd>${formatDate(d.bankExpiry)}</dd></div>` : ''}
</dl>
</section>
<section class="fact" aria-labelledby="why-title">
<h2 id="why-title">Why</h2>
${list(d.purposes)}
${d.thirdParties.length ? html`<p>It is shared with: ${d.thirdParties.join(', ')}.</p>` : html`<p>${d.company} does not share it with anyone else.</p>`}
</section>
<form method="post" action="${d.action}" class="continue">
<p><button class="button" type="submit" name="answer" value="reconfirm">Yes, keep sharing</button></p>
<p><button class="button button-secondary" type="submit" name="answer" value="withdraw">No, stop sharing now</button></p>
</form>
<p>Stopping takes effect at once and tells your bank. ${d.company} keeps what it has already read as its privacy policy says.</p>`;
}

export type LinkRefusal = 'unknown' | 'revoked' | 'expired' | 'ended' | 'busy' | 'error';

/** After the answer (the link is used) or for a link that cannot be used: a title, a status and the words. */
export function reconfirmOutcome(
  o:
    | { kind: 'reconfirmed'; company: string; bankName: string; until: Date | null }
    | { kind: 'withdrawn'; company: string; bankName: string }
    | { kind: Exclude<LinkRefusal, 'busy'>; company: string | null }
    | { kind: 'busy'; company: string | null; retryAfter?: string; exit?: Exit | null },
): { status: number; title: string; body: Html } {
  const who = o.company ?? 'the company that sent you the link';
  const make = (status: number, title: string, text: Html, ok?: boolean) => ({
    status,
    title,
    body: html`${ok === undefined ? '' : html`<div class="result ${ok ? 'result-ok' : 'result-fail'}"><div class="result-icon" aria-hidden="true">${ok ? '✓' : '!'}</div></div>`}<h1 tabindex="-1" data-autofocus>${title}</h1><p class="lead">${text}</p>`,
  });
  switch (o.kind) {
    case 'reconfirmed':
      return make(
        200,
        'Thank you: sharing goes on',
        html`${o.company} can keep reading your ${o.bankName} data${o.until ? html` until ${formatDate(o.until)}, when they will ask you again` : ''}. You can stop sharing at any time by contacting ${o.company} or at ${o.bankName}.`,
        true,
      );
    case 'withdrawn':
      return make(
        200,
        'You have stopped sharing',
        html`${o.company} can no longer read your ${o.bankName} data, and we have told ${o.bankName}. If you want to share again later, ${o.company} can send you a new link.`,
        true,
      );
    case 'ended':
      return make(
        410,
        'This sharing has already ended',
        html`${who} can no longer read this bank data, so there is nothing to confirm. If you want to share again, ask ${who} for a new link.`,
      );
    case 'expired':
      return make(410, 'This link has expired', html`Ask ${who} for a new link if you still want to keep sharing.`);
    case 'busy': {
      const page = make(
        429,
        'Please wait a moment',
        html`This page was loaded many times in a short time. Nothing was changed: try again in ${o.retryAfter ?? 'a minute'}.`,
      );
      const exit = o.exit
        ? html`<p class="exit-row">${exitLink(o.exit, o.company ?? 'where you came from', 'busy', false)}</p>`
        : '';
      return { ...page, body: html`${page.body}${exit}` };
    }
    case 'error':
      return make(500, 'Something went wrong', html`Nothing was changed. Please try again in a few minutes.`);
    case 'revoked':
      return make(410, 'This link has been withdrawn', html`${who} withdrew this link. Nothing was changed.`);
    default:
      return make(
        404,
        'This link is not valid',
        html`Check that you copied the whole link, or ask ${who} for a new one.`,
      );
  }
}
