/**
 * Shared by the benchmarks: the service listening on loopback (PostgreSQL in a fresh database, or PGlite in a
 * temporary directory), a client with its token, fetch helpers, psql, timing, and the bare insert over HTTP.
 */
import { execFileSync } from 'node:child_process';
import Fastify from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config/config.ts';
import { buildApp } from '../src/app/app.ts';
import { openRuntime } from '../src/app/runtime.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createLogger } from '../src/app/logger.ts';
import { createClient } from '../src/modules/clients/clients.service.ts';
import { csvField } from '../src/db/csv.ts';
import { newId } from '../src/lib/ids.ts';
import type { TransactionRow } from '../src/modules/transactions/transactions.row.ts';
import type { Db } from '../src/db/db.ts';
import { TRANSACTION_COLUMNS } from '../src/modules/transactions/transactions.row.ts';

export const PG = {
  host: process.env.PGHOST ?? '127.0.0.1',
  port: process.env.PGPORT ?? '5432',
  user: process.env.PGUSER ?? 'postgres',
};

export const psql = (db: string, args: string[]) =>
  execFileSync(
    'psql',
    ['-h', PG.host, '-p', PG.port, '-U', PG.user, '-d', db, '-v', 'ON_ERROR_STOP=1', '-q', '-X', ...args],
    { encoding: 'utf8' },
  );

export type Engine = 'postgres' | 'embedded';

export interface BenchServer {
  engine: Engine;
  /** the PostgreSQL database name (postgres only) */
  dbName: string | null;
  clientId: string;
  baseUrl: string;
  /** the client's Authorization header value (Bearer …) */
  authorization: string;
  runtime: Awaited<ReturnType<typeof openRuntime>>;
  get(url: string): Promise<{ status: number; body: Record<string, unknown> }>;
  post(url: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  newCustomer(): Promise<string>;
  newAccount(customerId: string, number: string, currency?: string): Promise<string>;
  close(): Promise<void>;
}

/** How long the bench's servers keep an idle connection open: longer than fetch's pool ever keeps one. */
export const KEEP_ALIVE_MS = 30 * 60_000;

/** Where startBenchServer runs, when not on a fresh database of its own. */
export interface BenchServerOptions {
  /** an existing PostgreSQL database (its name), kept as it is at close: a fill made once for several runs */
  database?: string;
  /** a client with this id and secret, created at start-up when missing (OBI_BOOTSTRAP_CLIENTS), else a new one */
  client?: { id: string; secret: string };
}

/** The service on a fresh database of the engine (or `opts.database`), listening on 127.0.0.1, with one client's token. */
export async function startBenchServer(engine: Engine, opts: BenchServerOptions = {}): Promise<BenchServer> {
  const kept = engine === 'postgres' && opts.database !== undefined;
  const dbName = engine === 'postgres' ? (opts.database ?? `obi_bench_${process.pid}_${Date.now()}`) : null;
  const dir = engine === 'embedded' ? fs.mkdtempSync(path.join(os.tmpdir(), 'obi-bench-')) : null;
  if (dbName && !kept) psql('test', ['-c', `CREATE DATABASE ${dbName}`]);
  const env: Record<string, string> = dbName
    ? { DATABASE_URL: `postgres://${PG.user}@${PG.host}:${PG.port}/${dbName}` }
    : { DATA_DIR: dir ?? '', DATABASE_URL: '' };
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    PORT: '0',
    WORKERS: 'false',
    RATE_LIMIT_API_PER_MINUTE: '1000000',
    ...(opts.client ? { OBI_BOOTSTRAP_CLIENTS: `${opts.client.id}:${opts.client.secret}` } : {}),
    ...env,
  });
  const runtime = await openRuntime(config, systemClock);
  // The runtime's members (db, queue, banks, metrics, …) are the app's dependencies, whatever they grow into.
  const app = await buildApp({ ...runtime, config, clock: systemClock, logger: createLogger(config) });
  // Idle connections outlive any pause of the bench (a fill on the embedded engine blocks this thread for minutes):
  // the client's pool (fetch: at most 10 minutes) drops them first, so none is closed under a request being sent.
  app.server.keepAliveTimeout = KEEP_ALIVE_MS;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const creds = opts.client
    ? { client_id: opts.client.id, client_secret: opts.client.secret }
    : await createClient(runtime.db, runtime.installationKey, 'bench', new Date());
  const tokenRes = await fetch(`${baseUrl}/oauth/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: creds.client_id,
      client_secret: creds.client_secret,
      grant_type: 'client_credentials',
    }),
  });
  const tokenBody = (await tokenRes.json()) as { access_token?: string };
  const token = tokenBody.access_token;
  if (!token) throw new Error(`no token: ${JSON.stringify(tokenBody)}`);
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const server: BenchServer = {
    engine,
    dbName,
    clientId: creds.client_id,
    baseUrl,
    authorization: `Bearer ${token}`,
    runtime,
    get: (url) => call('GET', url),
    post: (url, body) => call('POST', url, body),
    async newCustomer() {
      const r = await call('POST', '/public/v3/customers', { user_reference: `bench-${newId()}` });
      return r.body.id as string;
    },
    async newAccount(customerId, number, currency = 'GBP') {
      const r = await call('POST', `/public/v3/customers/${customerId}/account_collections`, {
        accounts: [{ bank_slug: 'sandbox', number, currency, type: 'Personal', sub_type: 'CurrentAccount' }],
      });
      const [account] = (r.body as { data?: Array<{ id: string }> }).data ?? [];
      if (!account) throw new Error(`account_collections created no account: ${JSON.stringify(r.body)}`);
      return account.id;
    },
    async close() {
      await app.close();
      await runtime.close();
      if (dbName && !kept) psql('test', ['-c', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`]);
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

