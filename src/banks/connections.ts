/**
 * How this installation reaches each bank it can connect to: the bank's public configuration (the directory,
 * src/banks/directory.ts) merged with the operator's credentials for it, from configuration (BANK_CONNECTIONS or
 * BANK_CONNECTIONS_FILE, a JSON object keyed by bank slug). Keys and certificates come from files or environment
 * variables, read once at start-up, never from the database (docs/real-banks.md, "Configuring a bank").
 *
 * {
 *   "barclays": {
 *     "client_id": "…",                                   // from the bank's registration (obi bank register)
 *     "token_endpoint_auth_method": "private_key_jwt",    // or tls_client_auth
 *     "signing_key": { "file": "/etc/obi/obseal.key" }, "signing_key_id": "…",    // PS256, signs request objects
 *     "transport_certificate": { "file": "/etc/obi/obwac.pem" }, "transport_key": { "env": "OBI_OBWAC_KEY" },
 *     "ca": { "file": "/etc/obi/bank-ca.pem" },           // optional: CAs to trust instead of the system's
 *     "well_known_url": "…", "api_base_url": "…", "financial_id": "…",   // optional: override the directory
 *     "authorization_response": "auto",                  // or "hybrid" (code id_token) or "jarm"
 *     "client_assertion_audience": "issuer",             // or "token_endpoint" (private_key_jwt's aud)
 *     "api_base_url_aliases": ["…"]                      // optional: other hosts or versions of the same API
 *   }
 * }
 *
 * The sandbox banks need none of this: the runtime takes their settings from the sandbox bank it starts
 * (src/app/runtime.ts), with a test certificate authority generated at start.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { directoryEntry } from './directory.ts';
import { findBank } from './registry.ts';

export type ClientAuthMethod = 'private_key_jwt' | 'tls_client_auth';
/** hybrid: response_type code id_token (FAPI 1.0 Advanced's detached signature); jarm: code, response_mode jwt. */
export type AuthorizationResponseMode = 'auto' | 'hybrid' | 'jarm';
/** The `aud` of a private_key_jwt client assertion: the issuer (the default) or the token endpoint called. */
export type ClientAssertionAudience = 'issuer' | 'token_endpoint';

export interface BankTlsSettings {
  /** PEM of the CA(s) to trust instead of the system's */
  ca?: string;
  /** PEM of the transport certificate (mutual TLS on every call to the bank) and its key */
  cert: string;
  key: string;
}

/** One bank's connection, complete: nothing here is optional that a FAPI 1.0 Advanced exchange needs. */
export interface BankConnectionSettings {
  /** the bank's OpenID Provider configuration (…/.well-known/openid-configuration) */
  discoveryUrl: string;
  /** base of the Account and Transaction API, e.g. https://api.bank.example/open-banking/v3.1/aisp */
  apiBaseUrl: string;
  clientId: string;
  authMethod: ClientAuthMethod;
  /** PKCS#8 PEM of the PS256 signing key (request objects, private_key_jwt assertions) and its registered kid */
  signingKey: { pem: string; kid: string };
  tls: BankTlsSettings;
  authorizationResponse: AuthorizationResponseMode;
  /** private_key_jwt only: what the client assertion's `aud` names (some banks refuse the issuer) */
  clientAssertionAudience: ClientAssertionAudience;
  /**
   * Other bases of the same API the bank writes into Links.Next (another host name, a versioned path such as
   * /open-banking/v3.1.11/aisp). Paging follows a link only under apiBaseUrl or one of these (client.ts).
   */
  apiBaseUrlAliases: string[];
  /** one HTTP exchange with the bank may take this long */
  timeoutMs: number;
  /** x-fapi-financial-id, for banks that still ask for it */
  financialId: string | null;
  /** in-request waits for a 429's Retry-After are honoured up to this many seconds; longer ones fail the call */
  maxRetryWaitSeconds: number;
}

export const SANDBOX_SLUGS = ['sandbox', 'sandbox-business', 'sandbox-no-par'] as const;
/** Where every bank sends the customer back to (registered with each bank as the redirect URI). */
export const CALLBACK_PATH = '/webflow/callback';
/** Endpoint 5's URL: the one-time start of a bank flow, which binds it to the browser that opens it. */
export const BANK_FLOW_START_PATH = '/webflow/start';

function isSandboxSlug(slug: string): boolean {
  return (SANDBOX_SLUGS as readonly string[]).includes(slug);
}

export function sandboxBankBaseUrl(publicBaseUrl: string): string {
  return `${publicBaseUrl}/sandbox-bank`;
}

/** The URL banks redirect the customer to after the authorisation. */
export function callbackUrl(publicBaseUrl: string): string {
  return `${publicBaseUrl}${CALLBACK_PATH}`;
}

