/**
 * Dynamic client registration the UK Open Banking way (OBIE DCR v3.3, on top of RFC 7591): the client POSTs a
 * JWS (Content-Type application/jwt, PS256) to …/{slug}/register on the mutual-TLS listener. Its claims are the
 * client's metadata plus a software_statement: an SSA JWT signed by the directory (here the sandbox's own
 * directory key, softwareStatement below) that carries the software's id, name, redirect URIs, roles and its
 * keys (software_jwks, inline: the sandbox's stand-in for software_jwks_endpoint). The request must be signed by
 * one of those keys, issued by the software_id and addressed to the bank (aud = issuer).
 *
 * Refusals are 400 with RFC 7591 errors: invalid_software_statement (the SSA) or invalid_client_metadata
 * (everything else). The client is created in oidc-provider's store and the answer is its metadata (201).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createLocalJWKSet, decodeJwt, jwtVerify, SignJWT, type JSONWebKeySet, type JWTPayload } from 'jose';
import type { ClientMetadata } from 'oidc-provider';
import type { SandboxContext } from './context.ts';
import type { SigningKey } from './keys.ts';
import { REGISTRATION_PATH } from './provider.ts';
import { peerCertificate } from './tls.ts';

/** The `iss` of the sandbox directory's software statements. */
const DIRECTORY_ISSUER = 'sandbox-directory';

export interface SoftwareStatementInput {
  softwareId: string;
  clientName: string;
  redirectUris: string[];
  jwks: { keys: object[] };
  orgId?: string;
}

/** A software statement assertion as the sandbox directory issues it (PS256, the directory's key). */
export function softwareStatement(directoryKey: SigningKey, input: SoftwareStatementInput): Promise<string> {
  return new SignJWT({
    software_id: input.softwareId,
    software_client_name: input.clientName,
    software_redirect_uris: input.redirectUris,
    software_jwks: input.jwks,
    software_roles: ['AISP'],
    org_id: input.orgId ?? 'sandbox-org',
  })
    .setProtectedHeader({ alg: 'PS256', kid: directoryKey.kid, typ: 'JWT' })
    .setIssuer(DIRECTORY_ISSUER)
    .setIssuedAt()
    .setJti(randomUUID())
    .sign(directoryKey.privateKey);
}

class Refusal extends Error {
  readonly error: 'invalid_client_metadata' | 'invalid_software_statement';
  constructor(error: Refusal['error'], description: string) {
    super(description);
    this.error = error;
  }
}

const AUTH_METHODS = new Set(['private_key_jwt', 'tls_client_auth']);

async function verifySsa(directoryKey: SigningKey, ssa: unknown): Promise<JWTPayload & Record<string, unknown>> {
  if (typeof ssa !== 'string') throw new Refusal('invalid_software_statement', 'software_statement is required');
  try {
    const { payload } = await jwtVerify(ssa, createLocalJWKSet({ keys: [directoryKey.publicJwk] }), {
      algorithms: ['PS256'],
      issuer: DIRECTORY_ISSUER,
    });
    const jwks = payload.software_jwks as JSONWebKeySet | undefined;
    if (typeof payload.software_id !== 'string' || !Array.isArray(payload.software_redirect_uris) || !jwks?.keys)
      throw new Error('software_id, software_redirect_uris and software_jwks are required');
    return payload;
  } catch (err) {
    throw new Refusal('invalid_software_statement', `software_statement: ${(err as Error).message}`);
  }
}

/** The request's claims, checked: signed by a key of the software statement, from the software, to this bank. */
async function verifyRequest(directoryKey: SigningKey, issuer: string, jwt: string) {
  let unverified: JWTPayload;
  try {
    unverified = decodeJwt(jwt);
  } catch {
    throw new Refusal('invalid_client_metadata', 'the body must be a JWT (Content-Type application/jwt)');
  }
  const ssa = await verifySsa(directoryKey, unverified.software_statement);
  try {
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(ssa.software_jwks as JSONWebKeySet), {
      algorithms: ['PS256'],
      issuer: ssa.software_id as string,
      audience: issuer,
      requiredClaims: ['iat', 'exp', 'jti'],
    });
    return { claims: payload as Record<string, unknown>, ssa };
  } catch (err) {
    throw new Refusal('invalid_client_metadata', `registration request: ${(err as Error).message}`);
  }
}

