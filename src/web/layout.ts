/**
 * The page shell of the hosted connect pages: one style sheet (and the client's colour sheet), one small script,
 * the icons and the client's logo, all served by the service (the CSP allows nothing else: no inline script or
 * style, no outside fonts, images or CDNs). The client's name and every other value are escaped by `html`.
 */
import { html, type Html } from './html.ts';
import { ASSET_PATHS } from './assets.ts';
import { NO_BRANDING, type Branding } from './branding.ts';
import type { Config } from '../config/config.ts';

export type RegulatedFirm = NonNullable<Config['regulatedFirm']>;

export type Step = 1 | 2 | 3;

export interface PageOptions {
  title: string;
  /** the client's name, shown in the header (absent on pages that cannot know it) */
  company?: string | null;
  /** component pages live in the client's page (an iframe): compact, and they talk to it with postMessage */
  framed?: boolean;
  /** component pages: the host page's origin, the only target of postMessage */
  hostOrigin?: string | null;
  /** what the page tells the host page when it loads (component result pages) */
  hostEvent?: Record<string, unknown> | null;
  /** the client's logo and colour (src/web/branding.ts); absent: the pages' own look */
  brand?: Branding;
  step?: Step;
  /** a step's way out: the session's cancel page (docs/decisions/0055-hosted-pages-no-dead-ends.md) */
  cancelHref?: string | null;
  /** the firm the FCA authorised for the account information service, named in the footer (null: not configured) */
  firm?: RegulatedFirm | null;
  body: Html;
}

/** The regulated provider in plain words, with its FCA reference number and where to check it. */
function providerLine(firm: RegulatedFirm): Html {
  const register = firm.fcaNumber
    ? `https://register.fca.org.uk/s/search?q=${encodeURIComponent(firm.fcaNumber)}&type=Companies`
    : null;
  return html`<p class="provider">This service is provided by <strong>${firm.name}</strong>${
    firm.fcaNumber
      ? html`, authorised by the Financial Conduct Authority to provide account information services (firm reference number ${firm.fcaNumber}; <a href="${register}" target="_blank" rel="noopener noreferrer">check the FCA register<span class="visually-hidden"> (opens in a new tab)</span></a>)`
      : ''
  }.</p>`;
}

const STEPS = ['Choose your bank', 'Review and agree', 'Approve at your bank'];

function steps(current: Step): Html {
  return html`<ol class="steps" aria-label="Progress">${STEPS.map((label, i) => html`<li${i + 1 === current ? html` aria-current="step"` : ''}${i + 1 < current ? html` class="done"` : ''}><span class="visually-hidden">Step ${i + 1} of 3: </span><span class="step-label">${label}</span></li>`)}</ol>`;
}

const LOCK = html`<svg class="lock" aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16"><path fill="currentColor" d="M4 7V5a4 4 0 1 1 8 0v2h.5A1.5 1.5 0 0 1 14 8.5v6a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 2 14.5v-6A1.5 1.5 0 0 1 3.5 7H4zm2 0h4V5a2 2 0 1 0-4 0v2z"/></svg>`;

export function page(o: PageOptions): string {
  const title = o.company ? `${o.title} · ${o.company}` : o.title;
  const brand = o.brand ?? NO_BRANDING;
  return `<!doctype html>${
    html`<html lang="en-GB" class="no-js">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<title>${title}</title>
<link rel="icon" href="${ASSET_PATHS.favicon}" sizes="32x32">
<link rel="icon" href="${ASSET_PATHS.icon}" type="image/svg+xml">
<link rel="stylesheet" href="${ASSET_PATHS.css}">
${brand.stylesheet ? html`<link rel="stylesheet" href="${brand.stylesheet}">` : ''}
<script src="${ASSET_PATHS.js}" defer></script>
</head>
<body class="${o.framed ? 'framed' : 'top'}" data-host-origin="${o.hostOrigin ?? ''}" data-host-event="${o.hostEvent ? JSON.stringify(o.hostEvent) : ''}">
<a class="skip-link" href="#main">Skip to main content</a>
<header class="site-header">
<div class="wrap header-row">
${brand.logoSrc ? html`<img class="brand-logo" src="${brand.logoSrc}" alt="" height="36">` : ''}
<p class="secure">${LOCK}<span>${o.company ? html`Secure connection for <strong>${o.company}</strong>` : 'Secure bank connection'}</span></p>
${o.cancelHref ? html`<a class="header-cancel" href="${o.cancelHref}">Cancel<span class="visually-hidden"> connecting your bank</span></a>` : ''}
</div>
</header>
<main id="main" class="wrap" tabindex="-1">
${o.step ? steps(o.step) : ''}
${o.body}
</main>
<footer class="site-footer"><div class="wrap"><p>Connected through UK Open Banking. Your bank login details are never shared${o.company ? html` with ${o.company}` : ''}.</p>${o.firm ? providerLine(o.firm) : ''}</div></footer>
</body>
</html>`.value
  }`;
}
