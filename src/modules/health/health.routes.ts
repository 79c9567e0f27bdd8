/**
 * Liveness (the process answers: nothing else is asked, so a load balancer or orchestrator never restarts a process
 * for a database outage it cannot cure) and readiness (the database and the job queue answer).
 */
import { Type } from 'typebox';
import type { HttpApp } from '../../http/server.ts';
import type { Database } from '../../db/db.ts';
import type { Queue } from '../../jobs/queue.ts';
import { problemBody, sendProblem } from '../../http/problem.ts';

export interface HealthRoutesDeps {
  db: Pick<Database, 'kind' | 'ping'>;
  queue: Pick<Queue, 'ping'>;
}

export async function healthRoutes(app: HttpApp, deps: HealthRoutesDeps): Promise<void> {
  app.get(
    '/health',
    {
      logLevel: 'warn',
      schema: {
        tags: ['Operations'],
        summary: 'Liveness',
        description:
          "Answers 200 while the process runs, without touching the database: for an orchestrator's liveness probe. No credentials.",
        response: {
          200: Type.Object({
            status: Type.Literal('ok', { description: 'always ok: the process is alive and answering' }),
          }),
        },
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
        summary: 'Readiness: 503 when the database or the job queue is unreachable (or the process is stopping)',
        description:
          'Answers 200 when this process can serve requests: the database answers and the job queue is reachable. 503 while either is not, or while the process is shutting down, so a load balancer stops sending it traffic. No credentials.',
        response: {
          200: Type.Object({
            status: Type.Literal('ready', { description: 'always ready: the database and the job queue answered' }),
            database: Type.String({ description: 'which database engine answers: embedded or postgres' }),
          }),
          503: Type.Ref('Problem'),
        },
      },
    },
    async (_request, reply) => {
      const [database, queue] = await Promise.all([deps.db.ping(), deps.queue.ping()]);
      if (!database) {
        return sendProblem(reply, problemBody('database_unavailable', 'The database is unreachable.'), {
          'retry-after': '5',
        });
      }
      if (!queue) {
        return sendProblem(reply, problemBody('queue_unavailable', 'The job queue is unreachable or stopping.'), {
          'retry-after': '5',
        });
      }
      return { status: 'ready' as const, database: deps.db.kind };
    },
  );
}
