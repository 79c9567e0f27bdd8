/**
 * A big submission as the route receives it from the worker thread (transactions.task.ts, readSubmission): its
 * count, the item checks' verdict and its rows packed. The service finishes it with the customer's accounts, which
 * only the main thread can read (the embedded database lives there).
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { MessageChannel } from 'node:worker_threads';
import { workerTask, type WorkerPool } from '../../workers/pool.ts';
import { YoungGarbage } from '../../lib/young-garbage.ts';
import { unpackRows, type IngestResult, type PackedRows } from './transactions.ingest.ts';
import {
  IN_FLIGHT,
  invalidItemsError,
  STOPPED,
  type checkSubmissionRows,
  type InvalidItems,
  type readSubmission,
  type streamSubmission,
  type StreamMessage,
  type StreamStart,
  type SubmissionValue,
} from './transactions.task.ts';
import type { TSchema } from 'typebox';

const TASKS = new URL('./transactions.task.ts', import.meta.url);
/** Bytes of CSV handed to COPY between young-generation collections (src/lib/young-garbage.ts). */
const CSV_COLLECTED = 1024 * 1024;
/** The route's bodyTask (transactions.routes.ts). */
export const READ_SUBMISSION = workerTask<Parameters<typeof readSubmission>[0], ReturnType<typeof readSubmission>>(
  TASKS,
  'readSubmission',
);
/** The bodyTask's `warm` (src/http/json-body.ts). */
export const WARM_UP = workerTask<Record<string, never>, null>(TASKS, 'warmUp');
const STREAM_ROWS = workerTask<Parameters<typeof streamSubmission>[0], ReturnType<typeof streamSubmission>>(
  TASKS,
  'streamSubmission',
);
const CHECK_ROWS = workerTask<Parameters<typeof checkSubmissionRows>[0], ReturnType<typeof checkSubmissionRows>>(
  TASKS,
  'checkSubmissionRows',
);

/** Rows turned into objects between two turns of the event loop. */
const UNPACK_SLICE = 5_000;

export class PreparedSubmission {
  readonly count: number;
  readonly #invalid: InvalidItems | null;
  readonly #rows: PackedRows | null;
  readonly #body: Uint8Array;
  readonly #pool: Pick<WorkerPool, 'run'>;

  constructor(value: Exclude<SubmissionValue, { standIn: unknown }>, body: Uint8Array, pool: Pick<WorkerPool, 'run'>) {
    this.count = value.count;
    this.#invalid = value.invalid;
    this.#rows = value.rows;
    this.#body = body;
    this.#pool = pool;
  }

  /** The 400 of invalid items, thrown where checkSubmittedTransactions throws it for a small body. */
  checkItems(): void {
    if (this.#invalid) throw invalidItemsError(this.#invalid);
  }

  /**
   * createRowBuilder's result with the customer's accounts ("bank_slug\u0000number" → id). A batch without
   * problems whose accounts all exist is unpacked here; any other is read again on a worker thread, which gives the
   * exact errors (in the order and number a small body's would have).
   */
  async build(accounts: ReadonlyMap<string, string>): Promise<IngestResult> {
    let packed = this.#rows;
    if (!packed) throw new Error('a submission with invalid items or too many has no rows');
    if (packed.problems || packed.accountKeys.some((k) => !accounts.has(k))) {
      const checked = await this.#pool.run(CHECK_ROWS, { body: this.#body, accounts: [...accounts] });
      if (checked.errorCount > 0 || !checked.rows) return { ...checked, rows: [] };
      packed = checked.rows;
    }
    const ids = packed.accountKeys.map((k) => accounts.get(k) ?? '');
    return {
      rows: await unpackRows(packed, ids, UNPACK_SLICE, yieldToLoop),
      badValues: [],
      unknownAccounts: [],
      errorCount: 0,
    };
  }
}

/** streamSubmission gave up on the plain case (or was not tried): nothing may be stored, the usual way answers. */
export class SubmissionDeclined extends Error {}

/**
 * A big body as the route receives it before anything has read it (src/http/json-body.ts, `defer`): all its bytes,
 * in shared memory. `rows` turns it into COPY text on a worker thread chunk by chunk, to be loaded while the rest is
 * made (a first submission: transactions.service.ts, storeStreamed); `read` reads it the usual way
 * (transactions.task.ts, readSubmission), with the answers a body read by the JSON parser gets.
 */
export class StreamedSubmission {
  readonly #body: Uint8Array;
  readonly #pool: Pick<WorkerPool, 'run'>;
  readonly #item: TSchema;
  readonly #arrival: Int32Array | null;
  /** Reads the body the usual way, with the answers a body read by the JSON parser and validator gets. */
  readonly read: () => Promise<PreparedSubmission>;

