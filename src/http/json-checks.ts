/**
 * What JSON.parse lets through and this service refuses, found by one character scan of the text (the scan the
 * sliced parser makes anyway to find the elements, json-slices.ts): a NUL (\u0000) or a lone surrogate (\uD800
 * without its pair) in a string or a member name, a member name given twice in one object, and nesting deeper
 * than MAX_JSON_DEPTH. Each is reported with the JSON pointer of the member it concerns.
 *
 * The scan does not judge the syntax: on text JSON.parse rejects it may stop anywhere (it returns -1 for text
 * that ends inside a value), so callers report a malformed body in preference to what the scan found.
 */

/** Containers deeper than this are refused: no body of this API nests beyond a handful of levels. */
export const MAX_JSON_DEPTH = 32;

export class JsonInputError extends Error {
  readonly pointer: string;
  constructor(pointer: string, detail: string) {
    super(detail);
    this.name = 'JsonInputError';
    this.pointer = pointer;
  }
}

export type PointerSegment = string | number;

/** Character codes of JSON's punctuation, shared with the sliced parser (src/http/json-slices.ts). */
export const QUOTE = 34,
  BACKSLASH = 92,
  LBRACE = 123,
  RBRACE = 125,
  LBRACKET = 91,
  RBRACKET = 93,
  COMMA = 44,
  COLON = 58;
const LOWER_U = 117;

function escapePointerSegment(segment: PointerSegment): string {
  return typeof segment === 'number' ? String(segment) : segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointerOf(segments: readonly PointerSegment[]): string {
  let out = '';
  for (const s of segments) out += `/${escapePointerSegment(s)}`;
  return out;
}

/** A member name made fit to appear in a pointer: NULs and lone surrogates become U+FFFD. */
function printable(name: string): string {
  return name.replace(/\0/g, '\uFFFD').toWellFormed();
}

function hex4(text: string, at: number): number {
  let code = 0;
  for (let k = at; k < at + 4; k++) {
    const c = text.charCodeAt(k);
    const d = c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1;
    if (d < 0) return -1;
    code = code * 16 + d;
  }
  return code;
}

const UNTERMINATED = -1,
  HAS_NUL = -2,
  LONE_SURROGATE = -3;

/**
 * Index just after the string starting at `i` (a quote); or UNTERMINATED, or HAS_NUL / LONE_SURROGATE for a
 * \u0000 escape / a surrogate escape without its pair. Only \u escapes need a look: the text comes from valid
 * UTF-8, so it holds no raw lone surrogate, and JSON.parse refuses a raw control character in a string.
 */
function scanString(text: string, i: number): number {
  const n = text.length;
  for (let j = i + 1; j < n; j++) {
    const c = text.charCodeAt(j);
    if (c === QUOTE) return j + 1;
    if (c !== BACKSLASH) continue;
    if (text.charCodeAt(j + 1) !== LOWER_U) {
      j++;
      continue;
    }
    const code = hex4(text, j + 2);
    if (code === 0) return HAS_NUL;
    if (code >= 0xdc00 && code <= 0xdfff) return LONE_SURROGATE;
    if (code >= 0xd800 && code <= 0xdbff) {
      const low = text.charCodeAt(j + 6) === BACKSLASH && text.charCodeAt(j + 7) === LOWER_U ? hex4(text, j + 8) : -1;
      if (low < 0xdc00 || low > 0xdfff) return LONE_SURROGATE;
      j += 6;
    }
    j += 5;
  }
  return UNTERMINATED;
}

const STRING_PROBLEMS: Record<number, string> = {
  [HAS_NUL]: 'contains a NUL character (U+0000), which this service does not accept',
  [LONE_SURROGATE]: 'contains a lone UTF-16 surrogate (a \\uD800–\\uDFFF escape without its pair)',
};
const NOT_UTF8 = 'is not valid UTF-8 (its bad bytes would read as U+FFFD)';

function isWhitespace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/*
 * The scan's state lives in these arrays, reused by every call (a call runs to its end synchronously), so a scan
 * of 100 000 elements allocates next to nothing. Level d (1 = the outermost container of the value):
 * OBJECT or ARRAY; in an array the current element's index, in an object the current member's name (its range
 * in the text); and where the object's names start in the name table. The name table holds a hash and the text
 * range of every name of the open objects (a stack: an object's names go when it closes).
 */
const OBJECT = 1,
  ARRAY = 2;
const kind = new Uint8Array(MAX_JSON_DEPTH + 1);
const at = new Int32Array(MAX_JSON_DEPTH + 1);
const atEnd = new Int32Array(MAX_JSON_DEPTH + 1);
const firstName = new Int32Array(MAX_JSON_DEPTH + 1);
/** Objects with more names than this also index them by hash, so a huge object costs no quadratic time. */
const LINEAR_NAMES = 32;
const bigObjects: Array<Map<number, number[]> | undefined> = [];
let nameHash = new Int32Array(1024);
let nameStart = new Int32Array(1024);
let nameEnd = new Int32Array(1024);
let names = 0;

function decodeName(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end - 1);
  return raw.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : raw;
}

