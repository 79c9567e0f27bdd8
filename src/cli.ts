/**
 * Operator commands: `obi serve`, `obi migrate`,
 * `obi clients create|list|show|rotate-secret|disable|enable|delete|audit|settings` (docs/decisions/0026-client-lifecycle.md),
 * `obi bank register` (src/cli-bank.ts, docs/real-banks.md).
 * `obi clients …` goes through the admin API of a service running on this machine (found by its discovery file) or
 * of OBI_ADMIN_URL, loading nothing of the service (src/cli-admin.ts); with no service running, it and the other
 * commands work against DATABASE_URL or the embedded data directory (src/cli-direct.ts, imported only then).
 * docs/decisions/0033-admin-listener.md.
 */
import {
  AdminApiError,
  AdminUnreachableError,
  CLIENTS_USAGE,
  clientsOverHttp,
  findAdminTarget,
  parseClientsCommand,
  UsageError,
  type ClientsCommand,
} from './cli-admin.ts';
import { UnsafeDiscoveryFileError } from './admin-discovery.ts';
import type { DirectCommand } from './cli-direct.ts';

async function usage(): Promise<string> {
  const { BANK_USAGE } = await import('./cli-direct.ts');
  return `${CLIENTS_USAGE}\n${BANK_USAGE}`;
}

function out(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

async function direct(command: DirectCommand): Promise<number> {
  const { runDirect } = await import('./cli-direct.ts');
  return runDirect(command, await usage());
}

async function run(argv: string[]): Promise<number> {
  const [command, sub, ...rest] = argv;
  if (command === 'serve') {
    await import('./main.ts');
    return -1; // keep running
  }
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(`${await usage()}\n`);
    return command ? 0 : 64;
  }
  if (command === 'migrate') return direct({ kind: 'migrate' });
  if (command === 'bank') return direct({ kind: 'bank', sub, rest });
  if (command !== 'clients') throw new UsageError(`unknown command: ${argv.join(' ')}`);
  const cmd: ClientsCommand = parseClientsCommand(sub, rest);
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
    if (usageMistake) process.stderr.write(`obi: ${err.message}\n${await usage()}\n`);
    else if (err instanceof AdminApiError || err instanceof UnsafeDiscoveryFileError)
      process.stderr.write(`obi: ${err.message}\n`);
    else process.stderr.write(`obi: ${(err as Error).stack ?? err}\n`);
    process.exit(usageMistake ? 64 : 1);
  },
);
