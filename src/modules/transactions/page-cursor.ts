/**
 * The `cursor` query member of transaction lists: an opaque token in `_links.next` that names the page it
 * opens and the last row of the page before it, so walking the pages costs O(page) each instead of an
 * ever-growing OFFSET. A cursor that does not fit the request (another page number, tampered) is ignored
 * and the page is read by its number, so links stay correct whatever the client does with them.
 */
import type { PageKey } from './transactions.repo.ts';

interface CursorBody {
  p: number;
  b: number;
  i: string;
  /** the total counted on the first page: a walk reports the size it started with and skips the count */
  t: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface Continuation {
  after: PageKey;
  total: number;
}

export function encodeCursor(page: number, last: PageKey, total: number): string {
  return Buffer.from(
    JSON.stringify({ p: page, b: last.booking_date_time, i: last.id, t: total } satisfies CursorBody),
  ).toString('base64url');
}

/** Where to continue, when the cursor is well-formed and opens `page`. */
export function decodeCursor(cursor: string | undefined, page: number): Continuation | undefined {
  if (!cursor) return undefined;
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorBody>;
    if (
      c.p !== page ||
      typeof c.b !== 'number' ||
      !Number.isSafeInteger(c.b) ||
      typeof c.i !== 'string' ||
      !UUID.test(c.i) ||
      typeof c.t !== 'number' ||
      !Number.isSafeInteger(c.t) ||
      c.t < 0
    )
      return undefined;
    return { after: { booking_date_time: c.b, id: c.i }, total: c.t };
  } catch {
    return undefined;
  }
}
