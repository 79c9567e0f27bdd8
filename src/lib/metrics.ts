/**
 * The service's Prometheus metrics (GET /metrics, docs/operations.md). Every metric is declared here, once, on a
 * registry of this service's own (never prom-client's global one: two services in one process, as in the tests,
 * must not count into each other). The edges only report what happened: the HTTP server its requests
 * (src/app/app.ts), the job queue its runs (src/jobs/queue.ts); the queue depth and the database pool are read when
 * Prometheus asks (src/app/runtime.ts hands over where to read them).
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Jobs waiting, deferred and running in one queue, as pg-boss counts them. */
export interface QueueDepth {
  queue: string;
  /** created or retrying, deferred ones included */
  waiting: number;
  /** waiting for their start time (a retry's back-off, a scheduled start) */
  deferred: number;
  active: number;
}

/** A connection pool's state (node-postgres: totalCount, idleCount, waitingCount). */
export interface PoolStats {
  total: number;
  idle: number;
  /** queries waiting for a connection */
  waiting: number;
}

/** What the job queue reports (src/jobs/queue.ts); Metrics satisfies it. */
export interface JobObserver {
  observeJob(name: string, seconds: number, outcome: 'completed' | 'failed'): void;
}

export interface Metrics extends JobObserver {
  readonly registry: Registry;
  /** `route` is the route's template (`/public/v3/customers/:customer_id`), never the URL: no ids in labels. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** Where the queue depth is read at each scrape (a failed read leaves the gauge empty for that scrape). */
  readQueueDepthFrom(source: () => Promise<QueueDepth[]>): void;
  /** Where the database pool's state is read at each scrape; never called where there is no pool. */
  readPoolFrom(source: () => PoolStats): void;
  /** A read that may lag went to the replica or, the replica being behind or away, to the primary (src/db/read-replica.ts). */
  observeLaggingRead(servedBy: 'replica' | 'primary'): void;
  /** The text exposition format, and its content type. */
  render(): Promise<{ contentType: string; body: string }>;
}

export const METRIC_NAMES = {
  requestDuration: 'obi_http_request_duration_seconds',
  jobDuration: 'obi_job_duration_seconds',
  jobFailures: 'obi_job_failures_total',
  queueJobs: 'obi_queue_jobs',
  poolConnections: 'obi_db_pool_connections',
  poolWaiting: 'obi_db_pool_waiting_queries',
  laggingReads: 'obi_db_lagging_reads_total',
} as const;

/** HTTP methods a label may name; anything else a client sends is counted as "other" (labels stay few). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** 5 ms … 60 s: API calls are milliseconds, a 100 000-transaction submission seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** 10 ms … 15 min (bank.pull's expiry). */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900];

export function createMetrics(): Metrics {
  const registry = new Registry();
  // process_* and nodejs_* (event-loop delay from monitorEventLoopDelay: nodejs_eventloop_lag_p99_seconds, …).
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: METRIC_NAMES.requestDuration,
    help: 'HTTP requests: time from arrival to the end of the answer, by route template, method and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: METRIC_NAMES.jobDuration,
    help: 'Background job runs in this process, by job name and outcome',
    labelNames: ['job', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: METRIC_NAMES.jobFailures,
    help: 'Background job runs in this process that threw (pg-boss retries them as the job registry says)',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  let laggingReads: Counter<'served_by'> | null = null;
  let queueSource: (() => Promise<QueueDepth[]>) | null = null;
  queueGauge(registry, () => queueSource?.() ?? Promise.resolve([]));
  let poolSource: (() => PoolStats) | null = null;
  return {
    registry,
    observeRequest(method, route, statusCode, seconds) {
      const m = METHODS.has(method) ? method : 'other';
      requestDuration.observe({ method: m, route, status_code: String(statusCode) }, seconds);
    },
    observeJob(name, seconds, outcome) {
      jobDuration.observe({ job: name, outcome }, seconds);
      if (outcome === 'failed') jobFailures.inc({ job: name });
    },
    observeLaggingRead(servedBy) {
      // Registered on first use: only a process with a replica (DATABASE_READ_URL) shows it.
      laggingReads ??= new Counter({
        name: METRIC_NAMES.laggingReads,
        help: 'Reads that may lag (DATABASE_READ_URL), by the database that served them: the replica, or the primary when the replica had not yet replayed what the reader could have seen (or was unreachable)',
        labelNames: ['served_by'] as const,
        registers: [registry],
      });
      laggingReads.inc({ served_by: servedBy });
    },
    readQueueDepthFrom(source) {
      queueSource = source;
    },
    readPoolFrom(source) {
      // The pool's gauges exist only where there is a pool (not on the embedded engine).
      if (poolSource === null) poolGauges(registry, () => poolSource?.() ?? null);
      poolSource = source;
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

/**
 * One gauge, the state a label: the three figures come from one read, and prom-client collects separate gauges
 * concurrently, so one gauge per figure would need a shared read. Queue depth is state="waiting".
 */
function queueGauge(registry: Registry, read: () => Promise<QueueDepth[]>): void {
  new Gauge({
    name: METRIC_NAMES.queueJobs,
    help: 'Jobs per queue by state, as pg-boss counted them at most a minute ago: waiting (created or retrying, not yet running; deferred ones included), deferred (waiting for their start time), active (running in any process)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      // The database may be down: this scrape then has no queue figures, and /ready says why.
      const depths = await read().catch(() => []);
      this.reset();
      for (const d of depths) {
        this.set({ queue: d.queue, state: 'waiting' }, d.waiting);
        this.set({ queue: d.queue, state: 'deferred' }, d.deferred);
        this.set({ queue: d.queue, state: 'active' }, d.active);
      }
    },
  });
}

function poolGauges(registry: Registry, read: () => PoolStats | null): void {
  new Gauge({
    name: METRIC_NAMES.poolConnections,
    help: 'Database pool connections by state (PostgreSQL; the embedded engine has no pool)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const stats = read();
      if (stats === null) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'busy' }, stats.total - stats.idle);
    },
  });
  new Gauge({
    name: METRIC_NAMES.poolWaiting,
    help: 'Queries waiting for a free database connection (PostgreSQL)',
    registers: [registry],
    collect() {
      this.reset();
      const stats = read();
      if (stats !== null) this.set(stats.waiting);
    },
  });
}
