/**
 * Everything the composition root (src/app/app.ts, src/app/routes.ts, src/jobs/handlers.ts, src/main.ts) hands out.
 * Modules never import this: each declares the narrow interface it needs, which AppDeps satisfies.
 */
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/db.ts';
import type { LaggingReads } from '../db/read-replica.ts';
import type { Clock } from '../lib/clock.ts';
import type { Queue } from '../jobs/queue.ts';
import type { WorkerPool } from '../workers/pool.ts';
import type { BankLinks } from '../banks/index.ts';
import type { SandboxBank } from '../sandbox-bank/index.ts';
import type { Metrics } from '../lib/metrics.ts';

export interface AppDeps {
  config: Readonly<Config>;
  db: Database;
  /** where reads that may lag go (src/db/read-replica.ts): the replica once it has caught up, else db */
  reads: LaggingReads;
  clock: Clock;
  /** the installation key (src/app/installation-key.ts, loadInstallationKey) */
  installationKey: string;
  queue: Queue;
  /** the worker-thread pool for CPU-heavy pure work (src/app/runtime.ts, src/workers/pool.ts) */
  workerPool: WorkerPool;
  logger: Logger;
  /** the banks this installation can connect to (src/app/runtime.ts) */
  banks: BankLinks;
  /** the sandbox bank when it runs: src/app/routes.ts mounts its plugin */
  sandboxBank: SandboxBank | null;
  /** this service's metrics (src/app/runtime.ts makes them; src/app/app.ts times requests into them, GET /metrics shows them) */
  metrics: Metrics;
}
