/**
 * One bank's authorisation server: oidc-provider (the OpenID-certified library) configured for the UK Open Banking
 * security profile, FAPI 1.0 Advanced (Final): pushed authorization requests required, signed request objects
 * (PS256) with openbanking_intent_id (request-object.ts), private_key_jwt or tls_client_auth, certificate-bound
 * access tokens (RFC 8705), response types `code id_token` (hybrid) and `code` with JARM, PKCE S256, PS256
 * everywhere. The customer's login and approval is the sandbox's own interaction page (interaction.ts).
 *
 * Issuer `${baseUrl}/${slug}` on the service's HTTP listener (discovery, jwks, authorization, interactions); the
 * machine endpoints (token, PAR, userinfo, registration) are served by the mutual-TLS listener (mtls.ts), and
 * discovery names them there, both as the endpoints and as mtls_endpoint_aliases, so a client that reads either
 * one calls them with its transport certificate.
 *
 * oidc-provider keeps its own time by the system clock (JWT iat/exp, token lifetimes); the bank's injected clock
 * governs the consents (state.ts), so a refresh token is refused once its consent is no longer Authorised or has
 * expired by the injected clock (the adapter forgets it; see memoryStore's isLive).
 */
import { randomBytes } from 'node:crypto';
import Provider, { errors, type ClientMetadata, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { memoryStore } from './adapter.ts';
import type { SandboxContext } from './context.ts';
import type { SigningKey } from './keys.ts';
import { errorPage } from './page.ts';
import { requestObjectChecks } from './request-object.ts';
import { peerCertificate, sameDn } from './tls.ts';

/** Routes of the provider, relative to the issuer (the authorisation endpoint keeps the sandbox's old path). */
export const PROVIDER_ROUTES = {
  authorization: '/authorize',
  jwks: '/jwks',
  token: '/token',
  pushed_authorization_request: '/par',
  userinfo: '/userinfo',
} as const;
/** served by the sandbox itself (registration.ts), not by oidc-provider */
export const REGISTRATION_PATH = '/register';

/** Non-standard discovery member: the base of the bank's Account and Transaction API (v3.1) on the mTLS listener. */
const AISP_BASE_MEMBER = 'obi_aisp_base_url';

const DAY = 86_400;

/**
 * Sandbox No-PAR Bank (slug ending "no-par") plays the many UK banks without PAR: no PAR endpoint, the request
 * object in the browser's URL, and response_type and scope insisted on beside it (requireDuplicatedParameters).
 */
export function offersPar(slug: string): boolean {
  return !slug.endsWith('no-par');
}

/** UK Open Banking's acr values, published (and put in id_tokens) by every sandbox bank but the no-PAR one. */
export const SANDBOX_ACR = 'urn:openbanking:psd2:sca';
function acrValues(slug: string): string[] {
  return offersPar(slug) ? [SANDBOX_ACR, 'urn:openbanking:psd2:ca'] : [];
}

function mtlsFeature(): NonNullable<Configuration['features']>['mTLS'] {
  return {
    enabled: true,
    certificateBoundAccessTokens: true,
    tlsClientAuth: true,
    getCertificate: (ctx) => peerCertificate(ctx.req)?.cert,
    certificateAuthorized: (ctx) => peerCertificate(ctx.req)?.authorized === true,
    certificateSubjectMatches: (ctx, property, expected) => {
      const peer = peerCertificate(ctx.req);
      return property === 'tls_client_auth_subject_dn' && peer !== null && sameDn(peer.subjectDn, expected);
    },
  };
}

/** The endpoints served on the mutual-TLS listener, as discovery names them. */
function mtlsEndpoints(ctx: SandboxContext, slug: string) {
  const m = ctx.mtlsBase(slug);
  return {
    token_endpoint: `${m}${PROVIDER_ROUTES.token}`,
    ...(offersPar(slug)
      ? { pushed_authorization_request_endpoint: `${m}${PROVIDER_ROUTES.pushed_authorization_request}` }
      : {}),
    userinfo_endpoint: `${m}${PROVIDER_ROUTES.userinfo}`,
    registration_endpoint: `${m}${REGISTRATION_PATH}`,
  };
}

function features(ctx: SandboxContext, slug: string): Configuration['features'] {
  return {
    fapi: { enabled: true, profile: '1.0 Final' },
    pushedAuthorizationRequests: offersPar(slug)
      ? { enabled: true, requirePushedAuthorizationRequests: true }
      : { enabled: false },
    requestObjects: {
      enabled: true,
      requireSignedRequestObject: true,
      assertJwtClaimsAndHeader: requestObjectChecks(ctx.state, slug),
    },
    jwtResponseModes: { enabled: true },
    claimsParameter: { enabled: true },
    clientCredentials: { enabled: true },
    devInteractions: { enabled: false },
    // Sender-constrained by mutual TLS only, as UK Open Banking's profile asks.
    dPoP: { enabled: false },
    rpInitiatedLogout: { enabled: false },
    userinfo: { enabled: true },
    mTLS: mtlsFeature(),
  };
}

/**
 * Like the banks that refuse the issuer as a client assertion's audience, the no-PAR bank wants its token endpoint
 * (the one the client calls, on the mutual-TLS listener); the others accept what oidc-provider does.
 */
function assertionAudience(ctx: SandboxContext, slug: string) {
  return async (_kctx: KoaContextWithOIDC, claims: Record<string, unknown>) => {
    const token = mtlsEndpoints(ctx, slug).token_endpoint;
    if (!offersPar(slug) && claims.aud !== token && !(Array.isArray(claims.aud) && claims.aud.includes(token)))
      throw new errors.InvalidClientAuth("audience (aud) must be this bank's token endpoint");
  };
}

function configuration(
  ctx: SandboxContext,
  slug: string,
  bankKey: SigningKey,
  clients: ClientMetadata[],
): Configuration {
  const mount = new URL(ctx.base(slug)).pathname;
  const store = memoryStore((model, payload) => {
    // A refresh token lives only as long as its consent, by the bank's (injected) clock.
    if (model !== 'RefreshToken') return true;
    const consent = typeof payload.accountId === 'string' ? ctx.state.consents.get(payload.accountId) : undefined;
    return (
      !!consent && consent.status === 'Authorised' && (consent.expiration === null || consent.expiration > ctx.now())
    );
  });
  return {
    adapter: (name: string) => store.adapterFor(name),
    clients,
    jwks: { keys: [bankKey.privateJwk as never] },
    // Signs oidc-provider's cookies; generated per start, like everything else the sandbox keeps.
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], openbanking_intent_id: null, acr: null },
    scopes: ['openid', 'accounts'],
    acrValues: acrValues(slug),
    responseTypes: ['code id_token', 'code'],
    clientAuthMethods: ['private_key_jwt', 'tls_client_auth'],
    clientDefaults: {
      id_token_signed_response_alg: 'PS256',
      authorization_signed_response_alg: 'PS256',
      request_object_signing_alg: 'PS256',
      grant_types: ['authorization_code', 'implicit', 'refresh_token', 'client_credentials'],
      response_types: ['code id_token', 'code'],
    },
    enabledJWA: {
      clientAuthSigningAlgValues: ['PS256'],
      idTokenSigningAlgValues: ['PS256'],
      requestObjectSigningAlgValues: ['PS256'],
      authorizationSigningAlgValues: ['PS256'],
      userinfoSigningAlgValues: ['PS256'],
    },
    extraClientMetadata: { properties: ['software_id', 'software_statement', 'org_id'] },
    features: features(ctx, slug),
    routes: PROVIDER_ROUTES,
    interactions: { url: (_ctx, interaction) => `${mount}/interaction/${interaction.uid}` },
    // Every authorisation is for a new consent: never reuse an earlier grant (from the browser's session), always
    // ask the customer; only the grant the interaction just made counts.
    loadExistingGrant: async (kctx) => {
      const grantId = kctx.oidc.result?.consent?.grantId;
      return grantId ? kctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    pkce: { required: () => true },
    findAccount: async (_ctx, sub) =>
      ctx.state.consents.has(sub)
        ? { accountId: sub, claims: async () => ({ sub, openbanking_intent_id: sub }) }
        : undefined,
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      ClientCredentials: 3600,
      IdToken: 3600,
      // Bounded by the consent in practice (isLive above); long enough for a consent of 90 days.
      RefreshToken: 400 * DAY,
      Grant: 400 * DAY,
      Interaction: 3600,
      Session: 3600,
      PushedAuthorizationRequest: 60,
    },
    clientBasedCORS: () => false,
    assertJwtClientAuthClaimsAndHeader: assertionAudience(ctx, slug),
    renderError: async (kctx, out) => {
      kctx.type = 'html';
      kctx.body = errorPage(out.error_description ?? out.error);
    },
    discovery: {
      [AISP_BASE_MEMBER]: `${ctx.mtlsBase(slug)}/open-banking/v3.1/aisp`,
      mtls_endpoint_aliases: mtlsEndpoints(ctx, slug),
      claims_parameter_supported: true,
    },
  };
}

