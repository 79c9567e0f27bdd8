/**
 * buildApp(deps): the Fastify instance with its plugins and routes. It never listens (main.ts does),
 * so tests drive it with app.inject against a real database.
 */
import { registerThrottling } from '../http/throttle.ts';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { validatorCompiler } from '../http/validation.ts';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import { addCodeSamples, addExamples, describeResponses, nameBodySchemas, withOperationId } from '../http/openapi.ts';
import { DEFAULT_BODY_LIMIT_BYTES, type HttpApp } from '../http/server.ts';
import type { AppDeps } from './app-deps.ts';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Logger } from 'pino';
import { lazyChildLogger } from './logger.ts';
import { lazySerializers } from '../http/lazy-serializers.ts';
import { registerErrorHandling } from '../http/problem.ts';
import { clientErrorHandler, registerMethodAnswers } from '../http/edge-answers.ts';
import { frameworkErrors, registerInputGuards } from '../http/input-guard.ts';
import { cookieSigningKey } from '../http/browser-binding.ts';
import { registerSecurityHeaders } from '../http/headers.ts';
import { registerBodyPace } from '../http/body-pace.ts';
import { ProblemSchema } from '../http/wire.ts';
import { registerDocsUi } from '../docs-ui/docs-ui.ts';
import { registerOperationsRoutes, registerRoutes } from './routes.ts';

export type { AppDeps } from './app-deps.ts';

export type App = HttpApp;

/**
 * The Fastify instance every role starts from: logging, request ids, timeouts, Problem Details, input guards, the
 * request metrics and the security headers. No routes. The admin listener starts from it too (src/app/admin-server.ts).
 */
export async function createServer(deps: AppDeps): Promise<App> {
  const app = Fastify({
    loggerInstance: deps.logger as unknown as FastifyBaseLogger,
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    // Start-up on a busy 2-core machine (tests run two services at once) can pass avvio's 10 s default.
    pluginTimeout: 60_000,
    requestIdHeader: 'x-request-id',
    // A request id only has to be unique: node's pooled randomUUID, not a UUIDv7 with its own random draw per id
    // (docs/decisions/0031-small-reads-in-one-round-trip.md, "Fixed costs of a request").
    genReqId: () => randomUUID(),
    // The request's child logger is made when it first writes a line (src/app/logger.ts).
    childLoggerFactory: (logger, bindings, options) =>
      lazyChildLogger(logger as Logger, bindings, options as Record<string, unknown>) as FastifyBaseLogger,
    // Each response schema's serialiser is compiled on its first use, not while start-up (src/http/lazy-serializers.ts).
    schemaController: { compilersFactory: { buildSerializer: lazySerializers() } },
    // Query strings: repeated keys as arrays are not part of the contract; keep the parser simple.
    routerOptions: { ignoreTrailingSlash: true },
    // docs/security.md, "Timeouts": headers within 20 s, nothing at all for 60 s ends the connection, and a whole
    // request (a 100 000-transaction upload included) within 10 minutes; the body's pace is watched too (below).
    connectionTimeout: 60_000,
    requestTimeout: 600_000,
    // Node checks the header timeout only every connectionsCheckingInterval (30 s by default, so a slow sender was
    // cut at up to 50 s): checked every second, headers not in by 20 s get a 408 (src/http/edge-answers.ts).
    http: { headersTimeout: 20_000, connectionsCheckingInterval: 1_000 },
    // Node's own 400/431/408 (a request line or headers it cannot parse or will not wait for): Problem Details.
    clientErrorHandler,
    // Forwarded addresses are believed only from the configured proxies (src/http/client-address.ts).
    trustProxy: deps.config.trustedProxies.length > 0 ? [...deps.config.trustedProxies] : false,
    frameworkErrors, // a path segment that is not UTF-8: a Problem Details 400 (src/http/input-guard.ts)
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler); // TypeBox's, with a shortcut for string-only params (src/http/validation.ts)
  // Hooks on every request take a callback, not a promise (docs/decisions/0031-small-reads-in-one-round-trip.md).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  // Request latency by route template (never the URL: no ids in labels); no route matched is "unmatched".
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    deps.metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  registerErrorHandling(app);
  registerMethodAnswers(app); // OPTIONS 204 with Allow, TRACE 405
  registerInputGuards(app, DEFAULT_BODY_LIMIT_BYTES);
  app.addSchema(ProblemSchema);
  await registerSecurityHeaders(app);
  return app;
}

/** The whole service: the API, the hosted pages, the sandbox bank, the docs, and the operations endpoints. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = await createServer(deps);
  // Signed cookies bind browser flows to the browser that started them (src/http/browser-binding.ts).
  await app.register(cookie, { secret: cookieSigningKey(deps.installationKey) });
  await registerThrottling(app, deps.db);
  registerBodyPace(app, {
    minBytesPerSecond: deps.config.bodyMinBytesPerSecond,
    graceSeconds: deps.config.bodyRateGraceSeconds,
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Open Banking Insights API',
        version: '3.0.0',
        license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
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
    // Operation names and named body schemas for client generators (src/http/openapi.ts).
    transform: ({ schema, url, route }) => ({ schema: withOperationId(schema, route) as typeof schema, url }),
    transformObject: (documents) =>
      'openapiObject' in documents
        ? addExamples(addCodeSamples(describeResponses(nameBodySchemas(documents.openapiObject))))
        : documents.swaggerObject,
  });
  // Text answers and assets of 1 KiB or more are compressed, brotli (quality 4) or gzip as the client accepts
  // (docs/decisions/0049-reference-and-compression.md): up to 8 KiB on the event loop, larger ones and streams on
  // libuv's threads. Request bodies are never decompressed (the body limits stay the bytes received). Binary types
  // (PDF, images) are left alone: mime-db says they do not compress.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
  });
  // The API reference at /docs (Redoc, prerendered, served locally, its own CSP): src/docs-ui/docs-ui.ts.
  await registerDocsUi(app, { cacheDir: path.join(deps.config.dataDir, 'cache', 'docs'), logger: deps.logger });

  await registerRoutes(app, deps);
  return app;
}

/**
 * A worker process's server (ROLE=worker, docs/operations.md): /health, /ready and /metrics only, so an
 * orchestrator can probe it and Prometheus scrape it; the API is served by the api processes.
 */
export async function buildWorkerApp(deps: AppDeps): Promise<App> {
  const app = await createServer(deps);
  await registerOperationsRoutes(app, deps);
  return app;
}
