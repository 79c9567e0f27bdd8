/**
 * Where a read that may lag goes (src/db/read-replica.ts), on stand-ins for the two servers that answer the mark's
 * and the WAL position's queries; test/flows/read-replica.test.ts runs the same on a real primary and replica.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Database, QueryResult } from './db.ts';
import { isReplicaTrouble, primaryReads, replicaReads, type ReadTarget } from './read-replica.ts';

/** A server whose every query answers one row (with `server`: its name), or throws, as `answer` says. */
function server(name: string, answer: (sql: string) => Record<string, unknown> | Error): Database {
  const query = async <T>(sql: string): Promise<QueryResult<T>> => {
    const row = answer(sql);
    if (row instanceof Error) throw row;
    return { rows: [{ ...row, server: name } as T], rowCount: 1 };
  };
  const unused = async () => {
    throw new Error('not used here');
  };
  return {
    kind: 'postgres',
    query,
    exec: unused,
    transaction: unused,
    copyFrom: unused,
    close: async () => undefined,
    ping: async () => true,
  };
}

/** Which stand-in a routed read's statement runs on. */
async function servedBy(db: Database): Promise<string> {
  return String((await db.query<{ server: string }>('SELECT the page')).rows[0]?.server);
}

const marked = (name: string, mark: string) => server(name, () => ({ mark }));

function routed(primary: Database, replica: Database) {
  const seen: ReadTarget[] = [];
  return { reads: replicaReads(primary, replica, (to) => seen.push(to)), seen };
}

describe('reads that may lag', () => {
  test('without a replica, every read is the primary', async () => {
    const primary = marked('primary', 'p');
    const reads = primaryReads(primary);
    assert.equal(reads.replicated, false);
    assert.equal(await reads.forCustomer('cus_1'), primary);
    assert.equal(await reads.forList(), primary);
  });

  test("a customer's read goes to the replica when both hold the same mark, counted", async () => {
    const mark = 'client|insights:ready:3:3|run_1:succeeded';
    const { reads, seen } = routed(marked('primary', mark), marked('replica', mark));
    assert.equal(await servedBy(await reads.forCustomer('cus_1')), 'replica');
    assert.deepEqual(seen, ['replica']);
  });

  test('to the primary when the replica has not replayed the latest write, or cannot be asked', async () => {
    const primary = marked('primary', 'client|insights:not_ready:4:3|run_1:succeeded');
    const behind = routed(primary, marked('replica', 'client|insights:ready:3:3|run_1:succeeded'));
    assert.equal(await behind.reads.forCustomer('cus_1'), primary);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' });
    const away = routed(
      primary,
      server('replica', () => refused),
    );
    assert.equal(await away.reads.forCustomer('cus_1'), primary);
    assert.deepEqual([...behind.seen, ...away.seen], ['primary', 'primary']);
  });

  test('a statement the replica cancels (a replay conflict) or loses is run on the primary', async () => {
    const conflict = Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' });
    let failing: Error | null = null;
    const replica = server('replica', (sql) => (sql.includes('mark') || !failing ? { mark: 'm' } : failing));
    const { reads, seen } = routed(marked('primary', 'm'), replica);
    const db = await reads.forCustomer('cus_1');
    failing = conflict;
    assert.equal(await servedBy(db), 'primary');
    assert.deepEqual(seen, ['replica', 'primary']);
    failing = Object.assign(new Error('syntax error at or near "the"'), { code: '42601' });
    await assert.rejects(servedBy(db), /syntax error/, 'a fault of the statement itself is not retried');
    assert.equal(isReplicaTrouble(new Error('Connection terminated unexpectedly')), true);
    assert.equal(
      isReplicaTrouble(Object.assign(new Error('the database system is shutting down'), { code: '57P03' })),
      true,
    );
    assert.equal(isReplicaTrouble(Object.assign(new Error('duplicate key'), { code: '23505' })), false);
  });

  test("a list goes to the replica once its replay reaches the primary's WAL position", async () => {
    const primary = server('primary', () => ({ lsn: '0/3000060' }));
    const caughtUp = routed(
      primary,
      server('replica', () => ({ caught_up: true })),
    );
    assert.equal(await servedBy(await caughtUp.reads.forList()), 'replica');
    const behind = routed(
      primary,
      server('replica', () => ({ caught_up: false })),
    );
    assert.equal(await behind.reads.forList(), primary);
    const notStandby = routed(
      primary,
      server('replica', () => ({ caught_up: null })),
    );
    assert.equal(await notStandby.reads.forList(), primary);
  });
});
