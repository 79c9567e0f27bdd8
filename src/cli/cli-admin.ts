/**
 * `obi clients …` without the service (docs/decisions/0033-admin-listener.md): the arguments, parsed the same for
 * both paths, and the path over the admin API of a running service (its discovery file, src/cli/admin-discovery.ts, or
 * OBI_ADMIN_URL with OBI_ADMIN_TOKEN[_FILE]). Node built-ins only: a CLI call beside a running service loads neither
 * the database, the queue nor Fastify (src/cli/cli.ts imports the direct path, src/cli/cli-direct.ts, only when it is used).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { readAdminDiscovery } from './admin-discovery.ts';

/** Mirrors DEFAULT_OVERLAP_SECONDS of src/modules/clients/clients.lifecycle.ts (kept out of this file's imports). */
const DEFAULT_OVERLAP_TEXT = '86400 (24 h)';

export const CLIENTS_USAGE = `usage:
  obi serve [--role=api|worker|all]           start the service (same as npm start; docs/operations.md, "Roles")
  obi migrate                                 apply database migrations
  obi clients create --name "Acme Lending"    create a client; prints {"client_id","client_secret",…} once
  obi clients list                            list clients (never their secrets)
  obi clients show <client_id>                one client: status, dates, whether a previous secret still works
  obi clients rotate-secret <client_id> [--overlap-seconds N]
        new secret; the old one (and tokens issued with it) keeps working N seconds (default ${DEFAULT_OVERLAP_TEXT},
        at most 604800); 0 stops the old secret and every access token at once
  obi clients disable <client_id>             refuse its credentials; every token it holds stops working at once
  obi clients enable <client_id>              accept its credentials again (revoked tokens stay revoked)
  obi clients delete <client_id> --confirm    delete the client and ALL its data (customers, bank data, webhooks…)
  obi clients audit <client_id> [--limit N]   the client's audit log, newest first (also after deletion)
  obi clients settings <client_id> [--company-name X] [--application-name X] [--privacy-policy-url U]
        [--terms-and-condition-url U] [--service-customer-center-url U]
        [--redirect-url U ...] [--component-origin O ...] [--data-retention-days N|none]
        show, or change, a client's settings (retention: days customers' data is kept; none: until deleted)
  obi console invite --client <client_id> --email E [--role admin|viewer] [--send-email]
        a one-time link to the client's lender console (its first admin: role admin, the default)
  obi customers readiness --client <client_id> <customer_id> [--report insights|affordability|events|forecast]
        a customer's report readiness and the work under way (processing: a submission or bank pull being stored,
        with the transactions received, or the report being computed), as endpoint 18 answers it
  The clients, console and customers commands go through the admin API of a service running on this machine (its discovery
  file), or of OBI_ADMIN_URL with OBI_ADMIN_TOKEN; with no service running they open the database
  (docs/operations.md). Every command takes --help.`;

export const BANK_USAGE = `  obi bank register --bank <slug> --software-statement-file F --signing-key-file K --signing-key-id KID
        --transport-cert-file C --transport-key-file K [--ca-file CA] [--well-known-url U]
        [--auth-method private_key_jwt|tls_client_auth] [--redirect-uri U]
        register with a bank by OBIE dynamic client registration; prints the BANK_CONNECTIONS entry to add`;

export class UsageError extends Error {}

/** A refusal of the admin API (a Problem Details answer), or a service that cannot be used. */
export class AdminApiError extends Error {}

export interface SettingsChanges {
  company_name?: string;
  application_name?: string;
  privacy_policy_url?: string;
  terms_and_condition_url?: string;
  service_customer_center_url?: string;
  redirect_urls?: string[];
  component_origins?: string[];
  /** days customers' data is kept (docs/decisions/0064-data-retention.md); null: until deleted */
  data_retention_days?: number | null;
}

