/**
 * Opening the service's moving parts in order: database → migrations → installation key → bootstrap clients → queue.
 * Shared by the server (main.ts), the CLI and the tests, so all three see the same start-up.
 */
import type { Config } from '../config/config.ts';
import type { Database } from '../db/db.ts';
import { openDatabase } from '../db/open.ts';
import { openPostgres } from '../db/postgres.ts';
import { primaryReads, replicaReads, type LaggingReads } from '../db/read-replica.ts';
import { migrate } from '../db/migrate.ts';
import { discardInterruptedIngests, SUBMISSION_WARM_UP } from '../modules/transactions/index.ts';
import { warnIfAutovacuumOff } from '../db/autovacuum.ts';
import { createQueue, type Queue } from '../jobs/queue.ts';
import { createWorkerPool, type WorkerPool } from '../workers/pool.ts';
import { ensureBootstrapClients, type BootstrapOutcome } from '../modules/clients/index.ts';
import { finishInterruptedErasures } from '../modules/customers/index.ts';
import { checkKeyFingerprint, loadInstallationKey, type KeyLog } from './installation-key.ts';
import type { Clock } from '../lib/clock.ts';
import { createMetrics, type Metrics } from '../lib/metrics.ts';
import {
  callbackUrl,
  createBankLinks,
  SANDBOX_SLUGS,
  sandboxBankBaseUrl,
  type BankConnectionSettings,
  type BankLinks,
} from '../banks/index.ts';
import { startSandboxBank, type SandboxBank, type SandboxClientCredentials } from '../sandbox-bank/index.ts';

/** Where start-up reports what it did (the server's logger); pino's Logger fits. */
export interface StartupLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface Runtime {
  db: Database;
  /** where reads that may lag go: the replica (DATABASE_READ_URL) when it has caught up, else db */
  reads: LaggingReads;
  installationKey: string;
  queue: Queue;
  /** threads for CPU-heavy pure work (report computation, large submissions): src/workers/pool.ts */
  workerPool: WorkerPool;
  /** what OBI_BOOTSTRAP_CLIENTS did at this start */
  bootstrap: BootstrapOutcome;
  /** the banks this installation can connect to (configured ones, and the sandbox bank's when it runs) */
  banks: BankLinks;
  /** the sandbox bank, when it runs (its plugin is mounted by src/app/routes.ts) */
  sandboxBank: SandboxBank | null;
  /** this service's metrics (GET /metrics): its own registry; the queue reports its jobs into it */
  metrics: Metrics;
  /** Stops the queue (running jobs get up to `graceSeconds` to finish), the sandbox bank, then the database. */
  close(graceSeconds?: number): Promise<void>;
}

export async function openRuntime(
  config: Readonly<Config>,
  clock: Clock,
  opts: { db?: Database; queue?: boolean; queueSchema?: string; log?: StartupLog; sandboxBank?: boolean } = {},
): Promise<Runtime> {
  const db = opts.db ?? (await openDatabase(config, { log: opts.log }));
  const metrics = createMetrics();
  // A replica that is away at start is no reason not to start: reads go to the primary meanwhile.
  const replica = config.databaseReadUrl ? await openPostgres(config.databaseReadUrl, { lazy: true }) : null;
  const reads = replica ? replicaReads(db, replica, (to) => metrics.observeLaggingRead(to)) : primaryReads(db);
  let sandboxBank: SandboxBank | null = null;
  // Started beside the database's work below: its RSA keys are generated on libuv's threads meanwhile.
  const sandboxStarting = config.sandboxBank && opts.sandboxBank !== false ? startSandbox(config, clock) : null;
  sandboxStarting?.catch(() => undefined); // its failure is thrown where it is awaited, below
  try {
    await migrate(db);
    // The embedded engine's staged loads a stopped process left pending: their rows go (a server stages none).
    if (db.kind === 'pglite') await discardInterruptedIngests(db);
    // Erasures in batches a stopped process left under way (docs/decisions/0074-embedded-erasure-in-batches.md).
    await finishInterruptedErasures(db);
    if (opts.log) await warnIfAutovacuumOff(db, opts.log);
    const installationKey = await loadInstallationKey(config, db, keyLog(opts.log));
    await checkKeyFingerprint(config, db, installationKey, keyLog(opts.log));
    const bootstrap = await ensureBootstrapClients(db, installationKey, config.bootstrapClients, clock.now());
    if (opts.log) logBootstrap(opts.log, bootstrap);
    const queue =
      opts.queue === false
        ? inertQueue()
        : await createQueue(db, {
            workers: config.workers,
            databaseUrl: config.databaseUrl,
            schema: opts.queueSchema,
            observer: metrics,
          });
    metrics.readQueueDepthFrom(() => queue.depth());
    if (db.poolStats) metrics.readPoolFrom(db.poolStats.bind(db));
    sandboxBank = await sandboxStarting;
    const banks = createBankLinks({ ...config.bankConnections, ...sandboxConnections(sandboxBank) }, { clock });
    if (opts.log) logIncompleteBanks(opts.log, config);
    // A process that serves the API keeps a thread ready for large submissions (WORKER_WARM, src/workers/pool.ts).
    const workerPool = createWorkerPool(config.workerThreads, {
      warm: config.workerWarm && config.role !== 'worker' ? SUBMISSION_WARM_UP : undefined,
    });
    return {
      db,
      reads,
      installationKey,
      queue,
      workerPool,
      bootstrap,
      banks,
      sandboxBank,
      metrics,
      async close(graceSeconds) {
        await queue.stop(graceSeconds).catch(() => undefined);
        // After the queue: a report job still running gets its computation back before the threads stop.
        await workerPool.close().catch(() => undefined);
        await sandboxBank?.close().catch(() => undefined);
        await replica?.close().catch(() => undefined);
        await db.close();
      },
    };
  } catch (err) {
    await sandboxStarting?.then((s) => s.close()).catch(() => undefined);
    await replica?.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw err;
  }
}