/** What BANK_CONNECTIONS gave: complete connections, and banks left out because something is missing. */
export interface ParsedBankConnections {
  connections: Record<string, BankConnectionSettings>;
  /** reported at start-up; such a bank is not offered to customers */
  incomplete: Array<{ slug: string; missing: string[] }>;
}

/**
 * Parses BANK_CONNECTIONS (inline JSON) or the file BANK_CONNECTIONS_FILE names. What is malformed (bad JSON, an
 * unknown member, a file or variable that cannot be read, a key that is not one) is pushed to `problems` and stops
 * the start; what is merely missing (no API base in the directory nor here) leaves the bank out, reported.
 */
export function parseBankConnections(
  inline: string | undefined,
  file: string | undefined,
  env: (name: string) => string | undefined,
  problems: string[],
): ParsedBankConnections {
  const out: ParsedBankConnections = { connections: {}, incomplete: [] };
  const parsed = readConnectionsJson(inline, file, problems);
  if (parsed === null) return out;
  const key = inline !== undefined ? 'BANK_CONNECTIONS' : 'BANK_CONNECTIONS_FILE';
  for (const [slug, raw] of Object.entries(parsed)) {
    const at = `${key}: ${slug}`;
    if (!findBank(slug) || isSandboxSlug(slug)) {
      problems.push(`${at}: not a bank this installation can be configured for (see GET /public/v3/banks)`);
      continue;
    }
    const result = parseOne(at, slug, raw, env, problems);
    if (result === null) continue;
    if ('missing' in result) out.incomplete.push({ slug, missing: result.missing });
    else out.connections[slug] = result;
  }
  return out;
}

