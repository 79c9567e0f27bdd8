/**
 * The invitation e-mail: a plain-text and an HTML part saying the same thing. Pure: the caller passes the names,
 * the link and the expiry. Mail clients strip style sheets, so the HTML part carries its styles inline, and it
 * fetches nothing (no images, no fonts).
 */
import { escapeHtml } from '../../lib/escape-html.ts';
export interface InvitationEmailInput {
  /** the client's name as its customers know it */
  company: string;
  firstName: string | null;
  lastName: string | null;
  /** the customer's business, for Business invitations */
  businessName: string | null;
  customerType: 'Individual' | 'Business';
  url: string;
  expiresAt: Date;
}

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
}

function formatLongDate(d: Date): string {
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
}

export function composeInvitationEmail(i: InvitationEmailInput): ComposedEmail {
  const name = [i.firstName, i.lastName].filter(Boolean).join(' ');
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const whose =
    i.customerType === 'Business' && i.businessName
      ? `the bank account data of ${i.businessName}`
      : 'your bank account data';
  const until = formatLongDate(i.expiresAt);
  const paragraphs = [
    `${i.company} has asked you to share ${whose} with them securely, through Open Banking.`,
    'Open the link below to choose your bank and see exactly what would be shared, why, and for how long.',
    'You log in at your own bank, never on our pages: nobody else sees your bank password. You can withdraw your consent at any time.',
    `The link works until ${until}.`,
    'If you were not expecting this e-mail, you can ignore it: nothing is shared unless you approve it at your bank.',
  ] as const;
  const subject = `${i.company} asks you to connect your bank account`;
  const text = [
    greeting,
    '',
    paragraphs[0],
    '',
    paragraphs[1],
    '',
    i.url,
    '',
    ...paragraphs.slice(2).flatMap((p) => [p, '']),
    i.company,
    '',
  ].join('\n');
  const p = (s: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2937">${escapeHtml(s)}</p>`;
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px"><tr><td style="padding:28px 24px;font-family:Arial,Helvetica,sans-serif">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#111827">${escapeHtml(subject)}</h1>
${p(greeting)}
${p(paragraphs[0])}
${p(paragraphs[1])}
<p style="margin:24px 0"><a href="${escapeHtml(i.url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-size:16px;font-weight:bold;padding:14px 22px;border-radius:6px">Connect your bank</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#4b5563">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(i.url)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(i.url)}</a></p>
${paragraphs.slice(2).map(p).join('\n')}
<p style="margin:0;font-size:16px;color:#1f2937">${escapeHtml(i.company)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { subject, text, html };
}
