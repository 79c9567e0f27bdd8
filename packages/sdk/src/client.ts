/**
 * The typed client: openapi-fetch over the service's OpenAPI document (src/schema.ts, generated), with the
 * client's access token added to every request and renewed when the service answers that it has expired.
 */
import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema.ts';
import { TokenSource, type Credentials } from './tokens.ts';

export type ApiClient = Client<paths>;

export interface ObiClient {
  /** every operation of the API, typed: `ok(await obi.api.GET('/public/v3/customers/{customer_id}/accounts', …))` */
  api: ApiClient;
  tokens: TokenSource;
  baseUrl: string;
}

/** Requests whose Authorization this client set, with a copy to send again once with a new token. */
const retries = new WeakMap<Request, Request>();

function bearer(tokens: TokenSource, doFetch: typeof fetch): Middleware {
  return {
    async onRequest({ request }) {
      if (request.headers.has('authorization')) return request; // the caller chose (e.g. an AppUserToken)
      const token = await tokens.token();
      request.headers.set('authorization', `Bearer ${token}`);
      retries.set(request, request.clone());
      return request;
    },
    async onResponse({ request, response }) {
      const copy = retries.get(request);
      if (response.status !== 401 || !copy) return response;
      // Expired or revoked: one new token, one more try.
      tokens.invalidate(copy.headers.get('authorization')?.replace(/^Bearer /, ''));
      copy.headers.set('authorization', `Bearer ${await tokens.token()}`);
      return doFetch(copy);
    },
  };
}

/** A client for one lender's credentials. */
export function createClient(credentials: Credentials): ObiClient {
  const doFetch = credentials.fetch ?? ((input, init) => fetch(input, init));
  const tokens = new TokenSource(credentials);
  const api = createFetchClient<paths>({ baseUrl: credentials.baseUrl, fetch: doFetch });
  api.use(bearer(tokens, doFetch));
  return { api, tokens, baseUrl: credentials.baseUrl };
}
