/** The staff invitation e-mail, sent through the invitations module's mailer (SMTP_URL, or the outbox folder). */
import type { Logger } from 'pino';
import type { Config } from '../../config/config.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { createMailer } from '../invitations/index.ts';

export async function sendStaffInvitationEmail(
  deps: { config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailOutboxDir'>; logger: Pick<Logger, 'info'> },
  m: { to: string; company: string; url: string; expiresAt: Date; ref: string },
): Promise<void> {
  const until = m.expiresAt.toISOString().replace('T', ' ').slice(0, 16);
  const text = [
    `You have been invited to the lender console of ${m.company}.`,
    '',
    `Set your password here (the link works once, until ${until} UTC):`,
    m.url,
    '',
    'If you did not expect this e-mail, ignore it.',
  ].join('\n');
  const html = `<p>You have been invited to the lender console of <strong>${escapeHtml(m.company)}</strong>.</p>
<p><a href="${escapeHtml(m.url)}">Set your password</a> (the link works once, until ${escapeHtml(until)} UTC).</p>
<p>If you did not expect this e-mail, ignore it.</p>`;
  await createMailer(deps.config, deps.logger).send({
    to: m.to,
    subject: `Your invitation to the ${m.company} lender console`,
    text,
    html,
    ref: `console-invitation-${m.ref}`,
  });
}
