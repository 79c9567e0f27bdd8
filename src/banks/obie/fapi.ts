/**
 * The bank's authorisation server, spoken the UK Open Banking way (FAPI 1.0 Advanced), through openid-client:
 * discovery, client authentication by private_key_jwt (PS256) or tls_client_auth, mutual TLS on every call
 * (through the bank's undici pool, ../http.ts), the mTLS endpoint aliases where the bank publishes them (RFC 8705),
 * signed request objects (JAR) pushed to the bank (PAR) where it advertises PAR, the hybrid `code id_token`
 * response with its detached-signature checks (id_token signature from the bank's JWKS, iss, aud, exp, nonce,
 * c_hash, s_hash) or JARM, and the client-credentials, authorization-code and refresh grants.
 *
 * Where real banks differ (docs/decisions/0046-real-bank-variations.md): without PAR the authorisation URL repeats
 * response_type and scope outside the request object (OpenID Connect Core §6.1, FAPI 1.0 Advanced §5.2.2); `auto`
 * answers hybrid whenever the bank offers `code id_token` (the UK baseline), JARM only when it offers nothing else;
 * the private_key_jwt assertion's `aud` is the issuer or the token endpoint, per bank; `acr` is requested as an
 * essential claim and checked when the bank publishes acr_values_supported.
 *
 * No JOSE or OAuth primitive is written here: openid-client and jose do them. Protocol times (request objects'
 * exp, id_token checks) are the system clock's, as the bank's are; the injected clock governs our own timing.
 */
import { decodeJwt, importPKCS8 } from 'jose';
import * as oidc from 'openid-client';
import type { BankConnectionSettings } from '../connections.ts';
import {
  BankAuthLostError,
  BankBadResponseError,
  BankError,
  BankRateLimitedError,
  BankUnavailableError,
  parseRetryAfter,
} from '../errors.ts';
import { bankFetch, type BankHttpOptions } from '../http.ts';

export interface FapiClient {
  config: oidc.Configuration;
  mode: 'hybrid' | 'jarm';
  signingKey: oidc.PrivateKey;
  /** the bank advertises a PAR endpoint: the request object is pushed, the browser gets only its request_uri */
  par: boolean;
  /** the acr values asked for (essential) and accepted in the id_token; empty: the bank publishes none */
  acrValues: string[];
}

/** UK Open Banking's authentication context classes: strong customer authentication first. */
const OB_ACR = ['urn:openbanking:psd2:sca', 'urn:openbanking:psd2:ca'];

const TTL_MS = 3600_000;
const clients = new Map<BankConnectionSettings, { at: number; value: Promise<FapiClient> }>();

/** The bank's client, discovery cached for an hour (a failed discovery is not cached). */
export function fapiClient(http: BankHttpOptions, settings: BankConnectionSettings): Promise<FapiClient> {
  const now = Date.now();
  const hit = clients.get(settings);
  if (hit && now - hit.at < TTL_MS) return hit.value;
  const value = discoverClient(http, settings);
  clients.set(settings, { at: now, value });
  value.catch(() => clients.delete(settings));
  return value;
}

