/**
 * Operator commands: `obi serve`, `obi migrate`, `obi clients create|list|rotate-secret|settings`.
 * They work against DATABASE_URL or the embedded data directory (refused while a server holds its lock).
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { openRuntime } from './runtime.ts';
import { systemClock } from './lib/clock.ts';
import { DataDirLockedError } from './db/lock.ts';
import { AppError } from './lib/app-error.ts';
import { createClient, getSettings, listClients, rotateClientSecret, updateSettings } from './modules/clients/index.ts';
import type { ClientSettingsPatch } from './modules/clients/index.ts';

const USAGE = `usage:
  obi serve                                   start the API (same as npm start)
  obi migrate                                 apply database migrations
  obi clients create --name "Acme Lending"    create a client; prints {"client_id","client_secret"} once
  obi clients list                            list clients (never their secrets)
  obi clients rotate-secret <client_id>       new secret; the old one and its tokens stop working
  obi clients settings <client_id> [--company-name X] [--application-name X] [--privacy-policy-url U]
        [--terms-and-condition-url U] [--service-customer-center-url U]
        [--redirect-url U ...] [--component-origin O ...]   show, or change, a client's settings`;

function out(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

async function run(argv: string[]): Promise<number> {
  const [command, sub, ...rest] = argv;
  if (command === 'serve') {
    await import('./main.ts');
    return -1; // keep running
  }
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(`${USAGE}\n`);
    return command ? 0 : 64;
  }
  const config = loadConfig(process.env);
  const runtime = await openRuntime(config, systemClock, { queue: false });
  try {
    const now = systemClock.now();
    if (command === 'migrate') {
      out({ status: 'migrated' });
      return 0;
    }
    if (command === 'clients' && sub === 'create') {
      const { values } = parseArgs({ args: rest, options: { name: { type: 'string' } } });
      if (!values.name) throw new UsageError('--name is required');
      out(await createClient(runtime.db, runtime.installationKey, values.name, now));
      return 0;
    }
    if (command === 'clients' && sub === 'list') {
      out(await listClients(runtime.db));
      return 0;
    }
    if (command === 'clients' && sub === 'rotate-secret') {
      if (!rest[0]) throw new UsageError('rotate-secret needs a client id');
      out(await rotateClientSecret(runtime.db, runtime.installationKey, rest[0], now));
      return 0;
    }
    if (command === 'clients' && sub === 'settings') {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: {
          'company-name': { type: 'string' },
          'application-name': { type: 'string' },
          'privacy-policy-url': { type: 'string' },
          'terms-and-condition-url': { type: 'string' },
          'service-customer-center-url': { type: 'string' },
          'redirect-url': { type: 'string', multiple: true },
          'component-origin': { type: 'string', multiple: true },
        },
      });
      const clientId = positionals[0];
      if (!clientId) throw new UsageError('settings needs a client id');
      const patch: ClientSettingsPatch = {
        company_name: values['company-name'],
        application_name: values['application-name'],
        privacy_policy_url: values['privacy-policy-url'],
        terms_and_condition_url: values['terms-and-condition-url'],
        service_customer_center_url: values['service-customer-center-url'],
        redirect_urls: values['redirect-url'],
        component_origins: values['component-origin'],
      };
      const changes = Object.values(patch).some((v) => v !== undefined);
      out(changes ? await updateSettings(runtime.db, clientId, patch, now) : await getSettings(runtime.db, clientId));
      return 0;
    }
    throw new UsageError(`unknown command: ${argv.join(' ')}`);
  } finally {
    await runtime.close();
  }
}

class UsageError extends Error {}

run(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err) => {
    if (err instanceof UsageError) process.stderr.write(`obi: ${err.message}\n${USAGE}\n`);
    else if (err instanceof ConfigError || err instanceof DataDirLockedError)
      process.stderr.write(`obi: ${err.message}\n`);
    else if (err instanceof AppError)
      process.stderr.write(`obi: ${err.message}${err.errors.length ? ` ${JSON.stringify(err.errors)}` : ''}\n`);
    else process.stderr.write(`obi: ${(err as Error).stack ?? err}\n`);
    process.exit(err instanceof UsageError ? 64 : 1);
  },
);
