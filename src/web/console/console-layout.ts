/**
 * The console's page shell: its own style sheet and scripts (ECharts and the charts' script only on pages that
 * draw charts), all served by the service; no inline script or style (the CSP forbids them). Every value is
 * escaped by `html` (src/web/html.ts, which uses src/lib/escape-html.ts).
 */
import { html, type Html } from '../html.ts';
import { ASSET_PATHS } from '../assets.ts';
import { CONSOLE_ASSET_PATHS } from './console-assets.ts';
import type { ConsoleSession } from '../../modules/console/index.ts';

export type Section = 'customers' | 'invite' | 'webhooks' | 'staff' | 'settings' | null;

export interface ConsolePage {
  title: string;
  session?: ConsoleSession | null;
  section?: Section;
  /** load ECharts and the charts' script */
  charts?: boolean;
  body: Html;
}

function nav(session: ConsoleSession, section: Section): Html {
  const item = (key: Exclude<Section, null>, href: string, label: string) =>
    html`<li><a href="${href}"${section === key ? html` aria-current="page"` : ''}>${label}</a></li>`;
  return html`<nav class="console-nav" aria-label="Console"><ul>
${item('customers', '/console/customers', 'Customers')}
${session.role === 'admin' ? item('invite', '/console/invite-customer', 'Invite a customer') : ''}
${item('webhooks', '/console/webhooks', 'Webhooks')}
${session.role === 'admin' ? item('staff', '/console/staff', 'Staff') : ''}
${item('settings', '/console/settings', 'Settings')}
</ul></nav>
<div class="who"><p>${session.email} (${session.role})</p>
<form class="inline-form" method="post" action="/console/sign-out">${csrfField(session.csrfToken)}<button type="submit" class="secondary">Sign out</button></form></div>`;
}

export function csrfField(token: string): Html {
  return html`<input type="hidden" name="csrf" value="${token}">`;
}

export function consolePage(o: ConsolePage): string {
  const s = o.session ?? null;
  const title = s ? `${o.title} · ${s.clientName} console` : `${o.title} · Lender console`;
  return `<!doctype html>${
    html`<html lang="en-GB" class="no-js">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<title>${title}</title>
<link rel="icon" href="${ASSET_PATHS.icon}" type="image/svg+xml">
<link rel="stylesheet" href="${CONSOLE_ASSET_PATHS.css}">
<script src="${CONSOLE_ASSET_PATHS.js}" defer></script>
${o.charts ? html`<script src="${CONSOLE_ASSET_PATHS.echarts}" defer></script><script src="${CONSOLE_ASSET_PATHS.charts}" defer></script>` : ''}
</head>
<body>
<a class="skip-link" href="#main">Skip to main content</a>
<header class="console-header">
<div class="wrap header-row">
<p class="brand">${s?.clientLogo ? html`<img class="brand-logo" src="${s.clientLogo}" alt="" height="32">` : ''}<span>${s ? s.clientName : 'Lender console'}</span></p>
${s ? nav(s, o.section ?? null) : ''}
</div>
</header>
<main id="main" class="wrap" tabindex="-1">
${o.body}
</main>
</body>
</html>`.value
  }`;
}
