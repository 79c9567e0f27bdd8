/**
 * npm run bench:sync — a page of the change feed (GET …/transactions/sync, docs/decisions/0052-transaction-change-feed.md)
 * at the start, the middle and the end of a customer's feed, for the same customer alone in a small table and among
 * others in a large one, each as a ratio to one baseline measured in the same run: a bare Fastify route that runs the
 * same statement (readFeedPage) for the same customer and position and answers the same JSON through the same
 * response schema, with no authentication, cursor check or customer check (docs/decisions/0075-sync-bench-at-scale.md).
 * Constant-cost paging means the sync page costs the same at any position (end ÷ start) and in any table (large ÷
 * small); the bare route at each point, the service call and the statement in-process are printed beside it, and
 * EXPLAIN (ANALYZE, BUFFERS) of the statement at every point must show an index range scan from the cursor that reads
 * at most count + 1 rows (the bench says NOT CONSTANT-COST otherwise, and prints the large table's last plan).
 *
 * Sizes (rows of the transactions table): the customer has BENCH_CUSTOMER_ROWS (default 100 000; embedded
 * BENCH_EMBEDDED_CUSTOMER_ROWS, 50 000); the small table holds that customer alone; the large one BENCH_TABLE_ROWS
 * in all (default 1 000 000; embedded BENCH_EMBEDDED_TABLE_ROWS, 200 000), the customer's rows interleaved with those
 * of BENCH_OTHER_CUSTOMERS others (1 000), as a table written over time holds them. Rows are made by generate_series
 * in SQL, a chunk a statement. BENCH_DATABASE names a PostgreSQL database (created beforehand, e.g. `createdb
 * sync_bench`) that keeps the large table between runs: filled on the first run, reused by later ones with the same
 * sizes; without it each run fills a fresh database and drops it. The 10 M-row run of docs/performance.md:
 *   createdb -h 127.0.0.1 -U postgres sync_bench
 *   BENCH_DATABASE=sync_bench BENCH_TABLE_ROWS=10000000 BENCH_CUSTOMER_ROWS=1000000 BENCH_RUNS=41 npm run bench:sync -- postgres
 * BENCH_COUNT is the page size (500, the most the route allows), BENCH_RUNS the timed rounds (21, each in its own
 * shuffled order after 3 untimed ones, medians). `node bench/sync.bench.ts postgres|embedded` runs one engine.
 */
import Fastify from 'fastify';
import type { Db } from '../src/db/db.ts';
import { encodeFeedCursor } from '../src/modules/transactions/feed-cursor.ts';
import { feedPageSql, readFeedPage } from '../src/modules/transactions/feed.repo.ts';
import { syncTransactions, type SyncRequest } from '../src/modules/transactions/feed.service.ts';
import { toRawWire } from '../src/modules/transactions/transactions.service.ts';
import { SyncResult } from '../src/modules/transactions/transactions.wire.ts';
import { KEEP_ALIVE_MS, ms, startBenchServer, timeRoundRobin, type BenchServer, type Engine } from './bench-app.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SIZES = {
  postgres: { customer: env('BENCH_CUSTOMER_ROWS', 100_000), table: env('BENCH_TABLE_ROWS', 1_000_000) },
  embedded: {
    customer: env('BENCH_EMBEDDED_CUSTOMER_ROWS', 50_000),
    table: env('BENCH_EMBEDDED_TABLE_ROWS', 200_000),
  },
};
const OTHER_CUSTOMERS = env('BENCH_OTHER_CUSTOMERS', 1_000);
const COUNT = env('BENCH_COUNT', 500);
const RUNS = env('BENCH_RUNS', 21);
const KEPT_DATABASE = process.env.BENCH_DATABASE;
/** The client of both tables (fixed, so a kept database is signed into again) and the measured customer's reference. */
const CLIENT = { id: 'sync-bench', secret: 'sync-bench-secret-not-for-production-0001' };
const SUBJECT = 'sync-bench-subject';
const NUMBER = '04000400000001';

/**
 * Rows $7 to $8 of a table of `stride × customerRows` or more: row i is the customer's row i / stride when i is a
 * multiple of stride (and below customerRows strides), else a row of other customer i mod OTHER_CUSTOMERS. The
 * customer's rows are card payments five minutes apart, as fillCardPayments (bench-app.ts) writes them.
 */
