/**
 * A webhook receiver on 127.0.0.1 for tests: records every request and answers as the test says.
 * It listens on a port the OS picks (port 0, read back), can go down and come back on that same port (an outage),
 * or hold a request without answering.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after } from 'node:test';
import type { TestService } from './app.ts';
import { waitFor, withDeadline } from './wait.ts';
import { runDueDeliveries, type RunSummary } from '../../src/modules/webhooks/webhooks.worker.ts';
import { emitWebhookEvent, type WebhookEvent } from '../../src/modules/webhooks/webhooks.outbox.ts';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
}

/** An answer, or 'hang' to keep the request open (until the sender gives up or the sink closes). */
export type Answer = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

export interface WebhookSink {
  url: string;
  port: number;
  received: Received[];
  /** How to answer request number n (0-based). Default: 200. */
  answer: (req: Received, n: number) => Answer;
  /** Resolves once `count` requests have arrived (the deadline is for a broken run only: minutes by default). */
  waitFor(count: number, deadlineMs?: number): Promise<Received[]>;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startSink(path = '/hook'): Promise<WebhookSink> {
  const waiters: Array<() => void> = [];
  const open = new Set<http.ServerResponse>();
  const sink: WebhookSink = {
    url: '',
    port: 0,
    received: [],
    answer: () => ({ status: 200 }),
    waitFor(count, deadlineMs) {
      const arrived = new Promise<Received[]>((resolve) => {
        const check = () => {
          if (sink.received.length < count) return waiters.push(check);
          resolve(sink.received);
        };
        check();
      });
      return withDeadline(arrived, {
        what: `${count} request(s) at the webhook sink ${sink.url}`,
        deadlineMs,
        detail: () => `${sink.received.length} arrived`,
      });
    },
    async down() {
      for (const res of open) res.destroy();
      open.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
    async up() {
      // While it was down the port was free: a connection another process opened meanwhile may hold it as its
      // local port for a moment (EADDRINUSE). Try again until it is free; the webhook's URL must not change.
      let fatal: string | undefined;
      await waitFor(
        () =>
          new Promise<boolean>((resolve) => {
            const fail = (err: NodeJS.ErrnoException) => {
              server.off('listening', ok);
              if (err.code !== 'EADDRINUSE') fatal = err.message;
              resolve(false);
            };
            const ok = () => {
              server.off('error', fail);
              resolve(true);
            };
            server.once('error', fail);
            server.once('listening', ok);
            server.listen(sink.port, '127.0.0.1');
          }),
        { what: `port ${sink.port} to be free again for the webhook sink`, intervalMs: 200, giveUp: () => fatal },
      );
    },
    async close() {
      if (server.listening) await sink.down();
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        /* not JSON: the test looks at body */
      }
      const received: Received = { path: req.url ?? '', headers: req.headers, body, json };
      const n = sink.received.push(received) - 1;
      const a = sink.answer(received, n);
      if (a === 'hang') open.add(res);
      else res.writeHead(a.status, a.headers).end(a.body ?? '');
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  sink.port = (server.address() as AddressInfo).port;
  sink.url = `http://127.0.0.1:${sink.port}${path}`;
  after(() => sink.close());
  return sink;
}

/** Emits one event in its own transaction, as another module would inside its own. */
export async function emit(svc: TestService, event: WebhookEvent): Promise<{ messageId: string; deliveries: number }> {
  return svc.deps.db.transaction((tx) => emitWebhookEvent(tx, svc.deps.queue, event, svc.clock.now()));
}

/** Runs the dispatcher once for this client's deliveries, with jitter fixed at its midpoint (waits exactly as scheduled). */
export function deliver(svc: TestService, clientId: string): Promise<RunSummary> {
  return runDueDeliveries({ ...svc.deps, random: () => 0.5 }, { clientId });
}

/** Registers a webhook through the API and returns the creation answer. */
export async function registerWebhook(
  svc: TestService,
  auth: { authorization: string },
  url: string,
  comment?: string,
): Promise<{ id: string; secret: string }> {
  const res = await svc.app.inject({
    method: 'POST',
    url: '/public/v3/webhooks',
    headers: auth,
    payload: { url, comment },
  });
  if (res.statusCode !== 201) throw new Error(`register webhook failed: ${res.body}`);
  return res.json();
}

export async function deliveryLog(svc: TestService, auth: { authorization: string }, webhookId: string, query = '') {
  const res = await svc.app.inject({
    method: 'GET',
    url: `/public/v3/webhooks/${webhookId}/deliveries${query}`,
    headers: auth,
  });
  if (res.statusCode !== 200) throw new Error(`delivery log failed: ${res.body}`);
  return res.json();
}
