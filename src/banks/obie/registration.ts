/**
 * OBIE Dynamic Client Registration (v3.2, on RFC 7591): registers this installation's software with a bank. The
 * request is a JWT signed (PS256) with the software's signing key, carrying the software statement assertion (SSA)
 * the Open Banking Directory issued and the client metadata the FAPI 1.0 Advanced profile needs; it is POSTed as
 * application/jwt over mutual TLS with the transport certificate to the bank's registration endpoint (its mTLS
 * alias when it publishes one). The answer is the client the bank created (client_id first of all).
 *
 * Used by `obi bank register` (src/cli/cli.ts); what it prints goes into BANK_CONNECTIONS (docs/real-banks.md).
 */
import { randomUUID, X509Certificate } from 'node:crypto';
import { decodeJwt, importPKCS8, SignJWT } from 'jose';
import type { BankTlsSettings } from '../connections.ts';
import { BankBadResponseError, BankUnavailableError } from '../errors.ts';
import { bankRequest, type BankHttpOptions } from '../http.ts';

export interface RegistrationInput {
  /** the bank's OpenID Provider configuration URL */
  wellKnownUrl: string;
  /** the SSA (a JWT from the Open Banking Directory, or the sandbox bank's) */
  softwareStatement: string;
  signingKey: { pem: string; kid: string };
  tls: BankTlsSettings;
  redirectUris: string[];
  authMethod: 'private_key_jwt' | 'tls_client_auth';
  timeoutMs?: number;
}

export interface Registration {
  clientId: string;
  /** the bank's whole answer (registration_access_token included when it issues one: keep it secret) */
  client: Record<string, unknown>;
}

export async function registerWithBank(input: RegistrationInput): Promise<Registration> {
  const http: BankHttpOptions = { slug: 'registration', tls: input.tls, timeoutMs: input.timeoutMs ?? 30_000 };
  const server = await discoveryDocument(http, input.wellKnownUrl);
  const aliases = (server.mtls_endpoint_aliases ?? {}) as Record<string, unknown>;
  const endpoint = aliases.registration_endpoint ?? server.registration_endpoint;
  if (typeof endpoint !== 'string' || typeof server.issuer !== 'string')
    throw new BankBadResponseError(http.slug, 'the bank publishes no registration_endpoint (or no issuer)');
  const body = await registrationJwt(input, server.issuer);
  const res = await bankRequest(http, {
    method: 'POST',
    url: endpoint,
    headers: { 'content-type': 'application/jwt' },
    body,
  });
  let answer: Record<string, unknown> = {};
  try {
    answer = JSON.parse(res.body) as Record<string, unknown>;
  } catch {
    /* reported below */
  }
  if (res.status >= 500) throw new BankUnavailableError(http.slug, `the registration endpoint answered ${res.status}`);
  if (res.status !== 201 && res.status !== 200) {
    const error = typeof answer.error === 'string' ? answer.error : `status ${res.status}`;
    const why = typeof answer.error_description === 'string' ? `: ${answer.error_description.slice(0, 300)}` : '';
    throw new BankBadResponseError(http.slug, `the bank refused the registration (${error}${why})`, res.status);
  }
  if (typeof answer.client_id !== 'string' || answer.client_id === '')
    throw new BankBadResponseError(http.slug, 'the registration answer has no client_id', res.status);
  return { clientId: answer.client_id, client: answer };
}

async function discoveryDocument(http: BankHttpOptions, url: string): Promise<Record<string, unknown>> {
  const res = await bankRequest(http, { method: 'GET', url });
  if (res.status !== 200) throw new BankBadResponseError(http.slug, `the discovery document answered ${res.status}`);
  try {
    return JSON.parse(res.body) as Record<string, unknown>;
  } catch {
    throw new BankBadResponseError(http.slug, 'the discovery document is not JSON');
  }
}

/** The signed registration request (OBIE DCR v3.2 "Client Registration Request"). */
async function registrationJwt(input: RegistrationInput, issuer: string): Promise<string> {
  const ssa = decodeJwt(input.softwareStatement);
  const softwareId = typeof ssa.software_id === 'string' ? ssa.software_id : null;
  if (softwareId === null) throw new Error('the software statement has no software_id');
  const claims: Record<string, unknown> = {
    redirect_uris: input.redirectUris,
    token_endpoint_auth_method: input.authMethod,
    grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
    response_types: ['code id_token', 'code'],
    application_type: 'web',
    id_token_signed_response_alg: 'PS256',
    request_object_signing_alg: 'PS256',
    authorization_signed_response_alg: 'PS256',
    tls_client_certificate_bound_access_tokens: true,
    scope: 'openid accounts',
    software_id: softwareId,
    software_statement: input.softwareStatement,
  };
  if (input.authMethod === 'private_key_jwt') claims.token_endpoint_auth_signing_alg = 'PS256';
  else claims.tls_client_auth_subject_dn = subjectDn(input.tls.cert);
  const key = await importPKCS8(input.signingKey.pem, 'PS256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'PS256', kid: input.signingKey.kid, typ: 'JWT' })
    .setIssuer(softwareId)
    .setAudience(issuer)
    .setIssuedAt()
    .setExpirationTime('5m')
    .setJti(randomUUID())
    .sign(key);
}

/**
 * The transport certificate's subject as an RFC 4514 string (most specific first, comma-separated), the form
 * tls_client_auth_subject_dn takes. Node gives it one attribute per line, least specific first.
 */
function subjectDn(certPem: string): string {
  const lines = new X509Certificate(certPem).subject.split('\n').filter((l) => l !== '');
  return lines
    .reverse()
    .map((l) => l.replace(/([,+"\\<>;])/g, '\\$1'))
    .join(',');
}
