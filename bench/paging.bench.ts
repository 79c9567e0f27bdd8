/**
 * npm run bench:paging — the first page of raw transactions (endpoint 11) for a customer with a long history,
 * through the API, as a ratio to the same rows read by bare SQL in the same run.
 *
 * PostgreSQL (a fresh database on the local server): BENCH_ROWS rows (default 2 000 000) for one customer, loaded
 * by COPY beside three other customers (BENCH_OTHER_ROWS each, default 100 000), then ANALYZE. Timed round-robin,
 * medians of BENCH_RUNS: the same SELECT as the first page through a node-postgres client of the bench (the bare
 * SQL); the first page over HTTP (max_per_page=1000: auth, throttling, customer check, total, page, JSON); the same
 * for a customer of 1 000 rows (how much the page grows with the history); the service call in-process (total +
 * page, no HTTP); the second page through the cursor of `_links.next`; the first page with a 400-day booking window
 * and with a currency filter (totals from the maintained counts and the window's partial ends).
 * Context for the HTTP part, in the same rounds: the client's JSON.parse of the first page's bytes (a cost no client
 * of a JSON API avoids; the bare SQL's client has its own, node-postgres turning rows into objects, inside the bare
 * time), and a bare Fastify route that runs the same SELECT and answers the same rows through the same response
 * schema, fetched by the same client (the floor of any HTTP answer of these rows). The headline stays the ratio to
 * bare SQL; "bare SQL + the client's parse" is printed beside it.
 * Embedded (PGlite in a temporary directory): the same with BENCH_EMBEDDED_ROWS (default 200 000: a COPY of 2 million
 * rows into PGlite takes minutes on this thread), the bare SQL through the same PGlite instance.
 * `node bench/paging.bench.ts postgres|embedded` runs one engine.
 */
