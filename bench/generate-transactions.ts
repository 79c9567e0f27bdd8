/**
 * npm run bench:generate — fills a PostgreSQL database with BENCH_ROWS transactions (default 10 000 000) by COPY,
 * for the benchmarks at scale (bench/at-scale.bench.ts; docs/decisions/0036-transactions-partitioning.md). The database is migrated with the
 * service's own migrations, so the service runs on it as on any other.
 *
 * Where: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/obi_bench_scale; the
 * database is created when missing. Idempotent: a database already filled with BENCH_ROWS rows is reused (the time
 * the fill took is printed again); one filled by this script with another count is dropped and made again; one
 * holding transactions it did not make is refused.
 *
 * Shape (deterministic, a fixed seed): 10 clients, the first holding most customers; four "big" customers of
 * 100 000 rows each (fewer when BENCH_ROWS is small), the subjects of the per-customer figures; the rest spread over
 * customers of a thousand rows on average with a long tail (a few of tens of thousands, many of a few dozen); one to
 * three accounts per customer (one in twenty in EUR); about five years of history per customer, a transaction every
 * few hours (big customers: every half hour).
 *
 * How: one transaction (all or nothing, so an interrupted fill leaves nothing behind): customers, accounts and
 * transactions by COPY with session_replication_role = replica (no triggers: the maintained counts of
 * migrations/0013_transaction_counts.sql are then made in one GROUP BY, as that migration does), then
 * VACUUM (ANALYZE) (autovacuum may be off: the local test server has it off). The clients are made by the service
 * (src/modules/clients), with the installation key BENCH_SECRET_KEY (default below); their secrets are kept in the
 * schema bench of this synthetic database, for the benchmarks to sign in.
 */
import pg from 'pg';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { from as copyFrom } from 'pg-copy-streams';
import { loadConfig } from '../src/config/config.ts';
import { openRuntime } from '../src/app/runtime.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createClient } from '../src/modules/clients/clients.service.ts';
import { TRANSACTION_COLUMNS } from '../src/modules/transactions/transactions.row.ts';
import { contentHash, type TransactionRow } from '../src/modules/transactions/transactions.row.ts';
import { newIds } from '../src/lib/ids.ts';
import { csvField as q } from '../src/db/csv.ts';

export const BENCH_SECRET_KEY = process.env.BENCH_SECRET_KEY ?? 'bench-installation-key-not-for-production-use';
export const SCALE_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/obi_bench_scale';
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000);
const CLIENTS = 10;
const BIG_CUSTOMERS = 4;
const END = 1_767_225_600; // 2026-01-01
const FIVE_YEARS = 5 * 365 * 86_400;

const NAMES = [
  'CARD PAYMENT TO TESCO STORES 3217',
  'BGC ACME LOGISTICS LTD SALARY',
  'DD BRITISH GAS',
  'SO RENT FLAT 2',
  'FPI J SMITH REF 82736',
  'CARD PAYMENT TO AMAZON UK',
  'LINK CASH WITHDRAWAL',
  'DD COUNCIL TAX',
  'CARD PAYMENT TO SHELL 0042',
  'DD VODAFONE LTD',
  'CARD PAYMENT TO DELIVEROO',
  'TFR TO SAVINGS',
];
const MERCHANTS: Array<[string, string] | null> = [
  ['TESCO', '5411'],
  null,
  null,
  null,
  null,
  ['AMAZON', '5942'],
  null,
  null,
  ['SHELL', '5541'],
  null,
  ['DELIVEROO', '5812'],
  null,
];

/** mulberry32: a small deterministic generator, so every fill of a size is the same data. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface PlannedCustomer {
  index: number;
  client: number;
  rows: number;
  accounts: number;
}

/** How many rows each customer gets, and its client: the skew described above. */
export function planCustomers(total: number): PlannedCustomer[] {
  const rnd = prng(15);
  const big = Math.max(1, Math.min(100_000, Math.floor(total / 40)));
  const out: PlannedCustomer[] = [];
  let left = total;
  for (let i = 0; i < BIG_CUSTOMERS && left > 0; i++) {
    const rows = Math.min(big, left);
    out.push({ index: i, client: 0, rows, accounts: 2 });
    left -= rows;
  }
  const count = Math.max(1, Math.ceil(left / 1000));
  const weights = Array.from({ length: count }, () => Math.log(1 - rnd()) ** 2);
  const sum = weights.reduce((a, b) => a + b, 0);
  for (let k = 0; k < count && left > 0; k++) {
    const want =
      k === count - 1 ? left : Math.max(1, Math.round(((weights[k] ?? 0) / sum) * (total - big * BIG_CUSTOMERS)));
    const rows = Math.min(left, want);
    left -= rows;
    out.push({ index: out.length, client: Math.floor(CLIENTS * rnd() ** 3), rows, accounts: 1 + (k % 3) });
  }
  return out;
}

const accountNumber = (customer: number, k: number) =>
  `04${String(customer).padStart(9, '0')}${String(k).padStart(3, '0')}`;
