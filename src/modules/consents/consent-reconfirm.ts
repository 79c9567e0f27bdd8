/**
 * The customer's two answers to a reconfirmation (FCA PS21/19: every 90 days, with us, not with the bank), whichever
 * way they reach us: the AppUserToken endpoints (webflow.service.ts) or a hosted reconfirmation link
 * (src/modules/reconfirmations, docs/decisions/0060-reconfirmation-links.md).
 */
import type { Db } from '../../db/db.ts';
import { AppError } from '../../lib/app-error.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import type { ConsentDeps } from './bank-access.ts';
import { endConsent, RECONFIRM_EVERY_SECONDS, reloadConsent } from './consent-lifecycle.ts';
import * as repo from './consents.repo.ts';
import type { ConsentRow } from './consents.repo.ts';

type Deps = Pick<ConsentDeps, 'db' | 'queue' | 'clock'>;

function notAuthorised(status: string): AppError {
  return new AppError(
    'consent_not_authorised',
    `The consent is ${status}; only an Authorised consent can be reconfirmed or withdrawn.`,
    { extra: { consent_status: status } },
  );
}

/**
 * The next reconfirmation falls due 90 days from now; CONSENT_RECONFIRMED in the same transaction. Late (the due
 * moment passed): the consent ends as `reconfirmation_lapsed` and the answer is 409.
 */
export async function reconfirmAuthorised(deps: Deps, consent: ConsentRow): Promise<ConsentRow> {
  const now = deps.clock.now();
  if (consent.status !== 'Authorised') throw notAuthorised(consent.status);
  if (consent.reconfirm_by && new Date(consent.reconfirm_by) <= now) {
    await deps.db.transaction((tx) =>
      endConsent(tx, deps.queue, consent, 'reconfirmation_lapsed', now, { atBank: true }),
    );
    throw new AppError(
      'consent_not_authorised',
      'The reconfirmation is overdue: access has ended; the customer must authorise again.',
      { extra: { consent_status: 'Revoked' } },
    );
  }
  const dueAt = new Date(now.getTime() + RECONFIRM_EVERY_SECONDS * 1000);
  await deps.db.transaction(async (tx: Db) => {
    // A withdrawal or lapse racing this answer: the row lock orders them, and only an Authorised consent goes on.
    const status = await repo.lockConsent(tx, consent.id);
    if (status !== 'Authorised') throw notAuthorised(status ?? 'gone');
    await repo.updateConsent(tx, consent.id, { reconfirm_by: dueAt });
    await emitWebhookEvent(
      tx,
      deps.queue,
      {
        clientId: consent.client_id,
        customerId: consent.customer_id,
        type: 'CONSENT_RECONFIRMED',
        consent: { id: consent.id, bankSlug: consent.bank_slug, reason: 'reconfirmed', dueAt },
      },
      now,
    );
  });
  return reloadConsent(deps.db, consent.id);
}

/** The customer withdraws: Revoked here (`revoked_by_customer`), deleted at the bank, accounts unauthorised. */
export async function withdrawAuthorised(deps: Deps, consent: ConsentRow): Promise<ConsentRow> {
  if (consent.status !== 'Authorised') throw notAuthorised(consent.status);
  const ended = await deps.db.transaction((tx) =>
    endConsent(tx, deps.queue, consent, 'revoked_by_customer', deps.clock.now(), { atBank: true }),
  );
  return ended ?? (await reloadConsent(deps.db, consent.id));
}

/** The customer's consent by id, for a reconfirmation link (src/modules/reconfirmations); null when unknown. */
export async function findCustomerConsent(
  db: Pick<ConsentDeps, 'db'>['db'],
  customerId: string,
  consentId: string,
): Promise<ConsentRow | null> {
  return repo.findConsent(db, customerId, consentId);
}

/** A reconfirmation link's answer, by consent id: the same two steps as the AppUserToken endpoints. */
export async function answerReconfirmation(
  deps: Deps,
  customerId: string,
  consentId: string,
  answer: 'reconfirmed' | 'withdrawn',
): Promise<ConsentRow> {
  const consent = await repo.findConsent(deps.db, customerId, consentId);
  if (!consent) throw new AppError('consent_not_found', 'No consent with that id.');
  return answer === 'reconfirmed' ? reconfirmAuthorised(deps, consent) : withdrawAuthorised(deps, consent);
}
