/**
 * A customer's erasure leaves nothing of them (docs/decisions/0063-customer-erasure.md), proven over the whole
 * database as its catalog lists it, not over a hand list: a table added later is checked as soon as it exists.
 *
 * - A table is about customers when it has a customer_id column, or a foreign key to such a table (through
 *   accounts, consents, pulls, deliveries …, found in pg_constraint). Every row of those the customer had before the
 *   erasure must be gone, and none may name the customer after it.
 * - Every other table must be in ALLOWED below, with the reason it cannot hold a customer's data; the test fails on a
 *   table that is neither, so whoever adds one decides. Those tables (and pg-boss's) are also searched, row by row as
 *   text, for anything of the customer: their id, reference, e-mail, name, account ids, transaction ids and the
 *   words of their transactions.
 * - The files the service wrote (DATA_DIR, the mail outbox) are searched the same way.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { call, connect, newLiveClient, newLiveCustomer, runBankJobs, startLiveService } from '../helpers/bank-flow.ts';
import type { LiveClient, LiveService } from '../helpers/bank-flow.ts';
import { newAccount, makeTransactions } from '../helpers/bank-data.ts';
import { registerWebhook, startSink, deliver } from '../helpers/webhook-sink.ts';
import { registerIngest } from '../../src/modules/transactions/transactions-staged.repo.ts';

/** Tables with neither a customer_id column nor a foreign key to a table about customers, and why no customer data. */
const ALLOWED: Record<string, string> = {
  installation: "the installation's own row (its key check), nothing of a client or customer",
  installation_key_check: 'a value sealed with the installation key, to detect a wrong key at start-up',
  schema_migrations: 'the migrations applied',
  clients: "the lender's own record and settings (name, URLs, branding, retention)",
  access_tokens: "a client's access tokens (hashes), not a customer's",
  webhooks: "a client's webhook targets",
  idempotency_keys:
    'has customer_id for submissions (the erasure deletes those by name); a row of no customer keeps only a hash and an answer of no customer',
  client_audit_log:
    'the trail of what was done to a client: an erasure is recorded by the opaque customer id, never their data (checked below)',
  rate_limits:
    "throttling counters, a minute or an hour long; a customer's budgets are keyed by their id, and go with them (searched below)",
  auth_failures: 'failed token requests by address and client id, for lock-outs',
  console_users: "the lender's staff",
  console_sessions: "the lender's staff's sessions",
  console_invitations: "the lender's staff invitations",
  console_sign_in_failures: "the lender's staff's failed sign-ins",
  affordability_policies: "a client's affordability policy (thresholds), no customer figure",
  category_rules: "a client's category rules (a pattern of statement text → a category), for all its customers",
  customer_erasures:
    'an erasure under way on the embedded engine: the opaque id of the customer until the last batch removes the row',
};

/**
 * Tables with a customer_id column and no foreign key (bulk-loaded): the erasure deletes from them by name
 * (src/modules/customers/customers-erasure.repo.ts). Any other table with customer_id must reference customers.
 */
const ERASED_BY_NAME = new Set([
  'transactions',
  'transaction_categories',
  'transaction_counts',
  // lookup tables and client-level tables, no foreign key to customers (docs/decisions/0084-customer-lookups.md)
  'customer_tokens',
  'customer_lookups',
  'idempotency_keys',
  'webhook_deliveries', // its attempts go by their cascade
  'component_urls',
]);

/** The audit trail keeps the customer's opaque id (the record that the erasure was done); nothing else of theirs. */
const OPAQUE_ID_ALLOWED = new Set(['client_audit_log']);

interface Table {
  schema: string;
  name: string;
  hasCustomerId: boolean;
}

