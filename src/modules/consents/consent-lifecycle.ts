/**
 * How a consent's access ends or starts again, inside the caller's transaction (docs/decisions/0009-consents-and-bank-flow.md):
 * revoked at the bank, expired, or not reconfirmed within 90 days → Revoked: the accounts it alone covered become
 * is_authorized false, one ACCOUNT_AUTHORIZATION_LOST each. Declined, failed or abandoned (30 min) → Rejected.
 * Pulls are enqueued here too, so a status change and the work it causes commit together.
 */
import type { Db } from '../../db/db.ts';
import type { Queue } from '../../jobs/queue.ts';
import { notFound } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { setAccountsAuthorization } from '../accounts/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { markNotice } from './consent-notices.repo.ts';
import * as repo from './consents.repo.ts';
import type { ConsentRow } from './consents.repo.ts';
import * as pulls from './pulls.repo.ts';
import type { PullTrigger } from './pulls.repo.ts';

/** Spec, docs/decisions/0009-consents-and-bank-flow.md: an unanswered authorisation is abandoned after 30 minutes. */
export const ABANDON_AFTER_SECONDS = 30 * 60;
/** FCA: the customer reconfirms an AIS consent every 90 days, or access ends. */
export const RECONFIRM_EVERY_SECONDS = 90 * 86_400;
/** The sealed box purpose of the customer's IP address in a pull's job (src/lib/sealed-box.ts). */
export const CUSTOMER_IP_PURPOSE = 'customer ip' as const;

export type RevokeReason =
  | 'revoked_at_bank'
  | 'expired'
  | 'access_lost'
  | 'reconfirmation_lapsed'
  | 'revoked_by_client'
  | 'revoked_by_customer'
  | 'customer_deleted';
/** Why an unfinished consent is Rejected. */
export type RejectReason = 'declined' | 'bank_rejected' | 'authorisation_failed' | 'abandoned';

/**
 * Ends an Authorised consent (→ Revoked) or an unfinished one (→ Rejected). Accounts only this consent covered
 * lose authorisation, with one LOST event each. `atBank`: also delete the consent at the bank (a job, after
 * commit), when the bank still thinks it is alive. Answers the updated row, or null when it had already ended.
 */
/** The consent as stored after a change; gone only if its customer was deleted meanwhile (then: not found). */
export async function reloadConsent(db: Db, id: string): Promise<ConsentRow> {
  const row = await repo.findConsentById(db, id);
  if (!row) throw notFound('consent');
  return row;
}

export async function endConsent(
  tx: Db,
  queue: Queue,
  consent: ConsentRow,
  reason: RevokeReason | RejectReason,
  now: Date,
  opts: { atBank: boolean },
): Promise<ConsentRow | null> {
  const wasAuthorised = consent.status === 'Authorised';
  const to = wasAuthorised ? 'Revoked' : 'Rejected';
  const ended = await repo.transition(tx, consent.id, ['Authorised', 'AwaitingAuthorisation'], to, reason, now);
  if (!ended) return null;
  if (wasAuthorised)
    await loseAccounts(
      tx,
      queue,
      consent,
      await repo.accountsOnlyCoveredBy(tx, { customerId: consent.customer_id, id: consent.id }),
      now,
    );
  if (wasAuthorised && (reason === 'expired' || reason === 'reconfirmation_lapsed'))
    await announceLapse(tx, queue, consent, reason, now);
  if (opts.atBank)
    await queue.enqueue(
      tx,
      'bank.revoke',
      { bank_slug: consent.bank_slug, bank_consent_id: consent.bank_consent_id },
      { singletonKey: consent.bank_consent_id },
    );
  return ended;
}

/**
 * CONSENT_EXPIRED (docs/decisions/0059-consent-expiry-and-reconfirmation.md): once per consent (a stored mark with a
 * unique key, beside the status change that can only happen once), in the transaction that ends it.
 */