/** One stored row as CSV in TRANSACTION_COLUMNS order (the shape the service's own COPY writes). */
export function csvLine(
  customerId: string,
  r: Pick<
    TransactionRow,
    'account_id' | 'external_transaction_id' | 'name' | 'amount' | 'currency' | 'account_number' | 'booking_date_time'
  >,
  stamp: string,
): string {
  const q = csvField;
  return (
    `${newId()},${q(customerId)},${q(r.account_id)},${q(r.external_transaction_id)},${q(r.name)},CardPayment,` +
    `${r.amount},${q(r.currency)},,,,Booked,sandbox,${q(r.account_number)},,,,,,,` +
    `${r.booking_date_time},${r.booking_date_time},0,${stamp},${stamp}\n`
  );
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

/** Median of `runs` timed calls of fn (after `warm` untimed ones), in ms. */
export async function timeMedian(runs: number, fn: (i: number) => Promise<unknown>, warm = 3): Promise<number> {
  for (let i = 0; i < warm; i++) await fn(-1 - i);
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    xs.push(performance.now() - t0);
  }
  return median(xs);
}

/**
 * Medians of several timed functions, run round-robin (one call of each per round, after `warm` rounds), so a
 * machine that gets busier or quieter during the run weighs on all of them alike. Each round calls them in an order
 * of its own (a fixed-seed shuffle), so none always follows the same one: a call that leaves work behind (garbage to
 * collect, a psql process and its server backend ending) would otherwise always land on the same neighbour. Rotating
 * one fixed order, as this did before, kept every neighbour but one (bench:sync saw its first function cost twice
 * the others over HTTP, and the function after the last HTTP one half). In ms, in the order given.
 */
export async function timeRoundRobin(rounds: number, fns: Array<() => Promise<unknown>>, warm = 3): Promise<number[]> {
  const xs: number[][] = fns.map(() => []);
  let seed = 0x5eed;
  const random = () => {
    // mulberry32: a small deterministic generator, the same orders every run
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const order = fns.map((_, i) => i);
  for (let r = 0; r < warm + rounds; r++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
    }
    for (const k of order) {
      const t0 = performance.now();
      await fns[k]?.();
      if (r >= warm) xs[k]?.push(performance.now() - t0);
    }
  }
  return xs.map(median);
}

export const ms = (x: number) => `${x.toFixed(1)} ms`;

/** One submitted transaction as the benchmarks send it (endpoint 10's item, the members they use). */
export interface BareItem {
  external_transaction_id: string;
  name: string;
  type?: string;
  amount: number;
  currency: string;
  status: string;
  bank_slug: string;
  account_number: string;
  value_date_time: number;
  booking_date_time: number;
}

/** One row into the transactions table as a bare statement: the bare route's, and bench:at-scale's on its own connection. */
export const BARE_INSERT_SQL = `INSERT INTO transactions (id, customer_id, account_id, external_transaction_id, name, type,
    amount, currency, status, bank_slug, account_number, value_date_time, booking_date_time, content_hash, created_at,
    updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 0, now(), now())`;

/** BARE_INSERT_SQL's parameters for one item, with an id of its own. */
export const bareInsertValues = (customerId: string, accountId: string, t: BareItem): unknown[] => [
  newId(),
  customerId,
  accountId,
  t.external_transaction_id,
  t.name,
  t.type ?? null,
  t.amount,
  t.currency,
  t.status,
  t.bank_slug,
  t.account_number,
  t.value_date_time,
  t.booking_date_time,
];

/**
 * The bare insert over HTTP, the baseline of the small submission's target (docs/performance.md) (bench:small, and bench:at-scale on a big database):
 * a Fastify route with nothing else, in this process, that takes POST { transactions: [one] } from the same client
 * (fetch, keep-alive), INSERTs that row into the service's table through the service's own Db in one autocommitted
 * statement (one commit, flushed), and answers { saved: 1 }. No authentication, validation or checks: the floor of
 * accepting one transaction over HTTP on that engine.
 */
export async function startBareInsertRoute(db: Db, customerId: string, accountId: string) {
  const bare = Fastify({ logger: false });
  bare.post<{ Body: { transactions: BareItem[] } }>('/bare', async (request) => {
    const [t] = request.body.transactions;
    if (!t) throw new Error('no transaction');
    await db.query(BARE_INSERT_SQL, bareInsertValues(customerId, accountId, t));
    return { status: 'success', saved: 1 };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;
  const post = async (body: { transactions: BareItem[] }) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`bare route: ${res.status} ${await res.text()}`);
    return res.json();
  };
  return { post, close: () => bare.close() };
}

/**
 * `n` card payments of one account loaded by COPY in chunks of 20 000, 5 minutes apart from Unix 1 500 000 000,
 * their external ids `${prefix}-0` … (the long histories of bench:sync and bench:erasure).
 */
export async function fillCardPayments(
  db: Db,
  customerId: string,
  account: { id: string; number: string },
  n: number,
  prefix: string,
): Promise<void> {
  const stamp = new Date().toISOString();
  async function* chunks() {
    for (let i = 0; i < n; i += 20_000) {
      let csv = '';
      for (let j = i; j < Math.min(n, i + 20_000); j++)
        csv += csvLine(
          customerId,
          {
            account_id: account.id,
            external_transaction_id: `${prefix}-${j}`,
            name: 'CARD PAYMENT TO TESCO STORES',
            amount: String((((j * 7919) % 20_000) - 12_000) / 100),
            currency: 'GBP',
            account_number: account.number,
            booking_date_time: 1_500_000_000 + j * 300,
          },
          stamp,
        );
      yield csv;
    }
  }
  await db.copyFrom('transactions', [...TRANSACTION_COLUMNS], chunks());
}
