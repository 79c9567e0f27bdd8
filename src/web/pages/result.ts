/**
 * Step 3's outcome (after the bank), and the pages that refuse a link: clear words, what to do next, and the way
 * back to the lender wherever the service knows it (docs/decisions/0055-hosted-pages-no-dead-ends.md).
 */
import { formatDate, html, type Html } from '../html.ts';
import type { Exit } from '../lender.ts';

/**
 * "Return to {lender}": a link to the lender's page; in the component, the page's script tells the host page
 * instead (an `obi-connect:exit` message with the reason), and without script the link opens the host's origin.
 */
export function exitLink(exit: Exit, company: string, reason: string, primary = true): Html {
  return html`<a class="button${primary ? '' : ' button-secondary'}" href="${exit.href}" data-exit="${reason}"${exit.host ? html` target="_top"` : ''}>Return to ${company}</a>`;
}

/** The way back, or where there is none (an invitation whose lender set no page), that the page can be closed. */
function exitRow(exit: Exit | null | undefined, company: string, reason: string, primary = true): Html {
  return exit
    ? html`<p class="exit-row">${exitLink(exit, company, reason, primary)}</p>`
    : html`<p class="exit-row">You can now close this page.</p>`;
}

export type Outcome = 'Authorised' | 'Rejected' | 'AwaitingAuthorisation' | 'Revoked' | 'Error';

export interface ResultOptions {
  outcome: Outcome;
  bankName: string;
  company: string;
  /** links back into the session (absent where the session's pages cannot be reached from here) */
  retryHref?: string | null;
  banksHref?: string | null;
  /** the page runs in a window opened for the bank (component): the customer goes back to the first one */
  inPopup?: boolean;
  /** the way back to the lender (src/web/lender.ts) */
  exit?: Exit | null;
}

export function resultBody(o: ResultOptions): Html {
  const next = o.inPopup
    ? html`<p><strong>You can close this window</strong> and return to ${o.company}.</p><p><button type="button" class="button button-secondary" data-close-window>Close this window</button></p>`
    : html``;
  if (o.outcome === 'Authorised') {
    return html`
<div class="result result-ok">
  <div class="result-icon" aria-hidden="true">✓</div>
  <h1 tabindex="-1" data-autofocus>Your ${o.bankName} account is connected</h1>
</div>
<p class="lead">Thank you. ${o.company} can now read the data you agreed to share, and will continue the application with it.</p>
<p>You can withdraw your consent at any time, at ${o.bankName} or by contacting ${o.company}.</p>
${next}
${o.inPopup ? '' : exitRow(o.exit, o.company, 'connected')}
${o.banksHref ? html`<p><a class="button button-secondary" href="${o.banksHref}">Connect another bank account</a></p>` : ''}`;
  }
  if (o.outcome === 'AwaitingAuthorisation') {
    return html`
<h1 tabindex="-1" data-autofocus>Waiting for ${o.bankName}</h1>
<p class="lead">${o.bankName} has not told us your answer yet. If you are still at your bank, finish there.</p>
${o.retryHref ? html`<p><a class="button" href="${o.retryHref}">Start again</a></p>` : ''}${next}
${o.inPopup ? '' : exitRow(o.exit, o.company, 'waiting', false)}`;
  }
  return html`
<div class="result result-fail">
  <div class="result-icon" aria-hidden="true">!</div>
  <h1 tabindex="-1" data-autofocus>Your ${o.bankName} account was not connected</h1>
</div>
<p class="lead">${o.outcome === 'Rejected' ? html`You did not approve access at ${o.bankName}, or the bank could not complete it.` : html`Something went wrong at ${o.bankName}.`} Nothing was shared with ${o.company}.</p>
${o.retryHref ? html`<p><a class="button" href="${o.retryHref}">Try again</a></p>` : ''}
${o.banksHref ? html`<p><a href="${o.banksHref}">Choose a different bank</a></p>` : ''}
${next}
${o.inPopup ? '' : exitRow(o.exit, o.company, 'not_connected', false)}`;
}

/** The session's cancel page: nothing was shared; the way back, or back into the flow. */
export function cancelBody(o: { company: string; exit: Exit | null; banksHref: string }): Html {
  return html`
<h1 tabindex="-1" data-autofocus>You have not connected a bank</h1>
<p class="lead">Nothing was shared with ${o.company}. If you started at your bank, nothing is shared unless you approve there.</p>
${exitRow(o.exit, o.company, 'cancelled')}
<p>Changed your mind? <a href="${o.banksHref}">Choose your bank</a>.</p>`;
}

