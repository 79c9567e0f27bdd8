/**
 * The customer's side of the bank flow (AppUserToken): endpoint 4 (consent screen), 5 (bank-flow URL),
 * 6 (consent status), the bank list with the customer's connections, reconfirmation and withdrawal.
 * Everything is scoped to the customer of the token: another customer's consents are never reachable.
 */
import type { CustomerAuth } from '../auth/index.ts';
import { callbackUrl, createPkceVerifier, randomValue, responseState, type BankConnector } from '../../banks/index.ts';
import { BANKS } from '../../banks/registry.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { getSettings } from '../clients/index.ts';
import { toBankWire } from '../banks/index.ts';
import { bankProblem, canConnect, connectorOf, requireConnectableBank, type ConsentDeps } from './bank-access.ts';
import {
  accessWindow,
  buildConsentScreen,
  REQUESTED_PERMISSIONS,
  sharingOf,
  type SharingInput,
} from './consent-screen.ts';
import { ABANDON_AFTER_SECONDS, endConsent } from './consent-lifecycle.ts';
import { reconfirmAuthorised, withdrawAuthorised } from './consent-reconfirm.ts';
import * as repo from './consents.repo.ts';
import type { ConsentRow } from './consents.repo.ts';
import { seal, unsealOrNull } from '../../lib/sealed-box.ts';
import { toConsentStatus } from './consents.views.ts';
import { claimBankFlow, FlowStartRefused, handOffBankFlow } from './browser-flow.service.ts';
import { returnUrl } from './callback.service.ts';
import { isHostedReturnUrl } from '../../lib/hosted-links.ts';
import { tokenLookupHash } from '../../lib/secrets.ts';

async function screenClient(deps: ConsentDeps, clientId: string) {
  const s = await getSettings(deps.db, clientId);
  return { ...s, name: s.company_name ?? s.application_name ?? 'This service' };
}

/** Endpoint 4. */
export async function getConsentScreen(
  deps: ConsentDeps,
  auth: CustomerAuth,
  slug: string,
  input: SharingInput | undefined,
) {
  const bank = requireConnectableBank(deps, slug);
  const client = await screenClient(deps, auth.clientId);
  return buildConsentScreen(toBankWire(deps.config.publicBaseUrl, bank), client, input, deps.clock.now());
}

/**
 * Endpoint 5: creates the account-access-consent at the bank, then answers the bank's authorisation URL.
 * docs/decisions/0009-consents-and-bank-flow.md: `url` must be on the client's redirect_urls (exact match), else 400 naming /query/url.
 */
export async function createBankFlowUrl(
  deps: ConsentDeps,
  auth: CustomerAuth,
  slug: string,
  returnUrl: string,
  input: SharingInput | undefined,
) {
  requireConnectableBank(deps, slug);
  const settings = await getSettings(deps.db, auth.clientId);
  // The hosted connect pages (modules/connect, src/web) return to the service's own /connect/return: always allowed.
  if (!settings.redirect_urls.includes(returnUrl) && !isHostedReturnUrl(deps.config.publicBaseUrl, returnUrl)) {
    throw new AppError('redirect_url_not_allowed', 'The return URL is not one of the redirect URLs in your settings.', {
      errors: [
        {
          pointer: '/query/url',
          detail: 'not on the allowed redirect URLs (exact match; see PATCH /public/v3/settings redirect_urls)',
        },
      ],
    });
  }
  const now = deps.clock.now();
  const window = accessWindow(now);
  const connector = connectorOf(deps, slug);
  const state = randomValue();
  const nonce = randomValue(16);
  const codeVerifier = createPkceVerifier();
  const bankConsentId = await consentAtBank(deps, connector, slug, window);
  const sharing = sharingOf(input);
  let consent: ConsentRow;
  try {
    consent = await repo.insertConsent(
      deps.db,
      {
        id: newId(),
        client_id: auth.clientId,
        customer_id: auth.customerId,
        bank_slug: slug,
        permissions: [...REQUESTED_PERMISSIONS],
        transaction_from: window.from,
        transaction_to: window.to,
        expiration: window.to,
        sharing_purposes: sharing.purposes,
        sharing_third_parties: sharing.thirdParties,
        redirect_url: returnUrl,
        state_hash: tokenLookupHash(state),
        code_verifier_sealed: seal(deps.installationKey, 'bank tokens', codeVerifier),
        nonce_sealed: seal(deps.installationKey, 'bank tokens', nonce),
        bank_consent_id: bankConsentId,
      },
      now,
    );
  } catch (err) {
    // Nothing here would ever end the consent just created at the bank: end it there.
    await abandonAtBank(deps, connector, slug, bankConsentId);
    throw err;
  }
  return {
    url: await handOffBankFlow(deps, { customerId: consent.customer_id, id: consent.id }, state),
    consent_id: consent.id,
    state,
    transaction_from_date_time: window.from,
    transaction_to_date_time: window.to,
  };
}

