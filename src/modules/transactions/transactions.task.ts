/**
 * Endpoint 10's big bodies on a worker thread (src/workers/pool.ts; the route's bodyTask, src/http/json-body.ts):
 * the checked parse, the shape check Fastify's validator makes, the item checks of checkSubmittedTransactions and
 * the rows, packed for the main thread. The answers are the ones the main thread gives a small body: the same
 * checks, in the same order, with the same Problem Details. Pure: no database (the accounts are the main thread's).
 *
 * The schemas come in the input (they are plain JSON schemas): transactions.wire.ts, which declares them, reaches
 * the accounts module's index and with it the whole service, which a worker thread has no use for.
 */
import { createHash } from 'node:crypto';
import type { MessagePort } from 'node:worker_threads';
import type { TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import {
  ARRIVAL_DONE,
  ARRIVAL_FAILED,
  ARRIVAL_STATE,
  ARRIVED,
  ARRIVING,
  parseCheckedBody,
  type BodyTaskAnswer,
  type BodyTaskInput,
} from '../../http/json-scan.ts';
import { fieldErrorsFromValidation } from '../../http/field-errors.ts';
import { checkJsonValue, COLON, COMMA, LBRACE, LBRACKET, RBRACE, RBRACKET } from '../../http/json-checks.ts';
import { newIds } from '../../lib/ids.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import {
  buildTransactionRows,
  createRowBuilder,
  MAX_TRANSACTIONS_PER_REQUEST,
  packRows,
  type IngestResult,
  type PackedRows,
  type SubmittedTransactionInput,
} from './transactions.ingest.ts';
import { csvLines } from './transactions.row.ts';

/** The body's shape as Fastify checks it (ShallowSubmission) and one item's (SubmittedTransaction). */
export interface SubmissionSchemas {
  shallow: TSchema;
  item: TSchema;
}

/** What the item checks found: the 400 checkSubmittedTransactions throws, as data. */
export interface InvalidItems {
  message: string;
  errors: FieldError[];
  badItems: number;
}

/**
 * The body as the route receives it from readSubmission: a stand-in when the shape is wrong (a copy keeping what
 * the shape check looks at, so Fastify's validator answers the same 400 as for the body itself), else the count,
 * the item checks' verdict and, for a valid batch of at most 100 000, the packed rows.
 */
export type SubmissionValue =
  { standIn: unknown } | { count: number; invalid: InvalidItems | null; rows: PackedRows | null };

/** How many bad items a 400 describes in full (each may have several bad members). */
const MAX_ITEMS_WITH_ERRORS = 100;

/** The item checks, item by item (the main thread feeds small bodies to it in slices, transactions.wire.ts). */
export function createItemChecks(checker: Validator) {
  const errors: Array<{ keyword: string; instancePath: string; params: Record<string, unknown>; message?: string }> =
    [];
  let badItems = 0;
  return {
    add(item: unknown, i: number): void {
      if (checker.Check(item)) return;
      badItems++;
      if (badItems > MAX_ITEMS_WITH_ERRORS) return;
      for (const e of checker.Errors(item))
        errors.push({
          keyword: e.keyword,
          instancePath: `/transactions/${i}${e.instancePath}`,
          params: e.params as Record<string, unknown>,
          message: e.message,
        });
    },
    result(): InvalidItems | null {
      if (badItems === 0) return null;
      return {
        message: `${badItems} transaction(s) are invalid; nothing was stored.${badItems > MAX_ITEMS_WITH_ERRORS ? ` The first ${MAX_ITEMS_WITH_ERRORS} are listed.` : ''}`,
        errors: fieldErrorsFromValidation(errors),
        badItems,
      };
    },
  };
}

/** The 400 of invalid items. */
export function invalidItemsError(invalid: InvalidItems): AppError {
  return new AppError('validation_failed', invalid.message, {
    errors: invalid.errors,
    extra: { error_count: invalid.badItems },
  });
}

/** Compiled once per worker thread and schema. */
const compiled = new Map<string, Validator>();
function validator(schema: TSchema): Validator {
  const key = JSON.stringify(schema);
  let v = compiled.get(key);
  if (!v) compiled.set(key, (v = Compile(schema)));
  return v;
}

/** Does nothing: run as a big body starts arriving, it has a thread start and load this module meanwhile. */
export function warmUp(): null {
  return null;
}