/** The sandbox bank, with its mutual-TLS listener and a test certificate authority generated for this run. */
function startSandbox(config: Readonly<Config>, clock: Clock): Promise<SandboxBank> {
  return startSandboxBank({
    clock,
    baseUrl: sandboxBankBaseUrl(config.publicBaseUrl),
    slugs: [...SANDBOX_SLUGS],
    redirectUris: [callbackUrl(config.publicBaseUrl)],
    mtls: { host: '127.0.0.1', port: config.sandboxBankMtlsPort },
  });
}

/**
 * The sandbox banks as connections like any other. Sandbox Bank answers with the hybrid response (code id_token)
 * and authenticates us by private_key_jwt; Sandbox Business Bank by tls_client_auth, answering with JARM: between
 * them they exercise both ways of each (src/sandbox-bank/index.ts). Sandbox No-PAR Bank has no PAR endpoint and
 * wants the client assertion's aud to be its token endpoint; it runs on `auto` (hybrid, the UK baseline). Each one's
 * API is also reached on its host alias (localhost), which its `alias-next` switch writes into Links.Next.
 */
function sandboxConnections(sandbox: SandboxBank | null): Record<string, BankConnectionSettings> {
  if (!sandbox) return {};
  const out: Record<string, BankConnectionSettings> = {};
  const mode = { sandbox: 'hybrid', 'sandbox-business': 'jarm', 'sandbox-no-par': 'auto' } as const;
  for (const slug of SANDBOX_SLUGS) {
    const c: SandboxClientCredentials = sandbox.client(slug);
    const alias = new URL(c.apiBaseUrl);
    alias.hostname = 'localhost';
    out[slug] = {
      discoveryUrl: c.discoveryUrl,
      apiBaseUrl: c.apiBaseUrl,
      clientId: c.clientId,
      authMethod: c.authMethod,
      signingKey: { pem: c.signingKeyPem, kid: c.signingKeyId },
      tls: { ca: c.caPem, cert: c.certPem, key: c.keyPem },
      authorizationResponse: mode[slug],
      clientAssertionAudience: slug === 'sandbox-no-par' ? 'token_endpoint' : 'issuer',
      apiBaseUrlAliases: [alias.toString()],
      timeoutMs: 30_000,
      financialId: c.financialId,
      maxRetryWaitSeconds: 30,
    };
  }
  return out;
}

/** A bank named in BANK_CONNECTIONS without everything it needs is said so at every start, and not offered. */
function logIncompleteBanks(log: StartupLog, config: Readonly<Config>): void {
  for (const { slug, missing } of config.bankConnectionsIncomplete) {
    log.warn(
      { bank: slug, missing },
      `BANK_CONNECTIONS: ${slug} is not offered to customers until its configuration is complete; missing: ${missing.join(', ')}`,
    );
  }
}

/**
 * OBI_BOOTSTRAP_CLIENTS creates each client once; one that exists keeps its secret (a rotation is never undone by a
 * restart) and one deleted is not brought back (docs/decisions/0026-client-lifecycle.md).
 */
function logBootstrap(log: StartupLog, outcome: BootstrapOutcome): void {
  if (outcome.created.length > 0) log.info({ clients: outcome.created }, 'OBI_BOOTSTRAP_CLIENTS: clients created');
  for (const { client_id, reason } of outcome.skipped) {
    log.info(
      { client_id, reason },
      reason === 'exists'
        ? 'OBI_BOOTSTRAP_CLIENTS: client exists, left as it is (its secret is not overwritten)'
        : 'OBI_BOOTSTRAP_CLIENTS: client was deleted, not created again (remove it from the variable)',
    );
  }
}

/** The installation key's start-up messages (src/app/installation-key.ts) go to the start-up log, if there is one. */
function keyLog(log: StartupLog | undefined): KeyLog {
  const at = (level: 'info' | 'warn' | 'error') => (msg: string) => log?.[level]({ about: 'installation key' }, msg);
  return { info: at('info'), warn: at('warn'), error: at('error') };
}

/** For one-shot CLI commands that never enqueue work. */
function inertQueue(): Queue {
  const refuse = async () => {
    throw new Error('the queue is not running in this process');
  };
  return {
    enqueue: refuse,
    forget: refuse,
    handle: async () => undefined,
    drain: async () => 0,
    stop: async () => undefined,
    ping: async () => false,
    depth: async () => [],
  };
}
