/** Process entry: loadConfig → open database, migrate, queue → buildApp → listen; graceful shutdown. */
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { openRuntime } from './runtime.ts';
import { buildApp } from './app.ts';
import { systemClock } from './lib/clock.ts';
import { DataDirLockedError } from './db/lock.ts';
import { registerJobHandlers } from './jobs/handlers.ts';
import { startWebhookDispatcher } from './modules/webhooks/webhooks.worker.ts';
import { startConsentScheduler } from './modules/consents/consents.sweep.ts';
import { startConnectHousekeeping } from './modules/connect/connect.service.ts';

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
    runtime = await openRuntime(config, systemClock);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      logger.fatal(err.message);
      process.stderr.write(`${err.message}\n`);
      process.exit(75); // EX_TEMPFAIL
    }
    throw err;
  }
  const deps = {
    config,
    db: runtime.db,
    clock: systemClock,
    installationKey: runtime.installationKey,
    queue: runtime.queue,
    logger,
  };
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
  // Webhook deliveries: a polling dispatcher drains the outbox (modules/webhooks) wherever workers run.
  const webhookDispatcher = config.workers ? startWebhookDispatcher(deps) : null;
  // Consents: abandoned ones rejected, lapsed reconfirmations revoked, refreshes pulled (modules/consents).
  const consentScheduler = config.workers ? startConsentScheduler(deps) : null;
  // Hosted connect pages: expired sessions and component URLs are dropped (modules/connect).
  const connectHousekeeping = config.workers ? startConnectHousekeeping(deps) : null;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close().catch((err) => logger.error({ err }, 'closing the HTTP server failed'));
    await webhookDispatcher?.stop().catch((err) => logger.error({ err }, 'stopping the webhook dispatcher failed'));
    await consentScheduler?.stop().catch((err) => logger.error({ err }, 'stopping the consent scheduler failed'));
    await connectHousekeeping?.stop();
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
