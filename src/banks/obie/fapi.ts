/**
 * The bank's authorisation server, spoken the UK Open Banking way (FAPI 1.0 Advanced), through openid-client:
 * discovery, client authentication by private_key_jwt (PS256) or tls_client_auth, mutual TLS on every call
 * (through the bank's undici pool, ../http.ts), the mTLS endpoint aliases where the bank publishes them (RFC 8705),
 * signed request objects (JAR) pushed to the bank (PAR) where it advertises PAR, the hybrid `code id_token`
 * response with its detached-signature checks (id_token signature from the bank's JWKS, iss, aud, exp, nonce,
 * c_hash, s_hash) or JARM, and the client-credentials, authorization-code and refresh grants.
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
}

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
  const auth = settings.authMethod === 'tls_client_auth' ? oidc.TlsClientAuth() : oidc.PrivateKeyJwt(signingKey);
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
  const jarm = (server.response_modes_supported ?? []).includes('jwt');
  const mode = settings.authorizationResponse === 'auto' ? (jarm ? 'jarm' : 'hybrid') : settings.authorizationResponse;
  if (mode === 'jarm') {
    if (!jarm) throw new BankBadResponseError(http.slug, 'JARM is configured but the bank does not offer it');
    oidc.useJwtResponseMode(config);
  } else {
    oidc.useCodeIdTokenResponseType(config);
    oidc.enableDetachedSignatureResponseChecks(config);
  }
  return { config, mode, signingKey, par: typeof server.pushed_authorization_request_endpoint === 'string' };
}

/** The customer's authorisation URL: a signed request object carrying the consent's id, pushed when the bank can. */
export async function authorizationUrl(
  slug: string,
  client: FapiClient,
  req: { bankConsentId: string; state: string; nonce: string; codeVerifier: string; redirectUri: string },
): Promise<string> {
  const intent = { openbanking_intent_id: { value: req.bankConsentId, essential: true } };
  const params: Record<string, string> = {
    redirect_uri: req.redirectUri,
    scope: 'openid accounts',
    state: req.state,
    nonce: req.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(req.codeVerifier),
    code_challenge_method: 'S256',
    claims: JSON.stringify({ id_token: intent, userinfo: intent }),
  };
  return translateErrors(slug, 'the authorisation request', async () => {
    const jar = await oidc.buildAuthorizationUrlWithJAR(client.config, params, client.signingKey);
    if (!client.par) return jar.href;
    return (await oidc.buildAuthorizationUrlWithPAR(client.config, jar.searchParams)).href;
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
  const intent = tokens.claims()?.openbanking_intent_id;
  if (intent !== checks.bankConsentId)
    throw new BankBadResponseError(slug, "the id_token's openbanking_intent_id is not the consent we asked for");
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
