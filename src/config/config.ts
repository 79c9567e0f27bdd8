/**
 * Every setting comes from the environment, is validated once here, and is passed down as a frozen object.
 * Nothing else reads process.env. Defaults make `npm start` work with no .env at all. Each variable, its type, its
 * default (an integer's range too) and its documentation are declared once, in src/config/fields.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isIP } from 'node:net';
import { isHttpUrl } from '../lib/urls.ts';
import { parseBankConnections, type BankConnectionSettings, type ParsedBankConnections } from '../banks/index.ts';
import { pgliteImageDir } from '../db/pglite-image.ts';
import {
  CONFIG_FIELDS,
  KNOWN_KEYS,
  type BooleanKey,
  type ConfigField,
  type ConfigKey,
  type IntegerKey,
  type TableSettings,
} from './fields.ts';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export type NodeEnv = 'development' | 'production' | 'test';
/** What one process does (docs/operations.md, "Roles"): the HTTP API, the job workers, or both. */
export type Role = 'api' | 'worker' | 'all';
export const ROLES: readonly Role[] = ['api', 'worker', 'all'];

export interface BootstrapClient {
  clientId: string;
  clientSecret: string;
}

/**
 * The configuration: the members one integer or boolean variable fills by itself are the field table's
 * (`TableSettings`, named by each field's `member` in src/config/fields.ts); the members below are computed from text
 * variables, several variables, or a default worked out at start.
 */
