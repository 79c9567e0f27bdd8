/**
 * Where a read that may lag goes (src/db/read-replica.ts), on stand-ins for the two servers that answer the mark's
 * and the WAL position's queries; test/flows/read-replica.test.ts runs the same on a real primary and replica.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Database, QueryResult } from './db.ts';
import { primaryReads, replicaReads, type ReadTarget } from './read-replica.ts';

/** A server whose every query answers one row, or throws, as `answer` says. */
function server(name: string, answer: (sql: string) => Record<string, unknown> | Error): Database & { name: string } {
  const query = async <T>(sql: string): Promise<QueryResult<T>> => {
    const row = answer(sql);
    if (row instanceof Error) throw row;
    return { rows: [row as T], rowCount: 1 };
  };
  const unused = async () => {
    throw new Error('not used here');
  };
  return {
    name,
    kind: 'postgres',
    query,
    exec: unused,
    transaction: unused,
    copyFrom: unused,
    close: async () => undefined,
    ping: async () => true,
  };
}

const marked = (mark: string) => server(mark, () => ({ mark }));

function routed(primary: Database, replica: Database) {
  const seen: ReadTarget[] = [];
  return { reads: replicaReads(primary, replica, (to) => seen.push(to)), seen };
}

describe('reads that may lag', () => {
  test('without a replica, every read is the primary', async () => {
    const primary = marked('p');
    const reads = primaryReads(primary);
    assert.equal(reads.replicated, false);
    assert.equal(await reads.forCustomer('cus_1'), primary);
    assert.equal(await reads.forList(), primary);
  });

  test("a customer's read goes to the replica when both hold the same mark, counted", async () => {
    const primary = marked('client|insights:ready:3:3|run_1:succeeded');
    const replica = marked('client|insights:ready:3:3|run_1:succeeded');
    const { reads, seen } = routed(primary, replica);
    assert.equal(await reads.forCustomer('cus_1'), replica);
    assert.deepEqual(seen, ['replica']);
  });

  test('to the primary when the replica has not replayed the latest write, or cannot be asked', async () => {
    const primary = marked('client|insights:not_ready:4:3|run_1:succeeded');
    const behind = routed(primary, marked('client|insights:ready:3:3|run_1:succeeded'));
    assert.equal(await behind.reads.forCustomer('cus_1'), primary);
    const away = routed(
      primary,
      server('away', () => new Error('connect ECONNREFUSED')),
    );
    assert.equal(await away.reads.forCustomer('cus_1'), primary);
    assert.deepEqual([...behind.seen, ...away.seen], ['primary', 'primary']);
  });

  test("a list goes to the replica once its replay reaches the primary's WAL position", async () => {
    const primary = server('p', () => ({ lsn: '0/3000060' }));
    const replica = server('r', () => ({ caught_up: true }));
    assert.equal(await routed(primary, replica).reads.forList(), replica);
    const behind = routed(
      primary,
      server('r', () => ({ caught_up: false })),
    );
    assert.equal(await behind.reads.forList(), primary);
    const notStandby = routed(
      primary,
      server('r', () => ({ caught_up: null })),
    );
    assert.equal(await notStandby.reads.forList(), primary);
  });
});