function readConnectionsJson(
  inline: string | undefined,
  file: string | undefined,
  problems: string[],
): Record<string, unknown> | null {
  if (inline !== undefined && file !== undefined) {
    problems.push('BANK_CONNECTIONS, BANK_CONNECTIONS_FILE: set one of them, not both');
    return null;
  }
  const key = inline !== undefined ? 'BANK_CONNECTIONS' : 'BANK_CONNECTIONS_FILE';
  let text = inline;
  if (file !== undefined) {
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      problems.push(`BANK_CONNECTIONS_FILE: cannot read "${file}" (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
      return null;
    }
  }
  if (text === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    problems.push(`${key}: not valid JSON`);
    return null;
  }
  if (!isObject(parsed)) {
    problems.push(`${key}: expected a JSON object keyed by bank slug`);
    return null;
  }
  return parsed;
}

const KNOWN_MEMBERS = new Set([
  'client_id',
  'token_endpoint_auth_method',
  'signing_key',
  'signing_key_id',
  'transport_certificate',
  'transport_key',
  'ca',
  'well_known_url',
  'api_base_url',
  'financial_id',
  'authorization_response',
  'client_assertion_audience',
  'api_base_url_aliases',
  'timeout_ms',
  'max_retry_wait_seconds',
]);

/** The typed readers of one bank's object; each bad value is pushed to `problems`. */
function readers(at: string, raw: Record<string, unknown>, env: (n: string) => string | undefined, problems: string[]) {
  const str = (k: string): string | undefined => {
    const v = raw[k];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string' || v.trim() === '') {
      problems.push(`${at}: "${k}" must be a non-empty string`);
      return undefined;
    }
    return v.trim();
  };
  const url = (k: string): string | undefined => {
    const v = str(k);
    if (v !== undefined && !isHttpsOrLocalUrl(v)) {
      problems.push(`${at}: "${k}" must be an https URL (http only for localhost)`);
      return undefined;
    }
    return v?.replace(/\/+$/, '');
  };
  const int = (k: string, def: number, min: number, max: number): number => {
    const v = raw[k];
    if (v === undefined) return def;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      problems.push(`${at}: "${k}" must be an integer between ${min} and ${max}`);
      return def;
    }
    return v;
  };
  /** A secret or certificate: { "file": path } or { "env": variable }. */
  const material = (k: string): string | undefined => readMaterial(`${at}: "${k}"`, raw[k], env, problems);
  const urls = (k: string): string[] => {
    const v = raw[k];
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v) || v.length > 10 || !v.every((x) => typeof x === 'string' && isHttpsOrLocalUrl(x))) {
      problems.push(`${at}: "${k}" must be a list of at most 10 https URLs (http only for localhost)`);
      return [];
    }
    return v.map((x: string) => x.trim().replace(/\/+$/, ''));
  };
  return { str, url, int, material, urls };
}

function readMaterial(
  at: string,
  v: unknown,
  env: (n: string) => string | undefined,
  problems: string[],
): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isObject(v) || Object.keys(v).length !== 1 || (typeof v.file !== 'string' && typeof v.env !== 'string')) {
    problems.push(`${at} must be { "file": "<path>" } or { "env": "<VARIABLE>" }`);
    return undefined;
  }
  if (typeof v.env === 'string') {
    const value = env(v.env);
    if (value === undefined || value.trim() === '') problems.push(`${at}: the variable ${v.env} is not set`);
    return value;
  }
  const file = String(v.file);
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    problems.push(`${at}: cannot read "${file}" (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    return undefined;
  }
}

function parseOne(
  at: string,
  slug: string,
  raw: unknown,
  env: (n: string) => string | undefined,
  problems: string[],
): BankConnectionSettings | { missing: string[] } | null {
  if (!isObject(raw)) {
    problems.push(`${at}: expected an object`);
    return null;
  }
  const before = problems.length;
  for (const k of Object.keys(raw)) if (!KNOWN_MEMBERS.has(k)) problems.push(`${at}: unknown member "${k}"`);
  const r = readers(at, raw, env, problems);
  const entry = directoryEntry(slug);
  // The directory lists every method the bank offers; the first FAPI one is the default (client secrets are not).
  const fapiMethod = entry?.tokenEndpointAuthMethods.find((m) => m === 'private_key_jwt' || m === 'tls_client_auth');
  const method = r.str('token_endpoint_auth_method') ?? fapiMethod ?? 'private_key_jwt';
  if (method !== 'private_key_jwt' && method !== 'tls_client_auth')
    problems.push(`${at}: "token_endpoint_auth_method" must be private_key_jwt or tls_client_auth`);
  const mode = r.str('authorization_response') ?? 'auto';
  if (mode !== 'auto' && mode !== 'hybrid' && mode !== 'jarm')
    problems.push(`${at}: "authorization_response" must be auto, hybrid or jarm`);
  const audience = r.str('client_assertion_audience') ?? 'issuer';
  if (audience !== 'issuer' && audience !== 'token_endpoint')
    problems.push(`${at}: "client_assertion_audience" must be issuer or token_endpoint`);
  const apiBaseUrlAliases = r.urls('api_base_url_aliases');
  const parts = {
    discoveryUrl: r.url('well_known_url') ?? entry?.wellKnownUrl ?? undefined,
    apiBaseUrl: r.url('api_base_url') ?? entry?.aispBaseUrl ?? undefined,
    clientId: r.str('client_id'),
    signingKey: checkKey(at, 'signing_key', r.material('signing_key'), problems),
    signingKeyId: r.str('signing_key_id'),
    cert: checkCertificate(at, r.material('transport_certificate'), problems),
    key: checkKey(at, 'transport_key', r.material('transport_key'), problems),
  };
  const ca = r.material('ca');
  const financialId = r.str('financial_id') ?? entry?.financialId ?? null;
  const timeoutMs = r.int('timeout_ms', 30_000, 1000, 300_000);
  const maxRetryWaitSeconds = r.int('max_retry_wait_seconds', 30, 0, 600);
  if (problems.length > before) return null;
  const missing = Object.entries(parts)
    .filter(([, v]) => v === undefined)
    .map(([k]) => MEMBER_OF[k as keyof typeof parts]);
  if (missing.length > 0) return { missing };
  const p = parts as { [K in keyof typeof parts]-?: NonNullable<(typeof parts)[K]> };
  return {
    discoveryUrl: p.discoveryUrl,
    apiBaseUrl: p.apiBaseUrl,
    clientId: p.clientId,
    authMethod: method === 'tls_client_auth' ? 'tls_client_auth' : 'private_key_jwt',
    signingKey: { pem: p.signingKey, kid: p.signingKeyId },
    tls: { ca, cert: p.cert, key: p.key },
    authorizationResponse: mode === 'hybrid' || mode === 'jarm' ? mode : 'auto',
    clientAssertionAudience: audience === 'token_endpoint' ? 'token_endpoint' : 'issuer',
    apiBaseUrlAliases,
    timeoutMs,
    financialId,
    maxRetryWaitSeconds,
  };
}

/** The configuration member that supplies each part (for the start-up report of what is missing). */
const MEMBER_OF = {
  discoveryUrl: 'well_known_url (not in the bank directory either)',
  apiBaseUrl: 'api_base_url (not in the bank directory either)',
  clientId: 'client_id',
  signingKey: 'signing_key',
  signingKeyId: 'signing_key_id',
  cert: 'transport_certificate',
  key: 'transport_key',
} as const;

function checkKey(at: string, member: string, pem: string | undefined, problems: string[]): string | undefined {
  if (pem === undefined) return undefined;
  try {
    createPrivateKey(pem);
    return pem;
  } catch {
    problems.push(`${at}: "${member}" is not a PEM private key`);
    return undefined;
  }
}

function checkCertificate(at: string, pem: string | undefined, problems: string[]): string | undefined {
  if (pem === undefined) return undefined;
  try {
    new X509Certificate(pem);
    return pem;
  } catch {
    problems.push(`${at}: "transport_certificate" is not a PEM certificate`);
    return undefined;
  }
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
