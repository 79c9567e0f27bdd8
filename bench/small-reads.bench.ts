/**
 * npm run bench:small-reads — docs/decisions/0031-small-reads-in-one-round-trip.md: GET /public/v3/customers/{id}/accounts through the whole service
 * (authentication, quota, hooks, schemas) against a bare Fastify route on the same database that runs the same
 * SELECT and answers the same JSON, in the same run. Both engines: PGlite in a temporary data directory and a fresh
 * database on the local PostgreSQL. Rounds alternate which side goes first; the figure is the median of the
 * rounds' ratios (throughput of the service / throughput of the bare route). Absolute rates are only context.
 *
 * The budget, in the same rounds: the bare route again, made to spend BENCH_EXTRA_US (10) more µs of CPU a request
 * in a busy loop before its SELECT, against the bare route. It tells how much per-request work of its own (the
 * authentication, quota, security headers, request metric and input checks the bare route does not do) a service
 * may add on this machine and still reach 0.9× of the bare route, and "CPU a request" says how much the service adds.
 *
 * Settings: BENCH_ENGINES (embedded,postgres), BENCH_ROUNDS (12), BENCH_SECONDS (1.5 per side and round),
 * BENCH_CONCURRENCY (16), BENCH_EXTRA_US (10).
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyReply } from 'fastify';
import { loadConfig } from '../src/config/config.ts';
import { buildApp } from '../src/app/app.ts';
import { openRuntime } from '../src/app/runtime.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createLogger } from '../src/app/logger.ts';
import { createClient } from '../src/modules/clients/clients.service.ts';
import { toAccountWire } from '../src/modules/accounts/accounts.service.ts';
import { AccountList } from '../src/modules/accounts/accounts.wire.ts';
import { listAccountsOfClientCustomer } from '../src/modules/accounts/accounts.repo.ts';
import type { Db } from '../src/db/db.ts';

type Engine = 'embedded' | 'postgres';
const ENGINES = (process.env.BENCH_ENGINES ?? 'embedded,postgres').split(',') as Engine[];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1.5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const EXTRA_US = Number(process.env.BENCH_EXTRA_US ?? 10);
const PG = {
  host: process.env.PGHOST ?? '127.0.0.1',
  port: process.env.PGPORT ?? '5432',
  user: process.env.PGUSER ?? 'postgres',
};
const psql = (sql: string) =>
  execFileSync('psql', ['-h', PG.host, '-p', PG.port, '-U', PG.user, '-d', 'postgres', '-qXc', sql]);

async function startService(engine: Engine) {
  const dbName = engine === 'postgres' ? `obi_bench_small_reads_${process.pid}` : null;
  const dir = engine === 'embedded' ? fs.mkdtempSync(path.join(os.tmpdir(), 'obi-small-reads-')) : null;
  if (dbName) psql(`CREATE DATABASE ${dbName}`);
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    PORT: '0',
    WORKERS: 'false',
    // The default quota (1 200 a minute) would stop the load within a second; the quota is still counted.
    RATE_LIMIT_API_PER_MINUTE: '1000000',
    ...(dbName ? { DATABASE_URL: `postgres://${PG.user}@${PG.host}:${PG.port}/${dbName}` } : { DATA_DIR: dir ?? '' }),
  });
  const runtime = await openRuntime(config, systemClock);
  const app = await buildApp({ ...runtime, config, clock: systemClock, logger: createLogger(config) } as never);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const close = async () => {
    await app.close();
    await runtime.close();
    if (dbName) psql(`DROP DATABASE ${dbName} WITH (FORCE)`);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
  return { runtime, origin, close };
}

/** A client, its token, a customer with three accounts. */
async function seed(db: Db, installationKey: string, origin: string) {
  const creds = await createClient(db, installationKey, 'bench', new Date());
  const call = async (method: string, url: string, headers: Record<string, string>, body: unknown) => {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const { access_token } = await call(
    'POST',
    '/oauth/v2/token',
    {},
    {
      client_id: creds.client_id,
      client_secret: creds.client_secret,
      grant_type: 'client_credentials',
    },
  );
  const auth = { authorization: `Bearer ${String(access_token)}` };
  const customer = await call('POST', '/public/v3/customers', auth, { user_reference: `bench-${Date.now()}` });
  const customerId = String(customer.id);
  const accounts = ['04000412345678', '04000487654321', '20000011112222'].map((number, i) => ({
    bank_slug: 'sandbox',
    number,
    currency: 'GBP',
    type: 'Personal',
    sub_type: i === 2 ? 'Savings' : 'CurrentAccount',
    name: `Account ${i + 1}`,
  }));
  await call('POST', `/public/v3/customers/${customerId}/account_collections`, auth, { accounts });
  return { clientId: creds.client_id, customerId, auth };
}

/**
 * The baseline: Fastify with nothing but this route and the same response schema, running the statement the service
 * runs for endpoint 12 (the client's customer and its accounts in one query) through the repository's own function,
 * so it is the same SELECT run the same way (a prepared statement when the repository prepares it).
 */
async function startBare(db: Db, clientId: string) {
  const bare = Fastify({ logger: false });
  const read = async (customerId: string, reply: FastifyReply) => {
    const accounts = await listAccountsOfClientCustomer(db, clientId, customerId);
    if (accounts === null) return reply.code(404).send({ status: 404 });
    return { data: accounts.map(toAccountWire) };
  };
  bare.get<{ Params: { customer_id: string } }>(
    '/bare/customers/:customer_id/accounts',
    { schema: { response: { 200: AccountList } } },
    async (request, reply) => read(request.params.customer_id, reply),
  );
  // The budget's route (see the header): the same, after EXTRA_US µs of CPU.
  bare.get<{ Params: { customer_id: string } }>(
    '/bare-extra/customers/:customer_id/accounts',
    { schema: { response: { 200: AccountList } } },
    async (request, reply) => {
      const until = performance.now() + EXTRA_US / 1000;
      while (performance.now() < until);
      return read(request.params.customer_id, reply);
    },
  );
  await bare.listen({ port: 0, host: '127.0.0.1' });
  return { bare, origin: `http://127.0.0.1:${(bare.server.address() as { port: number }).port}` };
}

interface Load {
  ok: number;
  failed: number;
  firstFailure: string | null;
  perSecond: number;
  /** CPU time of this process (the service or the bare route, and PGlite when embedded) per answered request, µs */
  cpuPerRequest: number;
}

const loadScript = new URL('./small-reads-load.ts', import.meta.url).pathname;

function load(origin: string, urlPath: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  const job = { origin, path: urlPath, headers, durationMs: seconds * 1000, concurrency: CONCURRENCY };
  const cpu = process.cpuUsage();
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [loadScript, JSON.stringify(job)], (err, stdout) => {
      const used = process.cpuUsage(cpu);
      if (err) return reject(err);
      const m = JSON.parse(stdout) as Omit<Load, 'cpuPerRequest'>;
      if (m.failed > 0) return reject(new Error(`${m.failed} failed requests, first: ${m.firstFailure}`));
      resolve({ ...m, cpuPerRequest: (used.user + used.system) / Math.max(1, m.ok) });
    });
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

async function benchEngine(engine: Engine): Promise<void> {
  const service = await startService(engine);
  try {
    const { db, installationKey } = service.runtime;
    const { clientId, customerId, auth } = await seed(db, installationKey, service.origin);
    const { bare, origin: bareOrigin } = await startBare(db, clientId);
    const full = (s = SECONDS) => load(service.origin, `/public/v3/customers/${customerId}/accounts`, auth, s);
    const base = (s = SECONDS) => load(bareOrigin, `/bare/customers/${customerId}/accounts`, {}, s);
    const extra = (s = SECONDS) => load(bareOrigin, `/bare-extra/customers/${customerId}/accounts`, {}, s);
    // Warm-up: JIT, connections, caches.
    for (const side of [full, base, extra]) await side(1);
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    const extraRatios: number[] = [];
    const addedCpu: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // Each round starts with a different side: none always follows the same neighbour.
      const sides = [full, base, extra];
      const order = [...sides.slice(round % 3), ...sides.slice(0, round % 3)];
      const results = new Map<typeof full, Load>();
      for (const side of order) results.set(side, await side());
      const app = results.get(full) as Load;
      const b = results.get(base) as Load;
      const x = results.get(extra) as Load;
      const ratio = app.perSecond / b.perSecond;
      ratios.push(ratio);
      cpuRatios.push(b.cpuPerRequest / app.cpuPerRequest);
      extraRatios.push(x.perSecond / b.perSecond);
      addedCpu.push(app.cpuPerRequest - b.cpuPerRequest);
      console.log(
        `  ${engine} round ${round}: service ${app.perSecond.toFixed(0)}/s (${app.cpuPerRequest.toFixed(0)} µs CPU a request), ` +
          `bare ${b.perSecond.toFixed(0)}/s (${b.cpuPerRequest.toFixed(0)} µs), ratio ${ratio.toFixed(2)}; ` +
          `bare + ${EXTRA_US} µs ${x.perSecond.toFixed(0)}/s, ratio ${(x.perSecond / b.perSecond).toFixed(2)}`,
      );
    }
    console.log(
      `${engine}: GET accounts ${median(ratios).toFixed(2)}× the bare Fastify route (median of ${ROUNDS} rounds; ` +
        `range ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}; concurrency ${CONCURRENCY}, ${SECONDS} s a side)`,
    );
    // Steadier on a shared machine: the bare route's CPU time a request over the service's, in this process (with
    // PGlite inside it when embedded; PostgreSQL's own work, the same SELECT on both sides, is not in it).
    console.log(`${engine}: CPU a request, bare / service: ${median(cpuRatios).toFixed(2)} (median)`);
    // The budget: throughput lost per µs of added CPU, measured on the bare route itself, and what it leaves for 0.9×.
    const lossPerUs = (1 - median(extraRatios)) / EXTRA_US;
    console.log(
      `${engine}: budget: the bare route with ${EXTRA_US} µs more CPU a request runs at ${median(extraRatios).toFixed(2)}× ` +
        `itself (median), so 0.9× leaves about ${lossPerUs > 0 ? (0.1 / lossPerUs).toFixed(0) : '∞'} µs a request for ` +
        `everything the service adds; it adds ${median(addedCpu).toFixed(0)} µs (CPU a request, service − bare, median)`,
    );
    await bare.close();
  } finally {
    await service.close();
  }
}

console.log(`small reads: ${os.cpus().length} CPUs, node ${process.version}`);
for (const engine of ENGINES) await benchEngine(engine);
