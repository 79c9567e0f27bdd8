/**
 * The bank's OpenID Provider configuration (OpenID Connect Discovery 1.0): where its authorisation and token
 * endpoints are. Cached per URL for an hour; a failed fetch is not cached.
 */
import type { BankHttpOptions } from '../http.ts';
import { bankRequest } from '../http.ts';
import { BankBadResponseError, BankUnavailableError } from '../errors.ts';

export interface Discovery {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  codeChallengeMethods: string[];
}

const TTL_MS = 3600_000;
const cache = new Map<string, { at: number; value: Discovery }>();

export async function discover(http: BankHttpOptions, url: string, nowMs: number): Promise<Discovery> {
  const hit = cache.get(url);
  if (hit && nowMs - hit.at < TTL_MS && nowMs >= hit.at) return hit.value;
  const res = await bankRequest(http, { method: 'GET', url });
  if (res.status >= 500 || res.status === 429)
    throw new BankUnavailableError(http.slug, `the discovery document answered ${res.status}`, res.status);
  if (res.status !== 200)
    throw new BankBadResponseError(http.slug, `the discovery document answered ${res.status}`, res.status);
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(res.body) as Record<string, unknown>;
  } catch {
    throw new BankBadResponseError(http.slug, 'the discovery document is not JSON', res.status);
  }
  const need = (k: string): string => {
    const v = doc[k];
    if (typeof v !== 'string' || !/^https?:\/\//.test(v))
      throw new BankBadResponseError(http.slug, `the discovery document has no usable "${k}"`);
    return v;
  };
  const value: Discovery = {
    issuer: need('issuer'),
    authorizationEndpoint: need('authorization_endpoint'),
    tokenEndpoint: need('token_endpoint'),
    codeChallengeMethods: Array.isArray(doc.code_challenge_methods_supported)
      ? doc.code_challenge_methods_supported.map(String)
      : [],
  };
  cache.set(url, { at: nowMs, value });
  return value;
}