describe('customer erasure › nothing of the customer remains in any table or file', async () => {
  let svc: LiveService;
  let client: LiveClient;
  let outbox: string;
  let dataDir: string;
  const sink = await startSink();
  const marker = `ERASEME${process.pid}${Date.now()}`;
  const email = `${marker.toLowerCase()}@example.com`;
  let alice: { id: string; appUser: string };
  let bob: { id: string; appUser: string };
  const aliceRef = `${marker}-ref`;

  const q = async <T>(sql: string, params: unknown[] = []) => (await svc.deps.db.query<T>(sql, params)).rows;
  const ident = (t: Table) => `"${t.schema}"."${t.name}"`;

  async function tablesOf(schema: string): Promise<Table[]> {
    return q<Table>(
      `SELECT n.nspname AS schema, c.relname AS name,
              EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'customer_id'
                        AND NOT a.attisdropped) AS "hasCustomerId"
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
      [schema],
    );
  }

  /**
   * For each table about customers, the condition that picks one customer's rows ($1): customer_id, or a foreign key
   * into a table with such a condition (any depth). Tables without one are not about customers.
   */
  async function customerConditions(tables: Table[]): Promise<Map<string, string>> {
    const fks = await q<{ child: string; parent: string; cols: string[]; refs: string[] }>(
      `SELECT c.relname AS child, p.relname AS parent,
              array(SELECT a.attname FROM unnest(k.conkey) WITH ORDINALITY u(n, i)
                    JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.i)::text[] AS cols,
              array(SELECT a.attname FROM unnest(k.confkey) WITH ORDINALITY u(n, i)
                    JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY u.i)::text[] AS refs
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE k.contype = 'f' AND n.nspname = current_schema() AND NOT c.relispartition`,
    );
    const cond = new Map<string, string>([['customers', 'id = $1']]);
    for (const t of tables) if (t.hasCustomerId) cond.set(t.name, 'customer_id = $1');
    for (let changed = true; changed;) {
      changed = false;
      for (const t of tables) {
        if (cond.has(t.name)) continue;
        const via = fks.filter((f) => f.child === t.name && cond.has(f.parent));
        if (via.length === 0) continue;
        const list = (cols: string[]) => cols.map((c) => `"${c}"`).join(', ');
        cond.set(
          t.name,
          via
            .map((f) => `(${list(f.cols)}) IN (SELECT ${list(f.refs)} FROM "${f.parent}" WHERE ${cond.get(f.parent)})`)
            .join(' OR '),
        );
        changed = true;
      }
    }
    return cond;
  }

  /** Rows of `table` whose text holds any of `markers`. */
  async function rowsHolding(table: Table, markers: string[]): Promise<string[]> {
    const rows = await q<{ r: string }>(
      `SELECT t::text AS r FROM ${ident(table)} t
       WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) m WHERE strpos(t::text, m) > 0)`,
      [markers],
    );
    return rows.map((row) => row.r);
  }

  async function filesHolding(dir: string, markers: string[]): Promise<string[]> {
    const found: string[] = [];
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      if (!e.isFile()) continue;
      const file = path.join(e.parentPath, e.name);
      const text = (await readFile(file)).toString('latin1');
      if (markers.some((m) => text.includes(m))) found.push(file);
    }
    return found;
  }

  let appTables: Table[];
  let conditions: Map<string, string>;
  const before_: Map<string, string[]> = new Map();
  let markers: string[];
  /** the opaque ids the queue's jobs name: the customer's, their consents', pulls', invitations' */
  let jobMarkers: string[];
  let bobTransactions = 0;

  {
    outbox = await mkdtemp(path.join(tmpdir(), 'obi-erasure-mail-'));
    dataDir = await mkdtemp(path.join(tmpdir(), 'obi-erasure-data-'));
    svc = await startLiveService({ MAIL_OUTBOX_DIR: outbox, DATA_DIR: dataDir });
    client = await newLiveClient(svc, 'Erasure Lender');
    await registerWebhook(svc, client.auth, sink.url);

    // Alice: a bank connection with a pull (accounts, balances, transactions, statements, parties, raw payloads),
    // a submission under an Idempotency-Key, reports and events, deliveries and their attempts, an e-mailed
    // invitation (an outbox file), a staged load cut short, the change feed.
    alice = await newLiveCustomer(svc, client, aliceRef);
    bob = await newLiveCustomer(svc, client, `${process.pid}-bob-${Date.now()}`);
    await connect(svc, client, alice.appUser, { username: 'salaried-monthly' });
    await runBankJobs(svc);
    const svcLike = { app: svc.app, deps: svc.deps, clock: svc.clock, close: svc.close };
    const account = await newAccount(svcLike, client, alice.id, { name: `${marker} Holder` });
    const txns = makeTransactions(account, 40, { prefix: `${marker}-tx` }).map((t) => ({
      ...t,
      name: `${t.name} ${marker}`,
    }));
    const submitted = await svc.app.inject({
      method: 'POST',
      url: `/public/v3/customers/${alice.id}/transaction_collections`,
      headers: { ...client.auth, 'idempotency-key': `${marker}-key` },
      payload: { transactions: txns },
    });
    assert.equal(submitted.statusCode, 200, submitted.body);
    const bobAccount = await newAccount(svcLike, client, bob.id);
    const bobSubmitted = await svc.app.inject({
      method: 'POST',
      url: `/public/v3/customers/${bob.id}/transaction_collections`,
      headers: client.auth,
      payload: { transactions: makeTransactions(bobAccount, 25, { prefix: 'bob' }) },
    });
    assert.equal(bobSubmitted.statusCode, 200, bobSubmitted.body);
    const invitation = await call(svc, 'POST', '/public/v3/invitations', {
      auth: client.auth.authorization,
      body: { email, reference: aliceRef, first_name: marker, last_name: 'Smith', send_email: true },
    });
    assert.equal(invitation.status, 201, invitation.text);
    await svc.deps.queue.drain(['invitation.email', 'report.compute']);
    await deliver(svc, client.clientId);
    // A component URL whose page opened Alice (written as the page does: the URL, then its customer).
    await svc.deps.db.query(
      `INSERT INTO component_urls (id, client_id, token_hash, user_reference, origin, ip, user_agent, created_at, expires_at, used_at, customer_id)
       VALUES ($1, $2, $3, $4, 'https://lender.example', '203.0.113.9', 'erasure-test', now(), now(), now(), $5)`,
      [`${marker}-cu`, client.clientId, `${marker}-cu-token`, aliceRef, alice.id],
    );
    // A staged load a stopped process left behind (docs/decisions/0038-staged-ingest.md): its row and a staged row.
    const ingest = await registerIngest(svc.deps.db, alice.id, svc.clock.now());
    await svc.deps.db.query(
      `UPDATE transactions SET ingest_id = $2 WHERE customer_id = $1 AND external_transaction_id = $3`,
      [alice.id, ingest, `${marker}-tx-0`],
    );

    appTables = await tablesOf((await q<{ s: string }>('SELECT current_schema() AS s'))[0]!.s);
    conditions = await customerConditions(appTables);
    for (const t of appTables) {
      const cond = conditions.get(t.name);
      if (cond)
        before_.set(
          t.name,
          (await q<{ r: string }>(`SELECT t::text AS r FROM ${ident(t)} t WHERE ${cond}`, [alice.id])).map((r) => r.r),
        );
    }
    const ids = await q<{ id: string }>(
      `SELECT id::text AS id FROM accounts WHERE customer_id = $1
       UNION ALL SELECT id::text FROM transactions WHERE customer_id = $1`,
      [alice.id],
    );
    markers = [alice.id, aliceRef, email, marker, ...ids.map((r) => r.id)];
    const linked = await q<{ id: string }>(
      `SELECT id::text AS id FROM consents WHERE customer_id = $1
       UNION ALL SELECT p.id::text FROM bank_pulls p JOIN consents c ON c.id = p.consent_id WHERE c.customer_id = $1
       UNION ALL SELECT id::text FROM invitations WHERE customer_id = $1`,
      [alice.id],
    );
    jobMarkers = [alice.id, ...linked.map((r) => r.id)];
    bobTransactions = Number(
      (await q<{ n: number }>('SELECT count(*)::int AS n FROM transactions WHERE customer_id = $1', [bob.id]))[0]!.n,
    );
  }

  test('the fixture holds the customer in the tables and files it means to (the checks below can fail)', async () => {
    const filled = [...before_].filter(([, rows]) => rows.length > 0).map(([name]) => name);
    for (const table of [
      'customers',
      'customer_tokens',
      'customer_lookups',
      'accounts',
      'balances',
      'transactions',
      'transaction_categories',
      'transaction_counts',
      'statements',
      'parties',
      'consents',
      'consent_accounts',
      'bank_pulls',
      'bank_payloads',
      'report_states',
      'report_runs',
      'report_snapshots',
      'webhook_deliveries',
      'webhook_delivery_attempts',
      'component_urls',
      'invitations',
      'idempotency_keys',
      'pending_ingests',
      'category_runs',
    ])
      assert.ok(filled.includes(table), `${table} holds the customer before the erasure`);
    assert.ok((await filesHolding(outbox, [email])).length > 0, 'the invitation e-mail is in the outbox');
    const jobs = await rowsHolding({ schema: svc.queueSchema, name: 'job', hasCustomerId: false }, jobMarkers);
    for (const name of ['report.compute', 'bank.pull', 'invitation.email'])
      assert.ok(
        jobs.some((r) => r.includes(name)),
        `pg-boss holds a finished ${name} job naming the customer before the erasure`,
      );
  });

  test('every table is about customers (found from the catalog) or allowed with a reason', () => {
    const unexplained = appTables.filter((t) => !conditions.has(t.name) && !(t.name in ALLOWED)).map((t) => t.name);
    assert.deepEqual(unexplained, [], 'add a customer_id column or a foreign key to customers, or a reason to ALLOWED');
    const stale = Object.keys(ALLOWED).filter((name) => !appTables.some((t) => t.name === name));
    assert.deepEqual(stale, [], 'ALLOWED names tables that no longer exist');
  });

  test('every table about customers goes with them: a cascading foreign key, or deleted by name', async () => {
    const cascades = await q<{ child: string; cascade: boolean; col: string }>(
      `SELECT c.relname AS child, k.confdeltype = 'c' AS cascade, a.attname AS col
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
       WHERE k.contype = 'f' AND n.nspname = current_schema() AND NOT c.relispartition
         AND k.confrelid IN (SELECT oid FROM pg_class WHERE relname = ANY($1::text[]))`,
      [[...conditions.keys()]],
    );
    const notCascading = cascades.filter((f) => !f.cascade).map((f) => `${f.child}.${f.col}`);
    assert.deepEqual(notCascading, [], 'a foreign key into customer data that does not cascade blocks the erasure');
    const withoutKey = appTables
      .filter((t) => t.hasCustomerId && !ERASED_BY_NAME.has(t.name))
      .filter((t) => !cascades.some((f) => f.child === t.name && f.col === 'customer_id'))
      .map((t) => t.name);
    assert.deepEqual(withoutKey, [], 'customer_id without a foreign key to customers: nothing would erase these rows');
  });

  test('DELETE › 204, and every row the customer had is gone, and no table about customers names them', async () => {
    const res = await call(svc, 'DELETE', `/public/v3/customers/${alice.id}`, { auth: client.auth.authorization });
    assert.equal(res.status, 204, res.text);
    for (const t of appTables) {
      const cond = conditions.get(t.name);
      if (!cond) continue;
      const left = await q<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${ident(t)} t WHERE (${cond}) OR t::text = ANY($2::text[])`,
        [alice.id, before_.get(t.name) ?? []],
      );
      assert.equal(Number(left[0]!.n), 0, `${t.name} still holds the customer`);
    }
  });

  test('no other table holds anything of the customer; the audit log only their opaque id', async () => {
    for (const t of appTables.filter((t) => !conditions.has(t.name))) {
      const searched = OPAQUE_ID_ALLOWED.has(t.name) ? markers.filter((m) => m !== alice.id) : markers;
      assert.deepEqual(await rowsHolding(t, searched), [], `${t.name} holds something of the customer`);
    }
    const trail = await q<{ action: string; actor: string; details: Record<string, unknown> }>(
      `SELECT action, actor, details FROM client_audit_log WHERE client_id = $1 AND action = 'customer_erased'`,
      [client.clientId],
    );
    assert.equal(trail.length, 1);
    assert.equal(trail[0]!.actor, 'client');
    assert.equal(trail[0]!.details.customer_id, alice.id);
    assert.equal(trail[0]!.details.reason, 'request');
    assert.ok(Number(trail[0]!.details.transactions) >= 40, JSON.stringify(trail[0]!.details));
  });

  test("pg-boss's tables hold nothing of the customer, not even the opaque ids of their jobs (finished ones too)", async () => {
    // docs/decisions/0073-job-data-after-erasure.md: the erasure deletes them through pg-boss's API.
    for (const t of await tablesOf(svc.queueSchema)) {
      assert.deepEqual(
        await rowsHolding(t, [...markers, ...jobMarkers]),
        [],
        `${t.schema}.${t.name} holds something of the customer`,
      );
    }
  });

  test('no file the service wrote holds anything of the customer (the invitation e-mail is gone)', async () => {
    assert.deepEqual(await filesHolding(outbox, markers), []);
    assert.deepEqual(await filesHolding(dataDir, markers), []);
  });

  test("the bank consent is revoked at the bank; the other customer's data is untouched; a second DELETE is 404", async () => {
    const revocations = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${svc.queueSchema}".job WHERE name = 'bank.revoke'`,
    );
    assert.equal(Number(revocations[0]!.n), 1);
    const bobLeft = await q<{ n: number }>('SELECT count(*)::int AS n FROM transactions WHERE customer_id = $1', [
      bob.id,
    ]);
    assert.equal(Number(bobLeft[0]!.n), Number(bobTransactions));
    assert.ok(Number(bobTransactions) === 25);
    const again = await call(svc, 'DELETE', `/public/v3/customers/${alice.id}`, { auth: client.auth.authorization });
    assert.equal(again.status, 404);
  });
});
