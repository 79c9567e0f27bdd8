/**
 * HTTP to banks, through undici with one connection pool per bank: each pool carries the bank's TLS settings (the
 * CAs to trust, our transport certificate and key), so every call to the bank (discovery, PAR, token, the
 * Account and Transaction API) goes over mutual TLS with the operator's certificate. One exchange, one timeout
 * (connect, send, whole answer). Network failures reject with BankUnavailableError; statuses are the caller's.
 *
 * openid-client makes its calls through the same pool (bankFetch, handed to it as its customFetch).
 */
import type { CustomFetchOptions } from 'openid-client';
import { Agent, fetch as undiciFetch, request } from 'undici';
import type { BankTlsSettings } from './connections.ts';
import { BankUnavailableError } from './errors.ts';

export interface BankHttpRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface BankHttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface BankHttpOptions {
  slug: string;
  /** null: no TLS settings of our own (the system's CAs, no client certificate) */
  tls: BankTlsSettings | null;
  timeoutMs: number;
  /** answers larger than this are cut off as failures (a bank should never send 50 MB in one page) */
  maxBytes?: number;
}

const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;

/**
 * FAPI 1.0 Advanced §8.5: TLS 1.2 or later, and under TLS 1.2 only these four suites (OpenSSL names of
 * TLS_DHE_RSA_WITH_AES_128_GCM_SHA256, TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256, TLS_DHE_RSA_WITH_AES_256_GCM_SHA384,
 * TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384). TLS 1.3's suites are listed too, so 1.3 stays possible. The sandbox
 * bank's listener offers the same (src/sandbox-bank/mtls.ts keeps its own copy: it shares no code with us).
 */
const FAPI_TLS = {
  minVersion: 'TLSv1.2',
  ciphers: [
    'TLS_AES_128_GCM_SHA256',
    'TLS_AES_256_GCM_SHA384',
    'TLS_CHACHA20_POLY1305_SHA256',
    'ECDHE-RSA-AES128-GCM-SHA256',
    'ECDHE-RSA-AES256-GCM-SHA384',
    'DHE-RSA-AES128-GCM-SHA256',
    'DHE-RSA-AES256-GCM-SHA384',
  ].join(':'),
} as const;
const agents = new WeakMap<BankTlsSettings, Agent>();
let plainAgent: Agent | null = null;

/** The connection pool of one bank's TLS settings (created once; settings objects live as long as the process). */
function bankAgent(tls: BankTlsSettings | null): Agent {
  if (tls === null) return (plainAgent ??= new Agent({ connect: { ...FAPI_TLS } }));
  let agent = agents.get(tls);
  if (!agent) {
    agent = new Agent({
      connect: { ca: tls.ca, cert: tls.cert, key: tls.key, rejectUnauthorized: true, ...FAPI_TLS },
    });
    agents.set(tls, agent);
  }
  return agent;
}

export async function bankRequest(opts: BankHttpOptions, req: BankHttpRequest): Promise<BankHttpResponse> {
  const url = new URL(req.url);
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const fail = (message: string) => new BankUnavailableError(opts.slug, message);
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let res;
  try {
    res = await request(url, {
      method: req.method,
      headers: { accept: 'application/json', ...req.headers },
      body: req.body,
      dispatcher: bankAgent(opts.tls),
      signal,
    });
  } catch (err) {
    if (signal.aborted) throw fail(`no answer from ${url.pathname} within ${opts.timeoutMs} ms`);
    const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
    throw fail(`${req.method} ${url.pathname} failed: ${e.code ?? e.cause?.code ?? e.message}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body) {
      const c = chunk as Buffer;
      size += c.length;
      if (size > maxBytes) {
        res.body.destroy();
        throw fail(`the answer of ${url.pathname} is larger than ${maxBytes} bytes`);
      }
      chunks.push(c);
    }
  } catch (err) {
    if (err instanceof BankUnavailableError) throw err;
    if (signal.aborted) throw fail(`no complete answer from ${url.pathname} within ${opts.timeoutMs} ms`);
    throw fail(`the answer of ${url.pathname} broke off (${(err as Error).message})`);
  }
  return { status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') };
}

/** A fetch over the bank's pool, for openid-client (its customFetch); network failures become BankUnavailableError. */
export function bankFetch(opts: BankHttpOptions): (url: string, init: CustomFetchOptions) => Promise<Response> {
  return async (url, init) => {
    try {
      // undici's fetch and the global one share the WHATWG shapes; their TypeScript types differ only nominally.
      const res = await undiciFetch(url, {
        ...(init as object),
        dispatcher: bankAgent(opts.tls),
        signal: init.signal ?? AbortSignal.timeout(opts.timeoutMs),
      } as Parameters<typeof undiciFetch>[1]);
      return res as unknown as Response;
    } catch (err) {
      const e = err as Error & { cause?: NodeJS.ErrnoException };
      throw new BankUnavailableError(opts.slug, `${new URL(url).pathname} failed: ${e.cause?.code ?? e.message}`);
    }
  };
}
