/**
 * npm run bench:event-loop — is the event loop free while the heavy work runs (docs/decisions/0038-staged-ingest.md)?
 *
 * The service runs in this process's main thread, on each engine (embedded: PGlite in a temporary directory;
 * PostgreSQL: a fresh database on the local server). Its clients run in a worker thread of this file, so the main
 * thread's event loop is the server's alone. Measured on the main thread: the event-loop delay
 * (monitorEventLoopDelay, p99); from the client thread: GET /health every ~20 ms, and another client's read of its
 * own customer's transactions every ~20 ms. Each figure is printed with its ratio to the same figure idle (the
 * baseline, measured first in the same run):
 *   (a) during one client's 100 000-transaction submission (parse, checks, rows, COPY, its transaction);
 *   (b) during the report computation for that customer (100 000 transactions: load, engine, store);
 * Target: event-loop p99 and /health p99 under 50 ms during (a) and (b) on both engines; the other client's reads
 * under 250 ms p99 during (a) on the embedded engine.
 *
 * BENCH_TRANSACTIONS (default 100 000), BENCH_ENGINES (default "embedded,postgres").
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { execFileSync } from 'node:child_process';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { syntheticTransactions } from './synthetic-transactions.ts';

const N = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);
const PROBE_EVERY_MS = 20;
const IDLE_MS = 4_000;
const PG = {
  host: process.env.PGHOST ?? '127.0.0.1',
  port: process.env.PGPORT ?? '5432',
  user: process.env.PGUSER ?? 'postgres',
};

interface ClientSetup {
  baseUrl: string;
  submitter: { token: string; customerIds: string[]; accountNumber: string };
  reader: { token: string; customerId: string };
}
type Command = { op: 'start-probes' } | { op: 'stop-probes' } | { op: 'submit'; customerId: string };
interface Probes {
  health: number[];
  reads: number[];
}

// ---------------------------------------------------------------- the clients (worker thread)

async function clientThread(setup: ClientSetup): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('the client side runs as a worker thread');
  const body = JSON.stringify({
    transactions: syntheticTransactions(setup.submitter.accountNumber, N, 'bench', 1_700_000_000 - N * 900),
  });
  let probing: Promise<Probes> | null = null;
  let stop = false;
  const timed = async (url: string, headers: Record<string, string> = {}) => {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    return performance.now() - t0;
  };
  const loop = async (out: number[], url: string, headers?: Record<string, string>) => {
    while (!stop) {
      out.push(await timed(url, headers));
      await sleep(PROBE_EVERY_MS);
    }
  };
  port.on('message', async (cmd: Command) => {
    if (cmd.op === 'start-probes') {
      stop = false;
      const probes: Probes = { health: [], reads: [] };
      const readUrl = `${setup.baseUrl}/public/v3/customers/${setup.reader.customerId}/raw-transactions?max_per_page=100`;
      probing = Promise.all([
        loop(probes.health, `${setup.baseUrl}/health`),
        loop(probes.reads, readUrl, { authorization: `Bearer ${setup.reader.token}` }),
      ]).then(() => probes);
      port.postMessage({ op: 'probes-started' });
    } else if (cmd.op === 'stop-probes') {
      stop = true;
      port.postMessage({ op: 'probes', probes: await probing });
    } else {
      const t0 = performance.now();
      const res = await fetch(`${setup.baseUrl}/public/v3/customers/${cmd.customerId}/transaction_collections`, {
        method: 'POST',
        headers: { authorization: `Bearer ${setup.submitter.token}`, 'content-type': 'application/json' },
        body,
      });
      const text = await res.text();
      port.postMessage({ op: 'submitted', status: res.status, text: text.slice(0, 300), ms: performance.now() - t0 });
    }
  });
  port.postMessage({ op: 'ready' });
}

// ---------------------------------------------------------------- the server (main thread)

const psql = (db: string, sql: string) =>
  execFileSync('psql', ['-h', PG.host, '-p', PG.port, '-U', PG.user, '-d', db, '-X', '-q', '-c', sql], {
    encoding: 'utf8',
  });

async function startServer(env: Record<string, string>) {
  const { loadConfig } = await import('../src/config/config.ts');
  const { buildApp } = await import('../src/app/app.ts');
  const { openRuntime } = await import('../src/app/runtime.ts');
  const { systemClock } = await import('../src/lib/clock.ts');
  const { createLogger } = await import('../src/app/logger.ts');
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    PORT: '0',
    WORKERS: 'false',
    RATE_LIMIT_API_PER_MINUTE: '1000000',
    ...env,
  });
  const runtime = await openRuntime(config, systemClock);
  const deps = { ...runtime, config, clock: systemClock, logger: createLogger(config) };
  const app = await buildApp(deps as Parameters<typeof buildApp>[0]);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return { app, runtime, deps, baseUrl };
}

type Server = Awaited<ReturnType<typeof startServer>>;

/** A client with its token, and `customers` customers with one account each (the same number for all). */
async function newClient(srv: Server, name: string, customers: number, accountNumber: string) {
  const { createClient } = await import('../src/modules/clients/clients.service.ts');
  const creds = await createClient(srv.runtime.db, srv.runtime.installationKey, name, new Date());
  const tokenRes = await fetch(`${srv.baseUrl}/oauth/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: creds.client_id,
      client_secret: creds.client_secret,
      grant_type: 'client_credentials',
    }),
  });
  const tokenBody = (await tokenRes.json()) as { access_token?: string };
  if (!tokenBody.access_token) throw new Error(`token: ${tokenRes.status} ${JSON.stringify(tokenBody)}`);
  const token = tokenBody.access_token;
  const post = async (url: string, body: unknown) => {
    const res = await fetch(`${srv.baseUrl}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const customerIds: string[] = [];
  for (let i = 0; i < customers; i++) {
    const customer = await post('/public/v3/customers', { user_reference: `${name}-${i}-${Date.now()}` });
    const id = customer.id as string;
    await post(`/public/v3/customers/${id}/account_collections`, {
      accounts: [
        { bank_slug: 'sandbox', number: accountNumber, currency: 'GBP', type: 'Personal', sub_type: 'CurrentAccount' },
      ],
    });
    customerIds.push(id);
  }
  return { token, customerIds, post };
}

function send(worker: Worker, cmd: Command, answer: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const on = (m: Record<string, unknown>) => {
      if (m.op !== answer) return;
      worker.off('message', on);
      resolve(m);
    };
    worker.on('message', on);
    worker.postMessage(cmd);
  });
}

