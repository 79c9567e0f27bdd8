/**
 * The customer's side of an authorisation, as oidc-provider interactions: the page shows the account-access-consent
 * the request names (openbanking_intent_id) and lets the customer log in as a persona and approve, or decline. Its
 * form posts username, password and decision (approve | decline) back to the same URL, so a script can drive it
 * with one POST and no HTML parsing. oidc-provider's interaction cookie binds the form to the browser that started
 * the authorisation (a login-CSRF defence, as a real bank has).
 *
 * Approve: the consent becomes Authorised (by the injected clock) with the persona and switches of the username,
 * and the login is the consent itself (sub = the intent id, as many UK banks do). Decline, or the `reject` switch:
 * the consent becomes Rejected and the client gets access_denied.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { SANDBOX_PASSWORD, type SandboxContext } from './context.ts';
import { personasAt } from './data.ts';
import { authorisationPage, errorPage } from './page.ts';
import { parseUsername, type SandboxConsent } from './state.ts';
import { offersPar, SANDBOX_ACR } from './provider.ts';

type Req = FastifyRequest<{
  Params: { slug: string; uid: string };
  Body: Record<string, string | undefined> | undefined;
}>;
type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

function html(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

/** The interaction of this request and the consent it is for; or the error page already sent. */
async function load(ctx: SandboxContext, request: Req, reply: FastifyReply) {
  const provider = ctx.provider(request.params.slug);
  let details: Details;
  try {
    details = await provider.interactionDetails(request.raw, reply.raw);
  } catch {
    await html(reply, 400, errorPage('This login page was opened in another browser, or it has expired.'));
    return null;
  }
  let intentId: unknown;
  try {
    const claims = JSON.parse(String(details.params.claims ?? '{}'));
    intentId = claims?.id_token?.openbanking_intent_id?.value;
  } catch {
    intentId = undefined;
  }
  const consent = typeof intentId === 'string' ? ctx.state.consents.get(intentId) : undefined;
  if (!consent || consent.slug !== request.params.slug || consent.clientId !== details.params.client_id) {
    await html(reply, 400, errorPage('No such account-access-consent (claims.id_token.openbanking_intent_id).'));
    return null;
  }
  if (consent.status !== 'AwaitingAuthorisation') {
    // Back after finishing lands here: say so in words, not in the consent's status code.
    await html(
      reply,
      400,
      errorPage(
        consent.status === 'Authorised'
          ? 'You have already approved this request.'
          : 'This request has already been answered, or it has ended.',
      ),
    );
    return null;
  }
  return { provider, details, consent };
}

async function finish(provider: Provider, request: Req, reply: FastifyReply, result: Record<string, unknown>) {
  reply.hijack();
  await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
}

async function approve(ctx: SandboxContext, provider: Provider, consent: SandboxConsent) {
  ctx.state.setStatus(consent, 'Authorised', ctx.now());
  const grant = new provider.Grant({ accountId: consent.id, clientId: consent.clientId });
  grant.addOIDCScope('openid accounts');
  grant.addOIDCClaims(['openbanking_intent_id']);
  const grantId = await grant.save();
  // Password login stands for the bank's strong customer authentication: the id_token says so where the bank
  // publishes acr values (provider.ts).
  const acr = offersPar(consent.slug) ? SANDBOX_ACR : undefined;
  return { login: { accountId: consent.id, ...(acr ? { acr } : {}) }, consent: { grantId } };
}

async function decide(ctx: SandboxContext, request: Req, reply: FastifyReply) {
  const loaded = await load(ctx, request, reply);
  if (!loaded) return reply;
  const { provider, consent } = loaded;
  const slug = request.params.slug;
  const body = request.body ?? {};
  const page = (status: number, message: string) =>
    html(
      reply,
      status,
      authorisationPage({ slug, consent, personas: personasAt(slug), error: message, username: body.username }),
    );
  const rejected = (why: string) => {
    ctx.state.setStatus(consent, 'Rejected', ctx.now());
    return finish(provider, request, reply, { error: 'access_denied', error_description: why });
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
  return finish(provider, request, reply, await approve(ctx, provider, consent));
}

export function registerInteractions(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/:slug/interaction/:uid', async (request: Req, reply) => {
    const loaded = await load(ctx, request, reply);
    if (!loaded) return reply;
    const slug = request.params.slug;
    return html(reply, 200, authorisationPage({ slug, consent: loaded.consent, personas: personasAt(slug) }));
  });
  app.post('/:slug/interaction/:uid', (request: Req, reply) => decide(ctx, request, reply));
}
