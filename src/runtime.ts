/**
 * Opening the service's moving parts in order: database → migrations → installation key → bootstrap clients → queue.
 * Shared by the server (main.ts), the CLI and the tests, so all three see the same start-up.
 */
import type { Config } from './config.ts';
import type { Database } from './db/db.ts';
import { openDatabase } from './db/open.ts';
import { migrate } from './db/migrate.ts';
import { createQueue, type Queue } from './jobs/queue.ts';
import { ensureBootstrapClients, getInstallationKey } from './modules/clients/index.ts';
import type { Clock } from './lib/clock.ts';

export interface Runtime {
  db: Database;
  installationKey: string;
  queue: Queue;
  close(): Promise<void>;
}

export async function openRuntime(
  config: Readonly<Config>,
  clock: Clock,
  opts: { db?: Database; queue?: boolean; queueSchema?: string } = {},
): Promise<Runtime> {
  const db = opts.db ?? (await openDatabase(config));
  try {
    await migrate(db);
    const installationKey = await getInstallationKey(db, config.installationKey);
    await ensureBootstrapClients(db, installationKey, config.bootstrapClients, clock.now());
    const queue =
      opts.queue === false
        ? inertQueue()
        : await createQueue(db, { workers: config.workers, databaseUrl: config.databaseUrl, schema: opts.queueSchema });
    return {
      db,
      installationKey,
      queue,
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

/** For one-shot CLI commands that never enqueue work. */
function inertQueue(): Queue {
  const refuse = async () => {
    throw new Error('the queue is not running in this process');
  };
  return { enqueue: refuse, handle: async () => undefined, drain: async () => 0, stop: async () => undefined };
}
