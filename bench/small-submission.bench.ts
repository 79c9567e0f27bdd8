/**
 * npm run bench:small — one transaction submitted (endpoint 10, over HTTP) into an account that already holds
 * BENCH_HELD transactions (default 100 000), as a ratio to a bare INSERT of one row measured in the same run, on
 * both engines. Also: the same submission into an account that holds almost nothing (so the growth with the
 * account's size shows on its own), one held transaction resubmitted with a new amount (an update: the small batch's
 * prepared UPDATE, docs/decisions/0039-small-submission-generic-plans.md), and the plan of the duplicate lookup for
 * one key and for a full slice.
 *
 * Timed round-robin (one call of each per round, each round starting one further on), medians of BENCH_RUNS after
 * BENCH_WARM untimed rounds: the figure is a running service's, once the JIT has compiled its path (the bare route's
 * path is short and warms within a few calls; the service's takes longer). The baseline of the target (≤ 2×,
 * docs/decisions/0039-small-submission-generic-plans.md) is the bare insert over HTTP: a Fastify route with nothing else, in this process, that takes the
 * same JSON body from the same client (fetch, keep-alive), INSERTs the same row into the same table (same indexes)
 * through the service's own Db in one autocommitted statement (the same durability: one commit, flushed), and
 * answers a small JSON. The service does the same over the same connection, plus what it is for (authentication,
 * quota, validation, the customer and account check, all-or-nothing with the duplicate lookup, the counts, the
 * reports marked stale and their job queued in the same transaction). As context, without HTTP: the INSERT
 * in-process, on either engine, and on PostgreSQL `psql -c "INSERT …"` (a client that connects, inserts one row and
 * commits), timed after the round-robin: a psql process and its server backend ending would weigh on whichever call
 * came next. The account is filled through the API itself (one submission of BENCH_HELD).
 * `node bench/small-submission.bench.ts postgres|embedded` runs one engine.
 */
import { newId } from '../src/lib/ids.ts';
import { EXISTING_KEYS_SQL } from '../src/modules/transactions/transactions-existing.repo.ts';
import {
  ms,
  psql,
  startBareInsertRoute,
  startBenchServer,
  timeMedian,
  timeRoundRobin,
  type BenchServer,
  type Engine,
} from './bench-app.ts';

const HELD = Number(process.env.BENCH_HELD ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 51);
const WARM = Number(process.env.BENCH_WARM ?? 50);
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
  // The lookup names the account's customer too: it reads that customer's partition alone (migrations/0017).
  const owner = await srv.runtime.db.query<{ customer_id: string }>('SELECT customer_id FROM accounts WHERE id = $1', [
    accountId,
  ]);
  const r = await srv.runtime.db.query<Record<string, string>>(`EXPLAIN (COSTS OFF) ${EXISTING_KEYS_SQL}`, [
    ids.map(() => accountId),
    ids,
    owner.rows[0]?.customer_id,
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
    // A held row, resubmitted with an amount it has not had yet: one changed transaction, updated.
    const updateOne = async (i: number) => {
      const held = Math.abs(i) % HELD;
      const r = await srv.post(`/public/v3/customers/${full.customer}/transaction_collections`, {
        transactions: [{ ...txn(full.number, `held-${held}`, held), amount: 1_000_000 + i / 100 }],
      });
      if (r.status !== 200 || r.body.updated !== 1) throw new Error(`update failed: ${JSON.stringify(r.body)}`);
    };
    const bareRoute = await startBareInsertRoute(srv.runtime.db, full.customer, fullAccount);
    let k = 0;
    const fns: Array<(i: number) => Promise<unknown>> = [
      submitOne(full),
      submitOne(empty),
      () => srv.runtime.db.query(INSERT_SQL(full.customer, fullAccount, full.number, `bare-${newId()}`)),
      (i) => bareRoute.post({ transactions: [txn(full.number, `http-${newId()}`, HELD + 10 + Math.abs(i))] }),
      updateOne,
    ];
    const [intoFull = 0, intoEmpty = 0, inProcess = 0, overHttp = 0, updated = 0] = await timeRoundRobin(
      RUNS,
      fns.map((fn) => () => fn(k++)),
      WARM,
    );
    await bareRoute.close();
    const dbName = srv.dbName;
    const viaPsql =
      engine === 'postgres' && dbName
        ? await timeMedian(5, async () =>
            psql(dbName, ['-c', INSERT_SQL(full.customer, fullAccount, full.number, `psql-${newId()}`)]),
          )
        : null;
    const held = await srv.runtime.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM transactions WHERE account_id = $1',
      [fullAccount],
    );
    const label = engine === 'postgres' ? 'PostgreSQL' : 'Embedded (PGlite)';
    console.log(
      `${label}: one transaction into an account holding ${HELD} (filled over HTTP in ${(fillMs / 1000).toFixed(1)} s; ${held.rows[0]?.n} rows at the end)`,
    );
    console.log(`  bare INSERT over HTTP (bare Fastify route)    ${ms(overHttp)}`);
    if (viaPsql !== null) console.log(`  bare INSERT, psql -c (connect+insert+commit)  ${ms(viaPsql)}`);
    console.log(`  bare INSERT, in-process, same engine          ${ms(inProcess)}`);
    console.log(`  API, into the account of ${HELD}            ${ms(intoFull)}`);
    console.log(`  API, into an account of ~${RUNS + WARM}                ${ms(intoEmpty)}`);
    console.log(`  API, one held transaction changed (update)  ${ms(updated)}`);
    console.log(`  ratio API / bare INSERT over HTTP (target)    ${(intoFull / overHttp).toFixed(2)}x`);
    console.log(`  ratio update / bare INSERT over HTTP          ${(updated / overHttp).toFixed(2)}x`);
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