  /**
   * `item`: the schema of one item (SubmittedTransaction, transactions.wire.ts); `arrival`: how far the body has
   * arrived, while it arrives (src/http/json-body.ts), else null.
   */
  constructor(
    body: Uint8Array,
    read: () => Promise<PreparedSubmission>,
    pool: Pick<WorkerPool, 'run'>,
    item: TSchema,
    arrival: Int32Array | null,
  ) {
    this.#arrival = arrival;
    this.#body = body;
    this.read = read;
    this.#pool = pool;
    this.#item = item;
  }

  /**
   * The rows' CSV, chunk by chunk as the worker thread makes them; fails with SubmissionDeclined when the body is not
   * the plain case. `count()`: how many rows, once the chunks are all out. `stop()`: no more chunks are wanted (the
   * worker thread, which waits while two are not taken, ends); called when the chunks end, and to be called by a
   * consumer that may never start reading them.
   */
  rows(start: StreamStart): { chunks: AsyncIterable<Uint8Array<ArrayBuffer>>; stop(): void; count(): number } {
    const { port1, port2 } = new MessageChannel();
    // Chunks posted and not yet taken, and the stop (transactions.task.ts, MAX_IN_FLIGHT): the worker thread makes
    // no more than COPY takes, so the CSV waiting here stays a few chunks however fast the body arrives.
    const credit = new Int32Array(new SharedArrayBuffer(8));
    port1.unref(); // held only while the consumer waits on it below: a stream it dropped keeps nothing alive
    const queue: StreamMessage[] = [];
    let wake: (() => void) | null = null;
    let count = -1;
    port1.on('message', (m: StreamMessage) => {
      queue.push(m);
      wake?.();
    });
    const task = this.#pool.run(
      STREAM_ROWS,
      { body: this.#body, arrival: this.#arrival, item: this.#item, start, port: port2, credit },
      [port2],
    );
    // A task that fails outright (its module cannot load): the chunks end there, declined.
    task.catch(() => {
      queue.push({ declined: true });
      wake?.();
    });
    // A COPY that failed or stopped early takes no more: the worker thread stops making them.
    const stop = () => {
      Atomics.store(credit, STOPPED, 1);
      Atomics.notify(credit, IN_FLIGHT);
    };
    // Each chunk is garbage once the socket has written it: collected every few megabytes, not at V8's limit.
    const written = new YoungGarbage(CSV_COLLECTED);
    async function* chunks(): AsyncGenerator<Uint8Array<ArrayBuffer>> {
      try {
        for (;;) {
          const m = queue.shift();
          if (!m) {
            port1.ref();
            await new Promise<void>((resolve) => (wake = resolve));
            port1.unref();
            wake = null;
            continue;
          }
          if ('chunk' in m) {
            yield Buffer.from(m.chunk.buffer, m.chunk.byteOffset, m.chunk.byteLength);
            written.add(m.chunk.byteLength);
            // COPY asks for the next: this one is in its hands, and the worker thread may make one more.
            Atomics.sub(credit, IN_FLIGHT, 1);
            Atomics.notify(credit, IN_FLIGHT);
            // A turn of the event loop between chunks: the embedded engine loads each on this thread, and chunks
            // already here would otherwise go in one after another within one turn.
            await yieldToLoop();
          } else if ('end' in m) {
            count = m.end;
            return;
          } else throw new SubmissionDeclined();
        }
      } finally {
        stop();
        port1.close();
      }
    }
    return {
      chunks: chunks(),
      stop,
      count: () => {
        if (count < 0) throw new Error('the count is known once every chunk is out');
        return count;
      },
    };
  }
}
