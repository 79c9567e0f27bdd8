/** Process entry: loadConfig → open database, migrate, queue → buildApp → listen; graceful shutdown. */
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { openRuntime } from './runtime.ts';
import { buildApp } from './app.ts';
import { systemClock } from './lib/clock.ts';
import { DataDirLockedError } from './db/lock.ts';
import { InstallationKeyError } from './installation-key.ts';
import { registerJobHandlers } from './jobs/handlers.ts';
import { resumeWebhookDispatch } from './modules/webhooks/index.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  const logger = createLogger(config);
  let runtime;
  try {
    runtime = await openRuntime(config, systemClock, { log: logger });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      logger.fatal(err.message);
      process.stderr.write(`${err.message}\n`);
      process.exit(75); // EX_TEMPFAIL
    }
    if (err instanceof InstallationKeyError) {
      logger.fatal(err.message);
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  const deps = {
    config,
    db: runtime.db,
    clock: systemClock,
    installationKey: runtime.installationKey,
    queue: runtime.queue,
    banks: runtime.banks,
    sandboxBank: runtime.sandboxBank,
    logger,
  };
  // Webhook deliveries left pending by a stopped process are picked up: before this process's workers start, so the
  // leases freed (on the embedded database, all of them belong to a dead process) cannot be one of our own.
  if (config.workers) await resumeWebhookDispatch(deps);
  await registerJobHandlers(deps);
  const app = await buildApp(deps);
  await app.listen({ port: config.port, host: config.host });
  logger.info(
    {
      address: app.server.address(),
      database: runtime.db.kind,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      publicBaseUrl: config.publicBaseUrl,
    },
    'open-banking-insights is listening',
  );
  // Background work is pg-boss jobs (src/jobs/registry.ts): the handlers above run them where workers are on,
  // periodic ones included.

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close().catch((err) => logger.error({ err }, 'closing the HTTP server failed'));
    // runtime.close stops the queue gracefully: running jobs get a few seconds to finish and record their work.
    await runtime.close().catch((err) => logger.error({ err }, 'closing the database failed'));
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`open-banking-insights failed to start: ${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
