/**
 * The job queue: pg-boss on the same PostgreSQL (PGlite through pg-boss's adapter). Jobs are enqueued in
 * the caller's transaction, so a write and the work it causes commit together or not at all.
 * What jobs exist, what data each carries and how each is retried is src/jobs/registry.ts; handlers live in their
 * modules and are bound to names in src/jobs/handlers.ts. This file only wires them to pg-boss, through pg-boss's
 * own API and queue policies: nothing here reads or writes pg-boss's tables (docs/decisions/0068-sql-stays-in-repositories.md).
 */
import { PgBoss, fromPglite } from 'pg-boss';
import { Value } from 'typebox/value';
import type { Database, Db } from '../db/db.ts';
import { asBossDb } from '../db/db.ts';
import type { EmbeddedDatabase } from '../db/pglite.ts';
import type { JobObserver, QueueDepth } from '../lib/metrics.ts';
import {
  HEARTBEAT_REFRESH_SECONDS,
  JOB_NAMES,
  KEEP_FINISHED_SECONDS,
  SUPERVISE_INTERVAL_SECONDS,
  jobDefinition,
  type JobName,
  type JobPayload,
} from './registry.ts';

/** The function that does a job's work, given the job's data as its payload schema declares it. */
export type JobHandler<N extends JobName = JobName> = (data: JobPayload<N>) => Promise<void>;

export interface EnqueueOptions {
  /** Collapses duplicates as the job's queue policy says (src/jobs/registry.ts). */
  singletonKey?: string;
  startAfterSeconds?: number;
}

export interface Queue {
  /**
   * Enqueue inside `tx` (the job exists only if tx commits). Retries, expiry and policy come from the registry;
   * `data` must be the job's payload (src/jobs/registry.ts): a misspelt or missing field does not compile.
   * Under the short and stately policies a job whose singletonKey already has one waiting is not added (pg-boss's
   * own unique index), so a caller may send on every change and leave the collapsing to pg-boss.
   */
  enqueue<N extends JobName>(tx: Db, name: N, data: JobPayload<N>, opts?: EnqueueOptions): Promise<void>;
  /**
   * Deletes, in `tx`, the jobs of `name` whose singletonKey is one of `keys`, through pg-boss's API (findJobs,
   * deleteJob): a customer's erasure forgets the jobs that name them (docs/decisions/0073-job-data-after-erasure.md).
   * `finishedOnly`: only those completed, failed or cancelled (a job still to run is left to do its work).
   * Returns how many went.
   */
  forget(tx: Db, name: JobName, keys: readonly string[], opts?: { finishedOnly?: boolean }): Promise<number>;
  /** Register a handler; workers start polling when the queue was created with workers on. */
  handle<N extends JobName>(name: N, handler: JobHandler<N>): Promise<void>;
  /**
   * Run every job that is due now, until none are left (tests). Returns how many ran. These runs send no heartbeat:
   * a process with workers on, on the same database, would take one running over 30 s for dead.
   */
  drain(names?: JobName[]): Promise<number>;
  /**
   * Stops taking work; running jobs get up to `graceSeconds` to finish (those still running then are failed, and
   * retried by whichever process takes them up next).
   */
  stop(graceSeconds?: number): Promise<void>;
  /** A round trip to pg-boss's tables on its own connection (readiness); false once stopping. */
  ping(): Promise<boolean>;
  /** Jobs waiting, deferred and running per queue of the registry (metrics). */
  depth(): Promise<QueueDepth[]>;
}

type BossOptions = ConstructorParameters<typeof PgBoss>[0];

/** pg-boss's states of a job that will not run again. */
const FINISHED = new Set<string>(['completed', 'failed', 'cancelled']);

/**
 * `schema`: pg-boss's schema (default pgboss); tests sharing one PostgreSQL server may give each service its own.
 * With workers on, this process runs jobs and keeps the periodic ones on their schedules; with workers off it only
 * enqueues (an API-only process, the CLI, tests that drain by hand).
 */
export async function createQueue(
  db: Database,
  opts: { workers: boolean; databaseUrl: string | null; schema?: string; observer?: JobObserver },
): Promise<Queue> {
  const embedded = db.kind === 'pglite';
  const boss = new PgBoss({
    db: embedded ? fromPglite((db as EmbeddedDatabase).pglite) : undefined,
    connectionString: embedded ? undefined : (opts.databaseUrl ?? undefined),
    backend: embedded ? 'pglite' : 'postgres',
    schema: opts.schema ?? 'pgboss',
    supervise: opts.workers,
    // The supervisor fails jobs whose heartbeat stopped (their process died) and expired ones: often enough that
    // a crashed job is retried within a minute (src/jobs/registry.ts, crash recovery).
    superviseIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
    monitorIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
    schedule: opts.workers,
    migrate: true,
  } as BossOptions);
  boss.on('error', () => undefined);
  await boss.start();
  for (const name of JOB_NAMES) await createJobQueue(boss, name);
  if (opts.workers) {
    for (const name of JOB_NAMES) {
      const cron = jobDefinition(name).cron;
      // `once`: after downtime, one run for the occurrences missed, so a sweep is never skipped for long.
      if (cron) await boss.schedule(name, cron, {}, { tz: 'UTC', missed: 'once' });
    }
  }
  return wrap(boss, { workers: opts.workers, embedded, observer: opts.observer ?? null });
}

