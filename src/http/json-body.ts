/**
 * JSON bodies for the /public/v3 routes. An empty body counts as "no body" (endpoints such as 3 take none,
 * and clients often send the JSON content type anyway); malformed JSON is a 400 problem. JSON.parse is
 * used directly: it is markedly faster than the default safe parser on 100 000-item submissions, and
 * proto-poisoning cannot bite because every body schema rejects unknown members (a "__proto__" key included).
 *
 * What JSON.parse accepts but the service refuses is a 400 validation_failed naming the member: bytes that are
 * not UTF-8, a NUL or a lone surrogate in a string, a repeated member name, nesting beyond MAX_JSON_DEPTH
 * (json-checks.ts; the checks ride on the sliced parser's scan of big bodies).
 *
 * A route may read its big bodies on a worker thread (src/workers/pool.ts): its config names a `bodyTask`, and a body
 * of OFF_THREAD_FROM bytes or more goes there as bytes. The task makes the same checks with the same errors
 * (parseCheckedBody, in json-scan.ts: the pure half of this file, without Fastify, which a worker thread imports) and
 * whatever else the route wants done off the event loop (validation, building rows), and answers in a compact form
 * the route's `receive` turns into the body its handler gets.
 */
import { createHash, type Hash } from 'node:crypto';
import { isUtf8 } from 'node:buffer';
import type { Readable } from 'node:stream';
import { errorCodes } from 'fastify';
import { YoungGarbage } from '../lib/young-garbage.ts';
import type { HttpApp } from './server.ts';
import type { FastifyRequest } from 'fastify';
import type { WorkerPool, WorkerTask } from '../workers/pool.ts';
import { EdgeInputError, invalidInput } from './edge-error.ts';
import { JsonInputError } from './json-checks.ts';
import { parseCheckedJson, parseJsonInSlices } from './json-slices.ts';
import {
  ARRIVAL_DONE,
  ARRIVAL_FAILED,
  ARRIVAL_STATE,
  ARRIVED,
  notUtf8,
  type BodyTaskAnswer,
  type BodyTaskInput,
} from './json-scan.ts';

/** Bodies above this size are parsed in slices (see json-slices.ts). */
const SLICED_PARSE_FROM = 1_000_000;
/** Bodies of this many bytes or more go to the route's bodyTask, when it has one. */
export const OFF_THREAD_FROM = 1_000_000;

/**
 * A route's config member `bodyTask`: the task, its fixed input members, and what turns its value into the body;
 * `warm`, a task of the same module that does nothing, run as a big body starts arriving (registerBodyTaskParser).
 */
export interface BodyTask<X extends object, V> {
  task: WorkerTask<BodyTaskInput & X, BodyTaskAnswer<V>>;
  input: X;
  receive(value: V, body: Uint8Array): unknown;
  warm?: WorkerTask<Record<string, never>, null>;
  /**
   * When set, a big body with a Content-Length is not read before the handler runs: the handler gets what `defer`
   * makes of its bytes and of `read`, which reads them (the task, then `receive`) with the answers above. Without an
   * Idempotency-Key (whose hash covers the whole body) the handler runs as the first bytes arrive: `arrival` then
   * tells a worker thread how far the bytes have come (BodyArrival); else the bytes are all in, and it is null.
   */
  defer?(body: Uint8Array, read: () => Promise<unknown>, arrival: Int32Array | null): unknown;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** SHA-256 of the raw body, computed only when the request carries an Idempotency-Key. */
    bodyHash?: string;
    /** True once the body went through parseJsonBody's checks (input-guard.ts need not look at it again). */
    bodyChecked?: boolean;
  }
  interface FastifyContextConfig {
    /** This route reads bodies of OFF_THREAD_FROM bytes or more on a worker thread. */
    bodyTask?: BodyTask<object, unknown>;
  }
}

/**
 * `sliced`: parse big bodies in slices (the embedded engine shares this event loop with every query, so
 * long pauses hurt there); with a database server, one JSON.parse is faster overall.
 */
