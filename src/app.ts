/**
 * buildApp(deps): the Fastify instance with its plugins and routes. It never listens (main.ts does),
 * so tests drive it with app.inject against a real database.
 */
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { TypeBoxValidatorCompiler, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { HttpApp } from './http/server.ts';
import type { AppDeps } from './app-deps.ts';
import { newId } from './lib/ids.ts';
import { registerErrorHandling } from './http/problem.ts';
import { ProblemSchema } from './http/wire.ts';
import { registerRoutes } from './routes.ts';

export type { AppDeps } from './app-deps.ts';

export type App = HttpApp;

export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    loggerInstance: deps.logger as unknown as FastifyBaseLogger,
    bodyLimit: deps.config.bodyLimitBytes,
    // Start-up on a busy 2-core machine (tests run two services at once) can pass avvio's 10 s default.
    pluginTimeout: 60_000,
    requestIdHeader: 'x-request-id',
    genReqId: () => newId(),
    // Query strings: repeated keys as arrays are not part of the contract; keep the parser simple.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app);
  app.addSchema(ProblemSchema);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Open Banking Insights API',
        version: '3.0.0',
        description:
          'Bank data and lending insights for UK Open Banking. See docs/api-notes.md for choices where the interface specification is silent.',
      },
      servers: [{ url: deps.config.publicBaseUrl }],
      components: {
        securitySchemes: {
          Bearer: { type: 'http', scheme: 'bearer', description: 'Client access token from POST /oauth/v2/token' },
          AppUserToken: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: '"AppUserToken <customer token>" from POST /public/v3/customers/{customer_id}/token',
          },
        },
      },
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (json.$id as string | undefined) ?? `def-${i}`,
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', logLevel: 'silent' });

  await registerRoutes(app, deps);
  return app;
}