const FILL_SQL = `INSERT INTO transactions (id, customer_id, account_id, external_transaction_id, name, type, amount,
    currency, status, bank_slug, account_number, value_date_time, booking_date_time, content_hash, created_at, updated_at)
  SELECT gen_random_uuid(),
    CASE WHEN g.mine THEN $1 ELSE 'sync-bench-other-' || (g.i % $5) END,
    CASE WHEN g.mine THEN $2 ELSE 'sync-bench-other-account-' || (g.i % $5) END,
    CASE WHEN g.mine THEN 's-' || (g.i / $4) ELSE 'o-' || g.i END,
    'CARD PAYMENT TO TESCO STORES', 'CardPayment', (((g.j * 7919) % 20000) - 12000) / 100.0, 'GBP', 'Booked', 'sandbox',
    CASE WHEN g.mine THEN $3 ELSE '05' || lpad((g.i % $5)::text, 12, '0') END,
    1500000000 + g.j * 300, 1500000000 + g.j * 300, 0, now(), now()
  FROM (SELECT s.i, s.i % $4 = 0 AND s.i / $4 < $6 AS mine,
          CASE WHEN s.i % $4 = 0 AND s.i / $4 < $6 THEN s.i / $4 ELSE s.i / $5 END AS j
        FROM generate_series($7::bigint, $8::bigint) AS s(i)) g`;

interface Subject {
  customerId: string;
  accountId: string;
}

/** The measured customer and its account, made over HTTP the first time, found again in a kept database. */
async function subjectOf(srv: BenchServer): Promise<Subject> {
  const found = await srv.runtime.db.query<{ customer: string; account: string }>(
    `SELECT c.id AS customer, a.id AS account FROM customers c JOIN accounts a ON a.customer_id = c.id
     WHERE c.client_id = $1 AND c.user_reference = $2`,
    [srv.clientId, SUBJECT],
  );
  const row = found.rows[0];
  if (row) return { customerId: row.customer, accountId: row.account };
  const created = await srv.post('/public/v3/customers', { user_reference: SUBJECT });
  const customerId = created.body.id as string;
  return { customerId, accountId: await srv.newAccount(customerId, NUMBER) };
}

/**
 * Makes the table hold `table` rows, `customer` of them the subject's (kept when a kept database already holds
 * exactly that); the time it took in ms, or null when reused.
 */
async function fillTable(srv: BenchServer, s: Subject, customer: number, table: number): Promise<number | null> {
  const db = srv.runtime.db;
  const count = async (where: string, params: unknown[]) =>
    Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM transactions ${where}`, params)).rows[0]?.n);
  const held = await count('', []);
  if (held > 0) {
    const mine = await count('WHERE customer_id = $1', [s.customerId]);
    if (held === table && mine === customer) return null;
    throw new Error(
      `database ${srv.dbName} holds ${held} transactions (${mine} of the customer), not ${table} (${customer}): drop and create it again`,
    );
  }
  const t0 = performance.now();
  const stride = Math.max(1, Math.floor(table / customer));
  const chunk = srv.engine === 'postgres' ? 1_000_000 : 100_000;
  for (let from = 0; from < table; from += chunk)
    await db.query(FILL_SQL, [
      s.customerId,
      s.accountId,
      NUMBER,
      stride,
      OTHER_CUSTOMERS,
      customer,
      from,
      Math.min(table, from + chunk) - 1,
    ]);
  await db.query('VACUUM (ANALYZE) transactions');
  return performance.now() - t0;
}

/** The positions after none, half and all but one page of the customer's rows (the cursor's change_seq). */
async function positionsAlong(db: Db, customerId: string, rows: number): Promise<bigint[]> {
  const out = [0n];
  for (const k of [Math.floor(rows / 2), rows - COUNT]) {
    const r = await db.query<{ seq: string }>(
      'SELECT change_seq::text AS seq FROM transactions WHERE customer_id = $1 ORDER BY change_seq OFFSET $2 LIMIT 1',
      [customerId, k - 1],
    );
    const seq = r.rows[0]?.seq;
    if (seq === undefined) throw new Error(`no row at ${k}`);
    out.push(BigInt(seq));
  }
  return out;
}

/**
 * The baseline: a bare Fastify route, GET /bare/:after, that runs the service's statement (readFeedPage, count + 1)
 * for the customer from that position and answers what the service answers (the same items, next_cursor and
 * has_more) through the same response schema. Nothing else: no token, quota, cursor MAC check or customer check.
 */
async function startBareFeedRoute(srv: BenchServer, customerId: string) {
  const owner = { installationKey: srv.runtime.installationKey, clientId: srv.clientId, customerId };
  const app = Fastify({ logger: false });
  app.get<{ Params: { after: string } }>(
    '/bare/:after',
    { schema: { response: { 200: SyncResult } } },
    async (request) => {
      const after = BigInt(request.params.after);
      const page = await readFeedPage(srv.runtime.db, customerId, after, COUNT + 1);
      const rows = page.changed.slice(0, COUNT);
      return {
        added: rows.map((t) => ({ ...toRawWire(t), pending_transaction_id: t.replaces_transaction_id })),
        modified: [],
        removed: [],
        next_cursor: encodeFeedCursor(owner, rows.length > 0 ? BigInt(rows[rows.length - 1]?.change_seq ?? 0) : after),
        has_more: page.changed.length > COUNT,
      };
    },
  );
  app.server.keepAliveTimeout = KEEP_ALIVE_MS;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/bare`;
  return { get: async (after: bigint) => (await fetch(`${base}/${after}`)).json(), close: () => app.close() };
}

