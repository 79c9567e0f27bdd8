/**
 * The bank sends the customer back here: GET /webflow/callback?response=<JARM JWT>, ?error=…&state=…, or (the
 * hybrid response, in the fragment) the relay page posts the fragment's members. The state is looked up by its
 * hash and works once: an unknown or replayed state is refused (400) and nobody is redirected. Otherwise the
 * bank's answer is validated (FAPI 1.0 Advanced: src/banks/obie/fapi.ts) and the consent finished (code exchanged
 * with the PKCE verifier, the consent checked at the bank),
 * its first pull is enqueued in the same transaction, and the customer goes back to the client's URL with
 * status=Success|Error, customer_id, consent_id, state and bank_slug (docs/decisions/0009-consents-and-bank-flow.md).
 */
import { callbackUrl, responseState, type BankConsent, type BankTokens } from '../../banks/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ConsentDeps } from './bank-access.ts';
import { connectorOf } from './bank-access.ts';
import {
  ABANDON_AFTER_SECONDS,
  CUSTOMER_IP_PURPOSE,
  endConsent,
  enqueuePull,
  RECONFIRM_EVERY_SECONDS,
  type RejectReason,
} from './consent-lifecycle.ts';
import * as repo from './consents.repo.ts';
import type { ConsentRow } from './consents.repo.ts';
import { seal, unsealOrNull } from '../../lib/sealed-box.ts';
import { tokenLookupHash } from '../../lib/secrets.ts';
import { markConnectFlowAuthorised } from '../connect/index.ts';
import { requireStartingBrowser } from './browser-flow.service.ts';

/** Where the answer came from: the customer's browser (the binding cookie's id, their IP address). */
export interface CallbackBrowser {
  bindingId: string | null;
  ip: string;
}

/** The client's URL with the flow's outcome (the callback's redirect; also the way back from a refused start). */
export function returnUrl(consent: ConsentRow, state: string, outcome: 'Success' | 'Error', error?: string): string {
  const url = new URL(consent.redirect_url);
  const members: Record<string, string> = {
    status: outcome,
    customer_id: consent.customer_id,
    consent_id: consent.id,
    state,
    bank_slug: consent.bank_slug,
  };
  if (error) members.error = error;
  for (const [k, v] of Object.entries(members)) url.searchParams.set(k, v);
  return url.toString();
}

/**
 * Finishes the consent; answers where to send the customer. `browser.bindingId` is what the browser's binding
 * cookie carries: a consent started through endpoint 5's start address finishes only in the browser that opened it.
 */
export async function finishConsent(
  deps: ConsentDeps,
  params: URLSearchParams,
  browser: CallbackBrowser,
): Promise<string> {
  const state = responseState(params);
  if (!state)
    throw new AppError('invalid_state', 'The state is missing.', {
      errors: [{ pointer: '/query/state', detail: 'is required' }],
    });
  const now = deps.clock.now();
  const hashed = tokenLookupHash(state);
  const pending = await repo.findByUnusedState(deps.db, hashed);
  if (pending) requireStartingBrowser(pending, browser.bindingId);
  const consent = await repo.claimState(deps.db, hashed, now);
  if (!consent)
    throw new AppError('invalid_state', 'Unknown or already used state.', {
      errors: [{ pointer: '/query/state', detail: 'unknown, or already used' }],
    });
  const reject = async (reason: RejectReason, error: string) => {
    await deps.db.transaction((tx) =>
      endConsent(tx, deps.queue, consent, reason, now, { atBank: reason !== 'declined' && reason !== 'bank_rejected' }),
    );
    return returnUrl(consent, state, 'Error', error);
  };
  if (consent.status !== 'AwaitingAuthorisation') return returnUrl(consent, state, 'Error', 'consent_expired');
  if (now.getTime() - new Date(consent.created_at).getTime() >= ABANDON_AFTER_SECONDS * 1000)
    return reject('abandoned', 'consent_expired');
  const error = params.get('error');
  if (error !== null) return refused(error, reject);
  const answer = await authorisedAtBank(deps, consent, params, state);
  if (answer.outcome === 'failed') return reject('authorisation_failed', 'authorisation_failed');
  if (answer.outcome === 'refused') return refused(answer.error, reject);
  if (answer.bankConsent.status !== 'Authorised') return reject('bank_rejected', 'access_denied');
  await recordAuthorisation(deps, consent, answer, now, browser.ip);
  return returnUrl(consent, state, 'Success');
}

