/**
 * Operator commands: `obi serve`, `obi migrate`,
 * `obi clients create|list|show|rotate-secret|disable|enable|delete|audit|settings` (docs/decisions/0026-client-lifecycle.md),
 * `obi bank register` (src/cli/cli-bank.ts, docs/real-banks.md), `obi customers readiness` (a customer's report
 * readiness and the work under way, docs/decisions/0057-readiness-processing.md), `obi console invite` (the first lender console admin,
 * docs/decisions/0034-console.md). `--help` on any command prints its usage (exit 0).
 * `obi clients …` goes through the admin API of a service running on this machine (found by its discovery file) or
 * of OBI_ADMIN_URL, loading nothing of the service (src/cli/cli-admin.ts); with no service running, it and the other
 * commands work against DATABASE_URL or the embedded data directory (src/cli/cli-direct.ts, imported only then).
 * docs/decisions/0033-admin-listener.md.
 */
import {
  AdminApiError,
  AdminUnreachableError,
  BANK_USAGE,
  CLIENTS_USAGE,
  clientsOverHttp,
  findAdminTarget,
  parseClientsCommand,
  parseConsoleCommand,
  parseCustomersCommand,
  usageOf,
  UsageError,
  type ClientsCommand,
} from './cli-admin.ts';
import { UnsafeDiscoveryFileError } from './admin-discovery.ts';
import type { DirectCommand } from './cli-direct.ts';

async function usage(): Promise<string> {
  return `${CLIENTS_USAGE}\n${BANK_USAGE}`;
}

function out(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

async function direct(command: DirectCommand): Promise<number> {
  const { runDirect } = await import('./cli-direct.ts');
  return runDirect(command, await usage());
}

const isHelp = (arg: string) => arg === '--help' || arg === '-h';

/**
 * `obi migrate`: the service applies the migrations at every start, and on the embedded engine it holds the data
 * directory, so beside a running service there is nothing this command could do but fail: say what to do instead.
 */
function migrateBesideService(): number | undefined {
  if (process.env.DATABASE_URL) return undefined; // a server: migrations take their own lock (src/db/migrate.ts)
  const target = findAdminTarget({ ...process.env, OBI_ADMIN_URL: undefined, OBI_ADMIN_TOKEN: 'unused' });
  if (!target) return undefined;
  process.stderr.write(
    `obi: a service is running on this data directory (admin API ${target.url}) and holds the embedded database. ` +
      'It applied every migration when it started; to apply new ones, restart it (they run at start-up), or stop it ' +
      'and run `obi migrate` again.\n',
  );
  return 75; // EX_TEMPFAIL
}

async function run(argv: string[]): Promise<number> {
  const [command, sub, ...rest] = argv;
  if (command === 'serve') {
    await import('../main.ts'); // main.ts reads the arguments after `serve` (and answers --help)
    return -1; // keep running
  }
  if (!command || command === 'help' || isHelp(command)) {
    process.stdout.write(`${await usage()}\n`);
    return command ? 0 : 64;
  }
  if (argv.some(isHelp)) {
    const words = [command, sub].filter((w): w is string => w !== undefined && !w.startsWith('-'));
    process.stdout.write(`${usageOf(await usage(), words)}\n`);
    return 0;
  }
  if (command === 'migrate') return migrateBesideService() ?? direct({ kind: 'migrate' });
  if (command === 'bank') {
    if (sub === undefined) throw new UsageError('bank needs a command: obi bank register …');
    return direct({ kind: 'bank', sub, rest });
  }
  if (command !== 'clients' && command !== 'console' && command !== 'customers')
    throw new UsageError(`unknown command: ${argv.join(' ')}`);
  const cmd: ClientsCommand =
    command === 'console'
      ? parseConsoleCommand(sub, rest)
      : command === 'customers'
        ? parseCustomersCommand(sub, rest)
        : parseClientsCommand(sub, rest);
  const target = findAdminTarget(process.env);
  if (target) {
    try {
      out(await clientsOverHttp(target, cmd));
      return 0;
    } catch (err) {
      // The service named by the discovery file is gone (it crashed): no service runs, the database is free.
      if (!(err instanceof AdminUnreachableError)) throw err;
    }
  }
  return direct(cmd);
}

run(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  async (err) => {
    // node:util parseArgs refusing an option or a value is a usage mistake too
    const usageMistake = err instanceof UsageError || /^ERR_PARSE_ARGS_/.test(String((err as { code?: unknown }).code));
    const words = process.argv.slice(2, 4).filter((w) => !w.startsWith('-'));
    if (usageMistake) process.stderr.write(`obi: ${err.message}\n${usageOf(await usage(), words)}\n`);
    else if (err instanceof AdminApiError || err instanceof UnsafeDiscoveryFileError)
      process.stderr.write(`obi: ${err.message}\n`);
    else process.stderr.write(`obi: ${(err as Error).stack ?? err}\n`);
    process.exit(usageMistake ? 64 : 1);
  },
);
