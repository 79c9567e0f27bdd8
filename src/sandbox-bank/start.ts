/**
 * Starting the sandbox bank: its test PKI and keys (all generated now, none checked in), the mutual-TLS listener,
 * one oidc-provider per bank (slug) with the service's own client registered at each, and the HTTP plugin the
 * service mounts. Order matters: the mTLS listener's address must be known before the providers are built,
 * because discovery names it.
 *
 * The built-in client is SANDBOX_CLIENT_ID at every bank; `sandbox` registers it with private_key_jwt and
 * `sandbox-business` (every slug with "business" in it) with tls_client_auth, so both methods are exercised;
 * `sandbox-no-par` offers no PAR (provider.ts, offersPar).
 */
import type { FastifyPluginAsync } from 'fastify';
import { SignJWT } from 'jose';
import type Provider from 'oidc-provider';
import type { ClientMetadata } from 'oidc-provider';
import { financialIdOf } from './aisp.ts';
import { SANDBOX_CLIENT_ID, type SandboxBankOptions, type SandboxContext } from './context.ts';
import { generateSigningKey, type SigningKey } from './keys.ts';
import { startMtlsListener } from './mtls.ts';
import { createTestPki, type IssuedCertificate, type SandboxPki } from './pki.ts';
import { sandboxBankPlugin } from './plugin.ts';
import { createProvider, offersPar } from './provider.ts';
import { softwareStatement, type SoftwareStatementInput } from './registration.ts';
import { SandboxState } from './state.ts';

/** What the service needs to act as the built-in client at one sandbox bank. */
export interface SandboxClientCredentials {
  clientId: string;
  authMethod: 'private_key_jwt' | 'tls_client_auth';
  /** PKCS8 PEM, RSA, for PS256 (request objects, private_key_jwt) */
  signingKeyPem: string;
  /** the kid registered with the bank */
  signingKeyId: string;
  /** the transport certificate and its key (PKCS8), for mutual TLS */
  certPem: string;
  keyPem: string;
  /** the test CA to trust for the bank's server certificate */
  caPem: string;
  /** `${baseUrl}/${slug}/.well-known/openid-configuration` */
  discoveryUrl: string;
  /** the AISP base on the mTLS listener: `${mtlsBaseUrl}/${slug}/open-banking/v3.1/aisp` */
  apiBaseUrl: string;
  /** this bank's x-fapi-financial-id (the AISP API checks it when sent) */
  financialId: string;
}

export interface SandboxBank {
  /** register with { prefix: '/sandbox-bank' } */
  plugin: FastifyPluginAsync;
  /** e.g. https://127.0.0.1:41234/sandbox-bank */
  mtlsBaseUrl: string;
  caPem: string;
  client(slug: string): SandboxClientCredentials;
  issueClientCertificate(commonName: string): Promise<IssuedCertificate>;
  softwareStatement(input: SoftwareStatementInput): Promise<string>;
  /** tests only: sign arbitrary claims as bank `slug` would sign an id_token (its current PS256 key and kid) */
  signAsBank(slug: string, claims: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

interface Bank {
  provider: Provider;
  key: SigningKey;
  client: SandboxClientCredentials;
}

async function builtInClient(ctx: SandboxContext, pki: SandboxPki, slug: string) {
  const authMethod = slug.includes('business') ? 'tls_client_auth' : 'private_key_jwt';
  const [transport, signing] = await Promise.all([
    pki.issueClientCertificate(`${SANDBOX_CLIENT_ID} ${slug}`),
    generateSigningKey(),
  ]);
  const metadata: ClientMetadata = {
    client_id: SANDBOX_CLIENT_ID,
    client_name: 'Open Banking Insights (this service)',
    application_type: 'web',
    redirect_uris: ctx.opts.redirectUris,
    response_types: ['code id_token', 'code'],
    grant_types: ['authorization_code', 'implicit', 'refresh_token', 'client_credentials'],
    scope: 'openid accounts',
    token_endpoint_auth_method: authMethod,
    ...(authMethod === 'tls_client_auth'
      ? { tls_client_auth_subject_dn: transport.subjectDn }
      : { token_endpoint_auth_signing_alg: 'PS256' }),
    jwks: { keys: [signing.publicJwk as never] },
    require_pushed_authorization_requests: offersPar(slug),
    tls_client_certificate_bound_access_tokens: true,
  };
  const credentials: SandboxClientCredentials = {
    clientId: SANDBOX_CLIENT_ID,
    authMethod,
    signingKeyPem: signing.privatePem,
    signingKeyId: signing.kid,
    certPem: transport.certPem,
    keyPem: transport.keyPem,
    caPem: pki.caPem,
    discoveryUrl: `${ctx.base(slug)}/.well-known/openid-configuration`,
    apiBaseUrl: `${ctx.mtlsBase(slug)}/open-banking/v3.1/aisp`,
    financialId: financialIdOf(slug),
  };
  return { metadata, credentials };
}

function context(opts: SandboxBankOptions, banks: Map<string, Bank>, mtls: { baseUrl: string }): SandboxContext {
  return {
    opts,
    state: new SandboxState(),
    now: () => Math.floor(opts.clock.now().getTime() / 1000),
    base: (slug) => `${opts.baseUrl}/${slug}`,
    mtlsBase: (slug) => `${mtls.baseUrl}/${slug}`,
    provider: (slug) => {
      const bank = banks.get(slug);
      if (!bank) throw new Error(`no sandbox bank "${slug}"`);
      return bank.provider;
    },
    pageSize: opts.pageSize ?? 500,
  };
}

export async function startSandboxBank(opts: SandboxBankOptions): Promise<SandboxBank> {
  const banks = new Map<string, Bank>();
  const mtlsAddress = { baseUrl: '' };
  const ctx = context(opts, banks, mtlsAddress);
  const [pki, directoryKey] = await Promise.all([createTestPki(), generateSigningKey()]);
  const mtls = await startMtlsListener(ctx, pki, directoryKey, opts.mtls);
  mtlsAddress.baseUrl = mtls.baseUrl;
  try {
    for (const slug of opts.slugs) {
      const [key, { metadata, credentials }] = await Promise.all([generateSigningKey(), builtInClient(ctx, pki, slug)]);
      banks.set(slug, { provider: createProvider(ctx, slug, key, [metadata]), key, client: credentials });
    }
  } catch (err) {
    await mtls.app.close();
    throw err;
  }
  const bankOf = (slug: string): Bank => {
    const bank = banks.get(slug);
    if (!bank) throw new Error(`no sandbox bank "${slug}"`);
    return bank;
  };
  const statement = (input: SoftwareStatementInput) => softwareStatement(directoryKey, input);
  return {
    plugin: sandboxBankPlugin(ctx, {
      softwareStatement: statement,
      issueClientCertificate: (commonName) => pki.issueClientCertificate(commonName),
      caPem: pki.caPem,
    }),
    mtlsBaseUrl: mtls.baseUrl,
    caPem: pki.caPem,
    client: (slug) => bankOf(slug).client,
    issueClientCertificate: (commonName) => pki.issueClientCertificate(commonName),
    softwareStatement: statement,
    signAsBank: (slug, claims) => {
      const { key } = bankOf(slug);
      return new SignJWT(claims).setProtectedHeader({ alg: 'PS256', kid: key.kid }).sign(key.privateKey);
    },
    close: () => mtls.app.close(),
  };
}