const currencyOf = (customer: number, k: number) => ((customer * 3 + k) % 20 === 7 ? 'EUR' : 'GBP');

/** Writes `lines()` to a COPY of `table` through client `c`, waiting for the socket between chunks. */
async function copyInto(c: pg.Client, table: string, columns: readonly string[], lines: () => Iterable<string>) {
  const sink = c.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv)`));
  await pipeline(Readable.from(lines()), sink);
}

/** The CSV of a customer's transactions, in chunks of up to 10 000 lines. */
function* transactionLines(
  customerId: string,
  plan: PlannedCustomer,
  accountIds: string[],
  stamp: string,
): Generator<string> {
  const step = Math.max(60, Math.floor(FIVE_YEARS / plan.rows));
  const start = END - plan.rows * step;
  const customer = q(customerId);
  for (let i = 0; i < plan.rows; i += 10_000) {
    const end = Math.min(plan.rows, i + 10_000);
    const ids = newIds(end - i);
    let csv = '';
    for (let j = i; j < end; j++) {
      const k = j % plan.accounts;
      const n = (j * 7 + plan.index) % NAMES.length;
      const merchant = MERCHANTS[n] ?? null;
      const booked = start + j * step;
      const row: TransactionRow = {
        account_id: accountIds[k] ?? '',
        external_transaction_id: `g-${plan.index}-${j}`,
        name: NAMES[n] ?? '',
        type: n % 2 ? 'CardPayment' : 'DirectDebit',
        amount: ((((j * 7919 + plan.index) % 20_000) - 12_000) / 100).toFixed(2),
        currency: currencyOf(plan.index, k),
        balance_amount: null,
        balance_currency: null,
        balance_type: null,
        status: j >= plan.rows - 3 ? 'Pending' : 'Booked',
        bank_slug: 'sandbox',
        account_number: accountNumber(plan.index, k),
        category: null,
        address_line: null,
        merchant_name: merchant?.[0] ?? null,
        merchant_category_code: merchant?.[1] ?? null,
        bank_transaction_code: null,
        bank_transaction_issuer: null,
        value_date_time: booked,
        booking_date_time: booked,
        content_hash: 0,
      };
      csv +=
        `${ids[j - i]},${customer},${q(row.account_id)},${q(row.external_transaction_id)},${q(row.name)},${q(row.type)},` +
        `${row.amount},${q(row.currency)},,,,${row.status},sandbox,${q(row.account_number)},,,${q(row.merchant_name)},` +
        `${q(row.merchant_category_code)},,,${booked},${booked},${contentHash(row)},${stamp},${stamp}\n`;
    }
    yield csv;
  }
}

/** The database of the URL, made when missing. */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`a plain lower-case database name, please (got "${name}")`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    const r = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (r.rowCount === 0) await c.query(`CREATE DATABASE ${name}`);
  } finally {
    await c.end();
  }
}

async function dropDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await c.end();
  }
}

/** What an earlier fill left: its row count and how long it took, or why the database cannot be used. */
async function previousFill(url: string): Promise<{ rows: number; seconds: number } | 'empty' | 'foreign'> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const mine = await c.query("SELECT to_regclass('bench.fill') IS NOT NULL AS t");
    if (mine.rows[0]?.t) {
      const r = await c.query<{ rows: string; seconds: string }>('SELECT rows, seconds FROM bench.fill LIMIT 1');
      const row = r.rows[0];
      return row ? { rows: Number(row.rows), seconds: Number(row.seconds) } : 'empty';
    }
    const t = await c.query("SELECT to_regclass('transactions') IS NOT NULL AS t");
    if (!t.rows[0]?.t) return 'empty';
    const any = await c.query('SELECT 1 FROM transactions LIMIT 1');
    return any.rowCount === 0 ? 'empty' : 'foreign';
  } finally {
    await c.end();
  }
}

/** Customers, accounts and transactions by COPY, then the maintained counts; answers the customers' ids. */
async function fillRows(
  c: pg.Client,
  plan: PlannedCustomer[],
  clients: Array<{ client_id: string }>,
  t0: number,
): Promise<string[]> {
  const customerIds = newIds(plan.length);
  const stamp = new Date().toISOString();
  await c.query('SET LOCAL session_replication_role = replica');
  await copyInto(c, 'customers', ['id', 'client_id', 'user_reference', 'created_at'], function* () {
    for (const p of plan) yield `${customerIds[p.index]},${clients[p.client]?.client_id},bench-${p.index},${stamp}\n`;
  });
  const accountIds = plan.map((p) => newIds(p.accounts));
  await copyInto(
    c,
    'accounts',
    [
      'id',
      'client_id',
      'customer_id',
      'bank_slug',
      'number',
      'sort_code',
      'account_number',
      'currency',
      'type',
      'sub_type',
      'scheme_name',
      'created_at',
      'updated_at',
    ],
    function* () {
      for (const p of plan)
        for (let k = 0; k < p.accounts; k++) {
          const number = accountNumber(p.index, k);
          yield (
            `${accountIds[p.index]?.[k]},${clients[p.client]?.client_id},${customerIds[p.index]},sandbox,${number},` +
            `${number.slice(0, 6)},${number.slice(6)},${currencyOf(p.index, k)},Personal,CurrentAccount,` +
            `UK.OBIE.SortCodeAccountNumber,${stamp},${stamp}\n`
          );
        }
    },
  );
  let done = 0;
  let reported = 0;
  await copyInto(c, 'transactions', TRANSACTION_COLUMNS, function* () {
    for (const p of plan) {
      yield* transactionLines(customerIds[p.index] ?? '', p, accountIds[p.index] ?? [], stamp);
      done += p.rows;
      if (done - reported >= 1_000_000) {
        reported = done;
        console.log(`  ${done.toLocaleString('en-GB')} rows, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      }
    }
  });
  // The maintained counts (no trigger ran): as migrations/0013_transaction_counts.sql makes them for rows present.
  await c.query(`INSERT INTO transaction_counts (customer_id, account_id, bank_slug, account_number, currency, period, n)
    SELECT customer_id, account_id, bank_slug, account_number, currency, floor(booking_date_time / 2592000.0)::bigint,
           count(*)
    FROM transactions GROUP BY 1, 2, 3, 4, 5, 6`);
  return customerIds;
}

