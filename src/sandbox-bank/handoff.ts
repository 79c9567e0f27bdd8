/**
 * Hands a Fastify request to a bank's oidc-provider, raw. oidc-provider (Koa underneath) reads the body itself and
 * works out where it is mounted from `req.originalUrl` against `req.url` (lib/helpers/oidc_context.js, urlFor),
 * so the URLs it writes (discovery, redirects to the interaction page and back) carry the right prefix on either
 * listener. Routes handed off must not let Fastify parse the body (see passBodyThrough).
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { SANDBOX_PAGE_CSP } from './page.ts';

type Callback = (req: IncomingMessage, res: FastifyReply['raw']) => Promise<void> | void;
const callbacks = new WeakMap<Provider, Callback>();

export function handOff(
  provider: Provider,
  request: FastifyRequest<{ Params: { slug: string } }>,
  reply: FastifyReply,
) {
  let callback = callbacks.get(provider);
  if (!callback) callbacks.set(provider, (callback = provider.callback() as Callback));
  const route = request.routeOptions.url ?? '';
  const mount = `${route.slice(0, route.indexOf('/:slug'))}/${request.params.slug}`;
  const raw = request.raw as IncomingMessage & { originalUrl?: string };
  const url = raw.url ?? '/';
  raw.originalUrl = url;
  raw.url = url.startsWith(mount) ? url.slice(mount.length) || '/' : url;
  reply.hijack();
  // Before oidc-provider renders: it adds its inline script's hash to this policy (page.ts, SANDBOX_PAGE_CSP).
  reply.raw.setHeader('content-security-policy', SANDBOX_PAGE_CSP);
  return callback(raw, reply.raw);
}

/** Leaves request bodies unread in this (encapsulated) scope, for oidc-provider to read. */
export function passBodyThrough(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
}
