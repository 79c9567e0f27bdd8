/**
 * The e-mail that carries a customer's link (an invitation, a reconfirmation link): a plain-text and an HTML part
 * saying the same thing. Pure. Mail clients strip style sheets, so the HTML part carries its styles inline, and it
 * fetches nothing (no images, no fonts).
 */
import { escapeHtml } from '../../lib/escape-html.ts';

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface LinkEmail {
  subject: string;
  greeting: string;
  /** the paragraphs before the link */
  before: readonly string[];
  /** the button's words */
  action: string;
  url: string;
  /** the paragraphs after the link */
  after: readonly string[];
  /** the last line: who sends it */
  signOff: string;
}

export function formatLongDate(d: Date): string {
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
}

export function composeLinkEmail(e: LinkEmail): ComposedEmail {
  const text = [
    e.greeting,
    '',
    ...e.before.flatMap((p) => [p, '']),
    e.url,
    '',
    ...e.after.flatMap((p) => [p, '']),
    e.signOff,
    '',
  ].join('\n');
  const p = (s: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2937">${escapeHtml(s)}</p>`;
  const url = escapeHtml(e.url);
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(e.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px"><tr><td style="padding:28px 24px;font-family:Arial,Helvetica,sans-serif">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#111827">${escapeHtml(e.subject)}</h1>
${[e.greeting, ...e.before].map(p).join('\n')}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-size:16px;font-weight:bold;padding:14px 22px;border-radius:6px">${escapeHtml(e.action)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#4b5563">If the button does not work, copy this address into your browser:<br><a href="${url}" style="color:#1d4ed8;word-break:break-all">${url}</a></p>
${e.after.map(p).join('\n')}
<p style="margin:0;font-size:16px;color:#1f2937">${escapeHtml(e.signOff)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { subject: e.subject, text, html };
}