/** The task: parse and check the body, check its shape and items, pack its rows. */
export function readSubmission(input: BodyTaskInput & SubmissionSchemas): BodyTaskAnswer<SubmissionValue> {
  const bodyHash = input.hash ? createHash('sha256').update(input.body).digest('hex') : undefined;
  const parsed = parseCheckedBody(input.body);
  if ('refused' in parsed) return parsed;
  const { value } = parsed;
  if (!validator(input.shallow).Check(value)) return { value: { standIn: standIn(value) }, bodyHash };
  const items = (value as { transactions: unknown[] }).transactions;
  const checks = createItemChecks(validator(input.item));
  for (const [i, item] of items.entries()) checks.add(item, i);
  const invalid = checks.result();
  const rows =
    invalid === null && items.length <= MAX_TRANSACTIONS_PER_REQUEST
      ? packRows(items as SubmittedTransactionInput[])
      : null;
  return { value: { count: items.length, invalid, rows }, bodyHash };
}

/**
 * What the shape check looks at, and nothing more: member names in order, and for each value its kind (arrays and
 * objects emptied, other values kept). The check fails on it exactly as on the body, without the cost of a
 * structured clone of the body's 100 000 items.
 */
function standIn(value: unknown): unknown {
  const kind = (v: unknown) => (Array.isArray(v) ? [] : v !== null && typeof v === 'object' ? {} : v);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return kind(value);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, kind(v)]));
}

/**
 * The second reading of a batch packRows found problems in, or whose accounts are not all the customer's: the
 * exact errors createRowBuilder gives with the customer's accounts (ids of repeated items compared per account id).
 */
export function checkSubmissionRows(input: {
  body: Uint8Array;
  accounts: Array<[string, string]>;
}): Omit<IngestResult, 'rows'> & { rows: PackedRows | null } {
  const parsed = parseCheckedBody(input.body);
  if ('refused' in parsed) throw new Error('a body read once reads the same again');
  const items = (parsed.value as { transactions: SubmittedTransactionInput[] }).transactions;
  const { badValues, unknownAccounts, errorCount } = buildTransactionRows(items, new Map(input.accounts));
  // No errors with the accounts (packRows is stricter than it need be only in theory): the rows, then.
  return { badValues, unknownAccounts, errorCount, rows: errorCount === 0 ? packRows(items) : null };
}

/** What streamSubmission is given besides the body: what the rows need from the database, and the chunk size. */
export interface StreamStart {
  /** "bank_slug\u0000number" → id, for the customer's accounts */
  accounts: Array<[string, string]>;
  customerId: string;
  /** created_at and updated_at of every row (ISO 8601) */
  stamp: string;
  /** rows per chunk of CSV */
  chunkRows: number;
}

/** What streamSubmission posts on its port: CSV bytes, then the end (with the count) or that it gave up. */
export type StreamMessage = { chunk: Uint8Array<ArrayBuffer> } | { end: number } | { declined: true };

/**
 * The credit between streamSubmission and the main thread that loads its chunks (two `Int32`s in shared memory):
 * IN_FLIGHT, chunks posted and not yet taken by COPY, which the worker keeps at most MAX_IN_FLIGHT (about 1 MB of CSV), waiting
 * (Atomics.wait) for the main thread to take one (Atomics.sub and notify); STOPPED, set by the main thread when it
 * wants no more chunks (COPY failed, or the stream was dropped), which ends the wait and the reading.
 */
export const IN_FLIGHT = 0;
export const STOPPED = 1;
export const MAX_IN_FLIGHT = 4;

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/**
 * A first submission (the customer holds no transaction yet) read and turned into COPY text in one pass, chunk by
 * chunk, so the main thread can load each chunk while the next one is made (transactions.prepared.ts,
 * StreamedSubmission). With `arrival` the body is still arriving (src/http/json-body.ts, BodyArrival): the reading
 * follows the bytes in as they come, waiting (Atomics.wait, on this worker thread) when it catches up with them. Only
 * for the plain case: a body `{"transactions": [...]}` whose every item passes every check (the checks of
 * parseCheckedBody, the shape, the items, createRowBuilder's with the accounts) and of at most 100 000 items, all of
 * which arrived. At the first thing that is not so it posts `declined` and stops: the caller then stores nothing and
 * reads the body the usual way (readSubmission), which gives the exact answer. The rows and their CSV are those
 * submitTransactions stores (createRowBuilder's rows, fresh ids, the CSV of transactions.row.ts).
 */