export function registerJsonParser(
  app: HttpApp,
  bodyLimit: number,
  sliced: boolean,
  pool: Pick<WorkerPool, 'run'>,
): void {
  app.removeAllContentTypeParsers(); // JSON only: a text/plain or form body is 415, not a string to validate
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit },
    (request: FastifyRequest, body: string | Buffer) => {
      const bodyTask = request.routeOptions.config.bodyTask;
      return bodyTask && body.length >= OFF_THREAD_FROM
        ? readOnWorker(request, body as Buffer, bodyTask, pool)
        : parseJsonBody(request, body as Buffer, sliced);
    },
  );
}

/**
 * The JSON parser of a scope whose routes have a `bodyTask` (transactions.routes.ts): the same answers as
 * registerJsonParser's, but a body of OFF_THREAD_FROM bytes or more with a Content-Length is not gathered and
 * concatenated on the event loop once it has all arrived (tens of milliseconds for 37 MB, in one turn): each chunk
 * is copied into shared memory as it arrives (and hashed, for an Idempotency-Key), and the task's module is loaded on
 * a worker thread meanwhile (`warm`), so the task starts the moment the last byte is in.
 */
export function registerBodyTaskParser(app: HttpApp, sliced: boolean, pool: Pick<WorkerPool, 'run'>): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (request: FastifyRequest, payload: Readable) => {
    const limit = request.routeOptions.bodyLimit;
    const length = Number(request.headers['content-length']);
    if (length > limit) return Promise.reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    const bodyTask = request.routeOptions.config.bodyTask;
    if (bodyTask && length >= OFF_THREAD_FROM) return receiveShared(request, payload, length, bodyTask, pool);
    return gather(payload, length, limit).then((body) =>
      bodyTask && body.length >= OFF_THREAD_FROM
        ? readOnWorker(request, body, bodyTask, pool)
        : parseJsonBody(request, body, sliced),
    );
  });
}

/** Hooks a body stream as Fastify's own gathering does: chunks, then the end, or the error the request fails with. */
function readBody(
  payload: Readable,
  onChunk: (chunk: Buffer) => Error | null,
  onEnd: (err: Error | null) => void,
): void {
  let done = false;
  const finish = (err: Error | null) => {
    if (done) return;
    done = true;
    payload.removeListener('data', data);
    payload.removeListener('end', end);
    payload.removeListener('error', failed);
    payload.removeListener('close', closed);
    onEnd(err);
  };
  const data = (chunk: Buffer | string) => {
    const err = onChunk(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    if (err) finish(err);
  };
  const end = () => finish(null);
  const failed = (err: Error & { statusCode?: number }) => {
    if (!(typeof err.statusCode === 'number' && err.statusCode >= 400)) err.statusCode = 400;
    finish(err);
  };
  // A stream closed before its end (the client went away) fails the request too, so no one waits for it.
  const closed = () => failed(new Error('The request body was cut off.'));
  payload.on('data', data);
  payload.on('end', end);
  payload.on('error', failed);
  payload.on('close', closed);
  payload.resume();
}

/** Length received: the stream's count of what arrived before decoding (body-pace.ts), else the bytes counted. */
function receivedLength(payload: Readable, counted: number): number {
  return (payload as Readable & { receivedEncodedLength?: number }).receivedEncodedLength || counted;
}

/** The whole body in one buffer, with Fastify's limit and Content-Length checks. */
function gather(payload: Readable, length: number, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    readBody(
      payload,
      (chunk) => {
        received += chunk.length;
        if (received > limit || receivedLength(payload, 0) > limit) return new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
        chunks.push(chunk);
        return null;
      },
      (err) => {
        if (err) return reject(err);
        if (!Number.isNaN(length) && receivedLength(payload, received) !== length)
          return reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
        resolve(Buffer.concat(chunks, received));
      },
    );
  });
}

/** Bytes of a big body's reads between young-generation collections (src/lib/young-garbage.ts). */
const BODY_READS_COLLECTED = 1024 * 1024;