/** The bank's (or the customer's) refusal: declined when they said no, failed otherwise. */
function refused(error: string, reject: (reason: RejectReason, error: string) => Promise<string>): Promise<string> {
  return error === 'access_denied'
    ? reject('declined', 'access_denied')
    : reject('authorisation_failed', 'authorisation_failed');
}

type BankAnswer =
  | { outcome: 'authorised'; tokens: BankTokens; bankConsent: BankConsent }
  | { outcome: 'refused'; error: string }
  | { outcome: 'failed' };

/** The bank's answer validated and its code exchanged, then the consent's state at the bank; failures are logged. */
async function authorisedAtBank(
  deps: ConsentDeps,
  consent: ConsentRow,
  params: URLSearchParams,
  state: string,
): Promise<BankAnswer> {
  const connector = connectorOf(deps, consent.bank_slug);
  const codeVerifier = unsealOrNull(deps.installationKey, 'bank tokens', consent.code_verifier_sealed);
  const nonce = unsealOrNull(deps.installationKey, 'bank tokens', consent.nonce_sealed);
  if (!codeVerifier || !nonce) return { outcome: 'failed' };
  try {
    const result = await connector.completeAuthorization(params, {
      bankConsentId: consent.bank_consent_id,
      state,
      nonce,
      codeVerifier,
      redirectUri: callbackUrl(deps.config.publicBaseUrl),
    });
    if (result.outcome === 'refused') return result;
    const bankConsent = await connector.getConsent(consent.bank_consent_id);
    return { outcome: 'authorised', tokens: result.tokens, bankConsent };
  } catch (err) {
    deps.logger.warn(
      { bank: consent.bank_slug, consent_id: consent.id, err: (err as Error).message },
      'finishing a consent at the bank failed',
    );
    return { outcome: 'failed' };
  }
}

/** The consent becomes Authorised with its tokens, any earlier one for the bank is replaced, the first pull queued. */
async function recordAuthorisation(
  deps: ConsentDeps,
  consent: ConsentRow,
  answer: { tokens: BankTokens; bankConsent: BankConsent },
  now: Date,
  customerIp: string,
): Promise<void> {
  const { tokens, bankConsent } = answer;
  await deps.db.transaction(async (tx) => {
    const authorised = await repo.transition(tx, consent.id, ['AwaitingAuthorisation'], 'Authorised', null, now, {
      access_token_sealed: seal(deps.installationKey, 'bank tokens', tokens.accessToken),
      refresh_token_sealed:
        tokens.refreshToken === null ? null : seal(deps.installationKey, 'bank tokens', tokens.refreshToken),
      access_token_expires_at: tokens.expiresAt,
      code_verifier_sealed: null,
      nonce_sealed: null,
      expiration: bankConsent.expiration ?? consent.expiration,
      authorised_at: now,
      reconfirm_by: new Date(now.getTime() + RECONFIRM_EVERY_SECONDS * 1000),
      next_refresh_at: new Date(now.getTime() + deps.config.consentRefreshIntervalSeconds * 1000),
    });
    if (!authorised) return;
    await markConnectFlowAuthorised(tx, { customerId: consent.customer_id, id: consent.id }, now); // hosted connect pages (modules/connect): complete the session, mark its invitation used
    // One consent per customer and bank: an earlier one is replaced. Its accounts stay authorised for now; the new
    // consent's first pull decides which of them the customer shared again (the others lose authorisation then).
    for (const old of await repo.otherConsents(tx, consent.customer_id, consent.bank_slug, consent.id, [
      'Authorised',
    ])) {
      if (await repo.transition(tx, old.id, ['Authorised'], 'Revoked', 'replaced', now)) {
        await deps.queue.enqueue(
          tx,
          'bank.revoke',
          { bank_slug: old.bank_slug, bank_consent_id: old.bank_consent_id },
          { singletonKey: old.bank_consent_id },
        );
      }
    }
    // The customer is present for this first pull: the bank gets their address (x-fapi-customer-ip-address).
    const ip = seal(deps.installationKey, CUSTOMER_IP_PURPOSE, customerIp);
    await enqueuePull(tx, deps.queue, authorised, 'authorised', now, ip);
  });
}