interface Side {
  label: string;
  rows: number;
  srv: BenchServer;
  subject: Subject;
  positions: bigint[];
  bare: Awaited<ReturnType<typeof startBareFeedRoute>>;
  loadMs: number | null;
}

async function openSide(engine: Engine, label: string, customer: number, table: number, kept?: string) {
  const srv = await startBenchServer(engine, { client: CLIENT, ...(kept ? { database: kept } : {}) });
  try {
    const subject = await subjectOf(srv);
    const loadMs = await fillTable(srv, subject, customer, table);
    const positions = await positionsAlong(srv.runtime.db, subject.customerId, customer);
    const bare = await startBareFeedRoute(srv, subject.customerId);
    return { label, rows: table, srv, subject, positions, bare, loadMs } satisfies Side;
  } catch (e) {
    await srv.close();
    throw e;
  }
}

/** The service call of a page (what the route calls, in-process: no HTTP, token or quota). */
function syncRequest(side: Side, position: bigint): SyncRequest {
  const owner = {
    installationKey: side.srv.runtime.installationKey,
    clientId: side.srv.clientId,
    customerId: side.subject.customerId,
  };
  return { ...owner, count: COUNT, ...(position === 0n ? {} : { cursor: encodeFeedCursor(owner, position) }) };
}

function syncUrl(side: Side, position: bigint): string {
  const { cursor } = syncRequest(side, position);
  return `/public/v3/customers/${side.subject.customerId}/transactions/sync?count=${COUNT}${cursor ? `&cursor=${cursor}` : ''}`;
}