/** Creates the account-access-consent at the bank; answers its id there. */
async function consentAtBank(
  deps: ConsentDeps,
  connector: BankConnector,
  slug: string,
  window: ReturnType<typeof accessWindow>,
): Promise<string> {
  try {
    const bankConsent = await connector.createConsent({
      permissions: [...REQUESTED_PERMISSIONS],
      transactionFrom: window.from,
      transactionTo: window.to,
      expiration: window.to,
    });
    return bankConsent.bankConsentId;
  } catch (err) {
    deps.logger.warn({ bank: slug, err: (err as Error).message }, 'creating a consent at the bank failed');
    throw bankProblem(err);
  }
}

/**
 * Endpoint 5's start address opened: binds the flow to this browser (browser-flow.service.ts), then signs the
 * request object (pushing it where the bank offers PAR) now, while the customer is there to use it at once
 * (docs/decisions/0046-real-bank-variations.md). A bank that refuses the request ends the consent (Rejected,
 * authorisation_failed, deleted at the bank); an address whose 30 minutes passed ends it as abandoned. Both throw
 * FlowStartRefused, which the route shows as a page with the way back to the client.
 */
export async function openBankFlow(deps: ConsentDeps, token: string, bindingId: string): Promise<string> {
  let claimed: { consent: ConsentRow; state: string };
  try {
    claimed = await claimBankFlow(deps, token, bindingId);
  } catch (err) {
    if (err instanceof FlowStartRefused && err.reason === 'expired' && err.consent)
      await settleAbandoned(deps, err.consent);
    throw err;
  }
  const { consent, state } = claimed;
  const nonce = unsealOrNull(deps.installationKey, 'bank tokens', consent.nonce_sealed);
  const codeVerifier = unsealOrNull(deps.installationKey, 'bank tokens', consent.code_verifier_sealed);
  try {
    if (nonce === null || codeVerifier === null) throw new Error("the flow's nonce or PKCE verifier is unreadable");
    return await connectorOf(deps, consent.bank_slug).authorizationUrl({
      bankConsentId: consent.bank_consent_id,
      state,
      nonce,
      codeVerifier,
      redirectUri: callbackUrl(deps.config.publicBaseUrl),
    });
  } catch (err) {
    deps.logger.warn(
      { bank: consent.bank_slug, err: (err as Error).message },
      'the authorisation request to the bank failed',
    );
    const now = deps.clock.now();
    await deps.db.transaction((tx) =>
      endConsent(tx, deps.queue, consent, 'authorisation_failed', now, { atBank: true }),
    );
    throw new FlowStartRefused('bank_error', consent, state);
  }
}

/**
 * What the page of a refused start shows: the client's name, and for an address that expired unopened or that the
 * bank refused, the way back to the client (its return URL with status=Error, as the callback would send). An
 * address already opened offers no link: whoever holds it now may not be the customer who opened it.
 */
/** The client whose consent a bank's answer names by its state (used or not); null when none does. */
export async function clientOfAnswer(deps: Pick<ConsentDeps, 'db'>, params: URLSearchParams): Promise<string | null> {
  const state = responseState(params);
  return state ? repo.clientOfState(deps.db, tokenLookupHash(state)) : null;
}

export async function refusedStartView(
  deps: ConsentDeps,
  refusal: FlowStartRefused,
): Promise<{ company: string | null; back: string | null; clientId: string | null }> {
  const consent = refusal.consent;
  if (!consent) return { company: null, back: null, clientId: null };
  const company = (await screenClient(deps, consent.client_id)).name;
  const error = { expired: 'consent_expired', bank_error: 'authorisation_failed' } as const;
  const code = refusal.reason === 'expired' || refusal.reason === 'bank_error' ? error[refusal.reason] : null;
  return {
    company,
    back: code === null ? null : returnUrl(consent, refusal.state ?? '', 'Error', code),
    clientId: consent.client_id,
  };
}

