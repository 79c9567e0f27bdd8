/**
 * Migration 0037 (docs/decisions/0083-customer-keys-first-moves.md) re-keys the tables whose ids are global by
 * (customer_id, id) and makes the foreign keys to them lead with the customer. Here it runs on a database holding a
 * customer's rows in every one of those tables, written as the code before it wrote them: the rows stay, the links
 * get their customer, the cascades still reach every child, and a row naming another customer's parent is refused.
 * On the embedded engine, or on a database of its own on the server when DATABASE_URL is set.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Database } from '../../src/db/db.ts';
import { migrate, readMigrations } from '../../src/db/migrate.ts';
import { openPglite } from '../../src/db/pglite.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import { freshTarget, type Target } from '../helpers/fresh-target.ts';

const REKEY = '0037_keys_lead_with_customer';

/** An account and a consent with everything that cascades from them. */
const ACCOUNT_AND_CONSENT_TABLES = [
  'accounts',
  'balances',
  'parties',
  'statements',
  'transaction_bank_details',
  'consents',
  'consent_accounts',
  'consent_notices',
  'reconfirmation_links',
  'bank_pulls',
  'bank_payloads',
];

const TABLES = [
  ...ACCOUNT_AND_CONSENT_TABLES,
  'report_runs',
  'report_snapshots',
  'pending_ingests',
  'data_work',
  'affordability_declarations',
];

async function open(): Promise<{ db: Database; target: Target | null }> {
  if (!process.env.DATABASE_URL) return { db: await openPglite(null), target: null };
  const target = await freshTarget('obi-keys-migration');
  return { db: await openPostgres(target.env.DATABASE_URL), target };
}

/** One customer's rows in every re-keyed table, as the code before 0037 wrote them. */
async function seed(db: Database, customer: string, n: number): Promise<void> {
  const q = (sql: string, params: unknown[] = []) => db.query(sql, params);
  await q(`INSERT INTO customers (id, client_id, user_reference, created_at) VALUES ($1, 'cl', $1, now())`, [customer]);
  await q(
    `INSERT INTO accounts (id, client_id, customer_id, bank_slug, number, currency, type, sub_type, scheme_name, created_at, updated_at)
     VALUES ($1, 'cl', $2, 'bank', $1, 'GBP', 'Personal', 'CurrentAccount', 'UK.OBIE.SortCodeAccountNumber', now(), now())`,
    [`acc_${n}`, customer],
  );
  await q(
    `INSERT INTO balances (account_id, customer_id, type, date, amount, currency, date_time, updated_at)
     VALUES ($1, $2, 'InterimBooked', '2026-11-01', 10, 'GBP', 0, now())`,
    [`acc_${n}`, customer],
  );
  await q(
    `INSERT INTO parties (account_id, customer_id, party_id, body, updated_at) VALUES ($1, $2, 'p1', '{}', now())`,
    [`acc_${n}`, customer],
  );
  await q(
    `INSERT INTO statements (account_id, customer_id, statement_id, body, updated_at) VALUES ($1, $2, 's1', '{}', now())`,
    [`acc_${n}`, customer],
  );
  await q(
    `INSERT INTO transaction_bank_details (customer_id, account_id, external_transaction_id, charge_amount, charge_currency, updated_at)
     VALUES ($2, $1, 't1', 1, 'GBP', now())`,
    [`acc_${n}`, customer],
  );
  await q(
    `INSERT INTO consents (id, client_id, customer_id, bank_slug, status, permissions, transaction_from, transaction_to,
       sharing_purposes, sharing_third_parties, redirect_url, state_hash, bank_consent_id, created_at, status_updated_at)
     VALUES ($1, 'cl', $2, 'bank', 'Authorised', '{}', 0, 0, '[]', '[]', 'https://example.com', $1, $1, now(), now())`,
    [`con_${n}`, customer],
  );
  await q(`INSERT INTO consent_accounts (consent_id, account_id, bank_account_id) VALUES ($1, $2, 'b1')`, [
    `con_${n}`,
    `acc_${n}`,
  ]);
  await q(
    `INSERT INTO consent_notices (customer_id, consent_id, threshold, due_at, client_id, notified_at)
     VALUES ($2, $1, 'expired', now(), 'cl', now())`,
    [`con_${n}`, customer],
  );
  await q(
    `INSERT INTO reconfirmation_links (customer_id, id, client_id, consent_id, send_email, created_at, expires_at)
     VALUES ($2, $3, 'cl', $1, false, now(), now())`,
    [`con_${n}`, customer, `rl_${n}`],
  );
  await q(
    `INSERT INTO bank_pulls (id, consent_id, customer_id, client_id, trigger, state, created_at)
     VALUES ($1, $2, $3, 'cl', 'manual', 'succeeded', now())`,
    [`pull_${n}`, `con_${n}`, customer],
  );
  await q(
    `INSERT INTO bank_payloads (pull_id, customer_id, bank_slug, attempt, resource, page, url, status_code, body, received_at)
     VALUES ($1, $2, 'bank', 1, 'accounts', 1, 'https://bank', 200, '{}', now())`,
    [`pull_${n}`, customer],
  );
  await q(
    `INSERT INTO report_runs (id, customer_id, state, data_version, started_at) VALUES ($1, $2, 'succeeded', 1, now())`,
    [`run_${n}`, customer],
  );
  await q(
    `INSERT INTO report_snapshots (id, customer_id, run_id, as_of, engine_version, data_version, insights, affordability, forecast, created_at)
     VALUES ($1, $2, $3, 0, 'e', 1, '{}', '{}', '{}', now())`,
    [`snap_${n}`, customer, `run_${n}`],
  );
  await q(`INSERT INTO pending_ingests (id, customer_id, created_at) VALUES (gen_random_uuid(), $1, now())`, [
    customer,
  ]);
  await q(
    `INSERT INTO data_work (id, customer_id, kind, started_at, expires_at) VALUES ($1, $2, 'submission', now(), now())`,
    [`work_${n}`, customer],
  );
  await q(
    `INSERT INTO affordability_declarations (id, customer_id, income, housing, credit_commitments, other_essential, household_size, declared_at)
     VALUES ($1, $2, 1, 1, 1, 1, 1, now())`,
    [`decl_${n}`, customer],
  );
}