/** A big body with a Content-Length, copied chunk by chunk into shared memory, then read by the route's task. */
function receiveShared(
  request: FastifyRequest,
  payload: Readable,
  length: number,
  bodyTask: BodyTask<object, unknown>,
  pool: Pick<WorkerPool, 'run'>,
): Promise<unknown> {
  if (bodyTask.warm) pool.run(bodyTask.warm, {}).catch(() => undefined); // a failure shows when the task runs
  const shared = new Uint8Array(new SharedArrayBuffer(length));
  const hash: Hash | null = request.headers['idempotency-key'] !== undefined ? createHash('sha256') : null;
  const arrival = new Int32Array(new SharedArrayBuffer(8));
  const arrived = (state: number) => {
    Atomics.store(arrival, ARRIVAL_STATE, state);
    Atomics.notify(arrival, ARRIVED);
  };
  let received = 0;
  // Each read is garbage once copied: collected every few megabytes, not when V8's external-memory limit is hit.
  const reads = new YoungGarbage(BODY_READS_COLLECTED);
  const all = new Promise<void>((resolve, reject) => {
    readBody(
      payload,
      (chunk) => {
        if (received + chunk.length > length) return new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH();
        shared.set(chunk, received);
        hash?.update(chunk);
        received += chunk.length;
        reads.add(chunk.length);
        Atomics.store(arrival, ARRIVED, received);
        Atomics.notify(arrival, ARRIVED);
        return null;
      },
      (err) => {
        if (!err && receivedLength(payload, received) !== length)
          err = new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH();
        arrived(err ? ARRIVAL_FAILED : ARRIVAL_DONE);
        if (err) reject(err);
        else resolve();
      },
    );
  });
  const read = () =>
    all.then(() => {
      if (hash && request.bodyHash === undefined) request.bodyHash = hash.digest('hex');
      return runBodyTask(request, shared, bodyTask, pool, false);
    });
  if (!bodyTask.defer) return read();
  if (hash) {
    // The Idempotency-Key's hash covers the whole body: the handler runs once it is in.
    return all.then(() => {
      request.bodyHash = hash.digest('hex');
      request.bodyChecked = true; // by the route, on a worker thread
      return bodyTask.defer?.(shared, read, null);
    });
  }
  // The handler runs now, while the body arrives; a body that fails to arrive fails `read` (and the request).
  all.catch(() => undefined);
  request.bodyChecked = true; // by the route, on a worker thread
  return Promise.resolve(bodyTask.defer(shared, read, arrival));
}

/**
 * The route's bodyTask on a worker thread. The bytes are copied once into shared memory, which the task reads and
 * the route may keep (to read them again on a worker, see transactions.prepared.ts) without another copy.
 */
async function readOnWorker(
  request: FastifyRequest,
  body: Buffer,
  bodyTask: BodyTask<object, unknown>,
  pool: Pick<WorkerPool, 'run'>,
): Promise<unknown> {
  const shared = new Uint8Array(new SharedArrayBuffer(body.length));
  shared.set(body);
  return runBodyTask(request, shared, bodyTask, pool, request.headers['idempotency-key'] !== undefined);
}

async function runBodyTask(
  request: FastifyRequest,
  shared: Uint8Array,
  bodyTask: BodyTask<object, unknown>,
  pool: Pick<WorkerPool, 'run'>,
  hash: boolean,
): Promise<unknown> {
  const answer = await pool.run(bodyTask.task, { ...bodyTask.input, body: shared, hash });
  if ('refused' in answer) throw new EdgeInputError(answer.refused.code, answer.refused.message, answer.refused.errors);
  if (answer.bodyHash !== undefined) request.bodyHash = answer.bodyHash;
  request.bodyChecked = true;
  return bodyTask.receive(answer.value, shared);
}

/**
 * The checked JSON parse of a request body (also the root scope's JSON parser, input-guard.ts). `sliced`: parse
 * big bodies in slices (the embedded engine shares this event loop with every query, so long pauses hurt there);
 * with a database server, one JSON.parse is faster overall.
 */
export async function parseJsonBody(request: FastifyRequest, body: Buffer, sliced: boolean): Promise<unknown> {
  if (request.headers['idempotency-key'] !== undefined)
    request.bodyHash = createHash('sha256').update(body).digest('hex');
  if (!isUtf8(body)) throw notUtf8(body);
  const text = body.toString('utf8');
  request.bodyChecked = true;
  if (text.trim() === '') return undefined;
  try {
    return sliced && text.length > SLICED_PARSE_FROM ? await parseJsonInSlices(text) : parseCheckedJson(text);
  } catch (err) {
    if (err instanceof JsonInputError) throw invalidInput(err.pointer, err.message);
    throw new EdgeInputError('malformed_json', 'The request body is not valid JSON.');
  }
}