export type ClientsCommand =
  | { sub: 'create'; name: string }
  | { sub: 'list' }
  | { sub: 'show' | 'disable' | 'enable' | 'delete'; clientId: string }
  | { sub: 'rotate-secret'; clientId: string; overlapSeconds: number | undefined }
  | { sub: 'audit'; clientId: string; limit: number }
  | { sub: 'settings'; clientId: string; changes: SettingsChanges | undefined }
  | { sub: 'console-invite'; clientId: string; email: string; role: 'admin' | 'viewer'; sendEmail?: boolean }
  | { sub: 'customer-readiness'; clientId: string; customerId: string; report: string };

/** `obi customers readiness --client … <customer_id> [--report …]` as a command. */
export function parseCustomersCommand(sub: string | undefined, rest: string[]): ClientsCommand {
  if (sub !== 'readiness') throw new UsageError(`unknown command: customers ${[sub, ...rest].join(' ').trim()}`);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { client: { type: 'string' }, report: { type: 'string' } },
  });
  if (!values.client) throw new UsageError('--client is required (the client id: obi clients list)');
  const customerId = positionals[0];
  if (!customerId || positionals.length > 1) throw new UsageError('readiness takes one customer id');
  const report = values.report ?? 'insights';
  if (!['insights', 'affordability', 'events', 'forecast'].includes(report))
    throw new UsageError('--report must be insights, affordability, events or forecast');
  return { sub: 'customer-readiness', clientId: values.client, customerId, report };
}

/** `obi console invite --client … --email … [--role admin|viewer] [--send-email]` as a command. */
export function parseConsoleCommand(sub: string | undefined, rest: string[]): ClientsCommand {
  if (sub !== 'invite') throw new UsageError(`unknown command: console ${[sub, ...rest].join(' ').trim()}`);
  const { values } = parseArgs({
    args: rest,
    options: {
      client: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
      'send-email': { type: 'boolean' },
    },
  });
  if (!values.client) throw new UsageError('--client is required (the client id: obi clients list)');
  if (!values.email) throw new UsageError('--email is required');
  if (!/^[^\s@]+@[^\s@]+$/.test(values.email) || values.email.length > 254)
    throw new UsageError('--email must be an e-mail address');
  const role = values.role ?? 'admin';
  if (role !== 'admin' && role !== 'viewer') throw new UsageError('--role must be admin or viewer');
  return {
    sub: 'console-invite',
    clientId: values.client,
    email: values.email,
    role,
    ...(values['send-email'] ? { sendEmail: true } : {}),
  };
}

/**
 * The usage lines of one command (`obi clients rotate-secret`, `obi bank`), with their continuation lines; the
 * whole usage when nothing matches. For `--help` on any command.
 */
export function usageOf(usage: string, words: string[]): string {
  const entries: string[][] = [];
  for (const line of usage.split('\n')) {
    if (/^ {2}obi /.test(line)) entries.push([line]);
    else if (/^ {4,}\S/.test(line)) entries.at(-1)?.push(line);
  }
  for (let n = words.length; n > 0; n--) {
    const prefix = `  obi ${words.slice(0, n).join(' ')}`;
    const found = entries.filter((e) => e[0] === prefix || (e[0] ?? '').startsWith(`${prefix} `));
    if (found.length > 0) return `usage:\n${found.map((e) => e.join('\n')).join('\n')}`;
  }
  return usage;
}

/** One positional (the client id) and the options of the subcommand. */
function clientArgs<O extends ParseArgsOptionsConfig>(sub: string, rest: string[], options: O) {
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options });
  const clientId = positionals[0];
  if (!clientId) throw new UsageError(`${sub} needs a client id`);
  if (positionals.length > 1) throw new UsageError(`${sub} takes one client id`);
  return { clientId, values };
}

