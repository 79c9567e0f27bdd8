/**
 * The client's side (Bearer): its customers' consents and pulls, a refresh on demand, revocation; and what
 * other modules call: erasure of a customer (its consents revoked at the bank) and the consent jobs.
 */
import type { Db } from '../../db/db.ts';
import type { Queue } from '../../jobs/queue.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireCustomer } from '../customers/index.ts';
import type { ConsentDeps } from './bank-access.ts';
import { endConsent, enqueuePull, reloadConsent } from './consent-lifecycle.ts';
import * as repo from './consents.repo.ts';
import * as pulls from './pulls.repo.ts';
import { toConsentView, toPullView } from './consents.views.ts';
import { settleAbandoned } from './webflow.service.ts';

async function requireConsent(deps: ConsentDeps, clientId: string, customerId: string, consentId: string) {
  await requireCustomer(deps.db, clientId, customerId);
  const consent = await repo.findConsent(deps.db, customerId, consentId);
  if (!consent) throw new AppError('consent_not_found', 'No consent with that id.');
  return settleAbandoned(deps, consent);
}

export async function listCustomerConsents(deps: ConsentDeps, clientId: string, customerId: string) {
  await requireCustomer(deps.db, clientId, customerId);
  const consents = [];
  for (const c of await repo.listConsents(deps.db, customerId)) consents.push(await settleAbandoned(deps, c));
  const latest = await pulls.latestPulls(
    deps.db,
    consents.map((c) => c.id),
  );
  return { data: consents.map((c) => toConsentView(c, latest.get(c.id) ?? null)) };
}

export async function getCustomerConsent(deps: ConsentDeps, clientId: string, customerId: string, consentId: string) {
  const consent = await requireConsent(deps, clientId, customerId, consentId);
  const recent = await pulls.listPulls(deps.db, consent.id);
  return { ...toConsentView(consent, recent[0] ?? null), pulls: recent.map(toPullView) };
}

/** A pull now (tokens refreshed, consent checked at the bank, new data stored); the run already waiting if any. */
export async function refreshConsent(deps: ConsentDeps, clientId: string, customerId: string, consentId: string) {
  const consent = await requireConsent(deps, clientId, customerId, consentId);
  if (consent.status !== 'Authorised') {
    throw new AppError(
      'consent_not_authorised',
      `The consent is ${consent.status}; only an Authorised consent can be refreshed.`,
      { extra: { consent_status: consent.status } },
    );
  }
  const pull = await deps.db.transaction((tx) => enqueuePull(tx, deps.queue, consent, 'manual', deps.clock.now()));
  return { consent_id: consent.id, pull: toPullView(pull) };
}

export async function revokeConsentByClient(
  deps: ConsentDeps,
  clientId: string,
  customerId: string,
  consentId: string,
) {
  const consent = await requireConsent(deps, clientId, customerId, consentId);
  await deps.db.transaction((tx) =>
    endConsent(tx, deps.queue, consent, 'revoked_by_client', deps.clock.now(), { atBank: true }),
  );
  const row = await reloadConsent(deps.db, consent.id);
  return toConsentView(row, (await pulls.listPulls(deps.db, consent.id, 1))[0] ?? null);
}

/**
 * Erasure (customers.service deleteCustomer), inside its transaction before the rows go: each consent still
 * alive at a bank is revoked there by a job that carries only the bank's consent id (no personal data).
 */
export async function revokeConsentsOfDeletedCustomer(tx: Db, queue: Queue, customerId: string): Promise<void> {
  for (const c of await repo.liveConsentsOfCustomer(tx, customerId)) {
    await queue.enqueue(
      tx,
      'bank.revoke',
      { bank_slug: c.bank_slug, bank_consent_id: c.bank_consent_id },
      { singletonKey: c.bank_consent_id },
    );
  }
}

/**
 * The keys of a customer's jobs in the queue, for their erasure to forget them
 * (docs/decisions/0073-job-data-after-erasure.md): their consents' ids (bank.pull's singletonKey) and the banks' ids
 * of those consents (bank.revoke's).
 */
export async function consentJobKeysOfCustomer(
  tx: Db,
  customerId: string,
): Promise<{ consentIds: string[]; bankConsentIds: string[] }> {
  const consents = await repo.listConsents(tx, customerId);
  return {
    consentIds: consents.map((c) => c.id),
    bankConsentIds: consents.flatMap((c) => (c.bank_consent_id ? [c.bank_consent_id] : [])),
  };
}

/** The bank.revoke job: DELETE the consent at the bank. Errors throw, and the queue retries. */
export async function revokeAtBank(
  deps: Pick<ConsentDeps, 'banks' | 'logger'>,
  data: { bank_slug?: unknown; bank_consent_id?: unknown },
): Promise<void> {
  const slug = String(data.bank_slug);
  const connector = deps.banks.connector(slug);
  if (!connector) {
    deps.logger.warn({ bank: slug }, 'cannot revoke a consent at a bank that is no longer configured');
    return;
  }
  await connector.deleteConsent(String(data.bank_consent_id));
}