import pg from 'pg';
import Fastify from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../src/db/db.ts';
import { TRANSACTION_COLUMNS } from '../src/modules/transactions/transactions.row.ts';
import { listRawTransactions, toRawWire } from '../src/modules/transactions/transactions.service.ts';
import { RawTransaction } from '../src/modules/transactions/transactions.wire.ts';
import type { StoredTransaction } from '../src/modules/transactions/transactions.repo.ts';
import {
  csvLine,
  ms,
  PG,
  startBenchServer,
  timeMedian,
  timeRoundRobin,
  type BenchServer,
  type Engine,
} from './bench-app.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 2_000_000);
const EMBEDDED_ROWS = Number(process.env.BENCH_EMBEDDED_ROWS ?? 200_000);
const OTHER_ROWS = Number(process.env.BENCH_OTHER_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const PER_PAGE = 1000;
const START = 1_500_000_000;
const STEP = 300; // one transaction every five minutes: 2 000 000 rows span 19 years

/** n rows for a customer over two accounts, one in twenty in EUR, by COPY through the service's own Db. */
async function fill(db: Db, customerId: string, accounts: Array<{ id: string; number: string }>, n: number) {
  const stamp = new Date().toISOString();
  async function* chunks() {
    for (let i = 0; i < n; i += 20_000) {
      let csv = '';
      for (let j = i; j < Math.min(n, i + 20_000); j++) {
        const a = accounts[j % accounts.length] ?? accounts[0];
        if (!a) throw new Error('no account');
        csv += csvLine(
          customerId,
          {
            account_id: a.id,
            external_transaction_id: `p-${j}`,
            name: j % 3 ? 'CARD PAYMENT TO TESCO STORES' : 'BGC ACME LTD SALARY',
            amount: String((((j * 7919) % 20_000) - 12_000) / 100),
            currency: j % 20 === 0 ? 'EUR' : 'GBP',
            account_number: a.number,
            booking_date_time: START + j * STEP,
          },
          stamp,
        );
      }
      yield csv;
    }
  }
  await db.copyFrom('transactions', [...TRANSACTION_COLUMNS], chunks());
}

const PAGE_SQL = `SELECT t.id::text AS id, t.account_id, t.external_transaction_id, t.name, t.type, t.amount, t.currency,
  t.balance_amount, t.balance_currency, t.balance_type, t.status, t.bank_slug, t.account_number, t.category,
  t.address_line, t.merchant_name, t.merchant_category_code, t.bank_transaction_code, t.bank_transaction_issuer,
  t.value_date_time, t.booking_date_time
  FROM transactions t WHERE t.customer_id = $1 ORDER BY t.booking_date_time DESC, t.id DESC LIMIT ${PER_PAGE}`;

async function setUp(srv: BenchServer, rows: number) {
  const db = srv.runtime.db;
  const customerId = await srv.newCustomer();
  const accounts = [
    { id: await srv.newAccount(customerId, '04000400000001'), number: '04000400000001' },
    { id: await srv.newAccount(customerId, '04000400000002'), number: '04000400000002' },
  ];
  const t0 = performance.now();
  await fill(db, customerId, accounts, rows);
  for (let k = 0; k < 3; k++) {
    const other = await srv.newCustomer();
    const number = `0400040000010${k}`;
    await fill(db, other, [{ id: await srv.newAccount(other, number), number }], OTHER_ROWS);
  }
  await db.query('ANALYZE transactions');
  const loadMs = performance.now() - t0;
  return { customerId, loadMs };
}

/** The plan's nodes, one line: enough to see the index of the read order at work. */
function planNodes(plan: unknown): string {
  const rows = (plan as { rows: Array<Record<string, string>> }).rows;
  return rows
    .map((r) => Object.values(r)[0] ?? '')
    .filter((l) => !/^\s*(Index Cond|Filter|Sort Key)/.test(l))
    .map((l) => l.replace(/->/, '').trim())
    .join(' → ');
}

/**
 * The bare HTTP route: the same SELECT through the service's own database handle, the same rows as JSON through the
 * same response schema, nothing else (no authentication, quota, hooks or paging members).
 */
async function startBareHttp(srv: BenchServer, customerId: string) {
  const app = Fastify({ logger: false });
  app.get(
    '/bare-page',
    { schema: { response: { 200: Type.Object({ data: Type.Array(RawTransaction) }) } } },
    async () => ({
      data: (await srv.runtime.db.query<StoredTransaction>(PAGE_SQL, [customerId])).rows.map(toRawWire),
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}/bare-page`,
    close: () => app.close(),
  };
}

/** The two context lines of the HTTP part (see the header). */
function httpContext(pageChars: number, t: Record<'apiMs' | 'bareMs' | 'parseMs' | 'bareHttpMs', number | undefined>) {
  const [api, bare, parse, bareHttp] = [t.apiMs ?? 0, t.bareMs ?? 0, t.parseMs ?? 0, t.bareHttpMs ?? 0];
  return (
    `  bare SQL + the client's JSON.parse of the page (${(pageChars / 1024).toFixed(0)} KB, ${ms(parse)})  ` +
    `${ms(bare + parse)}  API ratio to it ${(api / (bare + parse)).toFixed(2)}x\n` +
    `  bare Fastify route, same SELECT and rows, same client  ${ms(bareHttp)}  API ratio to it ${(api / bareHttp).toFixed(2)}x`
  );
}

async function run(engine: Engine): Promise<void> {
  const rows = engine === 'postgres' ? ROWS : EMBEDDED_ROWS;
  const srv = await startBenchServer(engine);
  try {
    const { customerId, loadMs } = await setUp(srv, rows);
    const url = `/public/v3/customers/${customerId}/raw-transactions?max_per_page=${PER_PAGE}`;
    const first = await srv.get(url);
    if (first.status !== 200 || first.body.total !== rows) throw new Error(`bad first page: total ${first.body.total}`);
    // Bare SQL: the same statement, from a client of the bench (PostgreSQL) or the same PGlite instance.
    let bare: (sql: string, params: unknown[]) => Promise<unknown>;
    let closeBare: () => Promise<void> = async () => undefined;
    if (engine === 'postgres') {
      const client = new pg.Client({ host: PG.host, port: Number(PG.port), user: PG.user, database: srv.dbName ?? '' });
      await client.connect();
      bare = (sql, params) => client.query(sql, params);
      closeBare = async () => client.end();
    } else bare = (sql, params) => srv.runtime.db.query(sql, params);
    const small = await srv.newCustomer();
    await fill(
      srv.runtime.db,
      small,
      [{ id: await srv.newAccount(small, '04000400000099'), number: '04000400000099' }],
      PER_PAGE,
    );
    const smallUrl = `/public/v3/customers/${small}/raw-transactions?max_per_page=${PER_PAGE}`;
    const next = new URL((first.body._links as { next: { href: string } }).next.href);
    const mid = START + Math.floor(rows / 2) * STEP;
    const windowQuery = `&booking_date_time_from=${mid - 400 * 86_400}&booking_date_time_to=${mid}`;
    const bareHttp = await startBareHttp(srv, customerId);
    // The page as the client received it (re-serialised: the same JSON as the service's bytes, member for member).
    const pageBytes = JSON.stringify(first.body);
    const [bareMs, apiMs, smallMs, serviceMs, cursorMs, windowMs, currencyMs, parseMs, bareHttpMs] =
      await timeRoundRobin(RUNS, [
        () => bare(PAGE_SQL, [customerId]),
        () => srv.get(url),
        () => srv.get(smallUrl),
        () => listRawTransactions(srv.runtime.db, srv.clientId, customerId, {}, 1, PER_PAGE),
        () => srv.get(next.pathname + next.search),
        () => srv.get(url + windowQuery),
        () => srv.get(`${url}&currency=EUR`),
        async () => JSON.parse(pageBytes) as unknown,
        async () => (await fetch(bareHttp.url)).json(),
      ]);
    await bareHttp.close();
    const bareCount = await timeMedian(
      3,
      () => bare('SELECT count(*) FROM transactions WHERE customer_id = $1', [customerId]),
      1,
    );
    const plan = await bare(`EXPLAIN (COSTS OFF) ${PAGE_SQL}`, [customerId]);
    await closeBare();
    const label = engine === 'postgres' ? 'PostgreSQL' : 'Embedded (PGlite)';
    const x = (a = 0, b = 1) => `${(a / b).toFixed(2)}x`;
    console.log(
      `${label}: first page of ${PER_PAGE} for a customer with ${rows} rows (+3 × ${OTHER_ROWS} others; load ${(loadMs / 1000).toFixed(1)} s); medians of ${RUNS}`,
    );
    console.log(`  bare SQL, same rows                      ${ms(bareMs ?? 0)}   plan: ${planNodes(plan)}`);
    console.log(`  API first page                           ${ms(apiMs ?? 0)}  ratio to bare SQL ${x(apiMs, bareMs)}`);
    console.log(httpContext(pageBytes.length, { apiMs, bareMs, parseMs, bareHttpMs }));
    console.log(
      `  API first page, customer of ${PER_PAGE} rows    ${ms(smallMs ?? 0)}  growth ${rows} vs ${PER_PAGE} rows ${x(apiMs, smallMs)}`,
    );
    console.log(
      `  service call in-process (total + page)   ${ms(serviceMs ?? 0)}  ratio to bare SQL ${x(serviceMs, bareMs)}`,
    );
    console.log(
      `  API page 2 by cursor                     ${ms(cursorMs ?? 0)}  ratio to bare SQL ${x(cursorMs, bareMs)}`,
    );
    console.log(
      `  API first page, 400-day window           ${ms(windowMs ?? 0)}  ratio to bare SQL ${x(windowMs, bareMs)}`,
    );
    console.log(
      `  API first page, currency=EUR (1 in 20)   ${ms(currencyMs ?? 0)}  ratio to bare SQL ${x(currencyMs, bareMs)}`,
    );
    console.log(`  (context: a bare count(*) of the customer's rows takes ${ms(bareCount)})`);
  } finally {
    await srv.close();
  }
}

const which = process.argv[2] ?? 'all';
if (which === 'all' || which === 'postgres') await run('postgres');
if (which === 'all' || which === 'embedded') await run('embedded');