async function discoverClient(http: BankHttpOptions, settings: BankConnectionSettings): Promise<FapiClient> {
  const key = await importPKCS8(settings.signingKey.pem, 'PS256');
  const signingKey: oidc.PrivateKey = { key, kid: settings.signingKey.kid };
  // The assertion's aud: the issuer (openid-client's default) or, where the bank wants it, the token endpoint we
  // call (the mTLS alias when there is one), known once discovery has answered.
  const audience: { tokenEndpoint?: string } = {};
  const auth =
    settings.authMethod === 'tls_client_auth'
      ? oidc.TlsClientAuth()
      : oidc.PrivateKeyJwt(signingKey, {
          [oidc.modifyAssertion]: (_header, payload) => {
            if (settings.clientAssertionAudience === 'token_endpoint' && audience.tokenEndpoint)
              payload.aud = audience.tokenEndpoint;
          },
        });
  const metadata: Partial<oidc.ClientMetadata> = {
    use_mtls_endpoint_aliases: true,
    id_token_signed_response_alg: 'PS256',
    authorization_signed_response_alg: 'PS256',
    tls_client_certificate_bound_access_tokens: true,
  };
  const url = new URL(settings.discoveryUrl);
  const config = await translateErrors(http.slug, 'discovery', () =>
    oidc.discovery(url, settings.clientId, metadata, auth, {
      [oidc.customFetch]: bankFetch(http),
      timeout: Math.ceil(settings.timeoutMs / 1000),
      // http only reaches here for a loopback address (connections.ts): the service's own sandbox bank.
      execute: url.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
    }),
  );
  const server = config.serverMetadata();
  const methods = server.code_challenge_methods_supported;
  if (methods && !methods.includes('S256'))
    throw new BankBadResponseError(http.slug, 'the bank does not offer PKCE with S256');
  audience.tokenEndpoint = server.mtls_endpoint_aliases?.token_endpoint ?? server.token_endpoint;
  const jarm = (server.response_modes_supported ?? []).includes('jwt');
  // Hybrid is the UK profile's baseline: `auto` takes it whenever the bank offers it (or does not say), JARM only
  // when the bank offers JARM and no `code id_token`.
  const hybrid = server.response_types_supported?.includes('code id_token') ?? true;
  const mode =
    settings.authorizationResponse === 'auto' ? (jarm && !hybrid ? 'jarm' : 'hybrid') : settings.authorizationResponse;
  if (mode === 'jarm') {
    if (!jarm) throw new BankBadResponseError(http.slug, 'JARM is configured but the bank does not offer it');
    oidc.useJwtResponseMode(config);
  } else {
    oidc.useCodeIdTokenResponseType(config);
    oidc.enableDetachedSignatureResponseChecks(config);
  }
  const published = Array.isArray(server.acr_values_supported) ? server.acr_values_supported.map(String) : [];
  const ob = OB_ACR.filter((v) => published.includes(v));
  return {
    config,
    mode,
    signingKey,
    par: typeof server.pushed_authorization_request_endpoint === 'string',
    acrValues: ob.length > 0 ? ob : published,
  };
}

/** The customer's authorisation URL: a signed request object carrying the consent's id, pushed when the bank can. */
export async function authorizationUrl(
  slug: string,
  client: FapiClient,
  req: { bankConsentId: string; state: string; nonce: string; codeVerifier: string; redirectUri: string },
): Promise<string> {
  const intent = { openbanking_intent_id: { value: req.bankConsentId, essential: true } };
  const acr = client.acrValues.length > 0 ? { acr: { essential: true, values: client.acrValues } } : {};
  const params: Record<string, string> = {
    redirect_uri: req.redirectUri,
    scope: 'openid accounts',
    state: req.state,
    nonce: req.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(req.codeVerifier),
    code_challenge_method: 'S256',
    claims: JSON.stringify({ id_token: { ...intent, ...acr }, userinfo: intent }),
  };
  return translateErrors(slug, 'the authorisation request', async () => {
    const jar = await oidc.buildAuthorizationUrlWithJAR(client.config, params, client.signingKey);
    if (client.par) return (await oidc.buildAuthorizationUrlWithPAR(client.config, jar.searchParams)).href;
    // Without PAR the URL itself is the request: OpenID Connect asks for response_type and scope (with openid)
    // outside the request object too, with the same values (FAPI 1.0 Advanced §5.2.2; openid-client leaves only
    // client_id and request).
    const plain = oidc.buildAuthorizationUrl(client.config, params);
    for (const name of ['response_type', 'scope']) {
      const value = plain.searchParams.get(name);
      if (value !== null) jar.searchParams.set(name, value);
    }
    return jar.href;
  });
}

/** The state of an authorisation response, to find its flow (a JARM response carries it inside; not yet trusted). */
export function responseState(params: URLSearchParams): string | null {
  const jwt = params.get('response');
  if (jwt === null) return params.get('state');
  try {
    const state = decodeJwt(jwt).state;
    return typeof state === 'string' ? state : null;
  } catch {
    return null;
  }
}

export type AuthorizationOutcome =
  | { outcome: 'authorised'; tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers }
  | { outcome: 'refused'; error: string };

