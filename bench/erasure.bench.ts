/**
 * npm run bench:erasure — erasing a customer with BENCH_ROWS transactions (default 100 000) and a category for each
 * (DELETE /public/v3/customers/{id}, docs/decisions/0063-customer-erasure.md), as a ratio to a baseline measured in
 * the same run: the bare DELETE of the same kind of rows (another customer's transactions and categories, loaded
 * alike) in one transaction, without anything else of the erasure. The erasure adds the lock, the consents' and
 * invitations' steps, the counts, staged loads, throttling counters, the cascade over every table and the audit
 * entry, all over HTTP.
 *
 * Each round loads two customers of BENCH_ROWS rows by COPY (and their categories), ANALYZEs, then times one
 * erasure and one bare delete, in alternating order. BENCH_ROUNDS rounds (default 3); medians. `node
 * bench/erasure.bench.ts postgres|embedded` runs one engine.
 *
 * The stall: while the erasure runs, a small read (another customer's accounts, GET …/accounts over HTTP) is made
 * again and again, one after the other; its longest time is given as a ratio to the same read's median when nothing
 * else runs, measured in the same round just before (docs/decisions/0074-embedded-erasure-in-batches.md).
 */
import type { Db } from '../src/db/db.ts';
import { fillCardPayments, median, ms, startBenchServer, type BenchServer, type Engine } from './bench-app.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
async function fill(db: Db, customerId: string, accountId: string, number: string, n: number) {
  await fillCardPayments(db, customerId, { id: accountId, number }, n, 'e');
  await db.query(
    `INSERT INTO transaction_categories (customer_id, transaction_id, category_id, category_name, merchant, run_id)
     SELECT customer_id, id, 'groceries', 'Groceries', 'Tesco', 'bench' FROM transactions WHERE customer_id = $1`,
    [customerId],
  );
}

let accountSeq = 0;
async function customerWith(srv: BenchServer, n: number): Promise<string> {
  const customerId = await srv.newCustomer();
  const number = `0400040${String(1_000_000 + ++accountSeq).slice(-7)}`;
  await fill(srv.runtime.db, customerId, await srv.newAccount(customerId, number), number, n);
  return customerId;
}

async function erase(srv: BenchServer, customerId: string): Promise<void> {
  const res = await fetch(`${srv.baseUrl}/public/v3/customers/${customerId}`, {
    method: 'DELETE',
    headers: { authorization: srv.authorization },
  });
  if (res.status !== 204) throw new Error(`erasure answered ${res.status}: ${await res.text()}`);
}

async function bareDelete(srv: BenchServer, customerId: string): Promise<void> {
  await srv.runtime.db.transaction(async (tx) => {
    const n = (await tx.query('DELETE FROM transactions WHERE customer_id = $1', [customerId])).rowCount;
    await tx.query('DELETE FROM transaction_categories WHERE customer_id = $1', [customerId]);
    if (n !== ROWS) throw new Error(`the bare delete took ${n} rows`);
  });
}

/** One small read's time over HTTP (ms). */
async function smallRead(srv: BenchServer, customerId: string): Promise<number> {
  const t = performance.now();
  const res = await srv.get(`/public/v3/customers/${customerId}/accounts`);
  if (res.status !== 200) throw new Error(`the small read answered ${res.status}`);
  return performance.now() - t;
}

/** The small read's median alone, then `work` with the read repeated beside it: its longest time during the work. */
async function stallDuring(srv: BenchServer, reader: string, work: () => Promise<void>) {
  const alone: number[] = [];
  for (let i = 0; i < 40; i++) alone.push(await smallRead(srv, reader));
  let done = false;
  let longest = 0;
  let reads = 0;
  const reading = (async () => {
    while (!done) {
      longest = Math.max(longest, await smallRead(srv, reader));
      reads++;
    }
  })();
  try {
    await work();
  } finally {
    done = true;
    await reading;
  }
  return { baseline: median(alone), longest, reads };
}

async function run(engine: Engine): Promise<void> {
  const srv = await startBenchServer(engine);
  try {
    const reader = await srv.newCustomer();
    await srv.newAccount(reader, '04000409999999');
    const stalls: Array<{ baseline: number; longest: number; reads: number }> = [];
    const erasures: number[] = [];
    const bares: number[] = [];
    let loadMs = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const t0 = performance.now();
      const a = await customerWith(srv, ROWS);
      const b = await customerWith(srv, ROWS);
      await srv.runtime.db.query('ANALYZE transactions');
      await srv.runtime.db.query('ANALYZE transaction_categories');
      loadMs += performance.now() - t0;
      const timed = async (fn: () => Promise<void>, into: number[]) => {
        const t = performance.now();
        await fn();
        into.push(performance.now() - t);
      };
      const first = round % 2 === 0;
      const erasure = async () => {
        stalls.push(await stallDuring(srv, reader, () => timed(() => erase(srv, a), erasures)));
      };
      if (first) await erasure();
      await timed(() => bareDelete(srv, b), bares);
      if (!first) await erasure();
    }
    const e = median(erasures);
    const b = median(bares);
    const label = engine === 'postgres' ? 'PostgreSQL' : 'Embedded (PGlite)';
    console.log(
      `${label}: erasing a customer of ${ROWS} transactions (+ as many categories); medians of ${ROUNDS} rounds (load ${(loadMs / 1000).toFixed(1)} s)`,
    );
    console.log(`  baseline: bare DELETE of the same rows, one transaction   ${ms(b)}`);
    console.log(`  DELETE /public/v3/customers/{id} (the whole erasure)     ${ms(e)}  ratio ${(e / b).toFixed(2)}x`);
    const ratios = stalls.map((x) => x.longest / x.baseline);
    const worst = stalls.reduce((a, x) => (x.longest / x.baseline > a.longest / a.baseline ? x : a));
    console.log(
      `  a small read during the erasure (GET …/accounts, ${stalls.map((x) => x.reads).join('/')} reads): longest ${ms(worst.longest)} against ${ms(worst.baseline)} alone; stall ratio median ${median(ratios).toFixed(1)}x, worst ${Math.max(...ratios).toFixed(1)}x`,
    );
  } finally {
    await srv.close();
  }
}

const only = process.argv[2] as Engine | undefined;
for (const engine of only ? [only] : (['postgres', 'embedded'] as Engine[])) await run(engine);
