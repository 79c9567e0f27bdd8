/**
 * The HTTP client side of bench/ingest.bench.ts, run in a worker thread so the server's event loop (main
 * thread) is measured alone. It submits the batch, re-sends it, walks the pages, and during the first
 * submission probes GET /health every 20 ms to show other requests keep being answered.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readFileSync } from 'node:fs';

interface Job {
  baseUrl: string;
  token: string;
  customerId: string;
  body: string;
  bodyFile?: string;
  walk: boolean;
}

// A worker thread of bench/ingest.bench.ts, or a child process of it (so the server's memory is measured alone).
const child = !parentPort && typeof process.send === 'function';
if (!parentPort && !child)
  throw new Error('ingest-client.ts runs as a worker thread or child of bench/ingest.bench.ts');
const port = {
  postMessage(m: unknown) {
    if (parentPort) parentPort.postMessage(m);
    else process.send?.(m);
  },
};
const job = (parentPort ? workerData : await new Promise((resolve) => process.once('message', resolve))) as Job;
const { baseUrl, token, customerId, walk } = job;
// A child reads the body from a file: sent by IPC, it would be copied in the server's process.
const body = job.bodyFile ? readFileSync(job.bodyFile, 'utf8') : job.body;
const auth = { authorization: `Bearer ${token}` };

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const out = await fn();
  return [performance.now() - t0, out];
}

async function submit(): Promise<{ status: number; text: string }> {
  const res = await fetch(`${baseUrl}/public/v3/customers/${customerId}/transaction_collections`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body,
  });
  return { status: res.status, text: await res.text() };
}

async function probeWhile(p: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  void p.finally(() => {
    done = true;
  });
  while (!done) {
    const t0 = performance.now();
    await fetch(`${baseUrl}/health`).then((r) => r.text());
    latencies.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 20));
  }
  return latencies;
}

const first = submit();
const [[submitMs, submitRes], probes] = await Promise.all([timed(() => first), probeWhile(first)]);
port.postMessage({ phase: 'submitted' }); // the server's event-loop measurement covers the submission only
const [resendMs, resendRes] = await timed(submit);
let walkMs = 0;
let walked = 0;
if (walk) {
  [walkMs, walked] = await timed(async () => {
    let n = 0;
    let url: string | null = `${baseUrl}/public/v3/customers/${customerId}/raw-transactions?max_per_page=1000`;
    while (url) {
      const res: Response = await fetch(url, { headers: auth });
      const page = (await res.json()) as { data: unknown[]; _links: { next: { href: string } | null } };
      n += page.data.length;
      // the server was started on port 0, so its links carry its configured base URL: keep only path and query
      url = page._links.next
        ? `${baseUrl}${new URL(page._links.next.href).pathname}${new URL(page._links.next.href).search}`
        : null;
    }
    return n;
  });
}
port.postMessage({ phase: 'done', submitMs, submitRes, resendMs, resendRes, probes, walkMs, walked });
if (child) process.disconnect();
