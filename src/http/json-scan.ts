/**
 * The pure half of reading a JSON request body: what a worker thread needs (src/workers/pool.ts runs a route's
 * bodyTask there) and the event loop's parser shares. The checked parse with its refusals as data, the shapes a
 * bodyTask gets and answers, and the shared counters of a body still arriving. No Fastify here (not even its types):
 * a worker task imports this file, and json-body.ts, the parser Fastify calls, builds on it.
 */
import { isUtf8 } from 'node:buffer';
import type { ErrorCode, FieldError } from '../lib/app-error.ts';
import { EdgeInputError, invalidInput } from './edge-error.ts';
import { checkJsonValue, JsonInputError } from './json-checks.ts';
import { parseCheckedJson } from './json-slices.ts';

/** What a bodyTask gets: the body's bytes (shared, not copied), and whether to hash them (Idempotency-Key). */
export interface BodyTaskInput {
  body: Uint8Array;
  hash: boolean;
}

/** A refusal made on the worker thread, as data: json-body.ts throws it as the EdgeInputError it describes. */
export interface BodyRefusal {
  code: ErrorCode;
  message: string;
  errors: FieldError[];
}

/** A bodyTask's answer: the refusal parseCheckedBody made, or the route's value (and the body's SHA-256). */
export type BodyTaskAnswer<V> = { refused: BodyRefusal } | { value: V; bodyHash?: string };

/**
 * How far a body being received into shared memory has come, for a worker thread reading it meanwhile (it waits with
 * Atomics.wait on index ARRIVED): the bytes in so far, and whether the body is all in or failed (it will never be).
 */
export const ARRIVED = 0;
export const ARRIVAL_STATE = 1;
export const ARRIVING = 0,
  ARRIVAL_DONE = 1,
  ARRIVAL_FAILED = -1;

/**
 * The checks and the parse of parseJsonBody, for a worker thread: the body's value (undefined for an empty body),
 * or the refusal parseJsonBody would throw, as data.
 */
export function parseCheckedBody(body: Uint8Array): { value: unknown } | { refused: BodyRefusal } {
  try {
    const buffer = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    if (!isUtf8(buffer)) throw notUtf8(buffer);
    const text = buffer.toString('utf8');
    if (text.trim() === '') return { value: undefined };
    return { value: parseOrRefuse(text) };
  } catch (err) {
    if (err instanceof EdgeInputError) return { refused: { code: err.code, message: err.message, errors: err.errors } };
    throw err;
  }
}

/** One JSON.parse with the checks; their failures as the 400s parseJsonBody answers. */
function parseOrRefuse(text: string): unknown {
  try {
    return parseCheckedJson(text);
  } catch (err) {
    if (err instanceof JsonInputError) throw invalidInput(err.pointer, err.message);
    throw new EdgeInputError('malformed_json', 'The request body is not valid JSON.');
  }
}

/** The 400 for a body that is not UTF-8, naming the member the first bad byte is in when the rest is JSON. */
export function notUtf8(body: Buffer): EdgeInputError {
  const bad = firstBadByte(body);
  const text = body.toString('utf8');
  const at = body.subarray(0, bad).toString('utf8').length;
  let pointer = '';
  try {
    let start = 0;
    while (start < text.length && text.charCodeAt(start) <= 32) start++;
    checkJsonValue(text, start, [], at);
  } catch (err) {
    if (err instanceof JsonInputError && err.message.startsWith('is not valid UTF-8')) pointer = err.pointer;
  }
  return invalidInput(pointer, `is not valid UTF-8 (a bad byte at offset ${bad})`);
}

/** Offset of the first byte that does not start a well-formed UTF-8 sequence (the body is known to have one). */
function firstBadByte(buf: Uint8Array): number {
  let i = 0;
  while (i < buf.length) {
    const b = buf[i] ?? 0;
    if (b < 0x80) {
      i++;
      continue;
    }
    const need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0;
    if (need === 0) return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = buf[i + k] ?? 0;
      if ((c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    const min = need === 1 ? 0x80 : need === 2 ? 0x800 : 0x10000;
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return buf.length;
}
