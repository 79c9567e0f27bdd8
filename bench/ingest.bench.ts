/**
 * npm run bench:ingest — 100 000 transactions for one customer, end to end over HTTP.
 * PostgreSQL (a fresh database on the local server, the service in a child process of its own): submission,
 * re-submission and the page walk, each with its ratio to `psql \copy` loading the same rows into the same table in
 * the same round, the service's peak resident-set growth during the submission against the body's size, and the
 * median of the rounds' ratios. Embedded (PGlite in a temporary data directory): submission time and the server's event-loop
 * delay during it.
 */
import { Worker } from 'node:worker_threads';
import { fork } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config/config.ts';
import { buildApp } from '../src/app/app.ts';
import { openRuntime } from '../src/app/runtime.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createLogger } from '../src/app/logger.ts';
import { createClient } from '../src/modules/clients/clients.service.ts';
import { csvLines, TRANSACTION_COLUMNS } from '../src/modules/transactions/transactions.row.ts';
import { buildTransactionRows } from '../src/modules/transactions/transactions.ingest.ts';
import { newId } from '../src/lib/ids.ts';
import { PG, psql } from './bench-app.ts';
import { syntheticTransactions } from './synthetic-transactions.ts';

const N = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);

/** A customer with one account (the bench's account number), made through the API. */
async function newCustomerWithAccount(srv: { baseUrl: string; token: string; accountNumber: string }, ref: string) {
  const call = (url: string, body: unknown) =>
    fetch(`${srv.baseUrl}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${srv.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const customer = (await call('/public/v3/customers', { user_reference: `${ref}-${Date.now()}` })) as { id: string };
  const acc = (await call(`/public/v3/customers/${customer.id}/account_collections`, {
    accounts: [
      {
        bank_slug: 'sandbox',
        number: srv.accountNumber,
        currency: 'GBP',
        type: 'Personal',
        sub_type: 'CurrentAccount',
      },
    ],
  })) as { data: Array<{ id: string }> };
  const [account] = acc.data;
  if (!account) throw new Error('account_collections created no account');
  return { customerId: customer.id, accountId: account.id };
}

async function startServer(env: Record<string, string>) {
  const config = loadConfig({ LOG_LEVEL: 'warn', PORT: '0', WORKERS: 'false', ...env });
  const runtime = await openRuntime(config, systemClock);
  const deps = {
    config,
    db: runtime.db,
    reads: runtime.reads,
    clock: systemClock,
    installationKey: runtime.installationKey,
    queue: runtime.queue,
    workerPool: runtime.workerPool,
    banks: runtime.banks,
    sandboxBank: runtime.sandboxBank,
    metrics: runtime.metrics,
    logger: createLogger(config),
  };
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const creds = await createClient(runtime.db, runtime.installationKey, 'bench', new Date());
  const token = (
    (await (
      await fetch(`${baseUrl}/oauth/v2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: creds.client_id,
          client_secret: creds.client_secret,
          grant_type: 'client_credentials',
        }),
      })
    ).json()) as { access_token: string }
  ).access_token;
  return { app, runtime, baseUrl, token, accountNumber: '04000412345678' };
}

/**
 * The service in a child process of its own (this file, run with `serve`), so that its resident set holds the
 * service alone: not the bench's copies of the rows, the body and the baseline's CSV, which in this process are
 * hundreds of megabytes and move V8's heap-growing policy (it grows the heap in proportion to what is live).
 * `rss()` reads the child's resident set from /proc (Linux).
 */
async function startServerProcess(env: Record<string, string>) {
  const child = fork(fileURLToPath(import.meta.url), ['serve'], {
    execArgv: [...process.execArgv, ...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean)],
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const ready = await new Promise<{ baseUrl: string; token: string; accountNumber: string }>((resolve, reject) => {
    child.once('message', resolve as never);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the bench's service exited (${code})`)));
  });
  const statm = `/proc/${child.pid}/statm`;
  const page = 4096;
  return {
    ...ready,
    rss: () => Number(fs.readFileSync(statm, 'utf8').split(' ')[1]) * page,
    close: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.send('close');
      }),
  };
}

