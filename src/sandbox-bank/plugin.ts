/**
 * The sandbox bank's HTTP side, the Fastify plugin the service mounts at /sandbox-bank: per bank (slug) the
 * issuer's public endpoints, served by its oidc-provider (discovery, jwks, the authorization endpoint and its
 * resume step), the customer's login pages (interaction.ts) and the control API (control.ts). Everything a
 * browser sees is here, on the service's own origin; the machine endpoints are on the mutual-TLS listener (mtls.ts).
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { guardSlugsAndErrors, type SandboxContext } from './context.ts';
import { registerControl, type ControlDirectory } from './control.ts';
import { handOff, passBodyThrough } from './handoff.ts';
import { SANDBOX_PAGE_CSP } from './page.ts';
import { registerInteractions } from './interaction.ts';
import { PROVIDER_ROUTES } from './provider.ts';

const PUBLIC_PROVIDER_PATHS = [
  '/.well-known/openid-configuration',
  PROVIDER_ROUTES.jwks,
  PROVIDER_ROUTES.authorization,
  `${PROVIDER_ROUTES.authorization}/:uid`,
];

/**
 * oidc-provider's own form for ending an earlier login in the same browser (a second connection after an approved
 * one logs in as another consent): it posts here, then goes on with the new authorisation.
 */
const END_EARLIER_LOGIN_PATH = '/session/end/confirm';

function publicProviderEndpoints(app: FastifyInstance, ctx: SandboxContext) {
  passBodyThrough(app);
  for (const path of PUBLIC_PROVIDER_PATHS)
    app.get<{ Params: { slug: string } }>(`/:slug${path}`, (request, reply) =>
      handOff(ctx.provider(request.params.slug), request, reply),
    );
  app.post<{ Params: { slug: string } }>(`/:slug${END_EARLIER_LOGIN_PATH}`, (request, reply) =>
    handOff(ctx.provider(request.params.slug), request, reply),
  );
}

export function sandboxBankPlugin(ctx: SandboxContext, directory: ControlDirectory): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    // Not part of the service's API: kept out of its OpenAPI document.
    app.addHook('onRoute', (route) => {
      route.schema = { ...(route.schema ?? {}), hide: true };
    });
    guardSlugsAndErrors(app, ctx.opts.slugs);
    // Its pages (the login form, errors) load nothing and post only to themselves; their one style sheet is inline.
    app.addHook('onSend', async (_request, reply, payload) => {
      if (String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
        reply.header('content-security-policy', SANDBOX_PAGE_CSP);
      return payload;
    });
    await app.register(async (scope) => publicProviderEndpoints(scope, ctx));
    await app.register(async (scope) => {
      await scope.register(formbody);
      registerInteractions(scope, ctx);
      registerControl(scope, ctx, directory);
    });
  };
}
