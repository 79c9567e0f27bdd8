/**
 * The CLI's direct path (src/cli/cli.ts imports it only when it is needed): `obi migrate`, `obi bank register`, and
 * `obi clients …` when no service runs on this machine, against DATABASE_URL or the embedded data directory (refused
 * while a server holds its lock, src/db/lock.ts). Prints what the admin API path prints (src/cli/cli-admin.ts).
 */
import { ConfigError, loadConfig } from '../config/config.ts';
import { openRuntime, type Runtime } from '../app/runtime.ts';
import { systemClock } from '../lib/clock.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { AppError } from '../lib/app-error.ts';
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
} from '../modules/clients/index.ts';
import { beforeClientCustomerErased } from '../app/customer-erasure.ts';
import { inviteStaff } from '../modules/console/index.ts';
import { getReportReadiness } from '../modules/reports/index.ts';
import type { Config } from '../config/config.ts';
import { BANK_USAGE, bankCommand, BankUsageError } from './cli-bank.ts';
import type { ClientsCommand } from './cli-admin.ts';

export { BANK_USAGE };

export type DirectCommand = { kind: 'migrate' } | { kind: 'bank'; sub?: string; rest: string[] } | ClientsCommand;

function out(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Runs the command; prints its answer, or its error. Resolves with the exit code. */
export async function runDirect(command: DirectCommand, usage: string): Promise<number> {
  try {
    out(await execute(command));
    return 0;
  } catch (err) {
    if (err instanceof BankUsageError) {
      process.stderr.write(`obi: ${err.message}\n${usage}\n`);
      return 64;
    }
    if (err instanceof ConfigError || err instanceof DataDirLockedError) process.stderr.write(`obi: ${err.message}\n`);
    else if (err instanceof AppError)
      process.stderr.write(`obi: ${err.message}${err.errors.length ? ` ${JSON.stringify(err.errors)}` : ''}\n`);
    else throw err;
    return 1;
  }
}

async function execute(command: DirectCommand): Promise<unknown> {
  const config = loadConfig(process.env);
  // Registration talks to the bank only: no database, no queue.
  if ('kind' in command && command.kind === 'bank') return bankCommand(command.sub, command.rest, config);
  // Deleting a client enqueues the revocation of its customers' bank consents: that one needs the queue (this
  // process only enqueues; the server's workers run the jobs).
  const needsQueue = 'sub' in command && command.sub === 'delete';
  const runtime = await openRuntime({ ...config, workers: false, workerWarm: false }, systemClock, {
    queue: needsQueue,
    sandboxBank: false,
  });
  try {
    if ('kind' in command) return { status: 'migrated' };
    if (command.sub === 'console-invite') return await consoleInvite(runtime, config, command);
    if (command.sub === 'customer-readiness') {
      // What GET /admin/v1/clients/{client_id}/customers/{customer_id}/report_readiness_statuses/… answers.
      await getClient(runtime.db, command.clientId, systemClock.now()); // client_not_found first
      return await getReportReadiness(runtime.db, command.clientId, command.customerId, command.report);
    }
    return await clientsCommand(runtime, config, command);
  } finally {
    await runtime.close();
  }
}

/** What POST /admin/v1/clients/{client_id}/console_invitations answers (src/modules/console/console-admin.routes.ts). */
async function consoleInvite(
  runtime: Runtime,
  config: Readonly<Config>,
  cmd: Extract<ClientsCommand, { sub: 'console-invite' }>,
): Promise<unknown> {
  await getClient(runtime.db, cmd.clientId, systemClock.now()); // client_not_found before anything is written
  const logger = {
    info: () => undefined,
    warn: (obj: unknown, msg?: string) => process.stderr.write(`obi: ${msg ?? ''} ${JSON.stringify(obj)}\n`),
  };
  const invitation = await inviteStaff(
    { db: runtime.db, clock: systemClock, logger, config },
    cmd.clientId,
    { email: cmd.email, role: cmd.role, sendEmail: cmd.sendEmail ?? config.smtpUrl !== null },
    null,
  );
  return {
    invitation_id: invitation.id,
    client_id: cmd.clientId,
    email: invitation.email,
    role: invitation.role,
    url: invitation.url,
    expires_at: invitation.expiresAt.toISOString(),
    emailed: invitation.emailed,
  };
}

async function clientsCommand(
  runtime: Runtime,
  config: Readonly<Config>,
  cmd: Exclude<ClientsCommand, { sub: 'console-invite' | 'customer-readiness' }>,
): Promise<unknown> {
  const { db, installationKey } = runtime;
  const now = systemClock.now();
  const change = { actor: 'cli' as const, now };
  switch (cmd.sub) {
    case 'create':
      return createClient(db, installationKey, cmd.name, now, 'cli');
    case 'list':
      return listClients(db, now);
    case 'show':
      return getClient(db, cmd.clientId, now);
    case 'rotate-secret':
      return rotateClientSecret(db, installationKey, cmd.clientId, {
        ...change,
        overlapSeconds: cmd.overlapSeconds ?? DEFAULT_OVERLAP_SECONDS,
      });
    case 'disable':
    case 'enable':
      return setClientEnabled(db, cmd.clientId, cmd.sub === 'enable', change);
    case 'delete':
      return deleteClient(db, cmd.clientId, {
        ...change,
        confirm: cmd.clientId,
        beforeCustomerErased: beforeClientCustomerErased({ config, queue: runtime.queue }),
      });
    case 'audit':
      return clientAudit(db, cmd.clientId, cmd.limit);
    case 'settings':
      return cmd.changes === undefined
        ? getSettings(db, cmd.clientId)
        : updateSettings(db, cmd.clientId, cmd.changes, change);
  }
}
