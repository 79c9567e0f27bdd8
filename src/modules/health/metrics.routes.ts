/**
 * GET /metrics: the Prometheus text format (docs/operations.md, "Metrics"). Behind a token of its own
 * (METRICS_TOKEN): the figures name routes, jobs and volumes, nothing for the public. The composition root mounts
 * this only when a token is configured; without one the path is an ordinary 404.
 */
import type { FastifyRequest } from 'fastify';
import type { HttpApp } from '../../http/server.ts';
import { AppError } from '../../lib/app-error.ts';
import { constantTimeEqual } from '../../lib/secrets.ts';
import type { Metrics } from '../../lib/metrics.ts';

export interface MetricsRoutesDeps {
  /** the Bearer token Prometheus sends (METRICS_TOKEN or METRICS_TOKEN_FILE) */
  metricsToken: string;
  metrics: Pick<Metrics, 'render'>;
}

/** Bearer <metrics token>, compared in constant time; anything else is 401 Problem Details with a challenge. */
function requireMetricsToken(metricsToken: string) {
  return async function authenticateScraper(request: FastifyRequest): Promise<void> {
    const [, token] = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '') ?? [];
    if (token === undefined || !constantTimeEqual(token, metricsToken)) {
      throw new AppError(
        'unauthorized',
        'GET /metrics takes the metrics token: "Authorization: Bearer <METRICS_TOKEN>".',
        {
          headers: {
            'www-authenticate': `Bearer realm="open-banking-insights-metrics"${token ? ', error="invalid_token"' : ''}`,
          },
        },
      );
    }
  };
}

export async function metricsRoutes(app: HttpApp, deps: MetricsRoutesDeps): Promise<void> {
  app.get(
    '/metrics',
    // Not part of the API's contract (the OpenAPI document): an operator's endpoint, like /admin/v1 is.
    { logLevel: 'warn', schema: { hide: true }, onRequest: requireMetricsToken(deps.metricsToken) },
    async (_request, reply) => {
      const { contentType, body } = await deps.metrics.render();
      return reply.type(contentType).send(body);
    },
  );
}
