/** Liveness (the process answers) and readiness (the database answers). */
import { Type } from 'typebox';
import type { App, AppDeps } from '../../app.ts';
import { problemBody, sendProblem } from '../../http/problem.ts';

export async function healthRoutes(app: App, deps: AppDeps): Promise<void> {
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
