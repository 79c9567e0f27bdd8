/**
 * npm run bench:at-scale — the per-customer figures on a database of millions of transactions (docs/decisions/0036-transactions-partitioning.md),
 * each as a ratio to its baseline measured in the same run. Fill the database first: npm run bench:generate
 * (bench/generate-transactions.ts, 10 000 000 rows by default).
 *
 * The database: BENCH_PREFILLED_URL, else the generator's (BENCH_DATABASE_URL, DATABASE_URL, or
 * postgres://postgres@127.0.0.1:5432/obi_bench_scale). The service runs on it in this process (PostgreSQL, workers
 * off), signed in as the client of the generator's first big customer (100 000 rows). Figures (medians of
 * BENCH_RUNS, default 21, timed round-robin with their baseline):
 *   paging: the first page over HTTP (max_per_page=1000: auth, customer check, total, page, JSON) and the second
 *     page through the cursor, against the same SELECT as the first page run bare through node-postgres;
 *   small submission: one new transaction over HTTP (endpoint 10: duplicate lookup, insert, counts, readiness, its
 *     transaction), against the bare insert over HTTP of bench:small (bench-app.ts, startBareInsertRoute) into the
 *     same customer's partition, after BENCH_WARM (50) untimed rounds; as context, one bare INSERT through an open
 *     connection of the bench;
 *   report: the report computation of that customer (report.compute: load, engine on a worker thread, store),
 *     against the same computation on a database holding only that customer (its rows copied to a fresh database
 *     of the same server), BENCH_REPORT_RUNS (default 3) each.
 * What the benchmark adds (its transactions, the report's snapshots) is deleted or left as the service leaves it;
 * the generator's fill stays reusable.
 */
import pg from 'pg';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { loadConfig } from '../src/config/config.ts';
import { buildApp } from '../src/app/app.ts';
import { openRuntime } from '../src/app/runtime.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createLogger } from '../src/app/logger.ts';
import { computeCustomerReport } from '../src/modules/reports/reports.job.ts';
import { TRANSACTION_COLUMNS } from '../src/modules/transactions/transactions.row.ts';
import { BENCH_SECRET_KEY, SCALE_URL } from './generate-transactions.ts';
import {
  BARE_INSERT_SQL,
  bareInsertValues,
  ms,
  startBareInsertRoute,
  timeRoundRobin,
  type BareItem,
} from './bench-app.ts';

const URL_ = process.env.BENCH_PREFILLED_URL ?? SCALE_URL;
const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const REPORT_RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 3);
/** Untimed rounds before the small submission's timed ones: the service's path compiled, as in a running service. */
const WARM = Number(process.env.BENCH_WARM ?? 50);
const PER_PAGE = 1000;

interface Service {
  baseUrl: string;
  runtime: Awaited<ReturnType<typeof openRuntime>>;
  deps: Parameters<typeof computeCustomerReport>[0];
  close(): Promise<void>;
}

async function startService(url: string): Promise<Service> {
  const config = loadConfig({
    DATABASE_URL: url,
    OBI_SECRET_KEY: BENCH_SECRET_KEY,
    LOG_LEVEL: 'warn',
    PORT: '0',
    WORKERS: 'false',
    RATE_LIMIT_API_PER_MINUTE: '1000000',
  });
  const runtime = await openRuntime(config, systemClock, { sandboxBank: false });
  const logger = createLogger(config);
  const app = await buildApp({ ...runtime, config, clock: systemClock, logger });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    runtime,
    deps: { db: runtime.db, clock: systemClock, queue: runtime.queue, logger, workerPool: runtime.workerPool },
    async close() {
      await app.close();
      await runtime.close();
    },
  };
}

