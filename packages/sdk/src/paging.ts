/**
 * Paging: list answers carry `_links.next` (null on the last page), whose query holds the page number and an
 * opaque cursor; these follow it to the end so a caller never builds page URLs itself.
 */
import type { ObiClient } from './client.ts';
import { ok } from './errors.ts';
import type { paths } from './schema.ts';

type RawPath = '/public/v3/customers/{customer_id}/raw-transactions';
type CategorisedPath = '/public/v3/customers/{customer_id}/transactions';
type ListPath = RawPath | CategorisedPath;
type Query<P extends ListPath> = NonNullable<paths[P]['get']['parameters']['query']>;
type Page<P extends ListPath> = paths[P]['get']['responses'][200]['content']['application/json'];

/** Each page of a customer's raw or categorised transactions, the filters of `query` applied. */
export async function* pages<P extends ListPath>(
  obi: ObiClient,
  path: P,
  customerId: string,
  query: Query<P> = {} as Query<P>,
): AsyncGenerator<Page<P>> {
  let params: Record<string, string | number> = { ...query };
  for (;;) {
    const page = ok(
      // The two paths share their parameters; openapi-fetch's overloads want one literal path.
      await obi.api.GET(path as RawPath, { params: { path: { customer_id: customerId }, query: params } }),
    ) as Page<P>;
    yield page;
    const next = page._links.next?.href;
    if (!next) return;
    params = Object.fromEntries(new URL(next, obi.baseUrl).searchParams);
  }
}

/** Every item of every page, in order. */
export async function* items<P extends ListPath>(
  obi: ObiClient,
  path: P,
  customerId: string,
  query?: Query<P>,
): AsyncGenerator<Page<P>['data'][number]> {
  for await (const page of pages(obi, path, customerId, query)) yield* page.data;
}