export function streamSubmission(input: {
  body: Uint8Array;
  arrival: Int32Array | null;
  item: TSchema;
  start: StreamStart;
  port: MessagePort;
  /** IN_FLIGHT and STOPPED */
  credit: Int32Array;
}): null {
  const { port, credit } = input;
  try {
    const count = streamRows(
      new ArrivingText(input.body, input.arrival),
      validator(input.item),
      input.start,
      (chunk) => {
        // Backpressure: at most MAX_IN_FLIGHT chunks wait for COPY; the reading stops while they do.
        for (;;) {
          if (Atomics.load(credit, STOPPED) !== 0) return false;
          const inFlight = Atomics.load(credit, IN_FLIGHT);
          if (inFlight < MAX_IN_FLIGHT) break;
          Atomics.wait(credit, IN_FLIGHT, inFlight, WAIT_MS);
        }
        Atomics.add(credit, IN_FLIGHT, 1);
        port.postMessage({ chunk } satisfies StreamMessage, [chunk.buffer]);
        return true;
      },
    );
    port.postMessage((count === null ? { declined: true } : { end: count }) satisfies StreamMessage);
  } catch {
    port.postMessage({ declined: true } satisfies StreamMessage); // a check that throws: the usual way says which
  }
  port.close();
  return null;
}

/** How long one wait for more bytes lasts before it looks again (a stalled upload is cut off by body-pace.ts). */
const WAIT_MS = 1_000;

/**
 * The most bytes decoded at once: a body that arrived faster than it is read is decoded a window at a time, so the
 * text held is about one chunk's items and one window, not the rest of the body (and its copies as it is cut). Small
 * enough that the text, flattened as it grows, stays under V8's large-object size (128 KB) and dies in the young
 * generation: 1 MB windows made large strings that only a full collection frees, and the thread's heap grew by about
 * 85 MB during a first 37 MB submission, against about 27 MB now (docs/performance.md).
 */
const DECODE_WINDOW = 1 << 14;

/**
 * The body's text as far as it has arrived, decoded as it comes (UTF-8, strictly: a bad byte throws, and a byte order
 * mark is kept, to be refused as the usual way refuses it). `text` holds what is not consumed yet.
 */
class ArrivingText {
  text = '';
  failed = false;
  readonly #body: Uint8Array;
  readonly #arrival: Int32Array | null;
  readonly #decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  #decoded = 0;
  #flushed = false;

  constructor(body: Uint8Array, arrival: Int32Array | null) {
    this.#body = body;
    this.#arrival = arrival;
  }

  /** The index of the next character at or after `from` that is not white space, waiting for it; -1 at the end. */
  next(from: number): number {
    let j = from;
    for (;;) {
      while (j < this.text.length && isSpace(this.text.charCodeAt(j))) j++;
      if (j < this.text.length) return j;
      if (!this.more()) return -1;
    }
  }

  /** At `from` (after white space), `c`: the index after it, or -1. */
  expect(from: number, c: number): number {
    const j = this.next(from);
    return j >= 0 && this.text.charCodeAt(j) === c ? j + 1 : -1;
  }

  /** Drops the text before `i` (consumed). */
  consume(i: number): void {
    this.text = this.text.slice(i);
  }

