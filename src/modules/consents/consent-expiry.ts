/**
 * The consent.expiry-scan job (src/jobs/registry.ts; tests call it with a fake clock), docs/decisions/0059-consent-expiry-and-reconfirmation.md.
 * A consent's access ends at the earlier of two moments:
 * - its bank expiry: `expiration`, the ExpirationDateTime of the account-access-consent at the bank (Unix seconds,
 *   set when endpoint 5 created it: three months ahead, src/modules/consents/consent-screen.ts `accessWindow`);
 * - its reconfirmation: `reconfirm_by`, 90 days after the authorisation or the last reconfirmation (FCA PS21/19: the
 *   customer reconfirms with us, the provider, not with the bank).
 * CONSENT_EXPIRING goes out CONSENT_EXPIRY_NOTICE_DAYS (default 7) before each moment, once per consent and moment (a
 * stored mark with a unique key); a consent past its bank expiry is ended here (CONSENT_EXPIRED from endConsent). A
 * lapsed reconfirmation is ended by consent.sweep (every minute), with the same CONSENT_EXPIRED.
 */
import { emitWebhookEvent } from '../webhooks/index.ts';
import type { ConsentDeps } from './bank-access.ts';
import { endConsent } from './consent-lifecycle.ts';
import * as notices from './consent-notices.repo.ts';
import { findConsentById, lockConsent, type ConsentRow } from './consents.repo.ts';

export interface ExpiryScanSummary {
  warned: number;
  expired: number;
}

/** The moments a consent's access ends unless the customer acts, each with the warning's threshold. */
export function consentDeadlines(
  c: Pick<ConsentRow, 'expiration' | 'reconfirm_by'>,
): Array<{ threshold: 'expiry_warning' | 'reconfirmation_warning'; reason: 'expiry' | 'reconfirmation'; dueAt: Date }> {
  const out: ReturnType<typeof consentDeadlines> = [];
  if (c.expiration !== null)
    out.push({ threshold: 'expiry_warning', reason: 'expiry', dueAt: new Date(Number(c.expiration) * 1000) });
  if (c.reconfirm_by)
    out.push({ threshold: 'reconfirmation_warning', reason: 'reconfirmation', dueAt: new Date(c.reconfirm_by) });
  return out;
}

export async function scanConsentExpiry(deps: ConsentDeps): Promise<ExpiryScanSummary> {
  const now = deps.clock.now();
  const summary: ExpiryScanSummary = { expired: 0, warned: 0 };
  // Past the bank's expiry the bank refuses the consent: it ends now rather than at the next pull's failure.
  for (const c of await notices.bankExpiredConsents(deps.db, now)) {
    if (await deps.db.transaction((tx) => endConsent(tx, deps.queue, c, 'expired', now, { atBank: false })))
      summary.expired++;
  }
  const until = new Date(now.getTime() + deps.config.consentExpiryNoticeDays * 86_400_000);
  for (const c of await notices.consentsToWarn(deps.db, now, until)) {
    await deps.db.transaction(async (tx) => {
      // Ended or changed since it was read (a withdrawal, a reconfirmation racing the scan): read it again, locked.
      if ((await lockConsent(tx, c.id)) !== 'Authorised') return;
      const fresh = await findConsentById(tx, c.id);
      if (!fresh) return;
      for (const d of consentDeadlines(fresh)) {
        if (d.dueAt <= now || d.dueAt > until) continue;
        // The mark and the webhook commit together: a crash between them cannot lose the notice or send it twice.
        if (!(await notices.markNotice(tx, c, d.threshold, d.dueAt, now))) continue;
        await emitWebhookEvent(
          tx,
          deps.queue,
          {
            clientId: c.client_id,
            customerId: c.customer_id,
            type: 'CONSENT_EXPIRING',
            consent: { id: c.id, bankSlug: c.bank_slug, reason: d.reason, dueAt: d.dueAt },
          },
          now,
        );
        summary.warned++;
      }
    });
  }
  return summary;
}