/** The service's migrations, and its clients (their secrets kept for the benchmarks, in schema bench). */
async function migrateAndMakeClients(url: string): Promise<Array<{ client_id: string; client_secret: string }>> {
  const config = loadConfig({
    DATABASE_URL: url,
    OBI_SECRET_KEY: BENCH_SECRET_KEY,
    LOG_LEVEL: 'warn',
    WORKERS: 'false',
  });
  const runtime = await openRuntime(config, systemClock, { queue: false, sandboxBank: false });
  const clients: Array<{ client_id: string; client_secret: string }> = [];
  try {
    for (let i = 0; i < CLIENTS; i++)
      clients.push(await createClient(runtime.db, runtime.installationKey, `bench client ${i}`, new Date()));
  } finally {
    await runtime.close();
  }
  return clients;
}

export async function generate(url = SCALE_URL, total = ROWS): Promise<{ rows: number; seconds: number }> {
  await ensureDatabase(url);
  const before = await previousFill(url);
  if (before === 'foreign')
    throw new Error(`${url} holds transactions this generator did not make: refusing to touch it`);
  if (typeof before === 'object') {
    if (before.rows === total) {
      console.log(`reusing ${url}: ${total.toLocaleString('en-GB')} rows, filled in ${before.seconds.toFixed(0)} s`);
      return before;
    }
    console.log(`${url} holds a fill of ${before.rows.toLocaleString('en-GB')} rows: made again with ${total}`);
    await dropDatabase(url);
    await ensureDatabase(url);
  }
  const t0 = performance.now();
  const clients = await migrateAndMakeClients(url);
  const plan = planCustomers(total);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('BEGIN');
    const customerIds = await fillRows(c, plan, clients, t0);
    await c.query('CREATE SCHEMA bench');
    await c.query(`CREATE TABLE bench.clients (client_id text PRIMARY KEY, client_secret text NOT NULL)`);
    for (const cl of clients)
      await c.query('INSERT INTO bench.clients VALUES ($1, $2)', [cl.client_id, cl.client_secret]);
    await c.query(`CREATE TABLE bench.big_customers (customer_id text PRIMARY KEY, client_id text NOT NULL, n bigint)`);
    for (const p of plan.slice(0, BIG_CUSTOMERS))
      await c.query('INSERT INTO bench.big_customers VALUES ($1, $2, $3)', [
        customerIds[p.index],
        clients[p.client]?.client_id,
        p.rows,
      ]);
    await c.query(
      'CREATE TABLE bench.fill (rows bigint NOT NULL, seconds numeric NOT NULL, filled_at timestamptz NOT NULL)',
    );
    const copied = (performance.now() - t0) / 1000;
    await c.query('INSERT INTO bench.fill VALUES ($1, $2, now())', [total, copied]);
    await c.query('COMMIT');
    console.log(`  committed, ${copied.toFixed(0)} s; VACUUM (ANALYZE)`);
    await c.query('VACUUM (ANALYZE) transactions');
    await c.query('VACUUM (ANALYZE) transaction_counts');
    await c.query('VACUUM (ANALYZE) accounts');
    await c.query('VACUUM (ANALYZE) customers');
    const seconds = (performance.now() - t0) / 1000;
    await c.query('UPDATE bench.fill SET seconds = $1', [seconds]);
    console.log(
      `filled ${url}: ${total.toLocaleString('en-GB')} rows, ${plan.length.toLocaleString('en-GB')} customers, in ${seconds.toFixed(0)} s`,
    );
    return { rows: total, seconds };
  } catch (err) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await c.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await generate();