/** The service's page and the bare route's are the same JSON, and full (checked once, before timing). */
async function checkSame(side: Side): Promise<void> {
  for (const p of side.positions) {
    const api = await side.srv.get(syncUrl(side, p));
    const bare = await side.bare.get(p);
    if (api.status !== 200 || JSON.stringify(api.body) !== JSON.stringify(bare))
      throw new Error(`${side.label}: the service and the bare route answer differently at ${p}`);
    if ((api.body.added as unknown[]).length !== COUNT) throw new Error(`${side.label}: the page at ${p} is not full`);
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of the page statement: its plan nodes. */
async function explain(side: Side, position: bigint): Promise<string[]> {
  const r = await side.srv.runtime.db.query<Record<string, string>>(
    `EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, COSTS OFF) ${feedPageSql(COUNT + 1)}`,
    [side.subject.customerId, position.toString()],
  );
  const lines = r.rows.map((row) => Object.values(row)[0] ?? '');
  const nodes = lines.filter((l) => /->|^\S|Index Cond|Buffers/.test(l) && !/Planning|Execution/.test(l));
  return nodes;
}

/**
 * How the statement read the customer's transactions: the scan node on the transactions partition and the rows it
 * returned. Constant cost: an index range scan of (customer_id, change_seq) from the cursor that stops after
 * count + 1 rows (PostgreSQL may take a bitmap scan and sort the rows when no more than a page or so is left after the
 * cursor: still no more than that); never a scan of the partition, nor an offset or a sort of the customer's rows.
 */
function readOf(nodes: string[]): { scan: string; rows: number; ok: boolean } {
  const i = nodes.findIndex((l) => / on transactions_\w+ t\b/.test(l));
  const line = nodes[i] ?? '';
  const scan = /(Seq Scan|Bitmap Heap Scan|Index Only Scan|Index Scan)( using \S+)?/.exec(line)?.[0] ?? '?';
  const rows = Number(/actual rows=(\d+)/.exec(line)?.[1] ?? NaN);
  const cond = nodes.slice(i, i + 4).join(' ');
  const fromCursor = /Index Cond: \(\(customer_id = .*\) AND \(change_seq > /.test(cond);
  return { scan, rows, ok: !scan.startsWith('Seq') && fromCursor && rows <= COUNT + 1 };
}

const NAMES = ['start (no cursor)', 'middle', 'one page before end'];

/**
 * Medians, in the order of `points`, of the sync page over HTTP, the bare route, the statement in-process and the
 * service call in-process, all timed in the same round-robin rounds.
 */
async function measure(points: Array<{ side: Side; p: bigint }>) {
  const times = await timeRoundRobin(RUNS, [
    ...points.map(
      ({ side, p }) =>
        () =>
          side.srv.get(syncUrl(side, p)),
    ),
    ...points.map(
      ({ side, p }) =>
        () =>
          side.bare.get(p),
    ),
    ...points.map(
      ({ side, p }) =>
        () =>
          readFeedPage(side.srv.runtime.db, side.subject.customerId, p, COUNT + 1),
    ),
    ...points.map(
      ({ side, p }) =>
        () =>
          syncTransactions(side.srv.runtime.db, syncRequest(side, p)),
    ),
  ]);
  const n = points.length;
  return {
    api: times.slice(0, n),
    bare: times.slice(n, 2 * n),
    sql: times.slice(2 * n, 3 * n),
    service: times.slice(3 * n),
  };
}

function report(label: string, sides: [Side, Side], t: Awaited<ReturnType<typeof measure>>, plans: string[][]) {
  const [small, large] = sides;
  const baseline = t.bare[0] ?? 1;
  const x = (a = 0, b = baseline) => `${(a / b).toFixed(2)}x`;
  const load = (s: Side) =>
    s.loadMs === null ? `reused (database ${s.srv.dbName})` : `${(s.loadMs / 1000).toFixed(1)} s`;
  console.log(
    `${label}: a sync page of ${COUNT} for a customer of ${small.rows} rows, alone ` +
      `(table of ${small.rows}) and among ${OTHER_CUSTOMERS} others (table of ${large.rows}); medians of ${RUNS} rounds`,
  );
  console.log(`  load: small table ${load(small)}, large table ${load(large)}`);
  console.log(
    `  baseline: the bare route, small table, from the start   ${ms(baseline)}\n` +
      '  table   position                  sync page (÷ baseline)   bare route (÷ baseline)   sync ÷ bare' +
      '   in-process: service call · statement',
  );
  for (let i = 0; i < 6; i++) {
    const [a, b] = [t.api[i] ?? 0, t.bare[i] ?? 0];
    console.log(
      `  ${(i < 3 ? 'small' : 'large').padEnd(7)} ${(NAMES[i % 3] ?? '').padEnd(25)} ${ms(a).padStart(9)} (${x(a)})` +
        `       ${ms(b).padStart(9)} (${x(b)})          ${x(a, b).padStart(6)}` +
        `        ${ms(t.service[i] ?? 0)} · ${ms(t.sql[i] ?? 0)}`,
    );
  }
  const at = (side: number, pos: number) => t.api[side * 3 + pos] ?? 0;
  console.log(
    `  position (end ÷ start, sync page): small ${x(at(0, 2), at(0, 0))}, large ${x(at(1, 2), at(1, 0))}\n` +
      `  table size (large ÷ small, sync page): start ${x(at(1, 0), at(0, 0))}, middle ${x(at(1, 1), at(0, 1))}, ` +
      `end ${x(at(1, 2), at(0, 2))}`,
  );
  const reads = plans.map(readOf);
  reads.forEach((r, i) =>
    console.log(
      `  plan, ${i < 3 ? 'small' : 'large'} table, ${NAMES[i % 3]}: ${r.scan}, ${r.rows} rows of transactions read`,
    ),
  );
  console.log(`  plan, large table, one page before the end:\n    ${(plans[5] ?? []).join('\n    ')}`);
  console.log(
    reads.every((r) => r.ok)
      ? `  every page reads at most count + 1 = ${COUNT + 1} rows, by an index range scan from the cursor`
      : `  NOT CONSTANT-COST at ${reads.flatMap((r, i) => (r.ok ? [] : [`${i < 3 ? 'small' : 'large'}/${NAMES[i % 3]}`])).join(', ')}: ` +
          'more than count + 1 rows read, or not from the cursor (a partition of a few thousand rows is read whole, rightly)',
  );
}

async function run(engine: Engine): Promise<void> {
  const { customer, table } = SIZES[engine];
  if (table < customer) throw new Error('the large table must hold at least the customer rows');
  const sides: Side[] = [];
  try {
    sides.push(await openSide(engine, 'small', customer, customer));
    sides.push(await openSide(engine, 'large', customer, table, engine === 'postgres' ? KEPT_DATABASE : undefined));
    for (const side of sides) await checkSame(side);
    const points = sides.flatMap((side) => side.positions.map((p) => ({ side, p })));
    const times = await measure(points);
    const plans = await Promise.all(points.map(({ side, p }) => explain(side, p)));
    report(engine === 'postgres' ? 'PostgreSQL' : 'Embedded (PGlite)', sides as [Side, Side], times, plans);
  } finally {
    for (const side of sides) {
      await side.bare.close();
      await side.srv.close();
    }
  }
}

const only = process.argv[2] as Engine | undefined;
for (const engine of only ? [only] : (['postgres', 'embedded'] as Engine[])) await run(engine);
