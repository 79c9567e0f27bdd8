/**
 * The sandbox bank's authorisation page: plain HTML (no script), a form that posts username, password and
 * decision back to the page's own URL. Everything shown is escaped.
 */
import type { SandboxConsent } from './state.ts';
import { SWITCH_KINDS } from './state.ts';
import { escapeHtml } from '../lib/escape-html.ts';

const STYLE = `body{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#111}
h1{font-size:1.4rem}label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.5rem;box-sizing:border-box}
ul{padding-left:1.2rem}.err{background:#fee;border:1px solid #c00;padding:.6rem}.row{display:flex;gap:.6rem;margin-top:1.2rem}
button{padding:.6rem 1.2rem;font-size:1rem}small{color:#555}`;

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

export function authorisationPage(p: {
  slug: string;
  consent: SandboxConsent;
  personas: string[];
  error?: string;
  username?: string;
}): string {
  const asked = p.consent.permissions.map((x) => `<li>${escapeHtml(PERMISSION_TEXT[x] ?? x)}</li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox bank: authorise access</title><style>${STYLE}</style></head><body>
<h1>Sandbox bank (${escapeHtml(p.slug)})</h1>
<p>A service asks to read:</p><ul>${asked}</ul>
${p.error ? `<p class="err" role="alert">${escapeHtml(p.error)}</p>` : ''}
<form method="post">
<label for="username">Username</label>
<input id="username" name="username" list="personas" autocomplete="username" value="${escapeHtml(p.username ?? '')}">
<datalist id="personas">${p.personas.map((n) => `<option value="${escapeHtml(n)}">`).join('')}</datalist>
<small>A persona: ${p.personas.map(escapeHtml).join(', ')}. Add switches to misbehave, e.g. <code>gambler+429</code>
(${SWITCH_KINDS.join(', ')}; <code>kind[:times|all][@after]</code>).</small>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password">
<div class="row"><button name="decision" value="approve">Approve</button><button name="decision" value="decline">Decline</button></div>
</form></body></html>`;
}

export function errorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox bank: error</title><style>${STYLE}</style></head>
<body><h1>Sandbox bank</h1><p class="err" role="alert">${escapeHtml(message)}</p></body></html>`;
}
