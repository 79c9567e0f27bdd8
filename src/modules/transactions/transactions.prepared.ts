/**
 * A big submission as the route receives it from the worker thread (transactions.task.ts, readSubmission): its
 * count, the item checks' verdict and its rows packed. The service finishes it with the customer's accounts, which
 * only the main thread can read (the embedded database lives there).
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { workerTask, type WorkerPool } from '../../workers/pool.ts';
import { unpackRows, type IngestResult, type PackedRows } from './transactions.ingest.ts';
import {
  invalidItemsError,
  type checkSubmissionRows,
  type InvalidItems,
  type readSubmission,
  type SubmissionValue,
} from './transactions.task.ts';

const TASKS = new URL('./transactions.task.ts', import.meta.url);
/** The route's bodyTask (transactions.routes.ts). */
export const READ_SUBMISSION = workerTask<Parameters<typeof readSubmission>[0], ReturnType<typeof readSubmission>>(
  TASKS,
  'readSubmission',
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