async function counts(db: Database, customer: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const where =
      t === 'consent_accounts' ? 'consent_id IN (SELECT id FROM consents WHERE customer_id = $1)' : 'customer_id = $1';
    out[t] = (
      await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t} WHERE ${where}`, [customer])
    ).rows[0]!.n;
  }
  return out;
}

test('migration 0037 keeps every row, gives the consent links their customer, and the keys lead with it', async () => {
  const { db, target } = await open();
  try {
    const files = readMigrations();
    assert.ok(files.some((f) => f.version === REKEY));
    await migrate(
      db,
      files.filter((f) => f.version < REKEY),
    );
    await db.query(`INSERT INTO clients (id, name, secret_hash) VALUES ('cl', 'client', 'x')`);
    await seed(db, 'cus_a', 1);
    await seed(db, 'cus_b', 2);
    const one = Object.fromEntries(TABLES.map((t) => [t, 1]));
    assert.deepEqual(await counts(db, 'cus_a'), one);

    await migrate(db, files);
    assert.deepEqual(await counts(db, 'cus_a'), one);
    assert.deepEqual(await counts(db, 'cus_b'), one);
    const links = await db.query(
      'SELECT customer_id, consent_id, account_id FROM consent_accounts ORDER BY consent_id',
    );
    assert.deepEqual(links.rows, [
      { customer_id: 'cus_a', consent_id: 'con_1', account_id: 'acc_1' },
      { customer_id: 'cus_b', consent_id: 'con_2', account_id: 'acc_2' },
    ]);

    // A row naming another customer's account, consent or pull is refused (it named a global id before).
    await assert.rejects(
      db.query(
        `INSERT INTO balances (account_id, customer_id, type, date, amount, currency, date_time, updated_at)
         VALUES ('acc_1', 'cus_b', 'InterimBooked', '2026-11-02', 10, 'GBP', 0, now())`,
      ),
      /foreign key/,
    );
    await assert.rejects(
      db.query(`INSERT INTO consent_accounts (customer_id, consent_id, account_id, bank_account_id)
                VALUES ('cus_b', 'con_1', 'acc_2', 'b2')`),
      /foreign key/,
    );
    await assert.rejects(
      db.query(
        `INSERT INTO bank_payloads (pull_id, customer_id, bank_slug, attempt, resource, page, url, status_code, body, received_at)
         VALUES ('pull_1', 'cus_b', 'bank', 1, 'accounts', 1, 'https://bank', 200, '{}', now())`,
      ),
      /foreign key/,
    );

    // The cascades reach every child as before: an account takes its records and links, a consent its pulls,
    // payloads, notices and reconfirmation links.
    await db.query(`DELETE FROM accounts WHERE customer_id = 'cus_a' AND id = 'acc_1'`);
    await db.query(`DELETE FROM consents WHERE customer_id = 'cus_a' AND id = 'con_1'`);
    const after = await counts(db, 'cus_a');
    for (const t of ACCOUNT_AND_CONSENT_TABLES) assert.equal(after[t], 0, t);
    assert.deepEqual(await counts(db, 'cus_b'), one);

    // And a customer's erasure (the row's delete) still takes everything of theirs.
    await db.query(`DELETE FROM customers WHERE id = 'cus_b'`);
    assert.deepEqual(await counts(db, 'cus_b'), Object.fromEntries(TABLES.map((t) => [t, 0])));
  } finally {
    await db.close();
    await target?.drop();
  }
});
