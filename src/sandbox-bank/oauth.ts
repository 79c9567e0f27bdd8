/**
 * The sandbox bank's authorisation server: OpenID discovery, the token endpoint (client credentials,
 * authorization code with PKCE S256, refresh with rotation; RFC 6749 errors), and the authorisation page,
 * whose form posts username, password and decision (approve | decline) back to the same URL, so a script can
 * drive it with one POST and no HTML parsing.
 */
import { bindBrowser, presentedBinding } from '../http/browser-binding.ts';
import { tokenLookupHash } from '../lib/secrets.ts';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { personasAt } from './data.ts';
import { authorisationPage, errorPage } from './page.ts';
import { SANDBOX_PASSWORD, type SandboxClient, type SandboxContext } from './context.ts';
import { parseUsername, type SandboxConsent } from './state.ts';

const ACCESS_TOKEN_SECONDS = 3600;
const CODE_SECONDS = 600;

type SlugRequest = FastifyRequest<{
  Params: { slug: string };
  Querystring: Record<string, string | undefined>;
  Body: Record<string, string | undefined> | undefined;
}>;

function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });
}

/** client_secret_basic (RFC 6749 §2.3.1) or client_secret_post. */
export function authenticateClient(
  ctx: SandboxContext,
  header: string | undefined,
  body: Record<string, string | undefined>,
): SandboxClient | null {
  let id = body.client_id;
  let secret = body.client_secret;
  const [, basic] = /^Basic\s+(\S+)$/i.exec(header ?? '') ?? [];
  if (basic !== undefined) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const at = decoded.indexOf(':');
    if (at > 0) {
      id = decodeURIComponent(decoded.slice(0, at));
      secret = decodeURIComponent(decoded.slice(at + 1));
    }
  }
  const client = ctx.opts.clients.find((c) => c.clientId === id);
  return client && secret === client.clientSecret ? client : null;
}

/** An authorisation request that passed its checks: the consent it is for and the members the answer needs. */
interface AuthorisationRequest {
  consent: SandboxConsent;
  client: SandboxClient;
  redirectUri: string;
  state: string;
  codeChallenge: string;
}

/** The checks of an authorisation request; the request, or why it cannot be shown. */
function readAuthorisationRequest(
  ctx: SandboxContext,
  slug: string,
  q: Record<string, string | undefined>,
): AuthorisationRequest | { error: string } {
  const client = ctx.opts.clients.find((c) => c.clientId === q.client_id);
  if (!client) return { error: 'Unknown client_id.' };
  if (!q.redirect_uri || !client.redirectUris.includes(q.redirect_uri))
    return { error: 'redirect_uri is not registered for this client.' };
  if (q.response_type !== 'code') return { error: 'response_type must be code.' };
  if (!q.state) return { error: 'state is required.' };
  if (!q.code_challenge || q.code_challenge_method !== 'S256')
    return { error: 'PKCE is required: code_challenge with code_challenge_method=S256.' };
  let intent: unknown;
  try {
    const claims = JSON.parse(q.claims ?? '{}') as { id_token?: { openbanking_intent_id?: { value?: unknown } } };
    intent = claims.id_token?.openbanking_intent_id?.value;
  } catch {
    return { error: 'claims is not JSON.' };
  }
  const consent = typeof intent === 'string' ? ctx.state.consents.get(intent) : undefined;
  if (!consent || consent.slug !== slug || consent.clientId !== client.clientId)
    return { error: 'No such account-access-consent (claims.id_token.openbanking_intent_id).' };
  if (consent.status !== 'AwaitingAuthorisation')
    return { error: `This consent is ${consent.status}; it cannot be authorised again.` };
  return { consent, client, redirectUri: q.redirect_uri, state: q.state, codeChallenge: q.code_challenge };
}

function redirect(reply: FastifyReply, redirectUri: string, params: Record<string, string>) {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return reply.code(302).header('location', url.toString()).header('cache-control', 'no-store').send();
}

const LOGIN_COOKIE = 'sandbox_bank_login';

function loginCookie(ctx: SandboxContext, slug: string) {
  return { cookie: LOGIN_COOKIE, secure: ctx.base(slug).startsWith('https:'), path: new URL(ctx.base(slug)).pathname };
}

/** The bank's discovery document: what a connector reads to find the endpoints and methods. */
function discoveryDocument(ctx: SandboxContext, slug: string) {
  const base = ctx.base(slug);
  return {
    issuer: base,
    authorization_endpoint: `${base}/authorize`,
    token_endpoint: `${base}/token`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'client_credentials', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    scopes_supported: ['openid', 'accounts'],
    claims_parameter_supported: true,
    claims_supported: ['openbanking_intent_id'],
    subject_types_supported: ['public'],
  };
}