export interface Config extends TableSettings {
  nodeEnv: NodeEnv;
  host: string;
  dataDir: string;
  /** When set, a PostgreSQL server (node-postgres); otherwise the embedded PGlite in dataDir. */
  databaseUrl: string | null;
  /**
   * A streaming replica of databaseUrl for reads that may lag (src/db/read-replica.ts,
   * docs/decisions/0076-read-replica.md); null: every read goes to databaseUrl.
   */
  databaseReadUrl: string | null;
  publicBaseUrl: string;
  logLevel: LogLevel;
  bootstrapClients: BootstrapClient[];
  /**
   * The installation key (seals stored secrets, signs invitation links, peppers client-secret hashes) from
   * OBI_SECRET_KEY or the file OBI_SECRET_KEY_FILE names (a Docker or Kubernetes secret); null when neither is set,
   * and then src/app/installation-key.ts decides (a generated key beside the embedded data, never in production).
   */
  installationKey: string | null;
  /** Where installationKey came from, for the start-up log. */
  installationKeySource: 'OBI_SECRET_KEY' | 'OBI_SECRET_KEY_FILE' | null;
  /**
   * OBI_ADMIN_TOKEN or OBI_ADMIN_TOKEN_FILE: the operator token of the admin API (/admin/v1); null: an api process
   * makes one per run and writes it to adminDiscoveryFile (src/app/admin-server.ts, docs/decisions/0033-admin-listener.md).
   */
  adminToken: string | null;
  /** OBI_ADMIN_HOST: the admin listener's address; loopback unless configured (another one is logged as a warning). */
  adminHost: string;
  /** OBI_ADMIN_DISCOVERY_FILE: where an api process writes the admin URL (and its per-run token); DATA_DIR/admin.json by default. */
  adminDiscoveryFile: string;
  /**
   * TRUSTED_PROXIES: the reverse proxies whose X-Forwarded-For is believed (addresses, CIDR ranges, or loopback,
   * linklocal, uniquelocal), given to Fastify's trustProxy; empty: the peer's address is the caller's
   * (src/http/client-address.ts).
   */
  trustedProxies: readonly string[];
  /** ROLE or --role: api (HTTP, no job workers), worker (job workers; only /health, /ready, /metrics), all (both). */
  role: Role;
  /** Run background workers (job queue) in this process: role worker, or role all with WORKERS not false. */
  workers: boolean;
  /** WORKER_THREADS: threads of the worker pool (src/workers/pool.ts); default one fewer than the cores, 1 to 4. */
  workerThreads: number;
  /**
   * OBI_PGLITE_IMAGE: the pre-initialised embedded database a new DATA_DIR starts from (src/db/pglite-image.ts);
   * null (`off`) = initdb at the first start.
   */
  pgliteImage: string | null;
  /** METRICS_TOKEN or METRICS_TOKEN_FILE: the Bearer token of GET /metrics; null: /metrics is off (404). */
  metricsToken: string | null;
  /** Seconds to wait before each retry after the first attempt (which is immediate); its length is the number of retries. */
  webhookRetrySchedule: readonly number[];
  /** Mount the sandbox bank under /sandbox-bank (default on, except in production where it must be allowed). */
  sandboxBank: boolean;
  /** Open Banking connection settings per bank slug (BANK_CONNECTIONS or BANK_CONNECTIONS_FILE), complete ones. */
  bankConnections: Readonly<Record<string, BankConnectionSettings>>;
  /** Banks named in BANK_CONNECTIONS that miss something: reported at start-up, not offered (src/main.ts). */
  bankConnectionsIncomplete: Readonly<ParsedBankConnections['incomplete']>;
  /** Seconds to wait before each new attempt of a bank pull that failed for a passing reason; its length is the number of retries. */
  bankPullRetrySchedule: readonly number[];
  /** SMTP server for invitation e-mails (smtp:// or smtps://, nodemailer options as query members); null: write them to mailOutboxDir. */
  smtpUrl: string | null;
  /** Sender of the service's e-mails ("Name <address>" or an address). */
  mailFrom: string;
  /** Where e-mails go when no SMTP server is configured (one .eml file per message). */
  mailOutboxDir: string;
  /**
   * OBI_CHROMIUM_PATH: the Chromium (or Chrome) executable the affordability PDF is printed with
   * (src/modules/overview/overview.pdf.ts); by default /usr/bin/chromium when it exists; `off` or none found: null,
   * and the PDF answers 503 pdf_unavailable.
   */
  chromiumPath: string | null;
  /**
   * REGULATED_FIRM_NAME and REGULATED_FIRM_FCA_NUMBER: the firm authorised by the FCA to provide the account
   * information service, named in the hosted pages' footer (docs/decisions/0055-hosted-pages-no-dead-ends.md);
   * null until the operator sets them (then the pages name no provider).
   */
  regulatedFirm: { name: string; fcaNumber: string | null } | null;
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
type Key = ConfigKey;
export { KNOWN_KEYS };

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
  /** An integer field (src/config/fields.ts): its range and default from the table; `computed` for `default: null`. */
  const int = (key: IntegerKey, computed?: number): number => {
    const { min, max, default: declared } = CONFIG_FIELDS[key];
    const def = declared ?? computed ?? min;
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
  /** A boolean field (src/config/fields.ts): its default from the table; `computed` for `default: null`. */
  const bool = (key: BooleanKey, computed?: boolean): boolean => {
    const declared: boolean | null = CONFIG_FIELDS[key].default;
    const def = declared ?? computed ?? false;
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

/** Every integer and boolean field with a `member` (src/config/fields.ts), read into that member. */
function readTableSettings({ int, bool }: Pick<ReturnType<typeof envReader>, 'int' | 'bool'>): TableSettings {
  const out: Record<string, number | boolean> = {};
  for (const key of KNOWN_KEYS) {
    const field: ConfigField = CONFIG_FIELDS[key];
    if (field.type === 'text' || field.member === undefined) continue;
    out[field.member] = field.type === 'integer' ? int(key as IntegerKey) : bool(key as BooleanKey);
  }
  return out as TableSettings;
}

const PROXY_PRESETS = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUSTED_PROXIES: comma-separated addresses, CIDR ranges (192.0.2.0/24, 2001:db8::/32) or proxy-addr's presets. */
export function parseTrustedProxies(value: string | undefined, problems: string[]): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  for (const entry of entries) {
    if (PROXY_PRESETS.includes(entry)) continue;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || !prefixOk || rest.length > 0)
      problems.push(
        `TRUSTED_PROXIES: "${entry}" is not an address, a CIDR range, or one of ${PROXY_PRESETS.join(', ')}`,
      );
  }
  return entries;
}

/** The regulated provider the hosted pages name (docs/decisions/0055-hosted-pages-no-dead-ends.md). */
function parseRegulatedFirm(get: (key: Key) => string | undefined, problems: string[]): Config['regulatedFirm'] {
  const name = get('REGULATED_FIRM_NAME');
  const fcaNumber = get('REGULATED_FIRM_FCA_NUMBER') ?? null;
  if (name !== undefined && name.length > 200) problems.push('REGULATED_FIRM_NAME: at most 200 characters');
  // The FCA's Firm Reference Numbers are six or seven digits.
  if (fcaNumber !== null && !/^\d{6,7}$/.test(fcaNumber))
    problems.push(
      `REGULATED_FIRM_FCA_NUMBER: expected the firm's 6 or 7 digit FCA reference number, got "${fcaNumber}"`,
    );
  if (fcaNumber !== null && name === undefined)
    problems.push('REGULATED_FIRM_FCA_NUMBER: set REGULATED_FIRM_NAME too (the pages name the firm with its number)');
  return name === undefined ? null : Object.freeze({ name, fcaNumber });
}

/** How often failed bank pulls are retried. */
function parseConsentTiming(get: (key: Key) => string | undefined, problems: string[]) {
  const schedule = parseSchedule(
    'BANK_PULL_RETRY_SCHEDULE',
    get('BANK_PULL_RETRY_SCHEDULE'),
    DEFAULT_BANK_PULL_RETRY_SCHEDULE,
    10,
    86_400,
    problems,
  );
  return { bankPullRetrySchedule: Object.freeze(schedule) };
}

export function loadConfig(env: Env = process.env): Readonly<Config> {
  const problems: string[] = [];
  const reader = envReader(env, problems);
  const { get, int, oneOf, bool } = reader;
  const table = readTableSettings(reader);

  const nodeEnv = oneOf('NODE_ENV', NODE_ENVS, 'development');
  const port = table.port;
  const host = get('HOST') ?? '127.0.0.1';
  const dataDir = path.resolve(get('DATA_DIR') ?? './data');

  const databaseUrl = get('DATABASE_URL') ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL: expected a postgres:// or postgresql:// URL');
  }
  const databaseReadUrl = get('DATABASE_READ_URL') ?? null;
  if (databaseReadUrl !== null && !/^postgres(ql)?:\/\//.test(databaseReadUrl)) {
    problems.push('DATABASE_READ_URL: expected a postgres:// or postgresql:// URL');
  } else if (databaseReadUrl !== null && databaseUrl === null) {
    problems.push(
      'DATABASE_READ_URL: a replica of the PostgreSQL server in DATABASE_URL; the embedded database has none, so set DATABASE_URL too or leave DATABASE_READ_URL unset',
    );
  }

