/**
 * Past one machine (docs/operations.md, "Reference deployment"; docs/decisions/0076-read-replica.md): two API
 * processes and one worker process on a PostgreSQL primary and a streaming replica that this test starts itself.
 * What one API process stores the other serves at once (read-your-writes across processes), a read that may lag is
 * served by the replica once the replica has caught up with the customer, by the primary while it has not (replay
 * paused) or while it is away (stopped), and a report the worker computed is readable through either API process.
 *
 * It runs in the PostgreSQL pass only: it needs the PostgreSQL binaries, not the shared server, but the embedded pass
 * would run the same servers again for nothing. Without the binaries it is skipped, saying which are missing; CI
 * sets OBI_REQUIRE_PG_BINARIES=1, which turns that skip into a failure.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startChildService, type ChildService, callChild } from '../helpers/child-service.ts';
import { findPgBin, startPrimaryAndReplica } from '../helpers/pg-cluster.ts';
import { waitFor } from '../helpers/wait.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import { replicaReads } from '../../src/db/read-replica.ts';

const SECRET = 'replica-lender-secret-0123456789ab';
const METRICS_TOKEN = 'replica-metrics-token-0123456789abcdef';
const bin = findPgBin();
const skip = !process.env.DATABASE_URL
  ? 'runs in the PostgreSQL pass (DATABASE_URL set): it starts PostgreSQL servers of its own'
  : 'missing' in bin && process.env.OBI_REQUIRE_PG_BINARIES !== '1'
    ? `needs ${bin.missing}`
    : false;

const ACCOUNT = { bank_slug: 'barclays', number: '20000012345678', currency: 'GBP' };
const DAY = 86_400;

function salaries(from: number, count: number) {
  const start = Math.floor(Date.now() / 1000) - 100 * DAY;
  return Array.from({ length: count }, (_, k) => ({
    external_transaction_id: `salary-${from + k}`,
    name: 'BGC ACME LTD SALARY',
    amount: 2450.12,
    currency: 'GBP',
    status: 'Booked',
    bank_slug: ACCOUNT.bank_slug,
    account_number: ACCOUNT.number,
    booking_date_time: start + (from + k) * 30 * DAY,
    value_date_time: start + (from + k) * 30 * DAY,
  }));
}

/** The count of obi_db_lagging_reads_total for `servedBy` in the process's /metrics (0 before the first). */
async function laggingReads(svc: ChildService, servedBy: 'replica' | 'primary'): Promise<number> {
  const { text } = await callChild(svc, 'GET', '/metrics', METRICS_TOKEN);
  const m = new RegExp(`^obi_db_lagging_reads_total\\{served_by="${servedBy}"\\} (\\d+)`, 'm').exec(text);
  return m ? Number(m[1]) : 0;
}