  /** Waits for more of the body and appends it to `text`: false once there is no more (all in, or failed). */
  more(): boolean {
    const arrival = this.#arrival;
    for (;;) {
      const have = Math.min(
        arrival ? Atomics.load(arrival, ARRIVED) : this.#body.length,
        this.#decoded + DECODE_WINDOW,
      );
      if (have > this.#decoded) {
        this.text += this.#decoder.decode(this.#body.subarray(this.#decoded, have), { stream: true });
        this.#decoded = have;
        return true;
      }
      const state = arrival ? Atomics.load(arrival, ARRIVAL_STATE) : ARRIVAL_DONE;
      if (state === ARRIVAL_FAILED) {
        this.failed = true;
        return false;
      }
      if (state === ARRIVAL_DONE && (!arrival || Atomics.load(arrival, ARRIVED) === this.#decoded)) {
        if (!this.#flushed) {
          this.#flushed = true;
          this.text += this.#decoder.decode(); // throws on a sequence cut off at the end
        }
        return false;
      }
      if (arrival && state === ARRIVING) Atomics.wait(arrival, ARRIVED, have, WAIT_MS);
    }
  }
}

const FIRST_CHUNK_ROWS = 200;

/**
 * The most rows a chunk holds, whatever `chunkRows` says: a chunk's items, rows and text are what this thread holds
 * live. At 200 rows (about 75 KB of text) the chunk's text and CSV stay regular young objects; 5 000 outlived a
 * scavenge and were promoted, and 1 000 made strings of the large-object space. The time is the same within noise
 * (docs/performance.md).
 */
const MAX_CHUNK_ROWS = 200;

/** Reads `{"transactions": [` and drops it from the text: 0, where the items start, or -1 for anything else. */
function openList(src: ArrivingText): number {
  const name = '"transactions"';
  let i = src.expect(0, LBRACE);
  if (i >= 0) i = src.next(i);
  while (i >= 0 && src.text.length - i < name.length && src.more());
  if (i < 0 || !src.text.startsWith(name, i)) return -1;
  i = src.expect(i + name.length, COLON);
  if (i >= 0) i = src.expect(i, LBRACKET);
  if (i < 0) return -1;
  src.consume(i);
  return 0;
}

/** The rows' CSV through `emit` a chunk at a time; their count, or null at the first thing out of the plain case. */
function streamRows(
  src: ArrivingText,
  checker: Validator,
  start: StreamStart,
  emit: (chunk: Uint8Array<ArrayBuffer>) => boolean,
): number | null {
  let i = openList(src);
  if (i < 0) return null;
  const builder = createRowBuilder(new Map(start.accounts), 'hashed'); // a repeat declines: the usual way names it
  const line = csvLines(start.customerId, start.stamp);
  const encoder = new TextEncoder();
  let count = 0;
  i = src.next(i);
  if (i < 0) return null;
  let closed = src.text.charCodeAt(i) === RBRACKET;
  if (closed) i++;
  while (!closed) {
    // The next chunk's elements: their extent checked as readSubmission's parse checks them, then parsed together.
    const first = i;
    let last = i;
    let n = 0;
    // A short first chunk: the database starts loading while the rest is made.
    const rowsNow = Math.min(count === 0 ? FIRST_CHUNK_ROWS : MAX_CHUNK_ROWS, start.chunkRows);
    while (n < rowsNow) {
      i = src.next(i);
      if (i < 0 || src.text.charCodeAt(i) !== LBRACE) return null; // an item that is not an object: the usual way
      let end = checkJsonValue(src.text, i, ['transactions', count + n]);
      while (end < 0 && src.more()) end = checkJsonValue(src.text, i, ['transactions', count + n]);
      if (end < 0) return null;
      last = end;
      n++;
      i = src.next(end);
      if (i < 0) return null;
      const c = src.text.charCodeAt(i);
      if (c === RBRACKET) {
        closed = true;
        i++;
        break;
      }
      if (c !== COMMA) return null;
      i++;
    }
    if (count + n > MAX_TRANSACTIONS_PER_REQUEST) return null;
    const items = JSON.parse(`[${src.text.slice(first, last)}]`) as unknown[];
    if (items.length !== n) return null;
    for (let k = 0; k < n; k++) {
      const item = items[k];
      if (!checker.Check(item)) return null;
      builder.add(item as SubmittedTransactionInput, count + k);
    }
    if (builder.result().errorCount > 0) return null;
    const rows = builder.take(); // this chunk's: the rows before it are in the database's hands
    const ids = newIds(n);
    let csv = '';
    for (let k = 0; k < n; k++) {
      const r = rows[k];
      if (!r) return null;
      csv += line(r, ids[k] as string);
    }
    count += n;
    src.consume(i); // before the wait in emit: the chunk's items are not kept while COPY catches up
    if (!emit(encoder.encode(csv))) return null;
    i = 0;
  }
  // The end of the object: nothing but white space after it, and the whole body arrived.
  i = src.expect(i, RBRACE);
  if (i < 0 || src.next(i) !== -1) return null;
  return src.failed ? null : count;
}
