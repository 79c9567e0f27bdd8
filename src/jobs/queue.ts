/**
 * The job queue: pg-boss on the same PostgreSQL (PGlite through pg-boss's adapter). Jobs are enqueued in
 * the caller's transaction, so a write and the work it causes commit together or not at all.
 * Handlers live in their modules; this file only wires names to pg-boss.
 */
import { PgBoss, fromPglite } from 'pg-boss';
import type { Database, Db } from '../db/db.ts';
import { asBossDb } from '../db/db.ts';
import type { EmbeddedDatabase } from '../db/pglite.ts';

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

export interface Queue {
  /** Enqueue inside `tx` (the job exists only if tx commits). singletonKey collapses duplicates waiting in the queue. */
  enqueue(
    tx: Db,
    name: string,
    data: Record<string, unknown>,
    opts?: { singletonKey?: string; startAfterSeconds?: number },
  ): Promise<void>;
  /** Register a handler; workers start polling when `start` was called with workers on. */
  handle(name: string, handler: JobHandler): Promise<void>;
  /** Run every job that is due now, until none are left (tests, CLI). Returns how many ran. */
  drain(names?: string[]): Promise<number>;
  stop(): Promise<void>;
}

export const JOB_NAMES = ['report.compute', 'bank.pull', 'bank.revoke', 'invitation.email'] as const; // queues created at start-up

/** `schema`: pg-boss's schema (default pgboss); tests sharing one PostgreSQL server may give each service its own. */
export async function createQueue(
  db: Database,
  opts: { workers: boolean; databaseUrl: string | null; schema?: string },
): Promise<Queue> {
  const embedded = db.kind === 'pglite';
  const boss = new PgBoss({
    db: embedded ? fromPglite((db as EmbeddedDatabase).pglite) : undefined,
    connectionString: embedded ? undefined : (opts.databaseUrl ?? undefined),
    backend: embedded ? 'pglite' : 'postgres',
    schema: opts.schema ?? 'pgboss',
    supervise: opts.workers,
    schedule: false,
    migrate: true,
  } as ConstructorParameters<typeof PgBoss>[0]);
  boss.on('error', () => undefined);
  await boss.start();
  for (const name of JOB_NAMES) {
    // stately: per singletonKey (a customer) at most one job waiting and one running, so a burst of
    // submissions causes one recomputation, and data arriving during a run still gets its own.
    await boss.createQueue(name, { policy: 'stately' }).catch(() => undefined);
    // Warm pg-boss's queue cache now: a cold cache is filled with a query on pg-boss's own connection,
    // which inside one of our PGlite transactions (a single connection) would wait for itself forever.
    await boss.getJobById(name, '00000000-0000-0000-0000-000000000000');
  }
  const handlers = new Map<string, JobHandler>();

  return {
    async enqueue(tx, name, data, o = {}) {
      await boss.send(name, data, {
        db: asBossDb(tx),
        singletonKey: o.singletonKey,
        startAfter: o.startAfterSeconds,
        retryLimit: 5,
        retryDelay: 5,
        retryBackoff: true,
      } as Parameters<PgBoss['send']>[2]);
    },
    async handle(name, handler) {
      handlers.set(name, handler);
      if (opts.workers) {
        await boss.work(name, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
          for (const job of jobs) await handler(job.data as Record<string, unknown>);
        });
      }
    },
    async drain(names) {
      let ran = 0;
      for (;;) {
        let any = false;
        for (const name of names ?? [...handlers.keys()]) {
          const handler = handlers.get(name);
          if (!handler) continue;
          const jobs = await boss.fetch(name, { batchSize: 10 });
          for (const job of jobs ?? []) {
            any = true;
            ran++;
            try {
              await handler(job.data as Record<string, unknown>);
              await boss.complete(name, job.id);
            } catch (err) {
              await boss.fail(name, job.id, { message: (err as Error).message });
            }
          }
        }
        if (!any) return ran;
      }
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000, close: !embedded } as never);
    },
  };
}
