/**
 * The sandbox bank: a bank simulator served over HTTP that speaks UK Open Banking (OpenID discovery, OAuth 2 with
 * PKCE, the Account and Transaction API v3.1), with its own authorisation page where a customer logs in as one of
 * the personas (src/personas) and approves or declines. It is just another bank to the service's connector, and
 * shares no code with it (docs/decisions/0014-code-layers.md: sandbox-bank imports fastify and its own generator only).
 *
 * Mounted by the service under /sandbox-bank/{slug}/… (one bank per slug; refused in production unless allowed).
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { registerAisp } from './aisp.ts';
import { registerControl } from './control.ts';
import { registerOauth } from './oauth.ts';
import { SandboxState } from './state.ts';
import { obieError, type SandboxBankOptions, type SandboxContext } from './context.ts';

export {
  obieError,
  SANDBOX_PASSWORD,
  type SandboxBankOptions,
  type SandboxClient,
  type SandboxContext,
} from './context.ts';

export const sandboxBank: FastifyPluginAsync<SandboxBankOptions> = async (
  app: FastifyInstance,
  opts: SandboxBankOptions,
) => {
  const ctx: SandboxContext = {
    opts,
    state: new SandboxState(),
    now: () => Math.floor(opts.clock.now().getTime() / 1000),
    base: (slug) => `${opts.baseUrl}/${slug}`,
    pageSize: opts.pageSize ?? 500,
  };
  // Not part of the service's API: kept out of its OpenAPI document.
  app.addHook('onRoute', (route) => {
    route.schema = { ...(route.schema ?? {}), hide: true };
  });
  await app.register(formbody);
  app.addHook('onRequest', async (request: FastifyRequest<{ Params: { slug?: string } }>, reply) => {
    const slug = request.params.slug;
    if (slug !== undefined && !opts.slugs.includes(slug))
      return obieError(reply, 404, 'UK.OBIE.Resource.NotFound', `No sandbox bank "${slug}".`);
  });
  app.setErrorHandler((err: Error & { statusCode?: number }, request, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) request.log.error({ err }, 'sandbox bank failed');
    return obieError(
      reply,
      status,
      status === 500 ? 'UK.OBIE.UnexpectedError' : 'UK.OBIE.Field.Invalid',
      status === 500 ? 'Unexpected error.' : err.message,
    );
  });
  // Its pages (the login form, errors) load nothing and post only to themselves; their one style sheet is inline.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
      reply.header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
      );
    return payload;
  });
  registerOauth(app, ctx);
  registerAisp(app, ctx);
  registerControl(app, ctx);
};
