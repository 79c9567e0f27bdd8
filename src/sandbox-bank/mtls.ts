/**
 * The sandbox bank's mutual-TLS listener (RFC 8705's split: the browser never meets the test CA's certificate,
 * machines always present theirs): the token, PAR and userinfo endpoints (oidc-provider's), dynamic client
 * registration (registration.ts) and the whole Account and Transaction API (aisp.ts), under /sandbox-bank/{slug}.
 *
 * node:https through Fastify, with the test CA's server certificate (SAN IP 127.0.0.1, DNS localhost). It asks
 * for a client certificate and does not refuse the handshake without a trusted one (tls.ts says why); a
 * certificate the test CA did not issue is refused here, before oidc-provider could bind a token to it.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { guardSlugsAndErrors, type SandboxContext } from './context.ts';
import { registerAisp } from './aisp.ts';
import { handOff, passBodyThrough } from './handoff.ts';
import type { SigningKey } from './keys.ts';
import type { SandboxPki } from './pki.ts';
import { PROVIDER_ROUTES } from './provider.ts';
import { registerRegistration } from './registration.ts';
import { peerCertificate } from './tls.ts';

const MOUNT = '/sandbox-bank';

/**
 * FAPI 1.0 Advanced §8.5, as a bank must: TLS 1.2 or later, and under 1.2 only the four permitted suites
 * (ECDHE/DHE with RSA, AES-GCM); TLS 1.3's suites as usual. Its own copy: the sandbox shares no code with the
 * connector it tests.
 */
const FAPI_TLS_SERVER = {
  minVersion: 'TLSv1.2',
  ciphers: [
    'TLS_AES_128_GCM_SHA256',
    'TLS_AES_256_GCM_SHA384',
    'TLS_CHACHA20_POLY1305_SHA256',
    'ECDHE-RSA-AES128-GCM-SHA256',
    'ECDHE-RSA-AES256-GCM-SHA384',
    'DHE-RSA-AES128-GCM-SHA256',
    'DHE-RSA-AES256-GCM-SHA384',
  ].join(':'),
  honorCipherOrder: true,
} as const;

/** oidc-provider's machine endpoints, handed to it raw. */
async function providerEndpoints(app: FastifyInstance, ctx: SandboxContext) {
  passBodyThrough(app);
  app.addHook('onRequest', async (request, reply) => {
    const peer = peerCertificate(request.raw);
    if (peer && !peer.authorized)
      return reply.code(401).header('cache-control', 'no-store').send({
        error: 'invalid_client',
        error_description: 'the client certificate was not issued by a certificate authority this bank trusts',
      });
  });
  for (const path of [PROVIDER_ROUTES.token, PROVIDER_ROUTES.pushed_authorization_request, PROVIDER_ROUTES.userinfo])
    app.route<{ Params: { slug: string } }>({
      method: ['GET', 'POST'],
      url: `/:slug${path}`,
      handler: (request, reply) => handOff(ctx.provider(request.params.slug), request, reply),
    });
}

export async function startMtlsListener(
  ctx: SandboxContext,
  pki: SandboxPki,
  directoryKey: SigningKey,
  where: { host?: string; port?: number } = {},
): Promise<{ app: FastifyInstance; baseUrl: string }> {
  const app = Fastify({
    https: {
      key: pki.server.keyPem,
      cert: pki.server.certPem,
      ca: pki.caPem,
      requestCert: true,
      rejectUnauthorized: false,
      ...FAPI_TLS_SERVER,
    },
  });
  await app.register(
    async (scope) => {
      guardSlugsAndErrors(scope, ctx.opts.slugs);
      await scope.register(async (s) => providerEndpoints(s, ctx));
      await scope.register(async (s) => registerRegistration(s, ctx, directoryKey));
      await scope.register(async (s) => registerAisp(s, ctx));
    },
    { prefix: MOUNT },
  );
  const host = where.host ?? '127.0.0.1';
  await app.listen({ host, port: where.port ?? 0 });
  const { port } = app.server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return { app, baseUrl: `https://${shownHost}:${port}${MOUNT}` };
}
