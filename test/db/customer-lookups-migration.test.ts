/**
 * Migration 0038 (docs/decisions/0084-customer-lookups.md) moves what is found by a secret or an id alone behind a
 * lookup table (secret → customer) and keys the customer's rows by (customer_id, …). Here it runs on a database
 * holding two customers' rows as the code before it wrote them: every row stays, every secret gets its lookup row
 * (the backfill), the lookups stay unique across customers as the columns were, and they go with their client;
 * webhook deliveries' attempts get their delivery's client.
 * On the embedded engine, or on a database of its own on the server when DATABASE_URL is set.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Database } from '../../src/db/db.ts';
import { migrate, readMigrations } from '../../src/db/migrate.ts';
import { openPglite } from '../../src/db/pglite.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import { freshTarget, type Target } from '../helpers/fresh-target.ts';

const LOOKUPS = '0038_customer_lookups';

async function open(): Promise<{ db: Database; target: Target | null }> {
  if (!process.env.DATABASE_URL) return { db: await openPglite(null), target: null };
  const target = await freshTarget('obi-lookups-migration');
  return { db: await openPostgres(target.env.DATABASE_URL), target };
}

/** One customer's rows found by a secret, as the code before 0038 wrote them; `handoff` false: a consent from before start tokens. */
async function seed(db: Database, customer: string, n: number, handoff: boolean): Promise<void> {
  const q = (sql: string, params: unknown[] = []) => db.query(sql, params);
  await q(`INSERT INTO customers (id, client_id, user_reference, created_at) VALUES ($1, 'cl', $1, now())`, [customer]);
  await q(
    `INSERT INTO consents (id, client_id, customer_id, bank_slug, status, permissions, transaction_from, transaction_to,
       sharing_purposes, sharing_third_parties, redirect_url, state_hash, handoff_hash, bank_consent_id, created_at, status_updated_at)
     VALUES ($1, 'cl', $2, 'bank', 'AwaitingAuthorisation', '{}', 0, 0, '[]', '[]', 'https://example.com', $3, $4, $1, now(), now())`,
    [`con_${n}`, customer, `state_${n}`, handoff ? `handoff_${n}` : null],
  );
  await q(
    `INSERT INTO reconfirmation_links (customer_id, id, client_id, consent_id, send_email, created_at, expires_at)
     VALUES ($1, $2, 'cl', $3, false, now(), now())`,
    [customer, `rl_${n}`, `con_${n}`],
  );
  await q(
    `INSERT INTO invitations (id, client_id, customer_id, customer_type, email, reference, send_email, created_at, expires_at)
     VALUES ($1, 'cl', $2, 'Individual', 'a@example.com', $2, false, now(), now())`,
    [`inv_${n}`, customer],
  );
  await q(
    `INSERT INTO connect_sessions (id, secret_hash, previous_secret_hash, client_id, customer_id, invitation_id,
       customer_token_sealed, created_at, expires_at)
     VALUES ($1, $2, $3, 'cl', $4, $5, 'sealed', now(), now())`,
    [`ses_${n}`, `secret_${n}`, handoff ? `old_secret_${n}` : null, customer, `inv_${n}`],
  );
  await q(
    `INSERT INTO connect_flows (state_hash, session_id, consent_id, bank_slug, created_at)
     VALUES ($1, $2, $3, 'bank', now())`,
    [`state_${n}`, `ses_${n}`, `con_${n}`],
  );
  await q(
    `INSERT INTO idempotency_keys (client_id, key, request_hash, state, created_at, customer_id)
     VALUES ('cl', $1, 'h', 'done', now(), $2)`,
    [`key_${n}`, customer],
  );
  await q(
    `INSERT INTO customer_tokens (token_hash, customer_id, client_id, expires_at, created_at)
     VALUES ($1, $2, 'cl', now() + interval '1 hour', now())`,
    [`token_${n}`, customer],
  );
  await q(
    `INSERT INTO webhooks (id, client_id, url, secret_sealed, created_at) VALUES ($1, 'cl', 'https://example.com', 's', now())`,
    [`wh_${n}`],
  );
  await q(
    `INSERT INTO webhook_deliveries (id, webhook_id, client_id, customer_id, message_id, event_type, payload, created_at)
     VALUES ($1, $2, 'cl', $3, $1, 'REPORT_AVAILABLE', '{}', now())`,
    [`del_${n}`, `wh_${n}`, customer],
  );
  await q(
    `INSERT INTO webhook_delivery_attempts (id, delivery_id, attempt, attempted_at, duration_ms, outcome)
     VALUES ($1, $2, 1, now(), 5, 'delivered')`,
    [`att_${n}`, `del_${n}`],
  );
  await q(
    `INSERT INTO component_urls (id, client_id, token_hash, user_reference, origin, ip, user_agent, created_at, expires_at, customer_id)
     VALUES ($1, 'cl', $2, $3, 'https://example.com', '::1', 'ua', now(), now(), $3)`,
    [`cu_${n}`, `cu_token_${n}`, customer],
  );
}

