/**
 * Operator commands: `obi serve`, `obi migrate`,
 * `obi clients create|list|show|rotate-secret|disable|enable|delete|audit|settings` (docs/decisions/0026-client-lifecycle.md),
 * `obi bank register` (src/cli-bank.ts, docs/real-banks.md).
 * They work against DATABASE_URL or the embedded data directory (refused while a server holds its lock).
 */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { openRuntime, type Runtime } from './runtime.ts';
import { systemClock } from './lib/clock.ts';
import { DataDirLockedError } from './db/lock.ts';
import { AppError } from './lib/app-error.ts';
import {
  clientAudit,
  createClient,
  DEFAULT_OVERLAP_SECONDS,
  deleteClient,
  getClient,
  getSettings,
  listClients,
  rotateClientSecret,
  setClientEnabled,
  updateSettings,
} from './modules/clients/index.ts';
import type { ClientSettingsPatch } from './modules/clients/index.ts';
import { revokeConsentsOfDeletedCustomer } from './modules/consents/index.ts';
import { BANK_USAGE, bankCommand, BankUsageError } from './cli-bank.ts';

const USAGE = `usage:
  obi serve [--role=api|worker|all]           start the service (same as npm start; docs/operations.md, "Roles")
  obi migrate                                 apply database migrations
  obi clients create --name "Acme Lending"    create a client; prints {"client_id","client_secret",…} once
  obi clients list                            list clients (never their secrets)
  obi clients show <client_id>                one client: status, dates, whether a previous secret still works
  obi clients rotate-secret <client_id> [--overlap-seconds N]
        new secret; the old one (and tokens issued with it) keeps working N seconds (default ${DEFAULT_OVERLAP_SECONDS},
        at most 604800); 0 stops the old secret and every access token at once
  obi clients disable <client_id>             refuse its credentials; every token it holds stops working at once
  obi clients enable <client_id>              accept its credentials again (revoked tokens stay revoked)
  obi clients delete <client_id> --confirm    delete the client and ALL its data (customers, bank data, webhooks…)
  obi clients audit <client_id> [--limit N]   the client's audit log, newest first (also after deletion)
  obi clients settings <client_id> [--company-name X] [--application-name X] [--privacy-policy-url U]
        [--terms-and-condition-url U] [--service-customer-center-url U]
        [--redirect-url U ...] [--component-origin O ...]   show, or change, a client's settings
${BANK_USAGE}`;

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
  if (command !== 'migrate' && command !== 'clients' && command !== 'bank')
    throw new UsageError(`unknown command: ${argv.join(' ')}`);
  const config = loadConfig(process.env);
  // Registration talks to the bank only: no database, no queue.
  if (command === 'bank') {
    out(await bankCommand(sub, rest, config));
    return 0;
  }
  // Deleting a client enqueues the revocation of its customers' bank consents: that one needs the queue (this
  // process only enqueues; the server's workers run the jobs).
  const needsQueue = command === 'clients' && sub === 'delete';
  const runtime = await openRuntime({ ...config, workers: false }, systemClock, {
    queue: needsQueue,
    sandboxBank: false,
  });
  try {
    if (command === 'migrate') out({ status: 'migrated' });
    else out(await clientsCommand(runtime, sub, rest));
    return 0;
  } finally {
    await runtime.close();
  }
}

/** One positional (the client id) and the options of the subcommand. */
function clientArgs<O extends ParseArgsOptionsConfig>(sub: string, rest: string[], options: O) {
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options });
  const clientId = positionals[0];
  if (!clientId) throw new UsageError(`${sub} needs a client id`);
  if (positionals.length > 1) throw new UsageError(`${sub} takes one client id`);
  return { clientId, values };
}

function wholeNumber(name: string, raw: string | undefined, def: number): number {
  if (raw === undefined) return def;
  if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number`);
  return Number(raw);
}

async function clientsCommand(runtime: Runtime, sub: string | undefined, rest: string[]): Promise<unknown> {
  const { db, installationKey } = runtime;
  const now = systemClock.now();
  const change = { actor: 'cli' as const, now };
  switch (sub) {
    case 'create': {
      const { values } = parseArgs({ args: rest, options: { name: { type: 'string' } } });
      if (!values.name) throw new UsageError('--name is required');
      return createClient(db, installationKey, values.name, now, 'cli');
    }
    case 'list':
      return listClients(db, now);
    case 'show':
      return getClient(db, clientArgs(sub, rest, {}).clientId, now);
    case 'rotate-secret': {
      const { clientId, values } = clientArgs(sub, rest, { 'overlap-seconds': { type: 'string' } });
      const overlapSeconds = wholeNumber(
        'overlap-seconds',
        values['overlap-seconds'] as string | undefined,
        DEFAULT_OVERLAP_SECONDS,
      );
      return rotateClientSecret(db, installationKey, clientId, { ...change, overlapSeconds });
    }
    case 'disable':
    case 'enable':
      return setClientEnabled(db, clientArgs(sub, rest, {}).clientId, sub === 'enable', change);
    case 'delete': {
      const { clientId, values } = clientArgs(sub, rest, { confirm: { type: 'boolean' } });
      if (!values.confirm) throw new UsageError('delete erases the client and all its data: add --confirm');
      return deleteClient(db, clientId, {
        ...change,
        confirm: clientId,
        beforeCustomerErased: (tx, customerId) => revokeConsentsOfDeletedCustomer(tx, runtime.queue, customerId),
      });
    }
    case 'audit': {
      const { clientId, values } = clientArgs(sub, rest, { limit: { type: 'string' } });
      const limit = wholeNumber('limit', values.limit as string | undefined, 100);
      if (limit < 1 || limit > 1000) throw new UsageError('--limit must be from 1 to 1000');
      return clientAudit(db, clientId, limit);
    }
    case 'settings':
      return settingsCommand(runtime, rest, change);
    default:
      throw new UsageError(`unknown command: clients ${[sub, ...rest].join(' ')}`);
  }
}

async function settingsCommand(
  runtime: Runtime,
  rest: string[],
  change: { actor: 'cli'; now: Date },
): Promise<unknown> {
  const { clientId, values } = clientArgs('settings', rest, {
    'company-name': { type: 'string' },
    'application-name': { type: 'string' },
    'privacy-policy-url': { type: 'string' },
    'terms-and-condition-url': { type: 'string' },
    'service-customer-center-url': { type: 'string' },
    'redirect-url': { type: 'string', multiple: true },
    'component-origin': { type: 'string', multiple: true },
  });
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
  return changes ? updateSettings(runtime.db, clientId, patch, change) : getSettings(runtime.db, clientId);
}

class UsageError extends Error {}

run(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err) => {
    if (err instanceof UsageError || err instanceof BankUsageError)
      process.stderr.write(`obi: ${err.message}\n${USAGE}\n`);
    else if (err instanceof ConfigError || err instanceof DataDirLockedError)
      process.stderr.write(`obi: ${err.message}\n`);
    else if (err instanceof AppError)
      process.stderr.write(`obi: ${err.message}${err.errors.length ? ` ${JSON.stringify(err.errors)}` : ''}\n`);
    else process.stderr.write(`obi: ${(err as Error).stack ?? err}\n`);
    process.exit(err instanceof UsageError || err instanceof BankUsageError ? 64 : 1);
  },
);