async function token(baseUrl: string, clientId: string, clientSecret: string): Promise<string> {
  const res = await fetch(`${baseUrl}/oauth/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials' }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`no token: ${JSON.stringify(body)}`);
  return body.access_token;
}

const ratio = (x: number, base: number) => `${(x / base).toFixed(2)}x`;

/** A fresh database holding the customer alone: its client, customer row, accounts and transactions. */
async function soloDatabase(source: pg.Client, customerId: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `obi_bench_solo_${process.pid}_${Date.now()}`;
  const admin = new URL(URL_);
  admin.pathname = '/postgres';
  const a = new pg.Client({ connectionString: admin.toString() });
  await a.connect();
  await a.query(`CREATE DATABASE ${name}`);
  const target = new URL(URL_);
  target.pathname = `/${name}`;
  const url = target.toString();
  const drop = async () => {
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  };
  // Migrated by the service, then filled from the source table by table (COPY out, COPY in).
  const svc = await startService(url);
  await svc.close();
  const t = new pg.Client({ connectionString: url });
  await t.connect();
  try {
    await t.query('BEGIN');
    const copy = async (table: string, columns: string, where: string) => {
      await pipeline(
        source.query(copyTo(`COPY (SELECT ${columns} FROM ${table} WHERE ${where}) TO STDOUT`)),
        t.query(copyFrom(`COPY ${table} (${columns}) FROM STDIN`)),
      );
    };
    const lit = `'${customerId.replace(/'/g, "''")}'`;
    await copy('clients', 'id, name, secret_hash', `id = (SELECT client_id FROM customers WHERE id = ${lit})`);
    await copy('customers', 'id, client_id, user_reference, created_at', `id = ${lit}`);
    await copy(
      'accounts',
      'id, client_id, customer_id, bank_slug, number, sort_code, account_number, currency, type, sub_type, scheme_name, created_at, updated_at',
      `customer_id = ${lit}`,
    );
    await copy('transactions', TRANSACTION_COLUMNS.join(', '), `customer_id = ${lit}`);
    await t.query('COMMIT');
    await t.query('VACUUM (ANALYZE) transactions');
  } finally {
    await t.end();
  }
  return { url, drop };
}

type Auth = { authorization: string };
type Account = { id: string; number: string; currency: string };

/** The first and second page over HTTP against the same SELECT run bare. */
async function benchPaging(db: pg.Client, svc: Service, customerId: string, auth: Auth): Promise<void> {
  const pageUrl = `${svc.baseUrl}/public/v3/customers/${customerId}/raw-transactions?max_per_page=${PER_PAGE}`;
  const first = (await (await fetch(pageUrl, { headers: auth })).json()) as {
    _links: { next: { href: string } | null };
  };
  const next = first._links.next ? new URL(first._links.next.href) : null;
  const secondUrl = next ? `${svc.baseUrl}${next.pathname}${next.search}` : pageUrl;
  const get = async (url: string) => {
    const res = await fetch(url, { headers: auth });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  };
  const bareSql = `SELECT t.id::text AS id, t.account_id, t.external_transaction_id, t.name, t.type, t.amount, t.currency,
      t.balance_amount, t.balance_currency, t.balance_type, t.status, t.bank_slug, t.account_number, t.category,
      t.address_line, t.merchant_name, t.merchant_category_code, t.bank_transaction_code, t.bank_transaction_issuer,
      t.value_date_time, t.booking_date_time
    FROM transactions t WHERE t.customer_id = $1 ORDER BY t.booking_date_time DESC, t.id DESC LIMIT ${PER_PAGE}`;
  const [bare, http1, http2] = await timeRoundRobin(RUNS, [
    () => db.query(bareSql, [customerId]),
    () => get(pageUrl),
    () => get(secondUrl),
  ]);
  console.log(`paging (max_per_page=${PER_PAGE})`);
  console.log(`  bare SQL, first page           ${ms(bare ?? 0)}`);
  console.log(`  first page over HTTP           ${ms(http1 ?? 0)}  ratio ${ratio(http1 ?? 0, bare ?? 1)}`);
  console.log(`  second page (cursor) over HTTP ${ms(http2 ?? 0)}  ratio ${ratio(http2 ?? 0, bare ?? 1)}`);
}

