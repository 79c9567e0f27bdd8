/**
 * The sandbox bank's own checks of a request object (features.requestObjects.assertJwtClaimsAndHeader), on top
 * of what oidc-provider checks by itself (signature by a key the client registered, the registered alg, iss, aud,
 * exp in the past): FAPI 1.0 Advanced §5.2.2-13 (exp, nbf no more than 60 minutes apart), a jti that has not been
 * seen before from this client (oidc-provider does not remember jtis of request objects), and UK Open Banking's
 * openbanking_intent_id, which must name an account-access-consent of this bank, created by the same client and
 * still AwaitingAuthorisation.
 *
 * oidc-provider calls this hook before it verifies the signature, so a jti is remembered even when the signature
 * then fails; only the authenticated client itself can spend its jtis that way (PAR requires client
 * authentication first), and a jti should never repeat anyway.
 */
import { errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { SandboxState } from './state.ts';

const MAX_LIFETIME_SECONDS = 3600;

function intentIdOf(claims: Record<string, unknown>): unknown {
  const requested = claims.claims as { id_token?: { openbanking_intent_id?: { value?: unknown } } } | undefined;
  return requested?.id_token?.openbanking_intent_id?.value;
}

/** jtis seen per client, kept until the request object they came in expires (system clock, as oidc-provider's). */
function replayGuard() {
  const seen = new Map<string, number>();
  return (clientId: string, jti: string, exp: number): boolean => {
    const now = Math.floor(Date.now() / 1000);
    for (const [k, until] of seen) if (until < now) seen.delete(k);
    const key = `${clientId} ${jti}`;
    if (seen.has(key)) return false;
    seen.set(key, exp);
    return true;
  };
}

export function requestObjectChecks(state: SandboxState, slug: string) {
  const firstUse = replayGuard();
  return (ctx: KoaContextWithOIDC, claims: Record<string, unknown>, _header: unknown, client: { clientId: string }) => {
    for (const claim of ['exp', 'nbf', 'aud', 'jti'])
      if (claims[claim] === undefined) throw new errors.InvalidRequestObject(`Request Object is missing '${claim}'`);
    const { exp, nbf, jti } = claims;
    if (typeof exp !== 'number' || typeof nbf !== 'number' || typeof jti !== 'string')
      throw new errors.InvalidRequestObject('exp and nbf must be numbers, jti a string');
    if (exp - nbf <= 0 || exp - nbf > MAX_LIFETIME_SECONDS)
      throw new errors.InvalidRequestObject("Request Object 'exp' must be after 'nbf', by 60 minutes at most");
    // At the authorization endpoint oidc-provider checks the pushed request object again: the jti is its own.
    if (ctx.oidc.route === 'pushed_authorization_request' && !firstUse(client.clientId, jti, exp))
      throw new errors.InvalidRequestObject('Request Object jti was already used (replay)');
    const intentId = intentIdOf(claims);
    if (typeof intentId !== 'string')
      throw new errors.InvalidRequestObject('claims.id_token.openbanking_intent_id.value is required');
    const consent = state.consents.get(intentId);
    if (!consent || consent.slug !== slug || consent.clientId !== client.clientId)
      throw new errors.InvalidRequestObject('openbanking_intent_id names no account-access-consent of this client');
    if (consent.status !== 'AwaitingAuthorisation')
      throw new errors.InvalidRequestObject(`the account-access-consent is ${consent.status}`);
  };
}