export type NoticeKind =
  | 'unknown'
  | 'expired'
  | 'used'
  | 'revoked'
  | 'session_expired'
  | 'wrong_origin'
  | 'bank_not_available'
  | 'bank_unavailable'
  | 'other_browser'
  | 'return_used'
  | 'busy'
  | 'finished'
  | 'moved'
  | 'error';

export interface NoticeOptions {
  company?: string | null;
  at?: Date | null;
  component?: boolean;
  backHref?: string;
  retryAfter?: string;
  exit?: Exit | null;
}

/** Why a link cannot be used, in the customer's words, with the HTTP status the page is served with. */
export function noticeBody(kind: NoticeKind, o: NoticeOptions): { status: number; title: string; body: Html } {
  const back = o.backHref ? html`<p><a class="button button-secondary" href="${o.backHref}">Choose a bank</a></p>` : '';
  const exit = o.exit
    ? html`<p class="exit-row">${exitLink(o.exit, o.company ?? 'where you came from', kind)}</p>`
    : '';
  const [status, title, text] = noticeText(kind, o);
  return {
    status,
    title,
    body: html`<h1 tabindex="-1" data-autofocus>${title}</h1><p class="lead">${text}</p>${back}${exit}`,
  };
}

/** Each notice's status, title and words. */
function noticeText(kind: NoticeKind, o: NoticeOptions): [number, string, Html] {
  const who = o.company ?? 'the company that sent you the link';
  const ask = o.component
    ? html`Go back to ${who}’s page and start again.`
    : html`If you still need to connect your bank, ask ${who} for a new link.`;
  const when = o.at ? html` on ${formatDate(o.at)}` : '';
  const texts: Record<NoticeKind, () => [number, string, Html]> = {
    expired: () => [410, 'This link has expired', html`The link expired${when}. ${ask}`],
    used: () =>
      o.component
        ? [410, 'This link has already been used', html`For your security, each connect link works once. ${ask}`]
        : [
            410,
            'You have already connected your bank',
            html`This invitation was used${when}, so there is nothing more to do. Thank you. If you want to connect another account, ask ${who} for a new invitation.`,
          ],
    revoked: () => [
      410,
      'This invitation has been withdrawn',
      html`${who} withdrew this invitation${when}. Nothing was shared. If you think this is a mistake, contact ${who}.`,
    ],
    session_expired: () => [
      410,
      'This page has expired',
      html`For your security, pages stay open for a limited time. ${o.component ? ask : html`Open the link from your invitation again.`}`,
    ],
    wrong_origin: () => [
      403,
      'This page cannot be shown here',
      html`This bank connection can only be shown on ${who}’s own website. Go to their website and start again.`,
    ],
    bank_not_available: () => [
      404,
      'This bank cannot be connected here',
      html`${who} cannot connect to this bank through Open Banking yet. Choose another bank, or contact ${who}.`,
    ],
    bank_unavailable: () => [
      503,
      'Your bank cannot be reached right now',
      html`Your bank is not answering. Please try again in a few minutes.`,
    ],
    other_browser: () => [
      400,
      'Finish in the browser you started in',
      html`This page belongs to a bank connection started in another browser, so nothing was changed here. Go back to the browser where you chose your bank.`,
    ],
    return_used: () => [
      410,
      'This page has already been shown',
      html`For your security, this address works once, and nothing was changed now. ${ask}`,
    ],
    finished: () => [
      410,
      'You have already connected your bank',
      html`You connected your bank${when}, so this earlier page no longer works and nothing more is needed. Thank you.`,
    ],
    moved: () => [
      410,
      'This page is out of date',
      html`You went on from this page after visiting your bank, so it no longer works. Nothing was changed. ${o.component ? ask : html`To connect your bank, open the link from your invitation again.`}`,
    ],
    busy: () => [
      429,
      'Please wait a moment',
      html`Many people are connecting their bank right now, or this page was reloaded many times in a short time. Nothing is lost: try again in ${o.retryAfter ?? 'a minute'}.`,
    ],
    error: () => [
      500,
      'Something went wrong',
      html`Please try again in a few minutes. If it keeps happening, contact ${who}.`,
    ],
    unknown: () => [
      404,
      'This link is not valid',
      html`Check that you copied the whole link, or ask ${who} for a new one.`,
    ],
  };
  return texts[kind]();
}