async function announceLapse(
  tx: Db,
  queue: Queue,
  consent: ConsentRow,
  reason: 'expired' | 'reconfirmation_lapsed',
  now: Date,
): Promise<void> {
  const dueAt =
    reason === 'reconfirmation_lapsed'
      ? new Date(consent.reconfirm_by ?? now)
      : consent.expiration !== null && Number(consent.expiration) * 1000 <= now.getTime()
        ? new Date(Number(consent.expiration) * 1000)
        : now;
  if (!(await markNotice(tx, consent, 'expired', dueAt, now))) return;
  await emitWebhookEvent(
    tx,
    queue,
    {
      clientId: consent.client_id,
      customerId: consent.customer_id,
      type: 'CONSENT_EXPIRED',
      consent: {
        id: consent.id,
        bankSlug: consent.bank_slug,
        reason: reason === 'expired' ? 'expiry' : 'reconfirmation',
        dueAt,
      },
    },
    now,
  );
}

/** Accounts become unauthorised; one ACCOUNT_AUTHORIZATION_LOST per account that was authorised. */
export async function loseAccounts(
  tx: Db,
  queue: Queue,
  consent: Pick<ConsentRow, 'client_id' | 'customer_id'>,
  accountIds: string[],
  now: Date,
): Promise<string[]> {
  const lost = await setAccountsAuthorization(tx, consent.customer_id, accountIds, false, now);
  for (const accountId of lost) {
    await emitWebhookEvent(
      tx,
      queue,
      { clientId: consent.client_id, customerId: consent.customer_id, type: 'ACCOUNT_AUTHORIZATION_LOST', accountId },
      now,
    );
  }
  return lost;
}

/** Accounts are authorised again (the customer re-authorised); one ACCOUNT_AUTHORIZATION_GRANTED per account that was not. */
export async function grantAccounts(
  tx: Db,
  queue: Queue,
  consent: Pick<ConsentRow, 'client_id' | 'customer_id'>,
  accountIds: string[],
  now: Date,
): Promise<string[]> {
  const granted = await setAccountsAuthorization(tx, consent.customer_id, accountIds, true, now);
  for (const accountId of granted) {
    await emitWebhookEvent(
      tx,
      queue,
      {
        clientId: consent.client_id,
        customerId: consent.customer_id,
        type: 'ACCOUNT_AUTHORIZATION_GRANTED',
        accountId,
      },
      now,
    );
  }
  return granted;
}

/** A pull of the consent's data: a new queued run with its job, or the run already waiting. */
export async function enqueuePull(
  tx: Db,
  queue: Queue,
  consent: ConsentRow,
  trigger: PullTrigger,
  now: Date,
  /** the customer's IP address, sealed, when they are present (the pull right after their authorisation) */
  customerIpSealed: string | null = null,
): Promise<pulls.PullRow> {
  const { row, created } = await pulls.insertPull(tx, {
    id: newId(),
    consentId: consent.id,
    customerId: consent.customer_id,
    clientId: consent.client_id,
    trigger,
    now,
  });
  const data = customerIpSealed === null ? { pull_id: row.id } : { pull_id: row.id, customer_ip: customerIpSealed };
  if (created) await queue.enqueue(tx, 'bank.pull', data, { singletonKey: consent.id });
  return row;
}

/** The next attempt of a run that failed for a passing reason. */
export async function enqueuePullRetry(
  tx: Db,
  queue: Queue,
  pull: pulls.PullRow,
  delaySeconds: number,
  error: { code: string; message: string },
  now: Date,
): Promise<void> {
  await pulls.requeuePull(tx, pull.id, {
    errorCode: error.code,
    error: error.message,
    nextAttemptAt: new Date(now.getTime() + delaySeconds * 1000),
  });
  await queue.enqueue(
    tx,
    'bank.pull',
    { pull_id: pull.id },
    { singletonKey: pull.consent_id, startAfterSeconds: delaySeconds },
  );
}