function wholeNumber(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number`);
  return Number(raw);
}

/** `obi clients <sub> …` as a command; usage mistakes are found here, before either path runs. */
export function parseClientsCommand(sub: string | undefined, rest: string[]): ClientsCommand {
  switch (sub) {
    case 'create': {
      const { values } = parseArgs({ args: rest, options: { name: { type: 'string' } } });
      if (!values.name) throw new UsageError('--name is required');
      return { sub, name: values.name };
    }
    case 'list':
      parseArgs({ args: rest, options: {} });
      return { sub };
    case 'show':
    case 'disable':
    case 'enable':
      return { sub, clientId: clientArgs(sub, rest, {}).clientId };
    case 'delete': {
      const { clientId, values } = clientArgs(sub, rest, { confirm: { type: 'boolean' } });
      if (!values.confirm) throw new UsageError('delete erases the client and all its data: add --confirm');
      return { sub, clientId };
    }
    case 'rotate-secret': {
      const { clientId, values } = clientArgs(sub, rest, { 'overlap-seconds': { type: 'string' } });
      return { sub, clientId, overlapSeconds: wholeNumber('overlap-seconds', values['overlap-seconds']) };
    }
    case 'audit': {
      const { clientId, values } = clientArgs(sub, rest, { limit: { type: 'string' } });
      const limit = wholeNumber('limit', values.limit) ?? 100;
      if (limit < 1 || limit > 1000) throw new UsageError('--limit must be from 1 to 1000');
      return { sub, clientId, limit };
    }
    case 'settings':
      return settingsCommand(rest);
    default:
      throw new UsageError(`unknown command: clients ${[sub, ...rest].join(' ')}`);
  }
}

function settingsCommand(rest: string[]): ClientsCommand {
  const { clientId, values } = clientArgs('settings', rest, {
    'company-name': { type: 'string' },
    'application-name': { type: 'string' },
    'privacy-policy-url': { type: 'string' },
    'terms-and-condition-url': { type: 'string' },
    'service-customer-center-url': { type: 'string' },
    'redirect-url': { type: 'string', multiple: true },
    'component-origin': { type: 'string', multiple: true },
    'data-retention-days': { type: 'string' },
  });
  const all: SettingsChanges = {
    company_name: values['company-name'],
    application_name: values['application-name'],
    privacy_policy_url: values['privacy-policy-url'],
    terms_and_condition_url: values['terms-and-condition-url'],
    service_customer_center_url: values['service-customer-center-url'],
    redirect_urls: values['redirect-url'],
    component_origins: values['component-origin'],
    data_retention_days: retentionDays(values['data-retention-days']),
  };
  const changes = Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as SettingsChanges;
  return { sub: 'settings', clientId, changes: Object.keys(changes).length > 0 ? changes : undefined };
}

/** `--data-retention-days`: a whole number of days, or `none` (kept until deleted); the service checks the range. */
function retentionDays(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'none') return null;
  if (!/^\d+$/.test(value)) throw new UsageError('--data-retention-days must be a whole number of days, or none');
  return Number(value);
}

export interface AdminTarget {
  url: string;
  token: string;
  /** from the discovery file: a service that no longer answers (refused connection) means "no service runs" */
  discovered: boolean;
}

type Env = Record<string, string | undefined>;

function setting(env: Env, key: string): string | undefined {
  const v = env[key]?.trim();
  return v === undefined || v === '' ? undefined : v;
}

/** The operator token the CLI was given: OBI_ADMIN_TOKEN, or the file OBI_ADMIN_TOKEN_FILE names. */
function configuredToken(env: Env): string | undefined {
  const inline = setting(env, 'OBI_ADMIN_TOKEN');
  if (inline !== undefined) return inline;
  const file = setting(env, 'OBI_ADMIN_TOKEN_FILE');
  if (file === undefined) return undefined;
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    throw new AdminApiError(`OBI_ADMIN_TOKEN_FILE: cannot read "${file}" (${(err as NodeJS.ErrnoException).code})`);
  }
}

/**
 * The running service to ask, if any: OBI_ADMIN_URL (with a configured token) when set, else the discovery file
 * (OBI_ADMIN_DISCOVERY_FILE, or DATA_DIR/admin.json, as the service computes it: src/config/config.ts) of a live process.
 */
export function findAdminTarget(env: Env): AdminTarget | undefined {
  const explicit = setting(env, 'OBI_ADMIN_URL');
  if (explicit !== undefined) {
    const token = configuredToken(env);
    if (token === undefined) throw new AdminApiError('OBI_ADMIN_URL needs OBI_ADMIN_TOKEN or OBI_ADMIN_TOKEN_FILE');
    return { url: explicit.replace(/\/+$/, ''), token, discovered: false };
  }
  const file = path.resolve(
    setting(env, 'OBI_ADMIN_DISCOVERY_FILE') ?? path.join(setting(env, 'DATA_DIR') ?? './data', 'admin.json'),
  );
  const found = readAdminDiscovery(file);
  if (!found) return undefined;
  const token = found.token ?? configuredToken(env);
  if (token === undefined)
    throw new AdminApiError(
      `a service is running (pid ${found.pid}, admin API ${found.url}) with a configured operator token: ` +
        'give this command the same OBI_ADMIN_TOKEN or OBI_ADMIN_TOKEN_FILE',
    );
  return { url: found.url, token, discovered: true };
}

/** The service the discovery file named is gone (it crashed): the caller falls back to the database. */
export class AdminUnreachableError extends Error {}

interface Problem {
  title?: string;
  detail?: string;
  code?: string;
  errors?: unknown[];
}

async function call(target: AdminTarget, method: string, pathAndQuery: string, body?: unknown): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${target.url}${pathAndQuery}`, {
      method,
      headers: {
        authorization: `Bearer ${target.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(120_000),
    });
  } catch (err) {
    const cause = (err as Error).cause as NodeJS.ErrnoException | undefined;
    const code = cause?.code;
    // Nothing was sent: a refused connection is safe to retry against the database.
    if (target.discovered && code === 'ECONNREFUSED') throw new AdminUnreachableError(target.url);
    throw new AdminApiError(
      `the admin API at ${target.url} cannot be reached: ${code ?? cause?.message ?? (err as Error).message}`,
    );
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    throw new AdminApiError(`the admin API at ${target.url} answered ${res.status} with something other than JSON`);
  }
  if (!res.ok) {
    const p = (json ?? {}) as Problem;
    const errors = Array.isArray(p.errors) && p.errors.length > 0 ? ` ${JSON.stringify(p.errors)}` : '';
    throw new AdminApiError(`${p.detail ?? p.title ?? `HTTP ${res.status}`}${errors}`);
  }
  return json;
}

/** Runs the command over the admin API; prints exactly what the direct path prints (src/cli/cli-direct.ts). */
export async function clientsOverHttp(target: AdminTarget, cmd: ClientsCommand): Promise<unknown> {
  const item = (id: string) => `/admin/v1/clients/${encodeURIComponent(id)}`;
  switch (cmd.sub) {
    case 'create':
      return call(target, 'POST', '/admin/v1/clients', { name: cmd.name });
    case 'list':
      return ((await call(target, 'GET', '/admin/v1/clients')) as { data: unknown[] }).data;
    case 'show':
      return call(target, 'GET', item(cmd.clientId));
    case 'disable':
    case 'enable':
      return call(target, 'POST', `${item(cmd.clientId)}/${cmd.sub}`);
    case 'delete':
      return call(target, 'DELETE', `${item(cmd.clientId)}?confirm=${encodeURIComponent(cmd.clientId)}`);
    case 'rotate-secret':
      return call(
        target,
        'POST',
        `${item(cmd.clientId)}/rotate-secret`,
        cmd.overlapSeconds === undefined ? {} : { overlap_seconds: cmd.overlapSeconds },
      );
    case 'audit':
      return ((await call(target, 'GET', `${item(cmd.clientId)}/audit?limit=${cmd.limit}`)) as { data: unknown[] })
        .data;
    case 'settings':
      return cmd.changes === undefined
        ? call(target, 'GET', `${item(cmd.clientId)}/settings`)
        : call(target, 'PATCH', `${item(cmd.clientId)}/settings`, cmd.changes);
    case 'customer-readiness':
      return call(
        target,
        'GET',
        `${item(cmd.clientId)}/customers/${encodeURIComponent(cmd.customerId)}/report_readiness_statuses/${encodeURIComponent(cmd.report)}`,
      );
    case 'console-invite':
      return call(target, 'POST', `${item(cmd.clientId)}/console_invitations`, {
        email: cmd.email,
        role: cmd.role,
        ...(cmd.sendEmail ? { send_email: true } : {}),
      });
  }
}