describe('two API processes and a worker on a PostgreSQL primary and its streaming replica', { skip }, () => {
  test('writes through one API are read back through the other; lagging reads go to the replica once it has caught up', async (t) => {
    if ('missing' in bin) assert.fail(`OBI_REQUIRE_PG_BINARIES=1, but there are no ${bin.missing}`);
    // Undone in reverse, even after a failure: the processes, then the servers and their directories.
    const cleanups: Array<() => unknown> = [];
    t.after(async () => {
      for (const undo of cleanups.reverse()) await (async () => undo())().catch(() => undefined);
    });
    const cluster = await startPrimaryAndReplica(bin.dir);
    cleanups.push(() => cluster.destroy());
    const dirs: string[] = [];
    cleanups.push(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
    const env = (name: string) => {
      dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), `obi-replica-${name}-`)));
      return {
        DATA_DIR: dirs.at(-1)!,
        DATABASE_URL: cluster.primaryUrl,
        DATABASE_READ_URL: cluster.replicaUrl,
        OBI_SECRET_KEY: 'replica-installation-key-0123456789abcdef',
        OBI_BOOTSTRAP_CLIENTS: `replica-lender:${SECRET}`,
        METRICS_TOKEN,
        SANDBOX_BANK: 'false',
      };
    };
    // The first migrates the new database; the other two start on it together.
    const api1 = await startChildService(env('api1'), { args: ['--role=api'] });
    cleanups.push(() => api1.stop('SIGKILL'));
    const [api2, worker] = await Promise.all([
      startChildService(env('api2'), { args: ['--role=api'] }),
      startChildService(env('worker'), { args: ['--role=worker'] }),
    ]);
    cleanups.push(() => api2.stop('SIGKILL'));
    cleanups.push(() => worker.stop('SIGKILL'));
    const exited = () =>
      [api1, api2, worker].some((s) => s.child.exitCode !== null)
        ? `a process exited\n--- api1 ---\n${api1.output()}\n--- api2 ---\n${api2.output()}\n--- worker ---\n${worker.output()}`
        : undefined;

    const tokenRes = await callChild(api1, 'POST', '/oauth/v2/token', null, {
      client_id: 'replica-lender',
      client_secret: SECRET,
      grant_type: 'client_credentials',
    });
    assert.equal(tokenRes.status, 200, tokenRes.text);
    const token = String(tokenRes.json().access_token);

    // Written through API 1, read at once through API 2: the customer, their account, their first transactions.
    const customer = await callChild(api1, 'POST', '/public/v3/customers', token, { user_reference: 'replica-1' });
    assert.equal(customer.status, 201, customer.text);
    const base = `/public/v3/customers/${String(customer.json().id)}`;
    const accounts = { accounts: [{ ...ACCOUNT, type: 'Personal', sub_type: 'CurrentAccount', name: 'Ms J Smith' }] };
    assert.equal((await callChild(api1, 'POST', `${base}/account_collections`, token, accounts)).status, 200);
    const first = await callChild(api1, 'POST', `${base}/transaction_collections`, token, {
      transactions: salaries(0, 3),
    });
    assert.equal(first.status, 200, first.text);
    const page = async (svc: ChildService) => {
      const res = await callChild(svc, 'GET', `${base}/raw-transactions`, token);
      assert.equal(res.status, 200, res.text);
      return (res.json().data as unknown[]).length;
    };
    assert.equal(await page(api2), 3, 'a submission answered by API 1 is in the page API 2 serves at once');

    // Once the replica has replayed the submission, the page is served by the replica.
    await waitFor(async () => (await page(api2)) === 3 && (await laggingReads(api2, 'replica')) > 0, {
      what: 'a raw transaction page served by the replica',
      giveUp: exited,
    });

    // Replay paused: the replica holds the customer as they were; the next submission is still read back at once,
    // from the primary.
    await cluster.sql('replica', 'SELECT pg_wal_replay_pause()');
    const onPrimaryBefore = await laggingReads(api2, 'primary');
    const second = await callChild(api1, 'POST', `${base}/transaction_collections`, token, {
      transactions: salaries(3, 2),
    });
    assert.equal(second.status, 200, second.text);
    assert.equal(await page(api2), 5, 'read-your-writes while the replica is behind');
    assert.ok((await laggingReads(api2, 'primary')) > onPrimaryBefore, 'the read went to the primary');
    const [held] = await cluster.sql(
      'replica',
      "SELECT count(*)::int AS n FROM transactions WHERE customer_id = $1 AND external_transaction_id LIKE 'salary-%'",
      [String(customer.json().id)],
    );
    assert.equal(held?.n, 3, 'the replica itself was behind');
    await cluster.sql('replica', 'SELECT pg_wal_replay_resume()');

    // The worker computes the report; once API 2 says it is ready, API 1 serves it (from whichever has caught up).
    await waitFor(
      async () =>
        (await callChild(api2, 'GET', `${base}/report_readiness_statuses/insights`, token)).json().status === 'ready',
      { what: 'the insights report to become ready (computed by the worker process)', giveUp: exited },
    );
    const insights = await callChild(api1, 'GET', `${base}/insights/current_personal`, token);
    assert.equal(insights.status, 200, insights.text);
    const replicaBefore = await laggingReads(api1, 'replica');
    await waitFor(
      async () =>
        (await callChild(api1, 'GET', `${base}/insights/current_personal`, token)).status === 200 &&
        (await laggingReads(api1, 'replica')) > replicaBefore,
      { what: 'the report served by the replica', giveUp: exited },
    );

    // A client-wide list (the console's): the replica once it has replayed the primary's WAL as of the read.
    const [primaryDb, replicaDb] = [await openPostgres(cluster.primaryUrl), await openPostgres(cluster.replicaUrl)];
    cleanups.push(() => Promise.all([primaryDb.close(), replicaDb.close()]));
    const lists = replicaReads(primaryDb, replicaDb, () => undefined);
    await waitFor(async () => (await lists.forList()) !== primaryDb, { what: 'a list read routed to the replica' });
    await cluster.sql('replica', 'SELECT pg_wal_replay_pause()');
    await primaryDb.query('SELECT pg_switch_wal(), txid_current()'); // a write the paused replica has not replayed
    assert.equal(await lists.forList(), primaryDb, 'behind the primary: the list read goes there');
    await cluster.sql('replica', 'SELECT pg_wal_replay_resume()');

    // The replica away: reads that may lag go to the primary, and nothing fails.
    await cluster.stopReplica();
    assert.equal(await page(api2), 5, 'the page is served while the replica is stopped');
    assert.equal((await callChild(api1, 'GET', `${base}/insights/current_personal`, token)).status, 200);

    assert.equal(await api1.stop('SIGTERM'), 0, api1.output());
    assert.equal(await api2.stop('SIGTERM'), 0, api2.output());
    assert.equal(await worker.stop('SIGTERM'), 0, worker.output());
  });
});