/**
 * Validates the bank's authorisation response (hybrid: the id_token's signature, iss, aud, exp, nonce, c_hash and
 * s_hash; JARM: the response JWT's) and exchanges the code (with the PKCE verifier, over mutual TLS). The
 * id_token must name the consent we asked for. An error answer of the bank's is an outcome, not a failure.
 */
export async function completeAuthorization(
  slug: string,
  client: FapiClient,
  params: URLSearchParams,
  checks: { bankConsentId: string; state: string; nonce: string; codeVerifier: string; redirectUri: string },
): Promise<AuthorizationOutcome> {
  const current = new URL(checks.redirectUri);
  if (client.mode === 'hybrid' && params.get('error') === null) current.hash = params.toString();
  else current.search = params.toString();
  let tokens;
  try {
    tokens = await translateErrors(slug, 'the authorisation response', () =>
      oidc.authorizationCodeGrant(client.config, current, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedNonce: checks.nonce,
        expectedState: checks.state,
        idTokenExpected: true,
      }),
    );
  } catch (err) {
    if (err instanceof AuthorizationRefused) return { outcome: 'refused', error: err.error };
    throw err;
  }
  const claims = tokens.claims();
  if (claims?.openbanking_intent_id !== checks.bankConsentId)
    throw new BankBadResponseError(slug, "the id_token's openbanking_intent_id is not the consent we asked for");
  // acr was asked for as essential (OpenID Connect Core §5.5.1.1): an id_token without one of its values fails.
  if (client.acrValues.length > 0 && !client.acrValues.includes(String(claims.acr)))
    throw new BankBadResponseError(slug, "the id_token's acr is not one of the values asked for");
  return { outcome: 'authorised', tokens };
}

export function clientCredentials(slug: string, client: FapiClient) {
  return translateErrors(
    slug,
    'the client_credentials grant',
    () => oidc.clientCredentialsGrant(client.config, { scope: 'accounts' }),
    { ownGrant: true },
  );
}

export function refresh(slug: string, client: FapiClient, refreshToken: string) {
  return translateErrors(slug, 'the refresh_token grant', () => oidc.refreshTokenGrant(client.config, refreshToken));
}

/** The bank's error answer on the redirect (access_denied…): the customer's or the bank's decision. */
class AuthorizationRefused extends Error {
  readonly error: string;
  constructor(error: string) {
    super(`the bank answered the authorisation with ${error}`);
    this.error = error;
  }
}

/**
 * openid-client's failures → the classes of ../errors.ts (the bank's free text is never kept: it may be personal).
 * `ownGrant`: a grant of ours alone (client credentials), whose invalid_grant says nothing about a customer's access.
 */
async function translateErrors<T>(
  slug: string,
  what: string,
  run: () => Promise<T>,
  opts: { ownGrant?: boolean } = {},
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof BankError) throw err;
    if (err instanceof oidc.AuthorizationResponseError) throw new AuthorizationRefused(safeCode(err.error));
    if (err instanceof oidc.ResponseBodyError) {
      const code = safeCode(err.error);
      if (err.status === 429) {
        const h = err.response.headers.get('retry-after') ?? undefined;
        throw new BankRateLimitedError(slug, parseRetryAfter(h, new Date()), `the bank rate-limited ${what}`);
      }
      if (err.status >= 500)
        throw new BankUnavailableError(slug, `the bank answered ${err.status} to ${what} (${code})`, err.status);
      if (code === 'invalid_grant' && !opts.ownGrant)
        throw new BankAuthLostError(slug, 'token_invalid', `the bank refused ${what} (invalid_grant)`, err.status);
      throw new BankBadResponseError(slug, `the bank refused ${what} (${code})`, err.status);
    }
    const e = err as Error & { code?: string; cause?: unknown };
    if (e.cause instanceof BankError) throw e.cause;
    // openid-client wraps the check that failed (oauth4webapi's, naming the claim: c_hash, s_hash, nonce…); its
    // message names claims, never their values.
    const detail = e.cause instanceof Error ? e.cause.message : e.message;
    throw new BankBadResponseError(slug, `${what} failed validation (${e.code ?? 'error'}: ${detail})`);
  }
}

function safeCode(code: unknown): string {
  return typeof code === 'string' && /^[\w.-]{1,100}$/.test(code) ? code : 'unreadable error';
}
