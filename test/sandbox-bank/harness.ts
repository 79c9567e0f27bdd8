/**
 * The sandbox bank on its own, for its tests: a minimal Fastify app on a loopback port the OS picked with the
 * plugin under /sandbox-bank, the bank's mutual-TLS listener, and the steps a client (openid-client over undici
 * with its transport certificate) and a customer's browser (fetch, cookies by hand) take.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Agent, fetch as undiciFetch } from 'undici';
import * as client from 'openid-client';
import { exportJWK, generateKeyPair, importPKCS8, SignJWT, type JWTPayload } from 'jose';
import { fakeClock } from '../../src/lib/clock.ts';
import { holdPort } from '../helpers/bank-flow.ts';
import {
  SANDBOX_PASSWORD,
  startSandboxBank,
  type SandboxBank,
  type SandboxClientCredentials,
} from '../../src/sandbox-bank/index.ts';

export const REDIRECT_URI = 'https://tpp.example/callback';
export const SLUGS = ['sandbox', 'sandbox-business'];

export interface Harness {
  app: FastifyInstance;
  bank: SandboxBank;
  baseUrl: string;
  clock: ReturnType<typeof fakeClock>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const held = await holdPort();
  const baseUrl = `http://127.0.0.1:${held.port}/sandbox-bank`;
  const clock = fakeClock();
  const bank = await startSandboxBank({ clock, baseUrl, slugs: SLUGS, redirectUris: [REDIRECT_URI] });
  const app = Fastify();
  try {
    await app.register(bank.plugin, { prefix: '/sandbox-bank' });
    const listenOptions = { port: held.port, host: '127.0.0.1', reusePort: true };
    await app.listen(listenOptions);
  } finally {
    await held.release();
  }
  return {
    app,
    bank,
    baseUrl,
    clock,
    close: async () => {
      await app.close();
      await bank.close();
    },
  };
}

/** A fetch that openid-client (customFetch) and the tests can both call. */
export type MtlsFetch = ((url: string, options?: object) => Promise<Response>) & { close(): Promise<void> };

/** undici's fetch through an Agent presenting `cert` (or none) and trusting the sandbox CA. */
export function mtlsFetch(caPem: string, cert?: { certPem: string; keyPem: string }): MtlsFetch {
  const agent = new Agent({ connect: { ca: caPem, ...(cert ? { cert: cert.certPem, key: cert.keyPem } : {}) } });
  const f = (url: string, options?: object) =>
    undiciFetch(url, { ...(options as object), dispatcher: agent }) as unknown as Promise<Response>;
  return Object.assign(f, { close: () => agent.close() });
}

export interface Rp {
  creds: SandboxClientCredentials;
  config: client.Configuration;
  signingKey: { key: CryptoKey; kid: string };
  fetch: MtlsFetch;
  issuer: string;
}

/** The built-in client at bank `slug`, as the service would configure it with openid-client. */
export async function relyingParty(h: Harness, slug: string, mode: 'hybrid' | 'jarm'): Promise<Rp> {
  const creds = h.bank.client(slug);
  const f = mtlsFetch(creds.caPem, creds);
  const key = { key: await importPKCS8(creds.signingKeyPem, 'PS256'), kid: creds.signingKeyId };
  const auth = creds.authMethod === 'private_key_jwt' ? client.PrivateKeyJwt(key) : client.TlsClientAuth();
  const issuer = `${h.baseUrl}/${slug}`;
  const config = await client.discovery(
    new URL(issuer),
    creds.clientId,
    {
      use_mtls_endpoint_aliases: true,
      id_token_signed_response_alg: 'PS256',
      authorization_signed_response_alg: 'PS256',
    },
    auth,
    { execute: [client.allowInsecureRequests], [client.customFetch]: f },
  );
  config[client.customFetch] = f;
  if (mode === 'hybrid') {
    client.useCodeIdTokenResponseType(config);
    client.enableDetachedSignatureResponseChecks(config);
  } else client.useJwtResponseMode(config);
  return { creds, config, signingKey: key, fetch: f, issuer };
}