function hashOf(name: string): number {
  let h = 0;
  for (let k = 0; k < name.length; k++) h = (Math.imul(h, 31) + name.charCodeAt(k)) | 0;
  return h;
}

/** The pointer of level `depth`'s current member or element, below `base`; `last` replaces the innermost segment. */
function pointerAt(text: string, base: readonly PointerSegment[], depth: number, last?: string): string {
  const segments: PointerSegment[] = [...base];
  for (let d = 1; d <= depth; d++) {
    if (d === depth && last !== undefined) segments.push(last);
    else if (kind[d] === ARRAY) segments.push(at[d] ?? 0);
    else if ((at[d] ?? -1) >= 0) segments.push(decodeName(text, at[d] ?? 0, atEnd[d] ?? 0));
  }
  return pointerOf(segments);
}

function addName(hash: number, start: number, end: number): void {
  if (names === nameHash.length) {
    const grow = (a: Int32Array) => {
      const b = new Int32Array(a.length * 2);
      b.set(a);
      return b;
    };
    nameHash = grow(nameHash);
    nameStart = grow(nameStart);
    nameEnd = grow(nameEnd);
  }
  nameHash[names] = hash;
  nameStart[names] = start;
  nameEnd[names] = end;
  names++;
}

function sameName(text: string, i: number, start: number, end: number): boolean {
  return decodeName(text, nameStart[i] ?? 0, nameEnd[i] ?? 0) === decodeName(text, start, end);
}

/** Whether the object at `depth` already has the name text[start, end) (hash `hash`); records it if not. */
function repeatsName(text: string, depth: number, hash: number, start: number, end: number): boolean {
  const from = firstName[depth] ?? 0;
  const big = bigObjects[depth];
  if (big !== undefined) {
    const same = big.get(hash);
    if (same !== undefined) {
      for (const i of same) if (sameName(text, i, start, end)) return true;
      same.push(names);
    } else big.set(hash, [names]);
  } else {
    for (let i = from; i < names; i++) if (nameHash[i] === hash && sameName(text, i, start, end)) return true;
    if (names - from === LINEAR_NAMES) bigObjects[depth] = indexNames(from, hash);
  }
  addName(hash, start, end);
  return false;
}

/** The names from `from` on, and the one about to be added (hash `hash`), by hash. */
function indexNames(from: number, hash: number): Map<number, number[]> {
  const index = new Map<number, number[]>();
  for (let i = from; i <= names; i++) {
    const h = i === names ? hash : (nameHash[i] ?? 0);
    const list = index.get(h);
    if (list === undefined) index.set(h, [i]);
    else list.push(i);
  }
  return index;
}

/** Index just after the member name at `i`, its hash in `scannedHash` (hashOf of the decoded name). */
let scannedHash = 0;
function scanName(text: string, i: number): number {
  let h = 0;
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === QUOTE) {
      scannedHash = h;
      return j + 1;
    }
    if (c === BACKSLASH) {
      const end = scanString(text, i);
      if (end > 0) scannedHash = hashOf(decodeName(text, i, end));
      return end;
    }
    h = (Math.imul(h, 31) + c) | 0;
  }
  return UNTERMINATED;
}

