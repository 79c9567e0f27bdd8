/**
 * npm run bench:small — one transaction submitted (endpoint 10, over HTTP) into an account that already holds
 * BENCH_HELD transactions (default 100 000), as a ratio to a bare INSERT of one row measured in the same run, on
 * both engines. Also: the same submission into an account that holds almost nothing (so the growth with the
 * account's size shows on its own), and the plan of the duplicate lookup for one key and for a full slice.
 *
 * Timed round-robin (one call of each per round), medians of BENCH_RUNS. Baselines. PostgreSQL: `psql -c "INSERT …"` (a client that connects, inserts one row and commits), and the same
 * INSERT through the service's own pool, in-process. Embedded (PGlite has no server to connect to): the INSERT
 * through the same PGlite instance. The account is filled through the API itself (one submission of BENCH_HELD).
 * `node bench/small-submission.bench.ts postgres|embedded` runs one engine.
 */
import { newId } from '../src/lib/ids.ts';
import { EXISTING_KEYS_SQL } from '../src/modules/transactions/transactions-existing.repo.ts';
import { ms, psql, startBenchServer, timeRoundRobin, type BenchServer, type Engine } from './bench-app.ts';

const HELD = Number(process.env.BENCH_HELD ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const START = 1_600_000_000;

const txn = (accountNumber: string, id: string, i: number) => ({
  external_transaction_id: id,
  name: i % 2 ? 'CARD PAYMENT TO TESCO STORES 3217' : 'DD BRITISH GAS',
  type: 'CardPayment',
  amount: (((i * 7919) % 20_000) - 12_000) / 100,
  currency: 'GBP',
  status: 'Booked',
  bank_slug: 'sandbox',
  account_number: accountNumber,
  value_date_time: START + i * 900,
  booking_date_time: START + i * 900,
});

const INSERT_SQL = (customerId: string, accountId: string, accountNumber: string, ext: string) =>
  `INSERT INTO transactions (id, customer_id, account_id, external_transaction_id, name, type, amount, currency, status,
     bank_slug, account_number, value_date_time, booking_date_time, content_hash, created_at, updated_at)
   VALUES ('${newId()}', '${customerId}', '${accountId}', '${ext}', 'DD BRITISH GAS', 'CardPayment', -12.5, 'GBP', 'Booked',
     'sandbox', '${accountNumber}', ${START}, ${START}, 0, now(), now())`;

/** The plan of the duplicate lookup for `n` keys of the account (half stored, half not), one line per node. */
async function lookupPlan(srv: BenchServer, accountId: string, n: number): Promise<string> {
  const ids = Array.from({ length: n }, (_, i) => (i % 2 ? `held-${i * 7}` : `absent-${i}`));
  const r = await srv.runtime.db.query<Record<string, string>>(`EXPLAIN (COSTS OFF) ${EXISTING_KEYS_SQL}`, [
    ids.map(() => accountId),
    ids,
  ]);
  return r.rows
    .map((row) => Object.values(row)[0] ?? '')
    .filter((line) => !/^\s*(Index Cond|Filter|Hash Cond|Output)/.test(line))
    .map((line) => line.replace(/\s+\(.*$/, '').trim())
    .join(' / ');
}

async function run(engine: Engine): Promise<void> {
  const srv = await startBenchServer(engine);
  try {
    const full = { customer: await srv.newCustomer(), number: '04000400000001' };
    const fullAccount = await srv.newAccount(full.customer, full.number);
    const empty = { customer: await srv.newCustomer(), number: '04000400000002' };
    await srv.newAccount(empty.customer, empty.number);
    const t0 = performance.now();
    const fill = await srv.post(`/public/v3/customers/${full.customer}/transaction_collections`, {
      transactions: Array.from({ length: HELD }, (_, i) => txn(full.number, `held-${i}`, i)),
    });
    if (fill.status !== 200) throw new Error(`fill failed: ${JSON.stringify(fill.body).slice(0, 300)}`);
    const fillMs = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 2000)); // the statistics refresh the big submission scheduled
    const submitOne = (who: { customer: string; number: string }) => async (i: number) => {
      const r = await srv.post(`/public/v3/customers/${who.customer}/transaction_collections`, {
        transactions: [txn(who.number, `one-${newId()}`, HELD + 10 + Math.abs(i))],
      });
      if (r.status !== 200 || r.body.saved !== 1) throw new Error(`submission failed: ${JSON.stringify(r.body)}`);
    };
    let k = 0;
    const fns: Array<(i: number) => Promise<unknown>> = [
      submitOne(full),
      submitOne(empty),
      () => srv.runtime.db.query(INSERT_SQL(full.customer, fullAccount, full.number, `bare-${newId()}`)),
    ];
    if (engine === 'postgres' && srv.dbName) {
      const dbName = srv.dbName;
      fns.push(async () =>
        psql(dbName, ['-c', INSERT_SQL(full.customer, fullAccount, full.number, `psql-${newId()}`)]),
      );
    }
    const [intoFull = 0, intoEmpty = 0, inProcess = 0, viaPsql = null] = await timeRoundRobin(RUNS, [
      ...fns.map((fn) => () => fn(k++)),
    ]);
    const held = await srv.runtime.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM transactions WHERE account_id = $1',
      [fullAccount],
    );
    const label = engine === 'postgres' ? 'PostgreSQL' : 'Embedded (PGlite)';
    console.log(
      `${label}: one transaction into an account holding ${HELD} (filled over HTTP in ${(fillMs / 1000).toFixed(1)} s; ${held.rows[0]?.n} rows at the end)`,
    );
    if (viaPsql !== null) console.log(`  bare INSERT, psql -c (connect+insert+commit)  ${ms(viaPsql)}`);
    console.log(`  bare INSERT, in-process, same engine          ${ms(inProcess)}`);
    console.log(`  API, into the account of ${HELD}            ${ms(intoFull)}`);
    console.log(`  API, into an account of ~${RUNS + 3}                ${ms(intoEmpty)}`);
    if (viaPsql !== null)
      console.log(`  ratio API / psql INSERT                       ${(intoFull / viaPsql).toFixed(2)}x`);
    console.log(`  ratio API / in-process INSERT                 ${(intoFull / inProcess).toFixed(2)}x`);
    console.log(`  ratio full account / nearly empty account     ${(intoFull / intoEmpty).toFixed(2)}x`);
    console.log(`  lookup plan, 1 key:     ${await lookupPlan(srv, fullAccount, 1)}`);
    console.log(`  lookup plan, 5000 keys: ${await lookupPlan(srv, fullAccount, 5000)}`);
  } finally {
    await srv.close();
  }
}

const which = process.argv[2] ?? 'all';
if (which === 'all' || which === 'postgres') await run('postgres');
if (which === 'all' || which === 'embedded') await run('embedded');
