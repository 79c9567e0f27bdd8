/**
 * invitation.email: sends one invitation's e-mail. At least once: a job that runs again after a send that went
 * through finds email_sent_at set and stops; a revoked invitation is not sent. A failure is recorded on the
 * invitation and thrown, so the queue retries it.
 */
import type { Logger } from 'pino';
import type { Config } from '../../config/config.ts';
import type { Database } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { getSettings } from '../clients/index.ts';
import { invitationUrl } from '../../lib/hosted-links.ts';
import { composeInvitationEmail } from './invitation-email.ts';
import { createMailer, type Mailer, type SendResult } from './mailer.ts';
import * as repo from './invitations.repo.ts';

export async function sendInvitationEmail(
  deps: { db: Database; clock: Clock; installationKey: string; config: Readonly<Config>; logger: Logger },
  invitationId: string,
  mailer: Mailer = createMailer(deps.config, deps.logger),
): Promise<SendResult | null> {
  const row = await repo.findInvitationById(deps.db, invitationId);
  if (!row || !row.send_email || row.email_sent_at || row.revoked_at) return null;
  const settings = await getSettings(deps.db, row.client_id);
  const email = composeInvitationEmail({
    company: settings.application_name ?? settings.company_name ?? 'Your lender',
    firstName: row.first_name,
    lastName: row.last_name,
    businessName: row.company_name,
    customerType: row.customer_type,
    url: invitationUrl(deps.config.publicBaseUrl, deps.installationKey, row.id),
    expiresAt: new Date(row.expires_at),
  });
  try {
    const result = await mailer.send({ to: row.email, ...email, ref: `invitation-${row.id}` });
    await repo.recordEmailSent(deps.db, row.id, deps.clock.now());
    return result;
  } catch (err) {
    await repo.recordEmailError(deps.db, row.id, (err as Error).message);
    throw err;
  }
}