const rows = async (db: Database, sql: string) => (await db.query(sql)).rows;

test('migration 0038 keeps every row and gives every secret its lookup row', async () => {
  const { db, target } = await open();
  try {
    const files = readMigrations();
    assert.ok(files.some((f) => f.version === LOOKUPS));
    await migrate(
      db,
      files.filter((f) => f.version < LOOKUPS),
    );
    await db.query(`INSERT INTO clients (id, name, secret_hash) VALUES ('cl', 'client', 'x')`);
    await seed(db, 'cus_a', 1, true);
    await seed(db, 'cus_b', 2, false);
    const consents = await rows(db, 'SELECT * FROM consents ORDER BY id');
    const tokens = await rows(db, 'SELECT * FROM customer_tokens ORDER BY token_hash');
    const links = await rows(db, 'SELECT * FROM reconfirmation_links ORDER BY id');
    const keys = await rows(db, 'SELECT * FROM idempotency_keys ORDER BY key');
    const invitations = await rows(db, 'SELECT * FROM invitations ORDER BY id');
    const sessions = await rows(db, 'SELECT * FROM connect_sessions ORDER BY id');
    const flows = await rows(db, 'SELECT * FROM connect_flows ORDER BY state_hash');
    const deliveries = await rows(db, 'SELECT * FROM webhook_deliveries ORDER BY id');
    const attempts = await rows(db, 'SELECT * FROM webhook_delivery_attempts ORDER BY id');

    await migrate(db, files);
    assert.deepEqual(await rows(db, 'SELECT * FROM consents ORDER BY id'), consents);
    assert.deepEqual(await rows(db, 'SELECT * FROM customer_tokens ORDER BY token_hash'), tokens);
    assert.deepEqual(await rows(db, 'SELECT * FROM reconfirmation_links ORDER BY id'), links);
    assert.deepEqual(await rows(db, 'SELECT * FROM idempotency_keys ORDER BY key'), keys);
    assert.deepEqual(await rows(db, 'SELECT * FROM invitations ORDER BY id'), invitations);
    assert.deepEqual(await rows(db, 'SELECT * FROM connect_sessions ORDER BY id'), sessions);
    // The flows get their session's customer.
    assert.deepEqual(
      await rows(db, 'SELECT * FROM connect_flows ORDER BY state_hash'),
      flows.map((f, i) => ({ ...f, customer_id: ['cus_a', 'cus_b'][i] })),
    );
    // Deliveries are client-level: kept as they were; their attempts get the delivery's client.
    assert.deepEqual(await rows(db, 'SELECT * FROM webhook_deliveries ORDER BY id'), deliveries);
    assert.deepEqual(
      await rows(db, 'SELECT * FROM webhook_delivery_attempts ORDER BY id'),
      attempts.map((a) => ({ ...a, client_id: 'cl' })),
    );
    assert.deepEqual(
      await rows(db, 'SELECT kind, key, customer_id, client_id FROM customer_lookups ORDER BY kind, key'),
      [
        { kind: 'connect_session', key: 'ses_1', customer_id: 'cus_a', client_id: 'cl' },
        { kind: 'connect_session', key: 'ses_2', customer_id: 'cus_b', client_id: 'cl' },
        { kind: 'connect_session_secret', key: 'old_secret_1', customer_id: 'cus_a', client_id: 'cl' },
        { kind: 'connect_session_secret', key: 'secret_1', customer_id: 'cus_a', client_id: 'cl' },
        { kind: 'connect_session_secret', key: 'secret_2', customer_id: 'cus_b', client_id: 'cl' },
        { kind: 'consent_handoff', key: 'handoff_1', customer_id: 'cus_a', client_id: 'cl' },
        { kind: 'consent_state', key: 'state_1', customer_id: 'cus_a', client_id: 'cl' },
        { kind: 'consent_state', key: 'state_2', customer_id: 'cus_b', client_id: 'cl' },
        { kind: 'invitation', key: 'inv_1', customer_id: 'cus_a', client_id: 'cl' },
        { kind: 'invitation', key: 'inv_2', customer_id: 'cus_b', client_id: 'cl' },
        { kind: 'reconfirmation_link', key: 'rl_1', customer_id: 'cus_a', client_id: 'cl' },
        { kind: 'reconfirmation_link', key: 'rl_2', customer_id: 'cus_b', client_id: 'cl' },
        { kind: 'user_reference', key: '["cl", "cus_a"]', customer_id: 'cus_a', client_id: 'cl' },
        { kind: 'user_reference', key: '["cl", "cus_b"]', customer_id: 'cus_b', client_id: 'cl' },
      ],
    );

    // A secret stays unique across customers (the lookup's key; the consents' own keys lead with the customer now).
    await assert.rejects(
      db.query(
        `INSERT INTO customer_lookups (kind, key, customer_id, client_id) VALUES ('consent_state', 'state_1', 'cus_b', 'cl')`,
      ),
      /duplicate key|unique/,
    );

    // A session names its invitation by the customer now: another customer's invitation is refused, and the
    // invitation's deletion still takes its sessions.
    await assert.rejects(
      db.query(
        `INSERT INTO connect_sessions (id, secret_hash, client_id, customer_id, invitation_id, customer_token_sealed, created_at, expires_at)
         VALUES ('ses_x', 'secret_x', 'cl', 'cus_b', 'inv_1', 'sealed', now(), now())`,
      ),
      /foreign key/,
    );
    await db.query(`DELETE FROM invitations WHERE customer_id = 'cus_b' AND id = 'inv_2'`);
    assert.deepEqual(await rows(db, `SELECT id FROM connect_sessions WHERE customer_id = 'cus_b'`), []);

    // No foreign key to customers (sharded, a lookup or a client-level row lives apart from its customer): the
    // customer's row alone does not take its lookups, tokens, idempotency keys, webhook deliveries or component URLs: the erasure
    // deletes them by name (test/api/erasure.test.ts); the client's deletion does.
    await db.query(`DELETE FROM customers WHERE id = 'cus_a'`);
    assert.equal((await rows(db, `SELECT 1 FROM customer_lookups WHERE customer_id = 'cus_a'`)).length, 8);
    assert.equal((await rows(db, `SELECT 1 FROM customer_tokens WHERE customer_id = 'cus_a'`)).length, 1);
    assert.equal((await rows(db, `SELECT 1 FROM idempotency_keys WHERE customer_id = 'cus_a'`)).length, 1);
    assert.equal((await rows(db, `SELECT 1 FROM webhook_deliveries WHERE customer_id = 'cus_a'`)).length, 1);
    assert.equal((await rows(db, `SELECT 1 FROM component_urls WHERE customer_id = 'cus_a'`)).length, 1);
    // An attempt references its delivery by (client_id, delivery_id) and goes with it.
    await assert.rejects(
      db.query(
        `INSERT INTO webhook_delivery_attempts (id, client_id, delivery_id, attempt, attempted_at, duration_ms, outcome)
         VALUES ('att_x', 'other', 'del_1', 2, now(), 5, 'retry')`,
      ),
      /foreign key/,
    );
    await db.query(`DELETE FROM webhook_deliveries WHERE client_id = 'cl' AND id = 'del_1'`);
    assert.deepEqual(await rows(db, `SELECT id FROM webhook_delivery_attempts WHERE delivery_id = 'del_1'`), []);
    await db.query(`DELETE FROM clients WHERE id = 'cl'`);
    assert.deepEqual(await rows(db, 'SELECT * FROM customer_lookups'), []);
    assert.deepEqual(await rows(db, 'SELECT * FROM customer_tokens'), []);
    assert.deepEqual(await rows(db, 'SELECT * FROM idempotency_keys'), []);
    assert.deepEqual(await rows(db, 'SELECT * FROM webhook_deliveries'), []);
    assert.deepEqual(await rows(db, 'SELECT * FROM webhook_delivery_attempts'), []);
    assert.deepEqual(await rows(db, 'SELECT * FROM component_urls'), []);
  } finally {
    await db.close();
    await target?.drop();
  }
});