/** Loopback http redirect URIs are fine for a sandbox; oidc-provider refuses them for hybrid clients by default. */
function allowLoopbackRedirects(provider: Provider): void {
  const schema = (provider.Client as unknown as { Schema: { prototype: Record<string, unknown> } }).Schema.prototype;
  const invalidate = schema.invalidate as (this: unknown, message: string, code?: string) => void;
  schema.invalidate = function (this: unknown, message: string, code?: string) {
    if (code === 'implicit-force-https' || code === 'implicit-forbid-localhost') return;
    invalidate.call(this, message, code);
  };
}

/**
 * OpenID Connect Core §6.1: with a request object in the URL, response_type and scope (with openid) must also be
 * given as parameters, with the same values. oidc-provider follows RFC 9101 and reads only the request object; a
 * bank like the no-PAR one refuses the request instead, with its error page.
 */
function requireDuplicatedParameters(provider: Provider): void {
  provider.use(async (kctx: KoaContextWithOIDC, next) => {
    const request =
      kctx.method === 'GET' && kctx.path === PROVIDER_ROUTES.authorization ? kctx.query.request : undefined;
    if (typeof request === 'string') {
      let inner: Record<string, unknown> = {};
      try {
        inner = JSON.parse(Buffer.from(request.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
          string,
          unknown
        >;
      } catch {
        inner = {};
      }
      const missing = ['response_type', 'scope'].filter((k) => {
        const outside = kctx.query[k];
        return typeof outside !== 'string' || outside !== inner[k];
      });
      if (missing.length > 0) {
        kctx.status = 400;
        kctx.type = 'html';
        kctx.body = errorPage(
          `invalid_request: ${missing.join(' and ')} must also be given outside the request object, with the same value`,
        );
        return;
      }
    }
    await next();
  });
}

export function createProvider(
  ctx: SandboxContext,
  slug: string,
  bankKey: SigningKey,
  clients: ClientMetadata[],
): Provider {
  const provider = new Provider(ctx.base(slug), configuration(ctx, slug, bankKey, clients));
  allowLoopbackRedirects(provider);
  if (!offersPar(slug)) requireDuplicatedParameters(provider);
  // The machine endpoints live on the mutual-TLS listener: discovery names them there.
  provider.use(async (kctx: KoaContextWithOIDC, next) => {
    await next();
    if (kctx.oidc?.route === 'discovery' && kctx.body && typeof kctx.body === 'object')
      Object.assign(kctx.body, mtlsEndpoints(ctx, slug));
  });
  return provider;
}