/** The customer's answer on the authorisation page: decline, or log in as a persona and approve. */
async function decideAuthorisation(ctx: SandboxContext, request: SlugRequest, reply: FastifyReply) {
  const slug = request.params.slug;
  const q = request.query;
  const read = readAuthorisationRequest(ctx, slug, q);
  if ('error' in read) return reply.code(400).type('text/html; charset=utf-8').send(errorPage(read.error));
  const { consent, client, redirectUri, state } = read;
  const presented = presentedBinding(request, LOGIN_COOKIE);
  if (presented === null || consent.loginBrowser !== tokenLookupHash(presented))
    return reply
      .code(400)
      .type('text/html; charset=utf-8')
      .send(errorPage('This login form was opened in another browser, or has expired. Start again from your app.'));
  const body = request.body ?? {};
  const page = (status: number, message: string) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .send(authorisationPage({ slug, consent, personas: personasAt(slug), error: message, username: body.username }));
  const rejected = (why: string) => {
    ctx.state.setStatus(consent, 'Rejected', ctx.now());
    return redirect(reply, redirectUri, { error: 'access_denied', error_description: why, state, iss: ctx.base(slug) });
  };
  if (body.decision === 'decline') return rejected('The customer declined.');
  if (body.decision !== 'approve') return page(400, 'Choose approve or decline.');
  const login = parseUsername(body.username ?? '');
  if ('error' in login) return page(400, login.error);
  if (!personasAt(slug).includes(login.persona) || body.password !== SANDBOX_PASSWORD)
    return page(401, 'Unknown username or wrong password.');
  consent.switches = login.switches;
  consent.persona = login.persona;
  if (ctx.state.has(consent, 'reject')) return rejected('The bank rejected the authorisation.');
  ctx.state.setStatus(consent, 'Authorised', ctx.now());
  const code = ctx.state.issueCode({
    consentId: consent.id,
    clientId: client.clientId,
    redirectUri: redirectUri,
    challenge: read.codeChallenge,
    expiresAt: ctx.now() + CODE_SECONDS,
  });
  return redirect(reply, redirectUri, { code, state, iss: ctx.base(slug) });
}

/** The token endpoint: client credentials, the authorisation code (with PKCE) and refresh-token rotation. */
async function tokenEndpoint(ctx: SandboxContext, request: SlugRequest, reply: FastifyReply) {
  const body = request.body ?? {};
  const client = authenticateClient(ctx, request.headers.authorization, body);
  if (!client)
    return oauthError(
      reply.header('www-authenticate', 'Basic realm="sandbox-bank"'),
      401,
      'invalid_client',
      'Unknown client or wrong secret.',
    );
  const now = ctx.now();
  const tokens = (consentId: string | null, refresh: boolean) => ({
    access_token: ctx.state.issueAccessToken({
      clientId: client.clientId,
      consentId,
      expiresAt: now + ACCESS_TOKEN_SECONDS,
    }),
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    scope: 'accounts',
    ...(refresh && consentId ? { refresh_token: ctx.state.issueRefreshToken(client.clientId, consentId) } : {}),
  });
  reply.header('cache-control', 'no-store');
  switch (body.grant_type) {
    case 'client_credentials':
      return tokens(null, false);
    case 'authorization_code': {
      const code = body.code ? ctx.state.codes.get(body.code) : undefined;
      if (body.code) ctx.state.codes.delete(body.code); // single use, whatever happens next
      if (!code || code.clientId !== client.clientId || code.expiresAt < now)
        return oauthError(reply, 400, 'invalid_grant', 'Unknown, used or expired code.');
      if (body.redirect_uri !== code.redirectUri)
        return oauthError(reply, 400, 'invalid_grant', 'redirect_uri differs from the authorisation request.');
      const challenge = body.code_verifier ? createHash('sha256').update(body.code_verifier).digest('base64url') : '';
      if (challenge !== code.challenge)
        return oauthError(reply, 400, 'invalid_grant', 'code_verifier does not match the code_challenge (PKCE).');
      const consent = ctx.state.consents.get(code.consentId);
      if (!consent || consent.status !== 'Authorised')
        return oauthError(reply, 400, 'invalid_grant', 'The consent is not authorised.');
      return tokens(consent.id, true);
    }
    case 'refresh_token': {
      const presented = body.refresh_token ?? '';
      const stored = ctx.state.refreshTokens.get(presented);
      const consent = stored ? ctx.state.consents.get(stored.consentId) : undefined;
      if (!stored || stored.clientId !== client.clientId || !consent)
        return oauthError(reply, 400, 'invalid_grant', 'Unknown refresh token.');
      if (consent.status !== 'Authorised' || (consent.expiration !== null && consent.expiration <= now))
        return oauthError(reply, 400, 'invalid_grant', 'The consent is no longer authorised.');
      ctx.state.refreshTokens.delete(presented); // rotation: the old refresh token is spent
      return tokens(consent.id, true);
    }
    default:
      return oauthError(
        reply,
        400,
        'unsupported_grant_type',
        'grant_type must be client_credentials, authorization_code or refresh_token.',
      );
  }
}

export function registerOauth(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/:slug/.well-known/openid-configuration', async (request: SlugRequest) =>
    discoveryDocument(ctx, request.params.slug),
  );

  app.get('/:slug/authorize', async (request: SlugRequest, reply) => {
    const slug = request.params.slug;
    const read = readAuthorisationRequest(ctx, slug, request.query);
    if ('error' in read) return reply.code(400).type('text/html; charset=utf-8').send(errorPage(read.error));
    // The form's answer counts only from the browser that was shown it (a login-CSRF defence, as a real bank has).
    read.consent.loginBrowser = tokenLookupHash(bindBrowser(request, reply, loginCookie(ctx, slug)));
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(authorisationPage({ slug, consent: read.consent, personas: personasAt(slug) }));
  });

  app.post('/:slug/authorize', (request: SlugRequest, reply) => decideAuthorisation(ctx, request, reply));

  app.post('/:slug/token', (request: SlugRequest, reply) => tokenEndpoint(ctx, request, reply));
}