interface Figures {
  seconds: number;
  loopP99: number;
  loopMax: number;
  healthP99: number;
  readsP99: number;
  probes: number;
  /** garbage-collector pauses of the main thread: the longest, and how many took 50 ms or more */
  gcMax: number;
  gcLong: number;
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;

/** The figures while `work` runs (the probes run alongside). */
async function measure(worker: Worker, work: () => Promise<unknown>): Promise<Figures> {
  const h = monitorEventLoopDelay({ resolution: 10 });
  const gc: number[] = [];
  const gcObserver = new PerformanceObserver((list) => gc.push(...list.getEntries().map((e) => e.duration)));
  await send(worker, { op: 'start-probes' }, 'probes-started');
  gcObserver.observe({ entryTypes: ['gc'] });
  h.enable();
  const t0 = performance.now();
  await work();
  const seconds = (performance.now() - t0) / 1000;
  h.disable();
  gcObserver.disconnect();
  const { probes } = (await send(worker, { op: 'stop-probes' }, 'probes')) as unknown as { probes: Probes };
  return {
    seconds,
    loopP99: h.percentile(99) / 1e6,
    loopMax: h.max / 1e6,
    healthP99: pct(probes.health, 99),
    readsP99: pct(probes.reads, 99),
    probes: probes.health.length,
    gcMax: Math.max(0, ...gc),
    gcLong: gc.filter((d) => d >= 50).length,
  };
}

function line(label: string, f: Figures, base: Figures | null): string {
  const r = (v: number, b: number) => (base ? ` (${(v / Math.max(b, 1)).toFixed(1)}x)` : '');
  return [
    `  ${label.padEnd(26)} ${f.seconds.toFixed(2).padStart(6)} s`,
    `event loop p99 ${f.loopP99.toFixed(0).padStart(5)} ms${r(f.loopP99, base?.loopP99 ?? 0)} max ${f.loopMax.toFixed(0)} ms`,
    `/health p99 ${f.healthP99.toFixed(0).padStart(5)} ms${r(f.healthP99, base?.healthP99 ?? 0)}`,
    `other client's GET p99 ${f.readsP99.toFixed(0).padStart(5)} ms${r(f.readsP99, base?.readsP99 ?? 0)}`,
    `(${f.probes} probes; GC pause max ${f.gcMax.toFixed(0)} ms, ${f.gcLong} of 50 ms or more)`,
  ].join('  ');
}

async function benchEngine(engine: 'embedded' | 'postgres'): Promise<void> {
  const dbName = engine === 'postgres' ? `obi_bench_el_${process.pid}_${Date.now()}` : null;
  const dir = engine === 'embedded' ? fs.mkdtempSync(path.join(os.tmpdir(), 'obi-bench-el-')) : null;
  if (dbName) psql('test', `CREATE DATABASE ${dbName}`);
  let srv: Server | null = null;
  let worker: Worker | null = null;
  try {
    srv = await startServer(
      dbName
        ? { DATABASE_URL: `postgres://${PG.user}@${PG.host}:${PG.port}/${dbName}` }
        : { DATA_DIR: dir ?? '', DATABASE_URL: '' },
    );
    const accountNumber = '04000412345678';
    const submitter = await newClient(srv, 'bench-submitter', 2, accountNumber);
    const reader = await newClient(srv, 'bench-reader', 1, accountNumber);
    const readerCustomer = reader.customerIds[0] ?? '';
    await reader.post(`/public/v3/customers/${readerCustomer}/transaction_collections`, {
      transactions: syntheticTransactions(accountNumber, 2_000, 'reader', 1_700_000_000 - 2_000 * 900),
    });
    const setup: ClientSetup = {
      baseUrl: srv.baseUrl,
      submitter: { token: submitter.token, customerIds: submitter.customerIds, accountNumber },
      reader: { token: reader.token, customerId: readerCustomer },
    };
    worker = new Worker(new URL(import.meta.url), { workerData: setup });
    const w = worker;
    await new Promise<void>((resolve) => w.once('message', () => resolve()));
    await sleep(1_000);

    const idle = await measure(w, () => sleep(IDLE_MS));
    const submit = async (customerId: string) => {
      const r = await send(w, { op: 'submit', customerId }, 'submitted');
      if (r.status !== 200) throw new Error(`submission failed: ${String(r.status)} ${String(r.text)}`);
    };
    const [big] = submitter.customerIds;
    const submission = await measure(w, () => submit(big ?? ''));
    await sleep(3_000); // the statistics refresh after a big submission, and the garbage, settle
    const { computeCustomerReport } = await import('../src/modules/reports/reports.job.ts');
    const deps = srv.deps as unknown as Parameters<typeof computeCustomerReport>[0];
    const report = await measure(w, () => computeCustomerReport(deps, big ?? ''));
    const threads = (srv.runtime as { workerPool?: { threads: number } }).workerPool?.threads;
    console.log(
      `${engine === 'embedded' ? 'Embedded (PGlite)' : 'PostgreSQL'}, ${N} transactions, worker threads: ${threads ?? 'none'}`,
    );
    console.log(line('idle (baseline)', idle, null));
    console.log(line(`(a) ${N} submission`, submission, idle));
    console.log(line('(b) report computation', report, idle));
  } finally {
    await worker?.terminate();
    await srv?.app.close();
    await srv?.runtime.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (dbName) psql('test', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

if (isMainThread) {
  console.log(`event-loop benchmark, node ${process.version}, ${os.availableParallelism()} cores`);
  const engines = (process.env.BENCH_ENGINES ?? 'embedded,postgres').split(',');
  for (const engine of engines) await benchEngine(engine as 'embedded' | 'postgres');
} else {
  await clientThread(workerData as ClientSetup);
}
