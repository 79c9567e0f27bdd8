/**
 * The sandbox bank: a bank simulator served over HTTP that speaks UK Open Banking (OpenID discovery, OAuth 2 with
 * PKCE, the Account and Transaction API v3.1), with its own authorisation page where a customer logs in as one of
 * the personas (src/personas) and approves or declines. It is just another bank to the service's connector, and
 * shares no code with it (docs/decisions/0014-code-layers.md: sandbox-bank imports fastify and its own generator only).
 *
 * Mounted by the service under /sandbox-bank/{slug}/… (one bank per slug; refused in production unless allowed).
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { registerAisp } from './aisp.ts';
import { registerControl } from './control.ts';
import { registerOauth } from './oauth.ts';
import { SandboxState } from './state.ts';

export interface SandboxClient {
  clientId: string;
  clientSecret: string;
  /** exact redirect URIs the client registered */
  redirectUris: string[];
}

export interface SandboxBankOptions {
  clock: { now(): Date };
  /** absolute URL the plugin is reachable at, without a slug: e.g. http://127.0.0.1:8080/sandbox-bank */
  baseUrl: string;
  slugs: string[];
  clients: SandboxClient[];
  /** transactions per page (Links.Next beyond); default 500 */
  pageSize?: number;
}

/** The one password of every sandbox persona (usernames are persona names). */
export const SANDBOX_PASSWORD = 'sandbox-password';

export interface SandboxContext {
  opts: SandboxBankOptions;
  state: SandboxState;
  /** Unix seconds now, by the injected clock */
  now(): number;
  /** absolute base of one bank */
  base(slug: string): string;
  pageSize: number;
}

/** An OBIE error body (v3.1 OBErrorResponse1). */
export function obieError(reply: FastifyReply, status: number, errorCode: string, message: string): FastifyReply {
  return reply
    .code(status)
    .type('application/json')
    .send({
      Code: String(status),
      Id: cryptoRandomId(),
      Message: message,
      Errors: [{ ErrorCode: errorCode, Message: message }],
    });
}

function cryptoRandomId(): string {
  return globalThis.crypto.randomUUID();
}

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
  registerOauth(app, ctx);
  registerAisp(app, ctx);
  registerControl(app, ctx);
};
