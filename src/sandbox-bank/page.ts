/**
 * The sandbox bank's pages: its login-and-approve page and its error page. They look like a bank's (a header with
 * the bank's mark, a card, labelled fields, a primary and a secondary button), are marked as a sandbox on every
 * screen, and are plain HTML: no script, one inline style sheet (the plugin's CSP allows only that), nothing loaded
 * from elsewhere. The form posts username, password and decision back to the page's own URL. Everything shown is
 * escaped.
 */
import type { SandboxConsent } from './state.ts';
import { SWITCH_KINDS } from './state.ts';
import { escapeHtml } from '../lib/escape-html.ts';

/**
 * The policy of every page the sandbox bank shows, its own and oidc-provider's. oidc-provider adds the hash of its
 * one inline script (the auto-submitting form of a form_post answer, or of ending an earlier login in the same
 * browser) to `script-src` when the response already has one, so a second connection in one browser goes on
 * instead of stopping at a blank page.
 */
export const SANDBOX_PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/* Colours read at 4.5:1 or better on their backgrounds (WCAG AA). */
const STYLE = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:1rem;line-height:1.5;color:#1c2430;background:#eef1f5}
a{color:#0b5394}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.sandbox-banner{background:#fde68a;color:#3b2a00;text-align:center;font-size:.875rem;padding:.4rem 1rem;border-bottom:1px solid #d4a72c}
.bank-header{background:#0b3d2e;color:#fff}
.bank-header .wrap{display:flex;align-items:center;gap:.6rem;min-height:3.5rem}
.bank-mark{flex:none}
.bank-name{font-weight:700;font-size:1.125rem;letter-spacing:.01em;margin:0}
.bank-slug{margin-left:auto;font-size:.8125rem;color:#d1fae5}
.wrap{max-width:30rem;margin:0 auto;padding:0 1rem}
main{padding:1.25rem 0 2rem}
.card{background:#fff;border:1px solid #d5dbe3;border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 2px rgba(16,24,40,.06)}
h1{font-size:1.375rem;line-height:1.25;margin:0 0 .5rem}
h2{font-size:1rem;margin:1rem 0 .25rem}
.lead{margin:0 0 .75rem;color:#374151}
.asked{margin:.25rem 0 1rem;padding-left:1.25rem}
.asked li{margin-bottom:.15rem}
label{display:block;font-weight:600;margin:.9rem 0 .25rem}
input{display:block;width:100%;font:inherit;padding:.6rem .7rem;border:2px solid #6b7280;border-radius:.4rem;background:#fff;color:#111827}
input:focus{border-color:#0b3d2e}
.hint{display:block;font-size:.875rem;color:#4b5563;margin-top:.3rem}
.hint code{font-size:.8125rem;overflow-wrap:anywhere}
.err{background:#fef2f2;border:1px solid #b91c1c;border-left-width:6px;color:#7f1d1d;padding:.6rem .8rem;border-radius:.4rem;margin:0 0 1rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.25rem}
button{font:inherit;font-weight:600;padding:.7rem 1.4rem;border-radius:.5rem;cursor:pointer;min-height:2.75rem}
.primary{background:#0b3d2e;color:#fff;border:2px solid #0b3d2e}
.primary:hover{background:#06281e}
.secondary{background:#fff;color:#0b3d2e;border:2px solid #0b3d2e}
footer{font-size:.8125rem;color:#4b5563;padding:0 0 2rem}
@media (min-width:40rem){main{padding-top:2.5rem}.card{padding:1.75rem 2rem}}`;

const MARK = `<svg class="bank-mark" aria-hidden="true" focusable="false" width="28" height="28" viewBox="0 0 28 28"><path fill="#fff" d="M14 2 2 8v3h24V8L14 2zm-9 11v9h3v-9H5zm6 0v9h3v-9h-3zm6 0v9h3v-9h-3zm6 0v9h3v-9h-3zM2 24v2h24v-2H2z"/></svg>`;

const PERMISSION_TEXT: Record<string, string> = {
  ReadAccountsBasic: 'Your account names and types',
  ReadAccountsDetail: 'Your account numbers and sort codes',
  ReadBalances: 'Your balances',
  ReadTransactionsBasic: 'Your transactions',
  ReadTransactionsDetail: 'The details of your transactions',
  ReadTransactionsCredits: 'Money in',
  ReadTransactionsDebits: 'Money out',
  ReadStatementsBasic: 'Your statements',
  ReadStatementsDetail: 'The details of your statements',
  ReadParty: 'The names and contact details of the account holders',
};

/** The page around a card: the sandbox banner, the bank's header, the footer. */
function shell(title: string, slug: string | null, card: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)} · Sandbox Bank</title><style>${STYLE}</style></head><body>
<div class="sandbox-banner" role="note"><strong>Sandbox:</strong> a test bank with invented data. No real bank or money is involved.</div>
<header class="bank-header"><div class="wrap">${MARK}<p class="bank-name">Sandbox Bank</p>${slug && slug !== 'sandbox' ? `<span class="bank-slug">${escapeHtml(slug)}</span>` : ''}</div></header>
<main class="wrap"><div class="card">${card}</div></main>
<footer class="wrap"><p>Sandbox Bank is part of this Open Banking service’s test tools. Never enter real bank details here.</p></footer>
</body></html>`;
}

export function authorisationPage(p: {
  slug: string;
  consent: SandboxConsent;
  personas: string[];
  error?: string;
  username?: string;
}): string {
  const asked = p.consent.permissions.map((x) => `<li>${escapeHtml(PERMISSION_TEXT[x] ?? x)}</li>`).join('');
  const invalid = p.error ? ' aria-invalid="true" aria-describedby="form-error"' : '';
  return shell(
    'Log in to approve access',
    p.slug,
    `<h1>Log in to approve access</h1>
<p class="lead">An app you are using asks to read some of your Sandbox Bank data. Log in, check what it asks for, then approve or decline.</p>
<h2>It asks to read</h2><ul class="asked">${asked}</ul>
${p.error ? `<p class="err" role="alert" id="form-error">${escapeHtml(p.error)}</p>` : ''}
<form method="post">
<label for="username">Username</label>
<input id="username" name="username" list="personas" autocomplete="username" autocapitalize="none" spellcheck="false" value="${escapeHtml(p.username ?? '')}" aria-describedby="username-hint"${invalid}>
<datalist id="personas">${p.personas.map((n) => `<option value="${escapeHtml(n)}">`).join('')}</datalist>
<span class="hint" id="username-hint">A test persona: ${p.personas.map(escapeHtml).join(', ')}. Add switches to misbehave, e.g. <code>gambler+429</code> (${SWITCH_KINDS.join(', ')}; <code>kind[:times|all][@after]</code>).</span>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password"${invalid}>
<div class="actions"><button class="primary" name="decision" value="approve">Approve</button><button class="secondary" name="decision" value="decline">Decline</button></div>
</form>`,
  );
}

export function errorPage(message: string): string {
  return shell(
    'This request cannot continue',
    null,
    `<h1>This request cannot continue</h1><p class="err" role="alert">${escapeHtml(message)}</p>
<p>Go back to the app or website you came from and start again there.</p>`,
  );
}
