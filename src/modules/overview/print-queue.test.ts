/**
 * The printer's turns (print-queue.ts) without Chromium: documents are turns held and released by the test, so
 * the order of turns is asserted, never a time.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PdfUnavailableError } from './overview.printer-errors.ts';
import { PrintQueue } from './print-queue.ts';

const LIMITS = { concurrency: 1, perOwner: 1, queuePerOwner: 4, queueTotal: 16, waitMs: 600_000 };

test('print queue › twenty at once from A, then one from B: B prints next, right after the document A is printing', async () => {
  const queue = new PrintQueue(LIMITS);
  const started: string[] = [];
  const turns: Array<Promise<() => void>> = [];
  const ask = (owner: string, n: number) => {
    const turn = queue.acquire(owner);
    turn.then(
      () => started.push(`${owner}${n}`),
      () => undefined,
    );
    return turn;
  };
  for (let n = 0; n < 20; n++) turns.push(ask('A', n));
  const b = ask('B', 0);
  // A's first prints, four of A's wait, the other fifteen are refused at once with 503 and Retry-After.
  const refused = await Promise.all(
    turns.slice(5).map((t) =>
      t.then(
        () => null,
        (err: unknown) => err,
      ),
    ),
  );
  for (const err of refused) {
    assert.ok(err instanceof PdfUnavailableError);
    assert.equal(Number(err.headers['retry-after']), 10);
  }
  assert.equal(queue.waitingCount('A'), 4);
  assert.equal(queue.waitingCount('B'), 1);
  assert.deepEqual(started, ['A0']);
  const endA0 = await turns[0];
  assert.ok(endA0);
  endA0();
  const endB = await b;
  assert.deepEqual(started, ['A0', 'B0'], "B's document is the next one printed");
  endB();
  for (const turn of turns.slice(1, 5)) (await turn)();
  assert.deepEqual(started, ['A0', 'B0', 'A1', 'A2', 'A3', 'A4']);
});

test('print queue › two clients at once with two turns: each has one, the other client is never behind the first', async () => {
  const queue = new PrintQueue({ ...LIMITS, concurrency: 2 });
  const [a0, a1, a2] = [queue.acquire('A'), queue.acquire('A'), queue.acquire('A')];
  const b = queue.acquire('B');
  const endB = await b; // a turn free at once: A holds only one of the two
  assert.equal(queue.waitingCount('A'), 2);
  endB();
  // B's turn freed: A may still print only one at a time, so its second waits for its first.
  assert.equal(queue.waitingCount('A'), 2);
  (await a0)();
  (await a1)();
  (await a2)();
  assert.equal(queue.waitingCount(), 0);
});

test('print queue › a document not started by the deadline is refused with 503, and leaves the queue', async () => {
  const queue = new PrintQueue({ ...LIMITS, waitMs: 20 });
  const first = await queue.acquire('A');
  await assert.rejects(queue.acquire('B'), (err: unknown) => {
    assert.ok(err instanceof PdfUnavailableError);
    assert.match(err.message, /could not be started in time/);
    return true;
  });
  assert.equal(queue.waitingCount(), 0);
  first();
  (await queue.acquire('B'))();
});
