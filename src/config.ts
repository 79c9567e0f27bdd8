/**
 * Every setting comes from the environment, is validated once here, and is passed down as a frozen object.
 * Nothing else reads process.env. Defaults make `npm start` work with no .env at all.
 */
import path from 'node:path';
import { isHttpUrl } from './lib/urls.ts';
import { parseBankConnections, type BankConnectionSettings } from './banks/connections.ts';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export type NodeEnv = 'development' | 'production' | 'test';

export interface BootstrapClient {
  clientId: string;
  clientSecret: string;
}

export interface Config {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  dataDir: string;
  /** When set, a PostgreSQL server (node-postgres); otherwise the embedded PGlite in dataDir. */
  databaseUrl: string | null;
  publicBaseUrl: string;
  accessTokenTtlSeconds: number;
  customerTokenTtlSeconds: number;
  logLevel: LogLevel;
  bootstrapClients: BootstrapClient[];
  /** OBI_SECRET_KEY: the installation key (seals stored secrets, signs invitation links, peppers client-secret hashes); when unset, one generated once and kept in the database is used. */
  installationKey: string | null;
  /** Largest accepted request body, bytes (the 100 000-transaction submission fits well inside the default). */
  bodyLimitBytes: number;
  /** Run background workers (job queue) in this process. */
  workers: boolean;
  /** Webhook targets on loopback addresses are refused unless this is on (local development and tests). */
  webhookAllowLoopback: boolean;
  /** One webhook delivery attempt may take this long (DNS, connect, response headers) before it counts as failed. */
  webhookTimeoutMs: number;
  /** Seconds to wait before each retry after the first attempt (which is immediate); its length is the number of retries. */
  webhookRetrySchedule: readonly number[];
  /** Mount the sandbox bank under /sandbox-bank (default on, except in production where it must be allowed). */
  sandboxBank: boolean;
  /** Open Banking connection settings per bank slug (BANK_CONNECTIONS or BANK_CONNECTIONS_FILE). */
  bankConnections: Readonly<Record<string, BankConnectionSettings>>;
  /** An authorised consent's data is pulled again (and its tokens refreshed) this often. */
  consentRefreshIntervalSeconds: number;
  /** Seconds to wait before each new attempt of a bank pull that failed for a passing reason; its length is the number of retries. */
  bankPullRetrySchedule: readonly number[];
  /** SMTP server for invitation e-mails (smtp:// or smtps://, nodemailer options as query members); null: write them to mailOutboxDir. */
  smtpUrl: string | null;
  /** Sender of the service's e-mails ("Name <address>" or an address). */
  mailFrom: string;
  /** Where e-mails go when no SMTP server is configured (one .eml file per message). */
  mailOutboxDir: string;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const NODE_ENVS: NodeEnv[] = ['development', 'production', 'test'];
type Key = (typeof KNOWN_KEYS)[number];
export const KNOWN_KEYS = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'PUBLIC_BASE_URL',
  'ACCESS_TOKEN_TTL_SECONDS',
  'CUSTOMER_TOKEN_TTL_SECONDS',
  'LOG_LEVEL',
  'OBI_BOOTSTRAP_CLIENTS',
  'OBI_SECRET_KEY',
  'BODY_LIMIT_BYTES',
  'WORKERS',
  'WEBHOOK_ALLOW_LOOPBACK',
  'WEBHOOK_TIMEOUT_MS',
  'WEBHOOK_RETRY_SCHEDULE',
  'SANDBOX_BANK',
  'SANDBOX_BANK_ALLOWED_IN_PRODUCTION',
  'BANK_CONNECTIONS',
  'BANK_CONNECTIONS_FILE',
  'CONSENT_REFRESH_INTERVAL_SECONDS',
  'BANK_PULL_RETRY_SCHEDULE',
  'SMTP_URL',
  'MAIL_FROM',
  'MAIL_OUTBOX_DIR',
] as const;

/** A failed bank pull is tried again after 1 min, 10 min and 1 h. */
export const DEFAULT_BANK_PULL_RETRY_SCHEDULE = [60, 600, 3600] as const;