/** One pg-boss queue per registry entry, with the entry's policy; an existing queue gets the entry's options. */
async function createJobQueue(boss: PgBoss, name: JobName): Promise<void> {
  const def = jobDefinition(name);
  const options = {
    retryLimit: def.retryLimit,
    retryDelay: def.retryDelaySeconds,
    retryBackoff: def.retryBackoff,
    expireInSeconds: def.expireInSeconds,
    heartbeatSeconds: def.heartbeatSeconds,
    deleteAfterSeconds: def.keepFinishedSeconds ?? KEEP_FINISHED_SECONDS,
  };
  if (await boss.getQueue(name)) await boss.updateQueue(name, options);
  else await boss.createQueue(name, { policy: def.policy, ...options }).catch(() => undefined);
  // Warm pg-boss's queue cache now: a cold cache is filled with a query on pg-boss's own connection,
  // which inside one of our PGlite transactions (a single connection) would wait for itself forever.
  await boss.getJobById(name, '00000000-0000-0000-0000-000000000000');
}

/**
 * A job's data checked against its payload schema before the handler sees it: a job enqueued by an older version
 * (or by hand) with other data fails with the reason instead of reaching the handler half-formed.
 */
export function checkJobData<N extends JobName>(name: N, data: unknown): JobPayload<N> {
  const schema = jobDefinition(name).payload;
  const value = data ?? {};
  if (Value.Check(schema, value)) return value as JobPayload<N>;
  const first = Value.Errors(schema, value)[0];
  throw new Error(
    `job ${name}: its data does not match its payload (${first?.instancePath || '/'}: ${first?.message})`,
  );
}

function checked(name: JobName, handler: JobHandler): (data: unknown) => Promise<void> {
  return (data) => handler(checkJobData(name, data));
}

/**
 * Every run of a job, by a worker or by drain(), goes through this: its duration and outcome are reported (the
 * job metrics, src/lib/metrics.ts), and a failure is rethrown for pg-boss to retry.
 */
function observed(
  name: JobName,
  handler: (data: unknown) => Promise<void>,
  observer: JobObserver | null,
): (data: unknown) => Promise<void> {
  if (observer === null) return handler;
  return async (data) => {
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    try {
      await handler(data);
    } catch (err) {
      observer.observeJob(name, seconds(), 'failed');
      throw err;
    }
    observer.observeJob(name, seconds(), 'completed');
  };
}

/** Queue.forget: pg-boss's findJobs by singleton key, then deleteJob, both on `tx`'s connection. */
async function forgetJobs(
  boss: PgBoss,
  tx: Db,
  name: JobName,
  keys: readonly string[],
  finishedOnly: boolean,
): Promise<number> {
  let gone = 0;
  for (const key of new Set(keys)) {
    const jobs = await boss.findJobs(name, { key, db: asBossDb(tx) } as Parameters<PgBoss['findJobs']>[1]);
    const ids = jobs.filter((j) => !finishedOnly || FINISHED.has(j.state)).map((j) => j.id);
    if (ids.length === 0) continue;
    await boss.deleteJob(name, ids, { db: asBossDb(tx) } as Parameters<PgBoss['deleteJob']>[2]);
    gone += ids.length;
  }
  return gone;
}

function wrap(
  boss: PgBoss,
  {
    workers,
    embedded,
    observer,
  }: {
    workers: boolean;
    embedded: boolean;
    observer: JobObserver | null;
  },
): Queue {
  const handlers = new Map<JobName, (data: unknown) => Promise<void>>();
  let stopping = false;
  return {
    async enqueue(tx, name, data, o = {}) {
      await boss.send(name, data, {
        db: asBossDb(tx),
        singletonKey: o.singletonKey,
        startAfter: o.startAfterSeconds,
      } as Parameters<PgBoss['send']>[2]);
    },
    forget: (tx, name, keys, o = {}) => forgetJobs(boss, tx, name, keys, o.finishedOnly === true),
    async handle(name, bare) {
      if (handlers.has(name)) throw new Error(`job ${name} already has a handler`);
      const handler = observed(name, checked(name, bare as JobHandler), observer);
      handlers.set(name, handler);
      if (workers) {
        const options = { pollingIntervalSeconds: 0.5, heartbeatRefreshSeconds: HEARTBEAT_REFRESH_SECONDS };
        await boss.work(name, options, async (jobs) => {
          for (const job of jobs) await handler(job.data);
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
              await handler(job.data);
              await boss.complete(name, job.id);
            } catch (err) {
              await boss.fail(name, job.id, { message: (err as Error).message });
            }
          }
        }
        if (!any) return ran;
      }
    },
    async stop(graceSeconds = 10) {
      stopping = true;
      await boss.stop({ graceful: true, timeout: graceSeconds * 1000, close: !embedded });
    },
    async ping() {
      if (stopping) return false;
      try {
        return await boss.isInstalled();
      } catch {
        return false;
      }
    },
    async depth() {
      const out: QueueDepth[] = [];
      for (const name of JOB_NAMES) {
        // The counts pg-boss's monitor keeps on its queue table (every SUPERVISE_INTERVAL_SECONDS where workers
        // run), counted afresh by pg-boss when they are over a minute old (no worker running anywhere, the moment
        // depth matters most): never more than one count a minute per queue, however often Prometheus asks.
        const [s] = await boss.getQueueStats(name, { force: true });
        if (s) out.push({ queue: name, waiting: s.queuedCount, deferred: s.deferredCount, active: s.activeCount });
      }
      return out;
    },
  };
}