/** The child side of startServerProcess: the service, its address and a token, until the parent says close. */
async function serve(): Promise<void> {
  const srv = await startServer({ DATABASE_URL: process.env.DATABASE_URL ?? '' });
  process.send?.({ baseUrl: srv.baseUrl, token: srv.token, accountNumber: srv.accountNumber });
  await new Promise((resolve) => process.once('message', resolve));
  await srv.app.close();
  await srv.runtime.close();
  process.disconnect();
}

/**
 * The client: a worker thread, or (`separate`) a child process, so that the server process's memory (its resident
 * set, sampled every 5 ms during the submission) holds none of the client's copies of the body.
 */
function runClient(
  job: { baseUrl: string; token: string; customerId: string; body: string; bodyFile?: string; walk: boolean },
  onSubmitted: () => void = () => undefined,
  separate = false,
) {
  return new Promise<{
    submitMs: number;
    submitRes: { status: number; text: string };
    resendMs: number;
    resendRes: { status: number; text: string };
    probes: number[];
    walkMs: number;
    walked: number;
  }>((resolve, reject) => {
    const onMessage = (m: { phase: string }) => (m.phase === 'submitted' ? onSubmitted() : resolve(m as never));
    if (separate) {
      const c = fork(new URL('./ingest-client.ts', import.meta.url), { stdio: 'inherit' });
      c.on('message', onMessage);
      c.once('error', reject);
      c.send(job);
      return;
    }
    const w = new Worker(new URL('./ingest-client.ts', import.meta.url), { workerData: job });
    w.on('message', onMessage);
    w.once('error', reject);
  });
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** psql \copy of the same rows into the same table (same indexes and constraints), for another customer. */
function copyBaseline(
  dbName: string,
  customerId: string,
  accountId: string,
  txns: ReturnType<typeof syntheticTransactions>,
  accountNumber: string,
): number {
  const built = buildTransactionRows(txns as never, new Map([[`sandbox\u0000${accountNumber}`, accountId]]));
  // The service's own encoder (transactions.row.ts): the same text as its COPY sends.
  const line = csvLines(customerId, new Date().toISOString());
  const csv = built.rows.map((r) => line(r, newId())).join('');
  const file = path.join(os.tmpdir(), `obi-bench-${process.pid}.csv`);
  fs.writeFileSync(file, csv);
  const t0 = performance.now();
  psql(dbName, ['-c', `\\copy transactions (${TRANSACTION_COLUMNS.join(', ')}) FROM '${file}' WITH (FORMAT csv)`]);
  const ms = performance.now() - t0;
  fs.rmSync(file);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * BENCH_ROUNDS rounds (default 3), each with customers of its own: `\copy` into one, then the same rows submitted
 * (a first submission: loaded while it is read), re-sent and walked for another. The figure is the median of the
 * rounds' ratios: one run of 100 000 rows varies by about 0.15 on a shared machine.
 */
async function benchPostgres(): Promise<void> {
  const dbName = `obi_bench_${Date.now()}`;
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  psql('test', ['-c', `CREATE DATABASE ${dbName}`]);
  try {
    const srv = await startServerProcess({ DATABASE_URL: `postgres://${PG.user}@${PG.host}:${PG.port}/${dbName}` });
    const txns = syntheticTransactions(srv.accountNumber, N, 'bench', 1_600_000_000);
    const body = JSON.stringify({ transactions: txns });
    console.log(`PostgreSQL, ${N} transactions, body ${(body.length / 1e6).toFixed(1)} MB, ${rounds} rounds`);
    const bodyFile = path.join(os.tmpdir(), `obi-bench-body-${process.pid}.json`);
    fs.writeFileSync(bodyFile, body);
    const ratios = { submit: [] as number[], resend: [] as number[], walk: [] as number[], memory: [] as number[] };
    for (let round = 1; round <= rounds; round++) {
      const base = await newCustomerWithAccount(srv, 'copy');
      const copyMs = copyBaseline(dbName, base.customerId, base.accountId, txns, srv.accountNumber);
      const { customerId } = await newCustomerWithAccount(srv, 'bench');
      const rssBefore = srv.rss();
      let rssPeak = rssBefore;
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, srv.rss())), 5);
      const r = await runClient(
        { baseUrl: srv.baseUrl, token: srv.token, customerId, body: '', bodyFile, walk: true },
        () => clearInterval(sampler),
        true,
      );
      clearInterval(sampler);
      const memory = (rssPeak - rssBefore) / Buffer.byteLength(body);
      ratios.memory.push(memory);
      if (r.submitRes.status !== 200 || r.resendRes.status !== 200)
        throw new Error(`submission failed: ${r.submitRes.text.slice(0, 300)} / ${r.resendRes.text.slice(0, 300)}`);
      ratios.submit.push(r.submitMs / copyMs);
      ratios.resend.push(r.resendMs / copyMs);
      ratios.walk.push(r.walkMs / copyMs);
      const x = (ms: number) => `${s(ms)} ${(ms / copyMs).toFixed(2)}x`;
      console.log(
        `  round ${round}: psql \\copy ${s(copyMs)}; submit ${x(r.submitMs)} (${JSON.parse(r.submitRes.text).success}); ` +
          `re-send ${x(r.resendMs)}; walk ${x(r.walkMs)} (${r.walked} rows); ` +
          `server's peak memory during the submission +${((rssPeak - rssBefore) / 1e6).toFixed(0)} MB = ${memory.toFixed(2)}x the body`,
      );
    }
    const m = (xs: number[]) =>
      `${median(xs).toFixed(2)}x (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;
    console.log(`  submit over HTTP / psql \\copy, median of ${rounds} rounds: ${m(ratios.submit)}`);
    console.log(`  re-send of the same batch / psql \\copy:              ${m(ratios.resend)}`);
    console.log(`  page walk, max_per_page=1000 / psql \\copy:           ${m(ratios.walk)}`);
    console.log(`  server's peak RSS growth during submit / body size:  ${m(ratios.memory)}`);
    fs.rmSync(bodyFile);
    await srv.close();
  } finally {
    psql('test', ['-c', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`]);
  }
}

async function benchEmbedded(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obi-bench-'));
  try {
    const srv = await startServer({ DATA_DIR: dir, DATABASE_URL: '' });
    const { customerId } = await newCustomerWithAccount(srv, 'bench');
    const body = JSON.stringify({ transactions: syntheticTransactions(srv.accountNumber, N, 'bench', 1_600_000_000) });
    const h = monitorEventLoopDelay({ resolution: 10 });
    h.enable();
    const r = await runClient(
      {
        baseUrl: srv.baseUrl,
        token: srv.token,
        customerId,
        body,
        walk: true,
      },
      () => h.disable(),
    );
    if (r.submitRes.status !== 200) throw new Error(`submission failed: ${r.submitRes.text.slice(0, 300)}`);
    console.log(`Embedded (PGlite), ${N} transactions`);
    console.log(`  submit over HTTP             ${s(r.submitMs)}  (${JSON.parse(r.submitRes.text).success})`);
    console.log(
      `  event-loop delay during run  p50 ${(h.percentile(50) / 1e6).toFixed(0)} ms, p99 ${(h.percentile(99) / 1e6).toFixed(0)} ms, max ${(h.max / 1e6).toFixed(0)} ms`,
    );
    console.log(
      `  GET /health during submit    ${r.probes.length} answered, p50 ${pct(r.probes, 50).toFixed(0)} ms, p99 ${pct(r.probes, 99).toFixed(0)} ms`,
    );
    console.log(`  re-send the same batch       ${s(r.resendMs)}`);
    console.log(`  page walk, max_per_page=1000 ${s(r.walkMs)}  (${r.walked} rows)`);
    await srv.app.close();
    await srv.runtime.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const which = process.argv[2] ?? 'all';
if (which === 'serve') await serve();
if (which === 'all' || which === 'postgres') await benchPostgres();
if (which === 'all' || which === 'embedded') await benchEmbedded();