/** The Standard Webhooks schedule: after the immediate first attempt, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;

type Env = Record<string, string | undefined>;

/** Typed readers of the environment; each bad value is added to `problems` and answered with the default. */
function envReader(env: Env, problems: string[]) {
  const get = (key: Key): string | undefined => {
    const v = env[key];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const int = (key: Key, def: number, min: number, max: number): number => {
    const raw = get(key);
    if (raw === undefined) return def;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) {
      problems.push(`${key}: expected an integer between ${min} and ${max}, got "${raw}"`);
      return def;
    }
    return n;
  };
  const oneOf = <T extends string>(key: Key, allowed: T[], def: T): T => {
    const raw = get(key);
    if (raw === undefined) return def;
    if (!allowed.includes(raw as T)) {
      problems.push(`${key}: expected one of ${allowed.join(', ')}, got "${raw}"`);
      return def;
    }
    return raw as T;
  };
  const bool = (key: Key, def: boolean): boolean => {
    const raw = get(key);
    if (raw === undefined) return def;
    if (raw !== 'true' && raw !== 'false') {
      problems.push(`${key}: expected true or false, got "${raw}"`);
      return def;
    }
    return raw === 'true';
  };
  return { get, int, oneOf, bool };
}

export function loadConfig(env: Env = process.env): Readonly<Config> {
  const problems: string[] = [];
  const { get, int, oneOf, bool } = envReader(env, problems);

  const nodeEnv = oneOf('NODE_ENV', NODE_ENVS, 'development');
  const port = int('PORT', 8080, 0, 65535);
  const host = get('HOST') ?? '127.0.0.1';
  const dataDir = path.resolve(get('DATA_DIR') ?? './data');

  const databaseUrl = get('DATABASE_URL') ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL: expected a postgres:// or postgresql:// URL');
  }

  const publicBaseUrl = (get('PUBLIC_BASE_URL') ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(
    /\/+$/,
    '',
  );
  if (!isHttpUrl(publicBaseUrl)) problems.push(`PUBLIC_BASE_URL: expected an http(s) URL, got "${publicBaseUrl}"`);

  const accessTokenTtlSeconds = int('ACCESS_TOKEN_TTL_SECONDS', 3600, 1, 86_400 * 30);
  const customerTokenTtlSeconds = int('CUSTOMER_TOKEN_TTL_SECONDS', 86_400, 1, 86_400 * 30);
  const logLevel = oneOf('LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info');
  const bootstrapClients = parseBootstrapClients(get('OBI_BOOTSTRAP_CLIENTS'), problems);
  const installationKey = get('OBI_SECRET_KEY') ?? null;
  if (installationKey !== null && installationKey.length < 32)
    problems.push('OBI_SECRET_KEY: expected at least 32 characters');
  const bodyLimitBytes = int('BODY_LIMIT_BYTES', 64 * 1024 * 1024, 1024, 1024 * 1024 * 1024);
  const workers = bool('WORKERS', true);
  const webhookAllowLoopback = bool('WEBHOOK_ALLOW_LOOPBACK', false);
  const webhookTimeoutMs = int('WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000);
  const webhookRetrySchedule = parseRetrySchedule(get('WEBHOOK_RETRY_SCHEDULE'), problems);
  // docs/decisions/0018-configuration.md: production refuses the sandbox bank unless explicitly allowed.
  const sandboxAllowedInProduction = bool('SANDBOX_BANK_ALLOWED_IN_PRODUCTION', false);
  const sandboxBank = bool('SANDBOX_BANK', nodeEnv !== 'production' || sandboxAllowedInProduction);
  if (sandboxBank && nodeEnv === 'production' && !sandboxAllowedInProduction) {
    problems.push(
      'SANDBOX_BANK: the sandbox bank is refused in production; set SANDBOX_BANK_ALLOWED_IN_PRODUCTION=true to allow it',
    );
  }
  const bankConnections = parseBankConnections(get('BANK_CONNECTIONS'), get('BANK_CONNECTIONS_FILE'), problems);
  const consentRefreshIntervalSeconds = int('CONSENT_REFRESH_INTERVAL_SECONDS', 86_400, 60, 86_400 * 30);
  const bankPullRetrySchedule = parseSchedule(
    'BANK_PULL_RETRY_SCHEDULE',
    get('BANK_PULL_RETRY_SCHEDULE'),
    DEFAULT_BANK_PULL_RETRY_SCHEDULE,
    10,
    86_400,
    problems,
  );
  const mail = parseMail(get('SMTP_URL'), get('MAIL_FROM'), get('MAIL_OUTBOX_DIR'), dataDir, problems);

  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze({
    nodeEnv,
    port,
    host,
    dataDir,
    databaseUrl,
    publicBaseUrl,
    accessTokenTtlSeconds,
    customerTokenTtlSeconds,
    logLevel,
    bootstrapClients: Object.freeze(bootstrapClients) as BootstrapClient[],
    installationKey,
    bodyLimitBytes,
    workers,
    webhookAllowLoopback,
    webhookTimeoutMs,
    webhookRetrySchedule: Object.freeze(webhookRetrySchedule),
    sandboxBank,
    bankConnections: Object.freeze(bankConnections),
    consentRefreshIntervalSeconds,
    bankPullRetrySchedule: Object.freeze(bankPullRetrySchedule),
    ...mail,
  });
}

// "id1:secret1,id2:secret2". Ids are restricted to a safe alphabet so they can appear in URLs and logs.
function parseBootstrapClients(raw: string | undefined, problems: string[]): BootstrapClient[] {
  if (raw === undefined) return [];
  const out: BootstrapClient[] = [];
  raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .forEach((pair, i) => {
      const at = pair.indexOf(':');
      const clientId = at < 0 ? '' : pair.slice(0, at);
      const clientSecret = at < 0 ? '' : pair.slice(at + 1);
      if (!/^[A-Za-z0-9_.-]{3,64}$/.test(clientId) || clientSecret.length < 16) {
        problems.push(
          `OBI_BOOTSTRAP_CLIENTS: entry ${i + 1} must be client_id:client_secret (id of 3-64 of [A-Za-z0-9_.-], secret of at least 16 characters)`,
        );
        return;
      }
      out.push({ clientId, clientSecret });
    });
  return out;
}

// "5,300,1800": seconds before each retry. Up to 7 days apart and 50 retries, so a typo cannot park a delivery for years.
function parseRetrySchedule(raw: string | undefined, problems: string[]): number[] {
  if (raw === undefined) return [...DEFAULT_WEBHOOK_RETRY_SCHEDULE];
  const parts = raw.split(',').map((s) => s.trim());
  const ok = parts.length <= 50 && parts.every((p) => /^\d+$/.test(p) && Number(p) <= 7 * 86_400);
  if (!ok) {
    problems.push(
      `WEBHOOK_RETRY_SCHEDULE: expected a comma-separated list of at most 50 whole seconds (each at most 604800), got "${raw}"`,
    );
    return [...DEFAULT_WEBHOOK_RETRY_SCHEDULE];
  }
  return parts.map(Number);
}

// "60,600": seconds before each retry, at most `maxCount` of them, each at most `maxSeconds`.
function parseSchedule(
  key: Key,
  raw: string | undefined,
  def: readonly number[],
  maxCount: number,
  maxSeconds: number,
  problems: string[],
): number[] {
  if (raw === undefined) return [...def];
  const parts = raw.split(',').map((s) => s.trim());
  if (parts.length > maxCount || !parts.every((p) => /^\d+$/.test(p) && Number(p) <= maxSeconds)) {
    problems.push(
      `${key}: expected a comma-separated list of at most ${maxCount} whole seconds (each at most ${maxSeconds}), got "${raw}"`,
    );
    return [...def];
  }
  return parts.map(Number);
}

// A sender is "address" or "Name <address>"; an SMTP server needs a real one, so MAIL_FROM is required with SMTP_URL.
function parseMail(
  smtpUrl: string | undefined,
  mailFrom: string | undefined,
  outboxDir: string | undefined,
  dataDir: string,
  problems: string[],
) {
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/?#]+/.test(smtpUrl))
    problems.push('SMTP_URL: expected smtp://[user:password@]host[:port] or smtps://…');
  if (mailFrom !== undefined && !/^([^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/.test(mailFrom)) {
    problems.push(`MAIL_FROM: expected an address or "Name <address>", got "${mailFrom}"`);
  }
  if (smtpUrl !== undefined && mailFrom === undefined)
    problems.push('MAIL_FROM: required when SMTP_URL is set (the sender of invitation e-mails)');
  return {
    smtpUrl: smtpUrl ?? null,
    mailFrom: mailFrom ?? 'Open Banking Insights <no-reply@localhost>',
    mailOutboxDir: path.resolve(outboxDir ?? path.join(dataDir, 'mail-outbox')),
  };
}
