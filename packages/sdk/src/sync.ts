/**
 * The change feed (`GET /public/v3/customers/{customer_id}/transactions/sync`): what was added, modified and removed
 * since a cursor. Keep the last page's `next_cursor` (a string bound to this client and customer) and pass it next
 * time to receive only what changed since; leave it out the first time to receive everything.
 */
import type { ObiClient } from './client.ts';
import { ok } from './errors.ts';
import type { paths } from './schema.ts';

type SyncPath = '/public/v3/customers/{customer_id}/transactions/sync';
export type SyncPage = paths[SyncPath]['get']['responses'][200]['content']['application/json'];

/**
 * Each page of changes from `cursor` (from the beginning without one) until the feed has no more to give now. Apply
 * every page's `added`, `modified` and `removed` in order, then store its `next_cursor`: a run cut off half-way goes
 * on from the last stored cursor and loses nothing.
 */
export async function* sync(
  obi: ObiClient,
  customerId: string,
  options: { cursor?: string; count?: number } = {},
): AsyncGenerator<SyncPage> {
  let cursor = options.cursor;
  for (;;) {
    const query: { cursor?: string; count?: number } = {};
    if (cursor !== undefined) query.cursor = cursor;
    if (options.count !== undefined) query.count = options.count;
    const page = ok(
      await obi.api.GET('/public/v3/customers/{customer_id}/transactions/sync', {
        params: { path: { customer_id: customerId }, query },
      }),
    );
    yield page;
    if (!page.has_more) return;
    cursor = page.next_cursor;
  }
}
