/** Liveness (the process answers) and readiness (the database answers). */
import { Type } from 'typebox';
import type { HttpApp } from '../../http/server.ts';
import type { Database } from '../../db/db.ts';
import { problemBody, sendProblem } from '../../http/problem.ts';

export interface HealthRoutesDeps {
  db: Pick<Database, 'kind' | 'ping'>;
}

export async function healthRoutes(app: HttpApp, deps: HealthRoutesDeps): Promise<void> {
  app.get(
    '/health',
    {
      logLevel: 'warn',
      schema: {
        tags: ['Operations'],
        summary: 'Liveness',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/ready',
    {
      logLevel: 'warn',
      schema: {
        tags: ['Operations'],
        summary: 'Readiness: 503 when the database is unreachable',
        response: {
          200: Type.Object({ status: Type.Literal('ready'), database: Type.String() }),
          503: Type.Ref('Problem'),
        },
      },
    },
    async (_request, reply) => {
      if (await deps.db.ping()) return { status: 'ready' as const, database: deps.db.kind };
      return sendProblem(reply, problemBody('database_unavailable', 'The database is unreachable.'), {
        'retry-after': '5',
      });
    },
  );
}
