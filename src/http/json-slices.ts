/**
 * JSON.parse of a 40 MB body holds the event loop for half a second. For big bodies this parser finds the
 * elements of each top-level array member with a character scan (strings and nesting respected) and parses
 * them in slices, yielding between slices, so other requests keep being answered during a 100 000-item
 * submission. Whenever the text is not the simple shape it expects (or is not valid JSON), it falls back to
 * JSON.parse of the whole text, so the result and the syntax errors are exactly JSON.parse's.
 *
 * The same scan makes the checks of json-checks.ts (NUL, lone surrogates, repeated member names, depth): a
 * JsonInputError when one fails, but only for text JSON.parse accepts (a malformed body is reported as such).
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  BACKSLASH,
  checkJsonText,
  checkJsonValue,
  COLON,
  COMMA,
  JsonInputError,
  LBRACE,
  LBRACKET,
  QUOTE,
  RBRACE,
  RBRACKET,
} from './json-checks.ts';

const SCAN_SLICE = 4_000_000; // characters scanned between yields
const PARSE_SLICE = 4_000; // elements parsed between yields

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

class NotSimple extends Error {}

/** Index just after the JSON string starting at `i` (a quote). */
function skipString(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === BACKSLASH) j++;
    else if (c === QUOTE) return j + 1;
  }
  throw new NotSimple();
}

/** Index just after the (checked) JSON value at `i`; `at` is its pointer. */
function valueEnd(text: string, i: number, at: Array<string | number>): number {
  const end = checkJsonValue(text, i, at);
  if (end < 0) throw new NotSimple();
  return end;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** Splits `text` (a JSON object) into members; array members into element ranges. Yields while scanning. */
async function scan(
  text: string,
): Promise<Array<{ key: string; value: [number, number] } | { key: string; elements: Array<[number, number]> }>> {
  const members: Array<{ key: string; value: [number, number] } | { key: string; elements: Array<[number, number]> }> =
    [];
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== LBRACE) throw new NotSimple();
  i = skipSpace(text, i + 1);
  if (text.charCodeAt(i) === RBRACE) return members;
  let nextYield = SCAN_SLICE;
  const keys = new Set<string>();
  for (;;) {
    if (text.charCodeAt(i) !== QUOTE) throw new NotSimple();
    const keyEnd = skipString(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    // A repeated or ill-formed top-level name: checkJsonText, after the fallback's JSON.parse, reports it.
    if (keys.has(key) || key.includes('\0') || !key.isWellFormed()) throw new NotSimple();
    keys.add(key);
    i = skipSpace(text, keyEnd);
    if (text.charCodeAt(i) !== COLON) throw new NotSimple();
    i = skipSpace(text, i + 1);
    if (text.charCodeAt(i) === LBRACKET) {
      const elements: Array<[number, number]> = [];
      i = skipSpace(text, i + 1);
      if (text.charCodeAt(i) === RBRACKET) i++;
      else {
        for (;;) {
          const end = valueEnd(text, i, [key, elements.length]);
          elements.push([i, end]);
          if (end > nextYield) {
            nextYield = end + SCAN_SLICE;
            await yieldToLoop();
          }
          i = skipSpace(text, end);
          const c = text.charCodeAt(i);
          if (c === RBRACKET) {
            i++;
            break;
          }
          if (c !== COMMA) throw new NotSimple();
          i = skipSpace(text, i + 1);
        }
      }
      members.push({ key, elements });
    } else {
      const end = valueEnd(text, i, [key]);
      members.push({ key, value: [i, end] });
      i = end;
    }
    i = skipSpace(text, i);
    const c = text.charCodeAt(i);
    if (c === RBRACE) {
      if (skipSpace(text, i + 1) !== text.length) throw new NotSimple();
      return members;
    }
    if (c !== COMMA) throw new NotSimple();
    i = skipSpace(text, i + 1);
  }
}

/**
 * Same result as JSON.parse(text), without holding the event loop for long on big bodies; and the checks of
 * json-checks.ts, failing with a JsonInputError (after a SyntaxError, if the text is not JSON at all).
 */
export async function parseJsonInSlices(text: string): Promise<unknown> {
  let members;
  try {
    members = await scan(text);
  } catch (err) {
    if (err instanceof NotSimple) return parseCheckedJson(text);
    if (err instanceof JsonInputError) JSON.parse(text); // a syntax error anywhere is the answer instead
    throw err;
  }
  const out: Record<string, unknown> = {};
  for (const m of members) {
    if ('value' in m) {
      setOwn(out, m.key, JSON.parse(text.slice(m.value[0], m.value[1])));
      continue;
    }
    const arr = new Array<unknown>(m.elements.length);
    for (const [k, [a, b]] of m.elements.entries()) {
      arr[k] = JSON.parse(text.slice(a, b));
      if (k % PARSE_SLICE === PARSE_SLICE - 1) await yieldToLoop();
    }
    setOwn(out, m.key, arr);
  }
  return out;
}

/** JSON.parse(text), then the checks of json-checks.ts over the same text. */
export function parseCheckedJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  checkJsonText(text);
  return value;
}

/** As JSON.parse does: every key, "__proto__" included, becomes an own property. */
function setOwn(o: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}