/** A client-credentials token and a new account-access-consent with it. */
export async function createConsent(rp: Rp, permissions = ['ReadAccountsBasic', 'ReadAccountsDetail', 'ReadBalances']) {
  const cc = await client.clientCredentialsGrant(rp.config, { scope: 'accounts' });
  const res = await rp.fetch(`${rp.creds.apiBaseUrl}/account-access-consents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${cc.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ Data: { Permissions: permissions }, Risk: {} }),
  });
  if (res.status !== 201) throw new Error(`consent: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { Data: { ConsentId: string } };
  return { consentId: body.Data.ConsentId, clientCredentialsToken: cc.access_token };
}

export function intentClaims(intentId: string) {
  return JSON.stringify({ id_token: { openbanking_intent_id: { value: intentId, essential: true } } });
}

/** The request object's claims as openid-client would send them, for tests that sign their own. */
export function requestObjectClaims(rp: Rp, intentId: string | undefined, extra: JWTPayload = {}): JWTPayload {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: rp.creds.clientId,
    aud: rp.issuer,
    client_id: rp.creds.clientId,
    iat: now,
    nbf: now,
    exp: now + 300,
    jti: randomUUID(),
    response_type: 'code id_token',
    redirect_uri: REDIRECT_URI,
    scope: 'openid accounts',
    state: client.randomState(),
    nonce: client.randomNonce(),
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    ...(intentId ? { claims: JSON.parse(intentClaims(intentId)) } : {}),
    ...extra,
  };
}

export function signRequestObject(claims: JWTPayload, key: { key: CryptoKey; kid: string }): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'PS256', kid: key.kid, typ: 'oauth-authz-req+jwt' })
    .sign(key.key);
}

/** POST …/par with a request object, authenticated as the client (openid-client's own client authentication). */
export async function pushRaw(rp: Rp, request: string) {
  const url = rp.config.serverMetadata().mtls_endpoint_aliases?.pushed_authorization_request_endpoint ?? '';
  const form: Record<string, string> = { client_id: rp.creds.clientId, request };
  if (rp.creds.authMethod === 'private_key_jwt') {
    const now = Math.floor(Date.now() / 1000);
    form.client_assertion_type = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
    form.client_assertion = await new SignJWT({})
      .setProtectedHeader({ alg: 'PS256', kid: rp.signingKey.kid })
      .setIssuer(rp.creds.clientId)
      .setSubject(rp.creds.clientId)
      .setAudience(rp.issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .setJti(randomUUID())
      .sign(rp.signingKey.key);
  }
  const res = await rp.fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

/** PAR with a signed request object (JAR) the openid-client way; the authorization URL and what the callback checks. */
export async function authorizationUrl(rp: Rp, intentId: string) {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const params = {
    redirect_uri: REDIRECT_URI,
    scope: 'openid accounts',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    claims: intentClaims(intentId),
  };
  const jar = await client.buildAuthorizationUrlWithJAR(rp.config, params, rp.signingKey);
  const url = await client.buildAuthorizationUrlWithPAR(rp.config, jar.searchParams);
  return { url, checks: { pkceCodeVerifier: codeVerifier, expectedState: state, expectedNonce: nonce } };
}

/**
 * A browser: follows redirects on the bank's origin keeping cookies, shows the login page, posts the customer's
 * answer, and stops at the redirect to the client. Returns that final URL.
 */
export async function customerAuthorises(
  startUrl: URL,
  answer: { username?: string; password?: string; decision: 'approve' | 'decline' },
): Promise<URL> {
  const jar = new Map<string, string>();
  const send = async (url: URL, init: RequestInit = {}) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
  let url = startUrl;
  let posted = false;
  for (let hops = 0; hops < 10; hops++) {
    const res = await send(url);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.href.startsWith(REDIRECT_URI)) return url;
      continue;
    }
    if (res.status !== 200 || posted) throw new Error(`browser: ${res.status} at ${url.href}: ${await res.text()}`);
    await res.text();
    const form = new URLSearchParams({
      username: answer.username ?? '',
      password: answer.password ?? SANDBOX_PASSWORD,
      decision: answer.decision,
    });
    const after = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    posted = true;
    const next = after.headers.get('location');
    if (!next) throw new Error(`browser: POST answered ${after.status}: ${await after.text()}`);
    url = new URL(next, url);
    if (url.href.startsWith(REDIRECT_URI)) return url;
  }
  throw new Error('browser: too many redirects');
}