function nameProblem(text: string, start: number, base: readonly PointerSegment[], depth: number, detail: string) {
  let end = start + 1;
  while (end < text.length && text.charCodeAt(end) !== QUOTE) end += text.charCodeAt(end) === BACKSLASH ? 2 : 1;
  const name = printable(JSON.parse(text.slice(start, end + 1)) as string);
  return new JsonInputError(pointerAt(text, base, depth, name), detail);
}

/**
 * Checks the JSON value starting at text[start] (no whitespace before it) and returns the index just after it,
 * or -1 when the text ends inside it. `base`: the pointer segments of the value, for the errors. `stopAt`: a
 * string reaching past this index is reported as invalid UTF-8 (used to name the member a bad byte is in).
 */
export function checkJsonValue(
  text: string,
  start: number,
  base: readonly PointerSegment[] = [],
  stopAt = Infinity,
): number {
  const first = text.charCodeAt(start);
  if (first !== QUOTE && first !== LBRACE && first !== LBRACKET) return skipPrimitive(text, start);
  const maxDepth = MAX_JSON_DEPTH - base.length;
  const namesBefore = names;
  let depth = 0;
  let expectName = false;
  try {
    for (let j = start; j < text.length; j++) {
      const c = text.charCodeAt(j);
      if (c === QUOTE) {
        if (expectName) {
          const end = scanName(text, j);
          if (end === UNTERMINATED) return -1;
          if (end < 0 || end > stopAt)
            throw nameProblem(text, j, base, depth, end < 0 ? (STRING_PROBLEMS[end] ?? 'is invalid') : NOT_UTF8);
          if (repeatsName(text, depth, scannedHash, j, end))
            throw new JsonInputError(
              pointerAt(text, base, depth, decodeName(text, j, end)),
              'is given more than once in its object',
            );
          at[depth] = j;
          atEnd[depth] = end;
          expectName = false;
          j = end - 1;
          continue;
        }
        const end = scanString(text, j);
        if (end === UNTERMINATED) return -1;
        if (end < 0 || end > stopAt)
          throw new JsonInputError(
            pointerAt(text, base, depth),
            end < 0 ? (STRING_PROBLEMS[end] ?? 'is invalid') : NOT_UTF8,
          );
        if (depth === 0) return end;
        j = end - 1;
      } else if (c === LBRACE || c === LBRACKET) {
        if (depth >= maxDepth)
          throw new JsonInputError(pointerAt(text, base, depth), `nests deeper than ${MAX_JSON_DEPTH} levels`);
        depth++;
        kind[depth] = c === LBRACE ? OBJECT : ARRAY;
        at[depth] = c === LBRACE ? -1 : 0;
        firstName[depth] = names;
        bigObjects[depth] = undefined;
        expectName = c === LBRACE;
      } else if (c === RBRACE || c === RBRACKET) {
        names = firstName[depth] ?? names;
        bigObjects[depth] = undefined;
        depth--;
        expectName = false;
        if (depth === 0) return j + 1;
      } else if (c === COMMA) {
        if (kind[depth] === OBJECT) expectName = true;
        else at[depth] = (at[depth] ?? 0) + 1;
      }
    }
    return -1;
  } finally {
    names = namesBefore;
    for (let d = 1; d <= depth; d++) bigObjects[d] = undefined;
  }
}

/** Index just after the number, true, false or null at `start`. */
function skipPrimitive(text: string, start: number): number {
  let j = start;
  while (j < text.length) {
    const c = text.charCodeAt(j);
    if (c === COMMA || c === RBRACE || c === RBRACKET || isWhitespace(c)) break;
    j++;
  }
  return j;
}

/** Checks a whole JSON text (JSON.parse has accepted it). */
export function checkJsonText(text: string): void {
  let i = 0;
  while (i < text.length && isWhitespace(text.charCodeAt(i))) i++;
  checkJsonValue(text, i);
}
