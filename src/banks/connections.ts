/**
 * Connection settings of the banks the consent flow can reach: discovery URL, API base, client credentials and
 * TLS, per slug, from configuration (BANK_CONNECTIONS or BANK_CONNECTIONS_FILE, a JSON object keyed by slug).
 * The sandbox banks need none: unless configured otherwise they point at this service's own /sandbox-bank mount.
 *
 * {
 *   "barclays": {
 *     "discovery_url": "https://auth.bank.example/.well-known/openid-configuration",
 *     "api_base_url": "https://api.bank.example/open-banking/v3.1/aisp",
 *     "client_id": "…", "client_secret": "…",
 *     "tls": { "ca_file": "/etc/obi/bank-ca.pem", "cert_file": "/etc/obi/transport.pem", "key_file": "/etc/obi/transport.key" },
 *     "timeout_ms": 30000, "financial_id": "0015800000jfwxXAAQ"
 *   }
 * }
 */
import { readFileSync } from 'node:fs';
import { findBank } from './registry.ts';

export interface BankTlsSettings {
  /** PEM of the CA(s) to trust instead of the system's */
  ca?: string;
  /** PEM of the client (transport) certificate, for mutual TLS */
  cert?: string;
  key?: string;
  rejectUnauthorized: boolean;
}

/** One bank's connection, as configured. */
export interface BankConnectionSettings {
  discoveryUrl: string;
  /** base of the Account and Transaction API, e.g. https://api.bank.example/open-banking/v3.1/aisp */
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
  tokenAuthMethod: 'client_secret_basic' | 'client_secret_post';
  tls: BankTlsSettings;
  /** one HTTP exchange with the bank may take this long */
  timeoutMs: number;
  /** x-fapi-financial-id, for banks that still ask for it */
  financialId: string | null;
  /** in-request waits for a 429's Retry-After are honoured up to this many seconds; longer ones fail the call */
  maxRetryWaitSeconds: number;
}

export const SANDBOX_SLUGS = ['sandbox', 'sandbox-business'] as const;
/** The sandbox bank's registered client: not a secret worth keeping (the bank serves invented people). */
export const SANDBOX_CLIENT = Object.freeze({
  clientId: 'obi-sandbox-client',
  clientSecret: 'obi-sandbox-client-secret',
});
/** Where every bank sends the customer back to (registered with each bank as the redirect URI). */
export const CALLBACK_PATH = '/webflow/callback';
/** Endpoint 5's URL: the one-time start of a bank flow, which binds it to the browser that opens it. */
export const BANK_FLOW_START_PATH = '/webflow/start';

export function isSandboxSlug(slug: string): boolean {
  return (SANDBOX_SLUGS as readonly string[]).includes(slug);
}

export function sandboxBankBaseUrl(publicBaseUrl: string, slug: string): string {
  return `${publicBaseUrl}/sandbox-bank/${slug}`;
}

export interface ConnectionConfig {
  publicBaseUrl: string;
  sandboxBank: boolean;
  bankConnections: Readonly<Record<string, BankConnectionSettings>>;
}

/** The settings to reach `slug`, or null when this installation cannot connect to it. */
export function bankConnection(config: ConnectionConfig, slug: string): BankConnectionSettings | null {
  const configured = config.bankConnections[slug];
  if (configured) return configured;
  if (!isSandboxSlug(slug) || !config.sandboxBank) return null;
  const base = sandboxBankBaseUrl(config.publicBaseUrl, slug);
  return {
    discoveryUrl: `${base}/.well-known/openid-configuration`,
    apiBaseUrl: `${base}/open-banking/v3.1/aisp`,
    clientId: SANDBOX_CLIENT.clientId,
    clientSecret: SANDBOX_CLIENT.clientSecret,
    tokenAuthMethod: 'client_secret_basic',
    tls: { rejectUnauthorized: true },
    timeoutMs: 30_000,
    financialId: null,
    maxRetryWaitSeconds: 30,
  };
}

/** The URL banks redirect the customer to after the authorisation. */
export function callbackUrl(publicBaseUrl: string): string {
  return `${publicBaseUrl}${CALLBACK_PATH}`;
}

/**
 * Parses BANK_CONNECTIONS (inline JSON) or the file BANK_CONNECTIONS_FILE names. Every problem is pushed to
 * `problems` (the caller lists them all at once); TLS files are read here, once, at start-up.
 */