  const publicBaseUrl = (get('PUBLIC_BASE_URL') ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(
    /\/+$/,
    '',
  );
  if (!isHttpUrl(publicBaseUrl)) problems.push(`PUBLIC_BASE_URL: expected an http(s) URL, got "${publicBaseUrl}"`);

  const logLevel = oneOf('LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info');
  const clientAccess = parseClientAccess(reader, { dataDir, port, adminPort: table.adminPort }, problems);
  const key = readInstallationKey(get('OBI_SECRET_KEY'), get('OBI_SECRET_KEY_FILE'), problems);
  const trustedProxies = Object.freeze(parseTrustedProxies(get('TRUSTED_PROXIES'), problems));
  const operations = parseOperations(reader, databaseUrl, problems);
  const webhookRetrySchedule = parseRetrySchedule(get('WEBHOOK_RETRY_SCHEDULE'), problems);
  const banking = parseBanking(env, nodeEnv, bool, get, problems);
  const consentTiming = parseConsentTiming(get, problems);
  const mail = parseMail(get('SMTP_URL'), get('MAIL_FROM'), get('MAIL_OUTBOX_DIR'), dataDir, problems);
  const regulatedFirm = parseRegulatedFirm(get, problems);
  if (table.testHoldReportCompute && nodeEnv !== 'test')
    problems.push('OBI_TEST_HOLD_REPORT_COMPUTE: a test hook, accepted only with NODE_ENV=test');
  const workerThreads = int('WORKER_THREADS', Math.min(4, Math.max(1, availableParallelism() - 1)));
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze({
    ...table,
    nodeEnv,
    host,
    dataDir,
    databaseUrl,
    databaseReadUrl,
    publicBaseUrl,
    logLevel,
    ...clientAccess,
    ...key,
    trustedProxies,
    ...operations,
    webhookRetrySchedule: Object.freeze(webhookRetrySchedule),
    ...banking,
    ...consentTiming,
    ...mail,
    regulatedFirm,
    workerThreads,
    pgliteImage: pgliteImageDir(get('OBI_PGLITE_IMAGE')),
  });
}

/** OBI_CHROMIUM_PATH (docs/operations.md): an executable file, `off`, or unset for /usr/bin/chromium when present. */
function parseChromiumPath(value: string | undefined, problems: string[]): string | null {
  const isExecutable = (file: string): boolean => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  };
  if (value === undefined || value === '') return isExecutable('/usr/bin/chromium') ? '/usr/bin/chromium' : null;
  if (value === 'off') return null;
  if (!path.isAbsolute(value) || !isExecutable(value))
    problems.push('OBI_CHROMIUM_PATH: must be the absolute path of an executable file (or off)');
  return value;
}

