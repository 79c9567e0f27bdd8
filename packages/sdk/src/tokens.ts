/**
 * The client's access token (endpoint 1, client_credentials): fetched on first use, reused until shortly before
 * it expires, fetched again after that or when the service says it has expired. One request at a time fetches it.
 */
import { ApiError } from './errors.ts';

export interface Credentials {
  /** the service's base URL, e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** fetch to use (default: the global one) */
  fetch?: typeof fetch;
  /** renew this many seconds before the token expires (default 60) */
  refreshMarginSeconds?: number;
  /** the clock, for tests (default Date.now) */
  now?: () => number;
}

export class TokenSource {
  readonly #credentials: Credentials;
  #token: string | null = null;
  #expiresAt = 0;
  #pending: Promise<string> | null = null;

  constructor(credentials: Credentials) {
    this.#credentials = credentials;
  }

  /** A valid access token, fetched if there is none or it is about to expire. */
  async token(): Promise<string> {
    const now = (this.#credentials.now ?? Date.now)();
    if (this.#token && now < this.#expiresAt) return this.#token;
    this.#pending ??= this.#fetch().finally(() => {
      this.#pending = null;
    });
    return this.#pending;
  }

  /** Forgets the token (the service refused it): the next request fetches a new one. */
  invalidate(token?: string): void {
    if (token === undefined || token === this.#token) this.#token = null;
  }

  async #fetch(): Promise<string> {
    const { baseUrl, clientId, clientSecret } = this.#credentials;
    const doFetch = this.#credentials.fetch ?? fetch;
    const response = await doFetch(new URL('/oauth/v2/token', baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials' }),
    });
    const body = (await response.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null;
    if (!response.ok || typeof body?.access_token !== 'string') throw new ApiError(response, body);
    const margin = this.#credentials.refreshMarginSeconds ?? 60;
    const lifetime = Math.max(0, (body.expires_in ?? 0) - margin);
    this.#token = body.access_token;
    this.#expiresAt = (this.#credentials.now ?? Date.now)() + lifetime * 1000;
    return body.access_token;
  }
}
