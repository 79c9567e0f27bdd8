/**
 * Which webhook URLs the service may call. Checked twice: at registration (the URL's host and every address
 * it resolves to) and again on every connection (webhooks.sender.ts), because DNS may answer differently the
 * second time (DNS rebinding). The rules are pure; DNS comes in through a Resolver so tests never leave 127.0.0.1.
 */
import dns from 'node:dns';
import type { Config } from '../../config/config.ts';
import { CLASS_NAMES, classifyAddress, parseIp } from './webhooks.ip-ranges.ts';

export interface UrlPolicy {
  /** WEBHOOK_ALLOW_LOOPBACK: local development and tests deliver to a receiver on this machine. */
  allowLoopback: boolean;
  /** http:// is refused in production: payloads and signatures must not travel in clear text. */
  allowHttp: boolean;
}

export function urlPolicy(config: Pick<Config, 'webhookAllowLoopback' | 'nodeEnv'>): UrlPolicy {
  return { allowLoopback: config.webhookAllowLoopback, allowHttp: config.nodeEnv !== 'production' };
}

export interface ResolvedAddress {
  address: string;
  family: number;
}
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

/** Every address the system resolver gives for host. */
export const systemResolver: Resolver = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

export const MAX_URL_LENGTH = 2048;

/** Why an address may not be called, or null when it may. */
export function addressRefusal(address: string, policy: UrlPolicy): string | null {
  const cls = classifyAddress(address);
  if (cls === null || (cls === 'loopback' && policy.allowLoopback)) return null;
  return CLASS_NAMES[cls];
}

/** The URL's host without IPv6 brackets, as a socket wants it. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

export type ShapeCheck = { ok: true; url: URL; literalIp: boolean } | { ok: false; reason: string };

/**
 * Everything that can be decided without DNS: a parseable absolute https (or, outside production, http) URL
 * without credentials, whose host, when it is an IP address, is a public one.
 */
export function checkUrlShape(raw: string, policy: UrlPolicy): ShapeCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'is not a valid absolute URL' };
  }
  if (raw.length > MAX_URL_LENGTH) return { ok: false, reason: `is longer than ${MAX_URL_LENGTH} characters` };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'must be an https:// URL' };
  if (url.protocol === 'http:' && !policy.allowHttp)
    return { ok: false, reason: 'must use https:// (http:// is refused in production)' };
  // The signature authenticates the sender; credentials in a URL would be shown back in lists and logs.
  if (url.username || url.password) return { ok: false, reason: 'must not contain a user name or password' };
  const host = hostOf(url);
  // The WHATWG parser has already turned decimal, octal and hex IPv4 forms ("2130706433", "0x7f.1") into dotted
  // quads, and refuses hosts that look numeric but are no address; so a host is an IP address or a name.
  const literal = parseIp(host) !== null;
  if (literal) {
    const refusal = addressRefusal(host, policy);
    if (refusal) return { ok: false, reason: `points at ${refusal}; webhook targets must be public` };
  }
  return { ok: true, url, literalIp: literal };
}

/** Why the URL may not be registered, or null when it may. Host names are resolved and every address is checked. */
export async function checkWebhookUrl(
  raw: string,
  policy: UrlPolicy,
  resolve: Resolver = systemResolver,
): Promise<string | null> {
  const shape = checkUrlShape(raw, policy);
  if (!shape.ok) return shape.reason;
  if (shape.literalIp) return null;
  let addresses: ResolvedAddress[];
  try {
    addresses = await withTimeout(resolve(hostOf(shape.url)), 5000);
  } catch {
    return 'has a host name that does not resolve';
  }
  if (addresses.length === 0) return 'has a host name that does not resolve';
  for (const a of addresses) {
    const refusal = addressRefusal(a.address, policy);
    if (refusal) return `has a host name that resolves to ${refusal}; webhook targets must be public`;
  }
  return null;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
