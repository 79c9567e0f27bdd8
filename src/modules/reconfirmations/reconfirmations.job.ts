/**
 * reconfirmation.email: sends one reconfirmation link's e-mail, at least once, as invitation.email does
 * (src/modules/invitations/invitations.job.ts): a sent, revoked or answered link is not sent; a failure is recorded
 * and thrown, so the queue retries it.
 */
import type { Logger } from 'pino';
import type { Config } from '../../config/config.ts';
import type { Database } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { findBank } from '../../banks/registry.ts';
import { reconfirmationUrl } from '../../lib/reconfirmation-links.ts';
import { getSettings } from '../clients/index.ts';
import { consentDeadlines, findCustomerConsent } from '../consents/index.ts';
import { createMailer, type Mailer } from '../invitations/index.ts';
import { composeReconfirmationEmail } from './reconfirmation-email.ts';
import * as repo from './reconfirmations.repo.ts';

export async function sendReconfirmationEmail(
  deps: { db: Database; clock: Clock; installationKey: string; config: Readonly<Config>; logger: Logger },
  id: string,
  mailer: Mailer = createMailer(deps.config, deps.logger),
): Promise<boolean> {
  const row = await repo.findReconfirmationById(deps.db, id);
  if (!row || !row.send_email || !row.email || row.email_sent_at || row.revoked_at || row.used_at) return false;
  const settings = await getSettings(deps.db, row.client_id);
  const consent = await findCustomerConsent(deps.db, row.customer_id, row.consent_id);
  const deadlines = consent ? consentDeadlines(consent).map((d) => d.dueAt.getTime()) : [];
  const email = composeReconfirmationEmail({
    company: settings.application_name ?? settings.company_name ?? 'Your lender',
    bankName: (consent && findBank(consent.bank_slug)?.name) ?? 'your bank',
    url: reconfirmationUrl(deps.config.publicBaseUrl, deps.installationKey, row.id),
    expiresAt: new Date(row.expires_at),
    dueAt: deadlines.length ? new Date(Math.min(...deadlines)) : null,
  });
  try {
    await mailer.send({ to: row.email, ...email, ref: `reconfirmation-${row.id}` });
    await repo.recordEmailSent(deps.db, row.id, deps.clock.now());
    return true;
  } catch (err) {
    await repo.recordEmailError(deps.db, row.id, (err as Error).message);
    throw err;
  }
}
