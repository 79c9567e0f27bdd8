/**
 * Opening the service's moving parts in order: database → migrations → installation key → bootstrap clients → queue.
 * Shared by the server (main.ts), the CLI and the tests, so all three see the same start-up.
 */
import type { Config } from './config.ts';
import type { Database } from './db/db.ts';
import { openDatabase } from './db/open.ts';
import { migrate } from './db/migrate.ts';
import { createQueue, type Queue } from './jobs/queue.ts';
import { ensureBootstrapClients, type BootstrapOutcome } from './modules/clients/index.ts';
import { loadInstallationKey, type KeyLog } from './installation-key.ts';
import type { Clock } from './lib/clock.ts';

/** Where start-up reports what it did (the server's logger); pino's Logger fits. */
export interface StartupLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface Runtime {
  db: Database;
  installationKey: string;
  queue: Queue;
  /** what OBI_BOOTSTRAP_CLIENTS did at this start */
  bootstrap: BootstrapOutcome;
  close(): Promise<void>;
}

export async function openRuntime(
  config: Readonly<Config>,
  clock: Clock,
  opts: { db?: Database; queue?: boolean; queueSchema?: string; log?: StartupLog } = {},
): Promise<Runtime> {
  const db = opts.db ?? (await openDatabase(config));
  try {
    await migrate(db);
    const installationKey = await loadInstallationKey(config, db, keyLog(opts.log));
    const bootstrap = await ensureBootstrapClients(db, installationKey, config.bootstrapClients, clock.now());
    if (opts.log) logBootstrap(opts.log, bootstrap);
    const queue =
      opts.queue === false
        ? inertQueue()
        : await createQueue(db, { workers: config.workers, databaseUrl: config.databaseUrl, schema: opts.queueSchema });
    return {
      db,
      installationKey,
      queue,
      bootstrap,
      async close() {
        await queue.stop().catch(() => undefined);
        await db.close();
      },
    };
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
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

/** The installation key's start-up messages (src/installation-key.ts) go to the start-up log, if there is one. */
function keyLog(log: StartupLog | undefined): KeyLog {
  const at = (level: 'info' | 'warn' | 'error') => (msg: string) => log?.[level]({ about: 'installation key' }, msg);
  return { info: at('info'), warn: at('warn'), error: at('error') };
}

/** For one-shot CLI commands that never enqueue work. */
function inertQueue(): Queue {
  const refuse = async () => {
    throw new Error('the queue is not running in this process');
  };
  return { enqueue: refuse, handle: async () => undefined, drain: async () => 0, stop: async () => undefined };
}
