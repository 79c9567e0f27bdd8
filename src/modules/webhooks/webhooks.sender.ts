/**
 * One webhook POST (the HTTP edge). node:http(s) rather than fetch: its `lookup` hook lets us resolve the host
 * ourselves, refuse the connection when any address is not public, and hand the socket exactly the addresses
 * we checked, so a DNS answer that changes between the check and the connect (rebinding) cannot slip through.
 * (fetch needs an undici Agent for that, and undici is not a dependency.) node:http never follows redirects,
 * one connection per attempt (agent: false) means no socket outlives its check, and one deadline covers DNS,
 * connect and the response headers.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { AttemptResult } from './webhooks.retry.ts';
import { addressRefusal, checkUrlShape, systemResolver, type Resolver, type UrlPolicy } from './webhooks.url-guard.ts';

const USER_AGENT = 'open-banking-insights-webhooks/1';

export interface SendRequest {
  url: string;
  body: string;
  /** webhook-id, webhook-timestamp, webhook-signature */
  headers: Record<string, string>;
  timeoutMs: number;
  policy: UrlPolicy;
  resolve?: Resolver;
}

export interface SendResult {
  result: AttemptResult;
  durationMs: number;
}

class RefusedTarget extends Error {}

/** A lookup that resolves every address, refuses the connection if any is not allowed, and returns only checked ones. */
function guardedLookup(policy: UrlPolicy, resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        for (const a of addresses) {
          const refusal = addressRefusal(a.address, policy);
          if (refusal) return callback(new RefusedTarget(`refused: the host resolves to ${refusal}`), '', 0);
        }
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = addresses.filter((a) => family === 0 || a.family === family);
        const [chosen] = usable;
        if (chosen === undefined)
          return callback(Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }), '', 0);
        if (options.all) return callback(null, usable);
        return callback(null, chosen.address, chosen.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

function describeError(err: NodeJS.ErrnoException, timeoutMs: number): string {
  if (err instanceof RefusedTarget) return err.message;
  if (err.name === 'TimeoutError') return `timed out after ${timeoutMs} ms`;
  if (err.code === 'ECONNREFUSED') return 'connection refused';
  if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') return 'the host name does not resolve';
  return err.code ? `${err.code}: ${err.message}` : err.message;
}

/** POSTs the body once. Never throws: every failure comes back as an AttemptResult of kind 'error'. */
export function sendWebhook(req: SendRequest): Promise<SendResult> {
  const shape = checkUrlShape(req.url, req.policy);
  if (!shape.ok)
    return Promise.resolve({ result: { kind: 'error', error: `refused: the url ${shape.reason}` }, durationMs: 0 });
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);

  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const settle = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      resolve({ result, durationMs: elapsed() });
    };
    const client = shape.url.protocol === 'https:' ? https : http;
    const request = client.request(shape.url, {
      method: 'POST',
      agent: false,
      lookup: guardedLookup(req.policy, req.resolve ?? systemResolver),
      headers: {
        ...req.headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(req.body)),
        'user-agent': USER_AGENT,
      },
    });
    const deadline = setTimeout(() => {
      const err = new Error('timed out');
      err.name = 'TimeoutError';
      request.destroy(err);
    }, req.timeoutMs);
    request.on('close', () => clearTimeout(deadline));
    request.on('error', (err: NodeJS.ErrnoException) =>
      settle({ kind: 'error', error: describeError(err, req.timeoutMs) }),
    );
    request.on('response', (res) => {
      const retryAfter = res.headers['retry-after'];
      settle({
        kind: 'response',
        status: res.statusCode ?? 0,
        retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
      });
      res.on('error', () => undefined); // cut off by the deadline after the status was known: nothing more to learn
      res.resume(); // the body is not needed; read it so the connection closes (the deadline still bounds it)
    });
    request.end(req.body);
  });
}
