/**
 * Bank flows bound to one browser (docs/security.md, "Browser flows"). Endpoint 5 answers with a one-time start
 * address on this service rather than the bank's URL. The browser that opens it is bound to the consent (the hash
 * of the binding id its cookie carries is stored) and sent on to the bank; the callback then finishes the consent
 * only for that browser, so a callback or return URL copied into another browser changes nothing.
 */
import { AppError } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/ids.ts';
import { seal, unsealOrNull } from '../../lib/sealed-box.ts';
import { tokenLookupHash } from '../../lib/secrets.ts';
import { BANK_FLOW_START_PATH } from '../../banks/connections.ts';
import type { ConsentDeps } from './bank-access.ts';
import { ABANDON_AFTER_SECONDS } from './consent-lifecycle.ts';
import * as repo from './consents.repo.ts';
import type { ConsentRow } from './consents.repo.ts';

/** Stores the start token of a new consent's flow; answers the address endpoint 5 hands out. */
export async function handOffBankFlow(deps: ConsentDeps, consentId: string, bankUrl: string): Promise<string> {
  const token = randomToken('', 32);
  await repo.setBankFlowHandoff(
    deps.db,
    consentId,
    tokenLookupHash(token),
    seal(deps.installationKey, 'bank flow urls', bankUrl),
  );
  return `${deps.config.publicBaseUrl}${BANK_FLOW_START_PATH}/${token}`;
}

/** The start address opened in a browser: binds the flow to it, once, and answers the bank's URL. */
export async function startBankFlow(deps: ConsentDeps, token: string, bindingId: string): Promise<string> {
  const now = deps.clock.now();
  const claimed = await repo.claimBankFlowHandoff(deps.db, tokenLookupHash(token), tokenLookupHash(bindingId), now);
  const bankUrl = claimed ? unsealOrNull(deps.installationKey, 'bank flow urls', claimed.bank_url_sealed) : null;
  if (
    !claimed ||
    bankUrl === null ||
    now.getTime() - new Date(claimed.created_at).getTime() >= ABANDON_AFTER_SECONDS * 1000
  ) {
    throw new AppError(
      'invalid_state',
      'This link to your bank has already been used or has expired. Start again from where you came from.',
    );
  }
  return bankUrl;
}

/**
 * Before the callback spends a state: the consent it names must have been started by this browser. Consents from
 * before start addresses existed (no start token) are let through as before; they expire within 30 minutes.
 */
export function requireStartingBrowser(consent: ConsentRow, bindingId: string | null): void {
  if (consent.handoff_hash === null) return;
  if (bindingId !== null && consent.browser_binding_hash === tokenLookupHash(bindingId)) return;
  throw new AppError(
    'flow_browser_mismatch',
    'This bank authorisation was started in another browser. Nothing was changed: finish it in the browser you started in.',
  );
}

/** Whether a consent was started by the browser holding this binding (the hosted return checks it). */
export async function isStartedBy(deps: Pick<ConsentDeps, 'db'>, consentId: string, bindingId: string | null) {
  return bindingId !== null && repo.isBoundTo(deps.db, consentId, tokenLookupHash(bindingId));
}