/**
 * How this process runs (docs/operations.md): its role, whether it runs job workers, the metrics token, the
 * shutdown deadline and the Chromium PDFs are printed with. The embedded database is one process's (src/db/lock.ts), so only role all runs on it.
 */
function parseOperations(
  { get, oneOf, bool }: ReturnType<typeof envReader>,
  databaseUrl: string | null,
  problems: string[],
): Pick<Config, 'role' | 'workers' | 'metricsToken' | 'chromiumPath'> {
  const role = oneOf('ROLE', [...ROLES], 'all');
  if (role !== 'all' && databaseUrl === null) {
    problems.push(
      `ROLE (or --role): "${role}" runs beside another process on one PostgreSQL server (DATABASE_URL); the embedded database serves one process only, so without DATABASE_URL use "all"`,
    );
  }
  const workersSetting = bool('WORKERS');
  if (role === 'worker' && get('WORKERS') === 'false')
    problems.push('WORKERS: "false" contradicts ROLE=worker (a worker process runs the job workers)');
  return {
    role,
    workers: role === 'worker' || (role === 'all' && workersSetting),
    metricsToken: parseToken('METRICS_TOKEN', get('METRICS_TOKEN'), get('METRICS_TOKEN_FILE'), problems),
    chromiumPath: parseChromiumPath(get('OBI_CHROMIUM_PATH'), problems),
  };
}

/** The sandbox bank and the real banks' connections (docs/real-banks.md). */
function parseBanking(
  env: Env,
  nodeEnv: NodeEnv,
  bool: ReturnType<typeof envReader>['bool'],
  get: ReturnType<typeof envReader>['get'],
  problems: string[],
) {
  // docs/decisions/0018-configuration.md: production refuses the sandbox bank unless explicitly allowed.
  const sandboxAllowedInProduction = bool('SANDBOX_BANK_ALLOWED_IN_PRODUCTION');
  const sandboxBank = bool('SANDBOX_BANK', nodeEnv !== 'production' || sandboxAllowedInProduction);
  if (sandboxBank && nodeEnv === 'production' && !sandboxAllowedInProduction) {
    problems.push(
      'SANDBOX_BANK: the sandbox bank is refused in production; set SANDBOX_BANK_ALLOWED_IN_PRODUCTION=true to allow it',
    );
  }
  // Keys and certificates may come from any variable the operator names (docs/real-banks.md): read from env itself.
  const banks = parseBankConnections(get('BANK_CONNECTIONS'), get('BANK_CONNECTIONS_FILE'), (n) => env[n], problems);
  return {
    sandboxBank,
    bankConnections: Object.freeze(banks.connections),
    bankConnectionsIncomplete: Object.freeze(banks.incomplete),
  };
}