/**
 * A consent created at the bank whose local step failed (its authorisation URL, or storing its row) would stay open
 * at the bank with nothing here to end it. It is deleted at once, best effort; when the bank does not answer, a
 * bank.revoke job keeps trying (src/jobs/registry.ts). Never throws: the caller reports the original failure.
 */
async function abandonAtBank(
  deps: ConsentDeps,
  connector: BankConnector,
  slug: string,
  bankConsentId: string,
): Promise<void> {
  try {
    await connector.deleteConsent(bankConsentId);
    deps.logger.warn({ bank: slug }, 'a consent created at the bank was deleted there: the step after it failed');
    return;
  } catch (err) {
    deps.logger.warn({ bank: slug, err: (err as Error).message }, 'deleting an abandoned consent at the bank failed');
  }
  try {
    await deps.db.transaction((tx) =>
      deps.queue.enqueue(
        tx,
        'bank.revoke',
        { bank_slug: slug, bank_consent_id: bankConsentId },
        { singletonKey: bankConsentId },
      ),
    );
  } catch (err) {
    deps.logger.error(
      { bank: slug, bank_consent_id: bankConsentId, err: (err as Error).message },
      'a consent is left open at the bank: neither deleting it nor queueing its revocation worked',
    );
  }
}

/** An unanswered authorisation older than 30 minutes is Rejected when it is next looked at (also by the sweep). */
export async function settleAbandoned(deps: ConsentDeps, consent: ConsentRow): Promise<ConsentRow> {
  const now = deps.clock.now();
  if (
    consent.status !== 'AwaitingAuthorisation' ||
    now.getTime() - new Date(consent.created_at).getTime() < ABANDON_AFTER_SECONDS * 1000
  )
    return consent;
  const ended = await deps.db.transaction((tx) =>
    endConsent(tx, deps.queue, consent, 'abandoned', now, { atBank: true }),
  );
  return ended ?? (await repo.findConsentById(deps.db, consent.id)) ?? consent;
}

/** Endpoint 6: the customer's latest consent at the bank. */
export async function getConsentStatus(deps: ConsentDeps, auth: CustomerAuth, slug: string) {
  const consent = await repo.latestConsent(deps.db, auth.customerId, slug);
  if (!consent) throw new AppError('consent_not_found', 'This customer has no consent at this bank.');
  return toConsentStatus(await settleAbandoned(deps, consent));
}

/** GET /public/v3/webflow/banks: the banks the customer can connect, whether connected, and the latest consent. */
export async function listWebflowBanks(deps: ConsentDeps, auth: CustomerAuth) {
  const latest = new Map((await repo.latestConsentsByBank(deps.db, auth.customerId)).map((c) => [c.bank_slug, c]));
  const data = [];
  for (const bank of BANKS) {
    const consent = latest.get(bank.slug);
    if (!consent && !canConnect(deps, bank.slug)) continue;
    const settled = consent ? await settleAbandoned(deps, consent) : null;
    data.push({
      ...toBankWire(deps.config.publicBaseUrl, bank),
      is_connected: settled?.status === 'Authorised',
      consent: settled ? toConsentStatus(settled) : null,
    });
  }
  return { data };
}

async function requireAuthorised(deps: ConsentDeps, auth: CustomerAuth, slug: string): Promise<ConsentRow> {
  const consent = await repo.latestConsent(deps.db, auth.customerId, slug);
  if (!consent) throw new AppError('consent_not_found', 'This customer has no consent at this bank.');
  if (consent.status !== 'Authorised')
    throw new AppError(
      'consent_not_authorised',
      `The consent is ${consent.status}; only an Authorised consent can be reconfirmed or withdrawn.`,
      { extra: { consent_status: consent.status } },
    );
  return consent;
}

/** The customer confirms the consent goes on (every 90 days); the next reconfirmation is due 90 days from now. */
export async function reconfirmConsent(deps: ConsentDeps, auth: CustomerAuth, slug: string) {
  const consent = await requireAuthorised(deps, auth, slug);
  return toConsentStatus(await reconfirmAuthorised(deps, consent));
}

/** The customer withdraws the consent: Revoked here, deleted at the bank, accounts unauthorised. */
export async function withdrawConsent(deps: ConsentDeps, auth: CustomerAuth, slug: string) {
  const consent = await requireAuthorised(deps, auth, slug);
  return toConsentStatus(await withdrawAuthorised(deps, consent));
}
