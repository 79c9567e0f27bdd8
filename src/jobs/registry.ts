/**
 * The job registry: every piece of background work the service does, declared once here by name, with its payload
 * (a TypeBox schema), its policy, retries and schedule (docs/decisions/0067-jobs-declared-once.md). Everything else
 * derives from this table: pg-boss's queues (src/jobs/queue.ts creates one per entry with these options), the typed
 * enqueue (Queue.enqueue takes JobPayload<name>, so a misspelt or missing field does not compile), the runtime
 * check of a job's data before its handler runs, and the handler table (src/jobs/handlers.ts, whose type requires
 * exactly one handler per entry, taking that entry's payload). Modules enqueue by these names, inside the
 * transaction of the change that causes the work. There are no timer loops of our own: periodic jobs run on
 * pg-boss's schedules (cron, minutes). docs/jobs.md explains each policy and how to add a job.
 *
 * Policies (pg-boss queue policies):
 * - stately: per singletonKey at most one job waiting and one running, so a burst collapses into one run and a
 *   change arriving during a run still gets its own;
 * - short: per singletonKey at most one job waiting (any number running);
 * - singleton: at most one running (per singletonKey), any number waiting;
 * - standard: no such limit.
 */

import { Type, type Static, type TSchema } from 'typebox';

export type JobQueuePolicy = 'standard' | 'short' | 'singleton' | 'stately';

export interface JobDefinition {
  /** What the job does, for the operator (docs/jobs.md, logs). */
  readonly description: string;
  /** The job's data: checked by the compiler where it is enqueued and at run time before its handler runs. */
  readonly payload: TSchema;
  readonly policy: JobQueuePolicy;
  /** What the singletonKey of an enqueued job names (the unit that must not run twice at once), if any. */
  readonly singletonKey?: string;
  /** Tries after the first when the handler throws (a crash, a bug, an outage the handler does not record). */
  readonly retryLimit: number;
  /** Seconds before the first retry; doubled each time (with jitter) when retryBackoff. */
  readonly retryDelaySeconds: number;
  readonly retryBackoff: boolean;
  /**
   * A job still running after this long is taken to be stuck and is failed (and retried if it has tries left).
   * The ceiling for a live but hung handler; a dead process is noticed much sooner, by the heartbeat.
   */
  readonly expireInSeconds: number;
  /**
   * The worker running a job stamps it every HEARTBEAT_REFRESH_SECONDS; a job whose stamp is older than this is
   * taken to belong to a dead process and is retried (pg-boss's heartbeat). pg-boss accepts 10 or more.
   */
  readonly heartbeatSeconds: number;
  /**
   * How long pg-boss keeps a finished (completed, failed or cancelled) job, then deletes it: KEEP_FINISHED_SECONDS
   * unless the job's data names something of a customer that must not outlive an erasure by long
   * (docs/decisions/0073-job-data-after-erasure.md).
   */
  readonly keepFinishedSeconds?: number;
  /** Cron expression (UTC) for periodic jobs; pg-boss runs it once per occurrence across every process. */
  readonly cron?: string;
}

/**
 * Crash recovery. A running job's worker refreshes the job's heartbeat every HEARTBEAT_REFRESH_SECONDS, so a
 * handler that takes minutes (a bank pull) is never mistaken for a lost one; the supervisor (every
 * SUPERVISE_INTERVAL_SECONDS, in each process with workers on) fails a job whose heartbeat is older than
 * JOB_HEARTBEAT_SECONDS, and the job's retry policy takes it up again. A job cut off by a crash is thus retried
 * about HEARTBEAT + SUPERVISE (+ its first retry delay) seconds after the crash, or within one supervise interval of
 * a restart: well inside a minute for report.compute. Three refreshes may be missed (an event loop blocked for
 * up to ~20 s by a large computation) before a live job is taken for dead.
 */
export const JOB_HEARTBEAT_SECONDS = 30;

/**
 * Finished jobs are kept a day for the operator (what ran, what failed and why), then pg-boss deletes them (its
 * default is 7 days). A customer's erasure deletes at once the jobs that name the customer
 * (docs/decisions/0073-job-data-after-erasure.md); this is the bound for everything else.
 */
export const KEEP_FINISHED_SECONDS = 86_400;
export const HEARTBEAT_REFRESH_SECONDS = 10;
export const SUPERVISE_INTERVAL_SECONDS = 15;

/** A periodic sweep: one run at a time, no retries (the next occurrence runs it again). */
const PERIODIC_SWEEP = {
  payload: Type.Object({}),
  policy: 'singleton',
  retryLimit: 0,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds: 300,
  heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
} as const;