/** The smallest installation key accepted (characters); a generated one is 64 hex digits. */
export const MIN_INSTALLATION_KEY_LENGTH = 32;

/**
 * OBI_SECRET_KEY, or the content of the file OBI_SECRET_KEY_FILE names (surrounding white space, such as the
 * newline an editor or `echo` adds, is not part of the key). Setting both is refused: which one wins would be a guess.
 */
function readInstallationKey(
  fromEnv: string | undefined,
  file: string | undefined,
  problems: string[],
): Pick<Config, 'installationKey' | 'installationKeySource'> {
  if (fromEnv !== undefined && file !== undefined) {
    problems.push('OBI_SECRET_KEY and OBI_SECRET_KEY_FILE: set one of them, not both');
    return { installationKey: null, installationKeySource: null };
  }
  let key = fromEnv;
  if (file !== undefined) {
    try {
      key = fs.readFileSync(path.resolve(file), 'utf8').trim();
    } catch (err) {
      problems.push(`OBI_SECRET_KEY_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
      return { installationKey: null, installationKeySource: null };
    }
  }
  if (key === undefined) return { installationKey: null, installationKeySource: null };
  const source = file !== undefined ? 'OBI_SECRET_KEY_FILE' : 'OBI_SECRET_KEY';
  if (key.length < MIN_INSTALLATION_KEY_LENGTH) {
    problems.push(`${source}: expected a key of at least ${MIN_INSTALLATION_KEY_LENGTH} characters`);
    return { installationKey: null, installationKeySource: null };
  }
  return { installationKey: key, installationKeySource: source };
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

/** Who may manage clients: the clients created at start-up, and the operator token of the admin API. */
function parseClientAccess(
  { get }: Pick<ReturnType<typeof envReader>, 'get'>,
  main: { dataDir: string; port: number; adminPort: number },
  problems: string[],
) {
  const adminToken = parseToken('OBI_ADMIN_TOKEN', get('OBI_ADMIN_TOKEN'), get('OBI_ADMIN_TOKEN_FILE'), problems);
  const adminHost = get('OBI_ADMIN_HOST') ?? '127.0.0.1';
  const { adminPort } = main;
  // A per-run token lives in a local file only: an admin listener reachable from elsewhere needs a configured one.
  if (!isLoopbackHost(adminHost) && adminToken === null && get('OBI_ADMIN_TOKEN_FILE') === undefined)
    problems.push('OBI_ADMIN_HOST: an address beyond loopback needs OBI_ADMIN_TOKEN or OBI_ADMIN_TOKEN_FILE');
  if (adminPort !== 0 && adminPort === main.port)
    problems.push('OBI_ADMIN_PORT: must differ from PORT (the admin API has a listener of its own)');
  return {
    bootstrapClients: Object.freeze(parseBootstrapClients(get('OBI_BOOTSTRAP_CLIENTS'), problems)) as BootstrapClient[],
    adminToken,
    adminHost,
    adminDiscoveryFile: path.resolve(get('OBI_ADMIN_DISCOVERY_FILE') ?? path.join(main.dataDir, 'admin.json')),
  };
}

/** 127.0.0.0/8, ::1 and localhost: addresses only this machine reaches. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

// An operator token (the admin API's, the metrics endpoint's), inline or from a file (a mounted secret); long
// enough not to be guessed.
function parseToken(
  name: 'OBI_ADMIN_TOKEN' | 'METRICS_TOKEN',
  inline: string | undefined,
  file: string | undefined,
  problems: string[],
): string | null {
  if (inline !== undefined && file !== undefined) {
    problems.push(`${name}, ${name}_FILE: set one of them, not both`);
    return null;
  }
  let token = inline;
  if (file !== undefined) {
    try {
      token = readFileSync(file, 'utf8').trim();
    } catch (err) {
      problems.push(`${name}_FILE: cannot read "${file}" (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
      return null;
    }
  }
  if (token === undefined) return null;
  if (token.length < 32 || /\s/.test(token)) {
    problems.push(`${file !== undefined ? `${name}_FILE` : name}: expected at least 32 characters, no spaces`);
    return null;
  }
  return token;
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
