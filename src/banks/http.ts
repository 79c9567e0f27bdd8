/**
 * HTTP to banks: node:http/https rather than fetch, because banks need per-bank TLS (their CA, our transport
 * certificate for mutual TLS), which fetch cannot take without an extra dependency. One exchange, one timeout
 * (connect, send, whole answer). Network failures reject with BankUnavailableError; statuses are the caller's.
 */
import http from 'node:http';
import https from 'node:https';
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
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface BankHttpOptions {
  slug: string;
  tls: BankTlsSettings;
  timeoutMs: number;
  /** answers larger than this are cut off as failures (a bank should never send 50 MB in one page) */
  maxBytes?: number;
}

const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;

export function bankRequest(opts: BankHttpOptions, req: BankHttpRequest): Promise<BankHttpResponse> {
  const url = new URL(req.url);
  const isHttps = url.protocol === 'https:';
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  return new Promise((resolve, reject) => {
    const fail = (message: string) => reject(new BankUnavailableError(opts.slug, message));
    const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
    if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
    const options: https.RequestOptions = {
      method: req.method,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || (isHttps ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      headers,
      ...(isHttps
        ? { ca: opts.tls.ca, cert: opts.tls.cert, key: opts.tls.key, rejectUnauthorized: opts.tls.rejectUnauthorized }
        : {}),
    };
    const request = (isHttps ? https : http).request(options, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > maxBytes) {
          request.destroy();
          fail(`the answer of ${url.pathname} is larger than ${maxBytes} bytes`);
          return;
        }
        chunks.push(c);
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', (err) => fail(`the answer of ${url.pathname} broke off (${err.message})`));
    });
    const timer = setTimeout(() => {
      request.destroy();
      fail(`no complete answer from ${url.pathname} within ${opts.timeoutMs} ms`);
    }, opts.timeoutMs);
    request.on('close', () => clearTimeout(timer));
    request.on('error', (err: NodeJS.ErrnoException) =>
      fail(`${req.method} ${url.pathname} failed: ${err.code ?? err.message}`),
    );
    if (req.body !== undefined) request.write(req.body);
    request.end();
  });
}
