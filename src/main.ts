/**
 * Process entry: loadConfig → open database, migrate, queue → buildApp → listen; graceful shutdown.
 * `--role=api|worker|all` (or ROLE) says what this process does (docs/operations.md, "Roles").
 */
import { enableCompileCache } from 'node:module';
import { ConfigError, loadConfig } from './config/config.ts';
import { createLogger } from './app/logger.ts';
import type { Runtime } from './app/runtime.ts';
import type { App } from './app/app.ts';
import type { AdminListener } from './app/admin-server.ts';
import { systemClock } from './lib/clock.ts';
import { DataDirLockedError } from './db/lock.ts';
import { InstallationKeyError } from './app/installation-key.ts';
import { SERVICE_HELP } from './app/service-help.ts';
import { holdListenPort } from './app/listen-port.ts';
import type { Logger } from 'pino';

// Start-up (docs/operations.md, "Start-up"): V8's compiled code for our modules and their dependencies is kept on
// disk (Node's compile cache: NODE_COMPILE_CACHE, or a directory under the OS's temporary one), so a start after
// the first skips most of the parsing and compiling. It applies to modules loaded after this line, hence the rest
// of the service is imported in main() rather than above.
enableCompileCache();

/** `--role=X` or `--role X` on the command line wins over ROLE; any other argument is refused. */
function envWithArguments(argv: string[], env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...env };
  const problems: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const inline = /^--role=(.*)$/.exec(arg);
    if (inline) out.ROLE = inline[1];
    else if (arg === '--role' && i + 1 < argv.length) out.ROLE = argv[++i];
    else problems.push(`unknown argument "${arg}" (the only one is --role=api|worker|all)`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return out;
}

/** The environment with the command line's arguments applied; `--help` prints the options and exits. */
function environmentOrExit(): NodeJS.ProcessEnv {
  try {
    // `obi serve [--role=…]` (src/cli/cli.ts) runs this file too: its command word is not one of our arguments.
    const args = process.argv.slice(2);
    if (args[0] === 'serve') args.shift();
    if (args.includes('--help') || args.includes('-h')) {
      process.stdout.write(SERVICE_HELP);
      process.exit(0);
    }
    return envWithArguments(args, process.env);
  } catch (err) {
    return exitOnConfigError(err);
  }
}

function configOrExit(env: NodeJS.ProcessEnv) {
  try {
    return loadConfig(env);
  } catch (err) {
    return exitOnConfigError(err);
  }
}

function exitOnConfigError(err: unknown): never {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(78); // EX_CONFIG
  }
  throw err;
}

async function main(): Promise<void> {
  const env = environmentOrExit();
  // PORT=0: the port the system picks is known before the configuration names the service's address (links).
  const heldPort = await holdListenPort(env);
  if (heldPort) env.PORT = String(heldPort.port);
  const config = configOrExit(env);
  const logger = createLogger(config);
  const [{ openRuntime }, { buildApp, buildWorkerApp }, { startAdminListener }, { registerJobHandlers }, webhooks] =
    await Promise.all([
      import('./app/runtime.ts'),
      import('./app/app.ts'),
      import('./app/admin-server.ts'),
      import('./jobs/handlers.ts'),
      import('./modules/webhooks/index.ts'),
    ]);
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
    reads: runtime.reads,
    clock: systemClock,
    installationKey: runtime.installationKey,
    queue: runtime.queue,
    workerPool: runtime.workerPool,
    banks: runtime.banks,
    sandboxBank: runtime.sandboxBank,
    metrics: runtime.metrics,
    logger,
  };
  // Webhook deliveries left pending by a stopped process are picked up: before this process's workers start, so the
  // leases freed (on the embedded database, all of them belong to a dead process) cannot be one of our own.
  if (config.workers) await webhooks.resumeWebhookDispatch(deps);
  // Every role binds the handlers (an api process runs none, but drain and the completeness check want them);
  // only a process with workers on polls for jobs (src/jobs/queue.ts).
  await registerJobHandlers(deps);
  const app = config.role === 'worker' ? await buildWorkerApp(deps) : await buildApp(deps);
  // Not a literal: Fastify's listen options type does not list reusePort, but it hands them to net's listen.
  const listenOptions = { port: config.port, host: config.host, reusePort: heldPort !== null };
  await app.listen(listenOptions);
  await heldPort?.release();
  // The admin API has a listener of its own, loopback by default; it belongs to the api role (src/app/admin-server.ts).
  const admin = config.role === 'worker' ? null : await startAdminListener(deps);
  logger.info(
    {
      address: app.server.address(),
      role: config.role,
      workers: config.workers,
      database: runtime.db.kind,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      publicBaseUrl: config.publicBaseUrl,
    },
    'open-banking-insights is listening',
  );
  if (config.role !== 'worker') {
    const { logStartHints } = await import('./app/start-hints.ts');
    await logStartHints(logger, {
      db: runtime.db,
      publicBaseUrl: config.publicBaseUrl,
      now: systemClock.now(),
    });
  }
  if (config.role !== 'all' && runtime.sandboxBank) {
    logger.warn(
      { role: config.role },
      'the sandbox bank lives in one process: its bank flows need ROLE=all (docs/operations.md, "Roles")',
    );
  }
  // Background work is pg-boss jobs (src/jobs/registry.ts): the handlers above run them where workers are on,
  // periodic ones included.
  onStopSignals(app, admin, runtime, logger, config.shutdownTimeoutSeconds);
}

/**
 * SIGTERM (an orchestrator, `docker stop`, `npm start`'s npm passing it on) or SIGINT (Ctrl-C): stop accepting,
 * let in-flight requests finish, then the running jobs, then close the database, all within the deadline; past it
 * the process exits 1 with work unfinished (jobs cut off are retried by the queue: src/jobs/registry.ts). A second
 * signal changes nothing: Ctrl-C under npm delivers SIGINT twice (from the terminal and from npm).
 */
function onStopSignals(
  app: App,
  admin: AdminListener | null,
  runtime: Runtime,
  logger: Logger,
  deadlineSeconds: number,
): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    logger.info({ signal, deadlineSeconds }, 'shutting down');
    const force = setTimeout(() => {
      logger.error({ deadlineSeconds }, 'shutdown deadline passed: exiting with work unfinished');
      process.exit(1);
    }, deadlineSeconds * 1000);
    force.unref();
    // Stops accepting, closes idle keep-alive connections, waits for the requests in flight.
    // The admin listener likewise (its discovery file goes with it).
    await Promise.all([
      app.close().catch((err) => logger.error({ err }, 'closing the HTTP server failed')),
      admin?.close().catch((err) => logger.error({ err }, 'closing the admin listener failed')),
    ]);
    // Running jobs get what is left of the deadline (less a second for closing the database) to finish.
    const leftSeconds = Math.max(1, deadlineSeconds - (Date.now() - started) / 1000 - 1);
    await runtime.close(leftSeconds).catch((err) => logger.error({ err }, 'closing the database failed'));
    logger.info({ seconds: (Date.now() - started) / 1000 }, 'shut down');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`open-banking-insights failed to start: ${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
