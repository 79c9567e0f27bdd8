/**
 * The reconfirmation e-mail: plain text and HTML saying the same thing, styles inline, nothing fetched (as the
 * invitation e-mail, src/modules/invitations/invitation-email.ts). Pure: the caller passes the names, link and dates.
 */
import { escapeHtml } from '../../lib/escape-html.ts';

export interface ReconfirmationEmailInput {
  company: string;
  bankName: string;
  url: string;
  /** when the link stops working */
  expiresAt: Date;
  /** when access ends unless the customer reconfirms */
  dueAt: Date | null;
}

const longDate = (d: Date) =>
  d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

export function composeReconfirmationEmail(i: ReconfirmationEmailInput) {
  const subject = `${i.company}: please confirm you still want to share your ${i.bankName} data`;
  const paragraphs = [
    `You are sharing data from your ${i.bankName} account with ${i.company} through Open Banking.`,
    i.dueAt
      ? `To keep sharing after ${longDate(i.dueAt)}, please confirm with ${i.company} that you still want to. If you do nothing, sharing stops then.`
      : `Please confirm with ${i.company} that you still want to share it.`,
    'The link below shows what is shared. One click keeps sharing for another 90 days; another stops it at once. You do not need to log in to your bank.',
    `The link works until ${longDate(i.expiresAt)}.`,
  ];
  const text = [
    'Hello,',
    '',
    ...paragraphs.slice(0, 3).flatMap((p) => [p, '']),
    i.url,
    '',
    paragraphs[3],
    '',
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
${p('Hello,')}
${paragraphs.slice(0, 3).map(p).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(i.url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-size:16px;font-weight:bold;padding:14px 22px;border-radius:6px">Review and confirm</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#4b5563">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(i.url)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(i.url)}</a></p>
${p(paragraphs[3] ?? '')}
<p style="margin:0;font-size:16px;color:#1f2937">${escapeHtml(i.company)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { subject, text, html };
}
