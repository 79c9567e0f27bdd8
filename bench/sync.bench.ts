/**
 * npm run bench:sync — a page of the change feed (GET …/transactions/sync, docs/decisions/0052-transaction-change-feed.md)
 * at the start, the middle and the end of a long history, as a ratio to a baseline measured in the same run: the
 * first page of endpoint 11 with as many rows (max_per_page = count), a read already known to cost O(page) at any
 * size (bench:paging). Constant-cost paging means the three sync pages cost about the same, and about the same ratio
 * to the baseline as a customer of 1 000 rows does.
 *
 * One customer with BENCH_ROWS rows (PostgreSQL, default 1 000 000; embedded BENCH_EMBEDDED_ROWS, default 200 000),
 * loaded by COPY beside three others of BENCH_OTHER_ROWS each (default 100 000), then ANALYZE; the cursors of the
 * middle and the end are made from the positions of those rows, sealed as the service seals them. Timed
 * round-robin, medians of BENCH_RUNS (default 21), all over HTTP through the service. `node bench/sync.bench.ts
 * postgres|embedded` runs one engine.
 */
import { encodeFeedCursor } from '../src/modules/transactions/feed-cursor.ts';
import { fillCardPayments, ms, startBenchServer, timeRoundRobin, type BenchServer, type Engine } from './bench-app.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const EMBEDDED_ROWS = Number(process.env.BENCH_EMBEDDED_ROWS ?? 200_000);
const OTHER_ROWS = Number(process.env.BENCH_OTHER_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const COUNT = 100;
async function customerWith(srv: BenchServer, n: number, number: string): Promise<string> {
  const customerId = await srv.newCustomer();
  await fillCardPayments(srv.runtime.db, customerId, { id: await srv.newAccount(customerId, number), number }, n, 's');
  return customerId;
}

/**
 * The cursors of the feed after half and all but one page of the customer's rows: the position of that row, sealed
 * as the service seals it (walking the feed to get there costs minutes at millions of rows, for the same cursor).
 */
async function cursorsAlong(srv: BenchServer, customerId: string, rows: number): Promise<string[]> {
  const out: string[] = [];
  for (const k of [Math.floor(rows / 2), rows - COUNT]) {
    const r = await srv.runtime.db.query<{ seq: string }>(
      'SELECT change_seq::text AS seq FROM transactions WHERE customer_id = $1 ORDER BY change_seq OFFSET $2 LIMIT 1',
      [customerId, k - 1],
    );
    const seq = r.rows[0]?.seq;
    if (seq === undefined) throw new Error(`no row at ${k}`);
    out.push(
      encodeFeedCursor(
        { installationKey: srv.runtime.installationKey, clientId: srv.clientId, customerId },
        BigInt(seq),
      ),
    );
  }
  return out;
}

async function run(engine: Engine): Promise<void> {
  const rows = engine === 'postgres' ? ROWS : EMBEDDED_ROWS;
  const srv = await startBenchServer(engine);
  try {
    const t0 = performance.now();
    const big = await customerWith(srv, rows, '04000400000001');
    for (let k = 0; k < 3; k++) await customerWith(srv, OTHER_ROWS, `0400040000010${k}`);
    const small = await customerWith(srv, 1_000, '04000400000099');
    await srv.runtime.db.query('ANALYZE transactions');
    const loadMs = performance.now() - t0;
    const t1 = performance.now();
    const [middle, end] = await cursorsAlong(srv, big, rows);
    const walkMs = performance.now() - t1;
    const sync = (customer: string, cursor?: string) =>
      srv.get(`/public/v3/customers/${customer}/transactions/sync?count=${COUNT}${cursor ? `&cursor=${cursor}` : ''}`);
    const check = await sync(big, end);
    if ((check.body.added as unknown[]).length !== COUNT) throw new Error('the last page is not full');
    const [baseMs, startMs, middleMs, endMs, smallMs] = await timeRoundRobin(RUNS, [
      () => srv.get(`/public/v3/customers/${big}/raw-transactions?max_per_page=${COUNT}`),
      () => sync(big),
      () => sync(big, middle),
      () => sync(big, end),
      () => sync(small),
    ]);
    const x = (a = 0) => `${(a / (baseMs ?? 1)).toFixed(2)}x`;
    const label = engine === 'postgres' ? 'PostgreSQL' : 'Embedded (PGlite)';
    console.log(
      `${label}: a sync page of ${COUNT} for a customer with ${rows} rows (+3 × ${OTHER_ROWS} others; load ${(loadMs / 1000).toFixed(1)} s; cursors ${(walkMs / 1000).toFixed(1)} s); medians of ${RUNS}`,
    );
    console.log(`  baseline: endpoint 11, first page of ${COUNT}   ${ms(baseMs ?? 0)}`);
    console.log(`  sync, from the start (no cursor)          ${ms(startMs ?? 0)}  ratio ${x(startMs)}`);
    console.log(`  sync, cursor at the middle                ${ms(middleMs ?? 0)}  ratio ${x(middleMs)}`);
    console.log(`  sync, cursor one page before the end      ${ms(endMs ?? 0)}  ratio ${x(endMs)}`);
    console.log(`  sync, a customer of 1 000 rows            ${ms(smallMs ?? 0)}  ratio ${x(smallMs)}`);
    console.log(`  end / start ${((endMs ?? 0) / (startMs ?? 1)).toFixed(2)}x`);
  } finally {
    await srv.close();
  }
}

const only = process.argv[2] as Engine | undefined;
for (const engine of only ? [only] : (['postgres', 'embedded'] as Engine[])) await run(engine);
