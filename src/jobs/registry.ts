/**
 * The job registry: every piece of background work the service does, by name, with its own policy. pg-boss runs
 * them (src/jobs/queue.ts creates one queue per entry with these options); src/jobs/handlers.ts binds each name to
 * the module function that does the work. Modules enqueue by these names, inside the transaction of the change that
 * causes the work. There are no timer loops of our own: periodic jobs run on pg-boss's schedules (cron, minutes).
 * docs/jobs.md explains each policy.
 *
 * Policies (pg-boss queue policies):
 * - stately: per singletonKey at most one job waiting and one running, so a burst collapses into one run and a
 *   change arriving during a run still gets its own;
 * - short: per singletonKey at most one job waiting (any number running);
 * - singleton: at most one running (per singletonKey), any number waiting;
 * - standard: no such limit.
 */

export type JobQueuePolicy = 'standard' | 'short' | 'singleton' | 'stately';

export interface JobDefinition {
  /** What the job does, for the operator (docs/jobs.md, logs). */
  readonly description: string;
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
export const HEARTBEAT_REFRESH_SECONDS = 10;
export const SUPERVISE_INTERVAL_SECONDS = 15;

/** A periodic sweep: one run at a time, no retries (the next occurrence runs it again). */
const PERIODIC_SWEEP = {
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
    policy: 'stately',
    singletonKey: 'bank consent id',
    // A bank outage can last hours: keep trying with growing gaps (about a day in all).
    retryLimit: 10,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 120,
    heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
  },
  'invitation.email': {
    description: "Send an invitation's e-mail (at least once; a sent one is never sent again).",
    policy: 'stately',
    singletonKey: 'invitation id',
    retryLimit: 5,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 120,
    heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
  },
  'webhook.dispatch': {
    description:
      'Send the webhook deliveries that are due (the outbox), record each attempt, and plan the next run for the earliest retry.',
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
  'consent.sweep': {
    description:
      'Reject abandoned authorisations, revoke lapsed reconfirmations, queue due refreshes and requeue pulls left running by a dead process.',
    ...PERIODIC_SWEEP,
    cron: '* * * * *',
  },
  'connect.housekeeping': {
    description: 'Delete hosted connect sessions and component URLs a day after they expired.',
    ...PERIODIC_SWEEP,
    cron: '17 * * * *',
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

export function jobDefinition(name: JobName): JobDefinition {
  return JOBS[name];
}