/** One new transaction over HTTP against one bare INSERT into the same partition. */
async function benchSmallSubmission(
  db: pg.Client,
  svc: Service,
  customerId: string,
  account: Account,
  auth: Auth,
): Promise<void> {
  // One new transaction, over HTTP and as a bare INSERT, each with an id of its own.
  let k = 0;
  const at = 1_767_225_600 + 86_400;
  const item = (externalId: string, time: number): BareItem => ({
    external_transaction_id: externalId,
    name: 'CARD PAYMENT TO TESCO STORES 3217',
    amount: -12.5,
    currency: account.currency,
    status: 'Booked',
    bank_slug: 'sandbox',
    account_number: account.number,
    value_date_time: time,
    booking_date_time: time,
  });
  const submitOne = async () => {
    k += 1;
    const res = await fetch(`${svc.baseUrl}/public/v3/customers/${customerId}/transaction_collections`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ transactions: [item(`scale-http-${process.pid}-${k}`, at + k)] }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`submission: ${res.status}`);
  };
  const insertOne = async () => {
    k += 1;
    await db.query(
      BARE_INSERT_SQL,
      bareInsertValues(customerId, account.id, item(`scale-bare-${process.pid}-${k}`, at + k)),
    );
  };
  const bareRoute = await startBareInsertRoute(svc.runtime.db, customerId, account.id);
  const bareOverHttp = async () => {
    k += 1;
    await bareRoute.post({ transactions: [item(`scale-bare-http-${process.pid}-${k}`, at + k)] });
  };
  const [insert, bareHttp, submit] = await timeRoundRobin(RUNS, [insertOne, bareOverHttp, submitOne], WARM);
  await bareRoute.close();
  console.log('small submission (one new transaction)');
  console.log(`  bare INSERT over HTTP (bare Fastify route)  ${ms(bareHttp ?? 0)}`);
  console.log(`  bare INSERT through an open connection      ${ms(insert ?? 0)}`);
  console.log(`  submission over HTTP           ${ms(submit ?? 0)}  ratio ${ratio(submit ?? 0, bareHttp ?? 1)}`);
  console.log(`  (ratio to the bare INSERT through an open connection ${ratio(submit ?? 0, insert ?? 1)})`);
  await db.query(
    "DELETE FROM transactions WHERE customer_id = $1 AND account_id = $2 AND external_transaction_id LIKE 'scale-%'",
    [customerId, account.id],
  );
}

/** The report computation at scale against the same on a database of the customer alone. */
async function benchReport(db: pg.Client, svc: Service, customerId: string, n: number): Promise<void> {
  const solo = await soloDatabase(db, customerId);
  try {
    const alone = await startService(solo.url);
    try {
      const [scale, empty] = await timeRoundRobin(
        REPORT_RUNS,
        [() => computeCustomerReport(svc.deps, customerId), () => computeCustomerReport(alone.deps, customerId)],
        1,
      );
      console.log(`report computation (${n.toLocaleString('en-GB')} transactions)`);
      console.log(`  on a database of that customer alone ${ms(empty ?? 0)}`);
      console.log(`  at scale                             ${ms(scale ?? 0)}  ratio ${ratio(scale ?? 0, empty ?? 1)}`);
    } finally {
      await alone.close();
    }
  } finally {
    await solo.drop();
  }
}

async function main(): Promise<void> {
  const db = new pg.Client({ connectionString: URL_ });
  await db.connect();
  const fill = await db
    .query<{ rows: string }>("SELECT rows FROM bench.fill WHERE to_regclass('bench.fill') IS NOT NULL LIMIT 1")
    .catch(() => ({ rows: [] as Array<{ rows: string }> }));
  const filled = fill.rows[0];
  if (!filled) throw new Error(`${URL_} is not filled: run npm run bench:generate first`);
  const big = (
    await db.query<{ customer_id: string; client_id: string; client_secret: string; n: string }>(
      `SELECT b.customer_id, b.client_id, c.client_secret, b.n FROM bench.big_customers b
       JOIN bench.clients c USING (client_id) ORDER BY b.customer_id LIMIT 1`,
    )
  ).rows[0];
  if (!big) throw new Error('the fill has no big customer');
  const account = (
    await db.query<{ id: string; number: string; currency: string }>(
      'SELECT id, number, currency FROM accounts WHERE customer_id = $1 ORDER BY number LIMIT 1',
      [big.customer_id],
    )
  ).rows[0];
  if (!account) throw new Error('the big customer has no account');
  console.log(
    `at scale: ${Number(filled.rows).toLocaleString('en-GB')} transactions in ${URL_}; customer of ${Number(big.n).toLocaleString('en-GB')} rows; node ${process.version}`,
  );

  const svc = await startService(URL_);
  try {
    const auth = { authorization: `Bearer ${await token(svc.baseUrl, big.client_id, big.client_secret)}` };
    await benchPaging(db, svc, big.customer_id, auth);
    await benchSmallSubmission(db, svc, big.customer_id, account, auth);
    await benchReport(db, svc, big.customer_id, Number(big.n));
  } finally {
    await svc.close();
    await db.end();
  }
}

await main();