/** A new piece of software: its signing key (PS256), JWKS and a transport certificate from the test CA. */
export async function newSoftware(h: Harness, name: string) {
  const { privateKey, publicKey } = await generateKeyPair('PS256', { extractable: true });
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'PS256', use: 'sig' };
  const transport = await h.bank.issueClientCertificate(name);
  return { softwareId: `sw-${name}`, key: { key: privateKey, kid }, jwks: { keys: [jwk] }, transport };
}

export type Software = Awaited<ReturnType<typeof newSoftware>>;

/** The OBIE registration request: a JWS by a software key, carrying the SSA. */
export async function registrationRequest(
  h: Harness,
  slug: string,
  sw: Software,
  opts: { ssa?: string; signWith?: { key: CryptoKey; kid: string }; claims?: JWTPayload } = {},
) {
  const ssa =
    opts.ssa ??
    (await h.bank.softwareStatement({
      softwareId: sw.softwareId,
      clientName: `TPP ${sw.softwareId}`,
      redirectUris: [REDIRECT_URI],
      jwks: sw.jwks,
    }));
  const signer = opts.signWith ?? sw.key;
  return new SignJWT({
    redirect_uris: [REDIRECT_URI],
    token_endpoint_auth_method: 'private_key_jwt',
    token_endpoint_auth_signing_alg: 'PS256',
    grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
    response_types: ['code id_token', 'code'],
    id_token_signed_response_alg: 'PS256',
    request_object_signing_alg: 'PS256',
    application_type: 'web',
    scope: 'openid accounts',
    software_statement: ssa,
    ...opts.claims,
  })
    .setProtectedHeader({ alg: 'PS256', kid: signer.kid, typ: 'JWT' })
    .setIssuer(sw.softwareId)
    .setAudience(`${h.baseUrl}/${slug}`)
    .setIssuedAt()
    .setExpirationTime('5m')
    .setJti(randomUUID())
    .sign(signer.key);
}

export async function register(h: Harness, slug: string, sw: Software, jwt: string) {
  const f = mtlsFetch(h.bank.caPem, sw.transport);
  try {
    const res = await f(`${h.bank.mtlsBaseUrl}/${slug}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/jwt' },
      body: jwt,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  } finally {
    await f.close();
  }
}

/** openid-client configured as a registered piece of software (private_key_jwt, hybrid). */
export async function softwareRp(h: Harness, slug: string, sw: Software, clientId: string): Promise<Rp> {
  const f = mtlsFetch(h.bank.caPem, sw.transport);
  const issuer = `${h.baseUrl}/${slug}`;
  const config = await client.discovery(
    new URL(issuer),
    clientId,
    { use_mtls_endpoint_aliases: true, id_token_signed_response_alg: 'PS256' },
    client.PrivateKeyJwt(sw.key),
    { execute: [client.allowInsecureRequests], [client.customFetch]: f },
  );
  config[client.customFetch] = f;
  client.useCodeIdTokenResponseType(config);
  const base = h.bank.client(slug);
  const creds = {
    ...base,
    clientId,
    signingKeyId: sw.key.kid,
    certPem: sw.transport.certPem,
    keyPem: sw.transport.keyPem,
  };
  return { creds, config, signingKey: sw.key, fetch: f, issuer };
}
