/**
 * Idempotency-Keys are forgotten after their window (24 hours from the first request): the idempotency.prune job
 * deletes expired keys in bounded batches, and a key past its window is a new request even before the job ran.
 * On the embedded engine (in memory) by default, on the PostgreSQL server with DATABASE_URL. On a shared server
 * the keys are dated in 2001, older than any other test's, so pruning them touches nobody else's.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Database, Db } from '../../db/db.ts';
import { openPglite } from '../../db/pglite.ts';
import { openPostgres } from '../../db/postgres.ts';
import { migrate } from '../../db/migrate.ts';
import { newId } from '../../lib/ids.ts';
import { JOBS } from '../../jobs/registry.ts';
import { jobHandlers } from '../../jobs/handlers.ts';
import type { AppDeps } from '../../app/app-deps.ts';
import {
  IDEMPOTENCY_WINDOW_SECONDS,
  PRUNE_BATCH_SIZE,
  pruneExpiredKeys,
  runIdempotent,
} from './idempotency.service.ts';

const T0 = new Date('2001-01-01T00:00:00Z');
const hours = (n: number) => new Date(T0.getTime() + n * 3_600_000);

let db: Database;
let clientId: string;

before(async () => {
  db = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite(null);
  await migrate(db);
  clientId = `idem-${newId()}`;
  await db.query('INSERT INTO clients (id, name, secret_hash) VALUES ($1, $2, $3)', [clientId, 'Idem', '0'.repeat(64)]);
});
after(async () => {
  await db.query('DELETE FROM clients WHERE id = $1', [clientId]);
  await db.close();
});

async function insertKeys(prefix: string, n: number, createdAt: Date): Promise<void> {
  await db.query(
    `INSERT INTO idempotency_keys (client_id, key, request_hash, state, response_body, created_at)
     SELECT $1, $2 || i, 'h', 'done', '{}'::jsonb, $4 FROM generate_series(1, $3::int) AS i`,
    [clientId, prefix, n, createdAt],
  );
}

async function keysOfClient(): Promise<string[]> {
  const r = await db.query<{ key: string }>('SELECT key FROM idempotency_keys WHERE client_id = $1 ORDER BY key', [
    clientId,
  ]);
  return r.rows.map((row) => row.key);
}

/** The database, with the row count of every DELETE it ran. */
function countingDeletes(inner: Db): { db: Db; deletes: number[] } {
  const deletes: number[] = [];
  const db: Db = {
    kind: inner.kind,
    query: async <T = Record<string, unknown>>(sql: string, params?: unknown[]) => {
      const r = await inner.query<T>(sql, params);
      if (/^\s*DELETE/i.test(sql)) deletes.push(r.rows.length);
      return r;
    },
    exec: (sql) => inner.exec(sql),
    transaction: (fn) => inner.transaction(fn),
    copyFrom: (table, columns, csv) => inner.copyFrom(table, columns, csv),
  };
  return { db, deletes };
}

describe('idempotency keys after their window', () => {
  test('the prune job deletes every expired key, in batches of at most PRUNE_BATCH_SIZE, and keeps the others', async () => {
    const expired = 2 * PRUNE_BATCH_SIZE + 500;
    await insertKeys('old-', expired, T0);
    await insertKeys('edge-', 2, hours(24 - 0.01)); // just inside the window at the prune time below
    await insertKeys('new-', 3, hours(30));
    const now = hours(48 - 0.02); // the old keys are 48 h old; the edge ones 23.99 h
    const { db: counted, deletes } = countingDeletes(db);

    const deleted = await pruneExpiredKeys(counted, now);

    assert.equal(deleted, expired);
    assert.ok(
      deletes.every((n) => n <= PRUNE_BATCH_SIZE),
      `every statement is bounded: ${deletes.join(', ')}`,
    );
    assert.deepEqual(deletes, [PRUNE_BATCH_SIZE, PRUNE_BATCH_SIZE, 500]);
    assert.deepEqual(await keysOfClient(), ['edge-1', 'edge-2', 'new-1', 'new-2', 'new-3']);
    assert.equal(await pruneExpiredKeys(db, now), 0, 'a second run finds nothing');
    await db.query('DELETE FROM idempotency_keys WHERE client_id = $1', [clientId]);
  });

  test('is a periodic job of the registry, bound to its handler', async () => {
    assert.ok(JOBS['idempotency.prune'].cron, 'on a schedule');
    assert.equal(JOBS['idempotency.prune'].policy, 'singleton');
    await insertKeys('job-', 3, T0);
    const deps = { db, clock: { now: () => hours(25) } } as unknown as AppDeps;
    await jobHandlers(deps)['idempotency.prune']({});
    assert.deepEqual(await keysOfClient(), []);
  });

  test('a key past its window is a new request, even before the job deleted it', async () => {
    const key = `k-${newId()}`;
    const scope = (requestHash: string, now: Date) => ({ clientId, key, requestHash, now });
    const first = await runIdempotent(db, scope('a', hours(1)), async () => 'first');
    assert.deepEqual(first, { result: 'first', replayed: false });
    const replay = await runIdempotent(db, scope('a', hours(2)), async () => 'second');
    assert.deepEqual(replay, { result: 'first', replayed: true }, 'inside the window: the stored outcome');
    const later = hours(1 + IDEMPOTENCY_WINDOW_SECONDS / 3600);
    const fresh = await runIdempotent(db, scope('b', later), async () => 'third');
    assert.deepEqual(fresh, { result: 'third', replayed: false }, 'after it: forgotten (another body is no 422)');
    await db.query('DELETE FROM idempotency_keys WHERE client_id = $1', [clientId]);
  });
});