export const JOBS = {
  'report.compute': {
    description:
      "Announce a customer's changed transactions (TRANSACTIONS_UPDATED), recompute their reports after their data changed, then announce them by webhook.",
    payload: Type.Object({ customer_id: Type.String() }),
    policy: 'stately',
    singletonKey: 'customer id',
    retryLimit: 5,
    retryDelaySeconds: 5,
    retryBackoff: true,
    // A 100 000-transaction history takes seconds; a run still active after 5 minutes is stuck.
    expireInSeconds: 300,
    heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
  },
  'bank.pull': {
    description: "Read a consent's accounts, balances, transactions, statements and parties from its bank.",
    // customer_ip: the customer's address, sealed (present for a pull the customer started in person).
    payload: Type.Object({ pull_id: Type.String(), customer_ip: Type.Optional(Type.String()) }),
    policy: 'stately',
    singletonKey: 'consent id',
    // Bank failures are retried by the pull run itself (BANK_PULL_RETRY_SCHEDULE, recorded on the run); pg-boss
    // retries only what the run could not record: a crash (noticed by the heartbeat) or an expired job. A crashed
    // pull is taken up again at once: the bank was not the problem.
    retryLimit: 2,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 900,
    heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
  },
  'bank.revoke': {
    description: 'Delete a consent at its bank (customer erased, consent revoked or abandoned).',
    payload: Type.Object({ bank_slug: Type.String(), bank_consent_id: Type.String() }),
    policy: 'stately',
    singletonKey: 'bank consent id',
    // The bank's consent id of an erased customer: the erasure enqueues this job, so it outlives the erasure; once
    // done it goes within the hour (docs/decisions/0073-job-data-after-erasure.md).
    keepFinishedSeconds: 3_600,
    // A bank outage can last hours: keep trying with growing gaps (about a day in all).
    retryLimit: 10,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 120,
    heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
  },
  'invitation.email': {
    description: "Send an invitation's e-mail (at least once; a sent one is never sent again).",
    payload: Type.Object({ invitation_id: Type.String() }),
    policy: 'stately',
    singletonKey: 'invitation id',
    retryLimit: 5,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 120,
    heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
  },
  'reconfirmation.email': {
    description: "Send a reconfirmation link's e-mail (at least once; a sent one is never sent again).",
    payload: Type.Object({ reconfirmation_id: Type.String() }),
    policy: 'stately',
    singletonKey: 'reconfirmation link id',
    retryLimit: 5,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 120,
    heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
  },
  'webhook.dispatch': {
    description:
      'Send the webhook deliveries that are due (the outbox), record each attempt, and plan the next run for the earliest retry.',
    payload: Type.Object({}),
    // One job waiting per due time: events emitted together share one run; runs may overlap (deliveries are leased).
    policy: 'short',
    singletonKey: 'due time (second)',
    // Delivery attempts have their own schedule on each delivery row; a failed run is simply run again.
    retryLimit: 3,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 300,
    heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
    // Safety net: leases that lapsed, a run lost with its process.
    cron: '* * * * *',
  },
  'transactions.maintain': {
    description:
      'VACUUM (ANALYZE) the partition of transactions a large submission or bank pull wrote to (10 000 rows or more).',
    payload: Type.Object({ partition: Type.String() }),
    // One waiting and one running per partition: a burst of large submissions collapses into one run.
    policy: 'stately',
    singletonKey: 'partition name',
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    // A partition of a 100-million-row table (6 million rows) vacuums in minutes on a server.
    expireInSeconds: 1800,
    heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
  },
  'transactions.analyze': {
    description:
      'ANALYZE the transactions table (the columns the reads filter and order on) after a write of 10 000 rows or more, so the planner reads pages in index order.',
    payload: Type.Object({}),
    // One waiting and one running for the whole table: a burst of large writes collapses into one run.
    policy: 'stately',
    singletonKey: "'transactions' (the table)",
    // A failure only costs slower reads until the next large write or autovacuum's own analyze.
    retryLimit: 1,
    retryDelaySeconds: 30,
    retryBackoff: false,
    expireInSeconds: 600,
    heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
  },
  'consent.sweep': {
    description:
      'Reject abandoned authorisations, revoke lapsed reconfirmations, queue due refreshes and requeue pulls left running by a dead process.',
    ...PERIODIC_SWEEP,
    cron: '* * * * *',
  },
  'consent.expiry-scan': {
    description:
      'Warn (CONSENT_EXPIRING) of consents whose bank expiry or 90-day reconfirmation is near, once per consent and moment; end consents past their bank expiry (CONSENT_EXPIRED).',
    // Warnings are days ahead: every quarter of an hour is plenty. The marks make a run after downtime, or two
    // overlapping runs, send nothing twice (docs/decisions/0059-consent-expiry-and-reconfirmation.md).
    ...PERIODIC_SWEEP,
    cron: '*/15 * * * *',
  },
  'connect.housekeeping': {
    description: 'Delete hosted connect sessions and component URLs a day after they expired.',
    ...PERIODIC_SWEEP,
    cron: '17 * * * *',
  },
  'console.housekeeping': {
    description: 'Delete lender console sessions past their idle timeout or their absolute lifetime.',
    ...PERIODIC_SWEEP,
    cron: '23 * * * *',
  },
  'auth.housekeeping': {
    description:
      'Delete access and customer tokens a week after they expired (until then a client is told token_expired), in bounded batches.',
    ...PERIODIC_SWEEP,
    cron: '47 * * * *',
  },
  'idempotency.prune': {
    description:
      'Delete Idempotency-Keys whose 24-hour window has passed, in bounded batches (the next run goes on where one stopped).',
    ...PERIODIC_SWEEP,
    cron: '41 * * * *',
  },
  'retention.apply': {
    description:
      "Apply each client's retention period (data_retention_days): erase customers inactive for longer, delete older raw payloads, finished webhook deliveries and replaced reports; each erasure and run in the audit log.",
    ...PERIODIC_SWEEP,
    // Bounded per run (src/modules/customers/customers.retention.ts, RETENTION_LIMITS): the next hour goes on.
    expireInSeconds: 900,
    cron: '29 * * * *',
  },
} as const satisfies Record<string, JobDefinition>;

export type JobName = keyof typeof JOBS;

export const JOB_NAMES = Object.keys(JOBS) as JobName[];

/** The data a job of `name` carries, as its payload schema says. */
export type JobPayload<N extends JobName> = Static<(typeof JOBS)[N]['payload']>;

export function jobDefinition(name: JobName): JobDefinition {
  return JOBS[name];
}