export function parseBankConnections(
  inline: string | undefined,
  file: string | undefined,
  problems: string[],
): Record<string, BankConnectionSettings> {
  if (inline !== undefined && file !== undefined) {
    problems.push('BANK_CONNECTIONS, BANK_CONNECTIONS_FILE: set one of them, not both');
    return {};
  }
  const key = inline !== undefined ? 'BANK_CONNECTIONS' : 'BANK_CONNECTIONS_FILE';
  let text = inline;
  if (file !== undefined) {
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      problems.push(`BANK_CONNECTIONS_FILE: cannot read "${file}" (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
      return {};
    }
  }
  if (text === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    problems.push(`${key}: not valid JSON`);
    return {};
  }
  if (!isObject(parsed)) {
    problems.push(`${key}: expected a JSON object keyed by bank slug`);
    return {};
  }
  const out: Record<string, BankConnectionSettings> = {};
  for (const [slug, raw] of Object.entries(parsed)) {
    const at = `${key}: ${slug}`;
    if (!findBank(slug)) {
      problems.push(`${at}: unknown bank slug (see GET /public/v3/banks)`);
      continue;
    }
    const settings = parseOne(at, raw, problems);
    if (settings) out[slug] = settings;
  }
  return out;
}

const KNOWN_MEMBERS = new Set([
  'discovery_url',
  'api_base_url',
  'client_id',
  'client_secret',
  'token_endpoint_auth_method',
  'tls',
  'timeout_ms',
  'financial_id',
  'max_retry_wait_seconds',
]);
const KNOWN_TLS = new Set(['ca_file', 'cert_file', 'key_file', 'reject_unauthorized']);

function parseOne(at: string, raw: unknown, problems: string[]): BankConnectionSettings | null {
  if (!isObject(raw)) {
    problems.push(`${at}: expected an object`);
    return null;
  }
  const before = problems.length;
  for (const k of Object.keys(raw)) if (!KNOWN_MEMBERS.has(k)) problems.push(`${at}: unknown member "${k}"`);
  const str = (k: string, required: boolean): string | undefined => {
    const v = raw[k];
    if (v === undefined || v === null) {
      if (required) problems.push(`${at}: "${k}" is required`);
      return undefined;
    }
    if (typeof v !== 'string' || v.trim() === '') {
      problems.push(`${at}: "${k}" must be a non-empty string`);
      return undefined;
    }
    return v.trim();
  };
  const url = (k: string) => {
    const v = str(k, true);
    if (v !== undefined && !isHttpsOrLocalUrl(v))
      problems.push(`${at}: "${k}" must be an https URL (http only for localhost)`);
    return v?.replace(/\/+$/, '') ?? '';
  };
  const int = (k: string, def: number, min: number, max: number) => {
    const v = raw[k];
    if (v === undefined) return def;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      problems.push(`${at}: "${k}" must be an integer between ${min} and ${max}`);
      return def;
    }
    return v;
  };
  const discoveryUrl = url('discovery_url');
  const apiBaseUrl = url('api_base_url');
  const clientId = str('client_id', true) ?? '';
  const clientSecret = str('client_secret', true) ?? '';
  const method = str('token_endpoint_auth_method', false) ?? 'client_secret_basic';
  if (method !== 'client_secret_basic' && method !== 'client_secret_post')
    problems.push(`${at}: "token_endpoint_auth_method" must be client_secret_basic or client_secret_post`);
  const tls = parseTls(at, raw.tls, problems);
  const settings: BankConnectionSettings = {
    discoveryUrl,
    apiBaseUrl,
    clientId,
    clientSecret,
    tokenAuthMethod: method === 'client_secret_post' ? 'client_secret_post' : 'client_secret_basic',
    tls,
    timeoutMs: int('timeout_ms', 30_000, 1000, 300_000),
    financialId: str('financial_id', false) ?? null,
    maxRetryWaitSeconds: int('max_retry_wait_seconds', 30, 0, 600),
  };
  return problems.length === before ? settings : null;
}

function parseTls(at: string, raw: unknown, problems: string[]): BankTlsSettings {
  if (raw === undefined) return { rejectUnauthorized: true };
  if (!isObject(raw)) {
    problems.push(`${at}: "tls" must be an object`);
    return { rejectUnauthorized: true };
  }
  for (const k of Object.keys(raw)) if (!KNOWN_TLS.has(k)) problems.push(`${at}: unknown tls member "${k}"`);
  const read = (k: string): string | undefined => {
    const p = raw[k];
    if (p === undefined) return undefined;
    if (typeof p !== 'string') {
      problems.push(`${at}: tls "${k}" must be a file path`);
      return undefined;
    }
    try {
      return readFileSync(p, 'utf8');
    } catch (err) {
      problems.push(`${at}: tls "${k}" cannot be read from "${p}" (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
      return undefined;
    }
  };
  const reject = raw.reject_unauthorized;
  if (reject !== undefined && typeof reject !== 'boolean')
    problems.push(`${at}: tls "reject_unauthorized" must be true or false`);
  const tls: BankTlsSettings = {
    ca: read('ca_file'),
    cert: read('cert_file'),
    key: read('key_file'),
    rejectUnauthorized: reject !== false,
  };
  if ((tls.cert === undefined) !== (tls.key === undefined))
    problems.push(`${at}: tls "cert_file" and "key_file" go together`);
  return tls;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isHttpsOrLocalUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (
      u.protocol === 'https:' || (u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname))
    );
  } catch {
    return false;
  }
}
