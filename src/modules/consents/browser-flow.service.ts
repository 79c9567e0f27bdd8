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

/**
 * Stores the start token of a new consent's flow with the flow's state, sealed; answers the address endpoint 5
 * hands out. The bank's authorisation URL is made only when a browser opens it (webflow.service.ts, openBankFlow):
 * its signed request object, and a pushed request's request_uri, live about a minute, the address 30.
 */
export async function handOffBankFlow(
  deps: ConsentDeps,
  consent: { customerId: string; id: string },
  state: string,
): Promise<string> {
  const token = randomToken('', 32);
  await repo.setBankFlowHandoff(
    deps.db,
    consent,
    tokenLookupHash(token),
    seal(deps.installationKey, FLOW_STATE_PURPOSE, state),
  );
  return `${deps.config.publicBaseUrl}${BANK_FLOW_START_PATH}/${token}`;
}

const FLOW_STATE_PURPOSE = 'bank flow state';

/**
 * Why a start address did not lead to the bank: unknown (no such address), used (opened before), expired (its
 * 30 minutes passed, or its consent ended unopened), bank_error (the bank refused the authorisation request).
 * `consent` is known for all but unknown, so the page can offer the way back to the client.
 */
export class FlowStartRefused extends Error {
  readonly reason: 'unknown' | 'used' | 'expired' | 'bank_error';
  readonly consent: ConsentRow | null;
  /** the flow's state, when it is still known (the client matches its return by it) */
  readonly state: string | null;
  constructor(reason: FlowStartRefused['reason'], consent: ConsentRow | null, state: string | null = null) {
    super(`the bank flow could not start (${reason})`);
    this.reason = reason;
    this.consent = consent;
    this.state = state;
  }
}

/** The start address opened in a browser: binds the flow to it, once; answers the consent and its state. */
export async function claimBankFlow(
  deps: ConsentDeps,
  token: string,
  bindingId: string,
): Promise<{ consent: ConsentRow; state: string }> {
  const now = deps.clock.now();
  const hash = tokenLookupHash(token);
  const claimed = await repo.claimBankFlowHandoff(deps.db, hash, tokenLookupHash(bindingId), now);
  const state = claimed ? unsealOrNull(deps.installationKey, FLOW_STATE_PURPOSE, claimed.bank_flow_state_sealed) : null;
  const consent = await repo.findConsentByHandoff(deps.db, hash);
  if (!consent) throw new FlowStartRefused('unknown', null);
  if (!claimed) {
    if (consent.handoff_used_at !== null) throw new FlowStartRefused('used', consent);
    // Never opened, and no longer awaiting authorisation (abandoned): its state is still sealed in the row.
    const unopened = unsealOrNull(deps.installationKey, FLOW_STATE_PURPOSE, consent.bank_flow_state_sealed);
    throw new FlowStartRefused('expired', consent, unopened);
  }
  if (state === null || now.getTime() - new Date(claimed.created_at).getTime() >= ABANDON_AFTER_SECONDS * 1000)
    throw new FlowStartRefused('expired', consent, state);
  return { consent, state };
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