const PASSED_THROUGH = [
  'grant_types',
  'response_types',
  'id_token_signed_response_alg',
  'request_object_signing_alg',
  'token_endpoint_auth_signing_alg',
  'application_type',
  'scope',
  'tls_client_auth_subject_dn',
] as const;

/** The client's metadata for oidc-provider, from the verified request and software statement. */
function metadataOf(claims: Record<string, unknown>, ssa: Record<string, unknown>): ClientMetadata {
  const redirects = claims.redirect_uris;
  const allowed = new Set(ssa.software_redirect_uris as unknown[]);
  if (!Array.isArray(redirects) || redirects.length === 0 || !redirects.every((u) => allowed.has(u)))
    throw new Refusal('invalid_client_metadata', 'redirect_uris must be a subset of software_redirect_uris');
  const method = claims.token_endpoint_auth_method;
  if (typeof method !== 'string' || !AUTH_METHODS.has(method))
    throw new Refusal(
      'invalid_client_metadata',
      'token_endpoint_auth_method must be private_key_jwt or tls_client_auth',
    );
  if (method === 'tls_client_auth' && typeof claims.tls_client_auth_subject_dn !== 'string')
    throw new Refusal('invalid_client_metadata', 'tls_client_auth needs tls_client_auth_subject_dn');
  const passed = Object.fromEntries(PASSED_THROUGH.filter((k) => claims[k] !== undefined).map((k) => [k, claims[k]]));
  return {
    ...passed,
    client_id: randomUUID(),
    client_id_issued_at: Math.floor(Date.now() / 1000),
    client_name: String(ssa.software_client_name ?? ssa.software_id),
    redirect_uris: redirects as string[],
    token_endpoint_auth_method: method as ClientMetadata['token_endpoint_auth_method'],
    jwks: ssa.software_jwks as ClientMetadata['jwks'],
    software_id: ssa.software_id,
    org_id: ssa.org_id,
    software_statement: claims.software_statement,
    require_pushed_authorization_requests: true,
    tls_client_certificate_bound_access_tokens: true,
  };
}

async function register(
  ctx: SandboxContext,
  directoryKey: SigningKey,
  request: FastifyRequest<{ Params: { slug: string }; Body: unknown }>,
  reply: FastifyReply,
) {
  const peer = peerCertificate(request.raw);
  if (!peer?.authorized)
    return reply
      .code(401)
      .send({ error: 'invalid_client', error_description: 'a transport certificate from the directory is required' });
  const slug = request.params.slug;
  const provider = ctx.provider(slug);
  try {
    if (typeof request.body !== 'string')
      throw new Refusal('invalid_client_metadata', 'Content-Type must be application/jwt');
    const { claims, ssa } = await verifyRequest(directoryKey, ctx.base(slug), request.body);
    const metadata = metadataOf(claims, ssa);
    try {
      await provider.Client.validate(metadata);
    } catch (err) {
      const e = err as { error_description?: string; message: string };
      throw new Refusal('invalid_client_metadata', e.error_description ?? e.message);
    }
    const adapter = (provider.Client as unknown as { adapter: { upsert(id: string, p: object): Promise<void> } })
      .adapter;
    await adapter.upsert(String(metadata.client_id), metadata);
    return reply.code(201).header('cache-control', 'no-store').send(metadata);
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    return reply
      .code(400)
      .header('cache-control', 'no-store')
      .send({ error: err.error, error_description: err.message });
  }
}

export function registerRegistration(app: FastifyInstance, ctx: SandboxContext, directoryKey: SigningKey): void {
  app.addContentTypeParser('application/jwt', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.post(
    `/:slug${REGISTRATION_PATH}`,
    (request: FastifyRequest<{ Params: { slug: string }; Body: unknown }>, reply) =>
      register(ctx, directoryKey, request, reply),
  );
}
