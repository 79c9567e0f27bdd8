/**
 * The bank's token endpoint (RFC 6749): client credentials (to create and read consents), authorization code with
 * the PKCE verifier (RFC 7636), refresh. Client authentication by client_secret_basic or client_secret_post.
 * invalid_grant means the customer's grant is gone (revoked, expired, already used): access is lost.
 */
import {
  BankAuthLostError,
  BankBadResponseError,
  BankRateLimitedError,
  BankUnavailableError,
  parseRetryAfter,
} from '../errors.ts';
import type { BankTokens } from '../connector.ts';
import { bankRequest } from '../http.ts';
import type { Transport } from './transport.ts';

export interface TokenAnswer extends BankTokens {
  scope: string | null;
}

export async function requestToken(
  t: Transport,
  tokenEndpoint: string,
  params: Record<string, string>,
): Promise<TokenAnswer> {
  const form = new URLSearchParams(params);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (t.settings.tokenAuthMethod === 'client_secret_basic') {
    // RFC 6749 §2.3.1: id and secret are form-urlencoded before they are joined and base64-encoded.
    const id = encodeURIComponent(t.settings.clientId);
    const secret = encodeURIComponent(t.settings.clientSecret);
    headers.authorization = `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  } else {
    form.set('client_id', t.settings.clientId);
    form.set('client_secret', t.settings.clientSecret);
  }
  const res = await bankRequest(t.http, { method: 'POST', url: tokenEndpoint, headers, body: form.toString() });
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(res.body) as Record<string, unknown>;
  } catch {
    if (res.status === 200)
      throw new BankBadResponseError(t.slug, 'the token endpoint answered with something that is not JSON', 200);
  }
  const grant = params.grant_type;
  if (res.status === 429) {
    const h = res.headers['retry-after'];
    throw new BankRateLimitedError(
      t.slug,
      parseRetryAfter(Array.isArray(h) ? h[0] : h, t.clock.now()),
      `the token endpoint rate-limited the ${grant} grant`,
    );
  }
  if (res.status >= 500)
    throw new BankUnavailableError(
      t.slug,
      `the token endpoint answered ${res.status} to the ${grant} grant`,
      res.status,
    );
  if (res.status !== 200) {
    const error = typeof body.error === 'string' ? body.error : `status ${res.status}`;
    if (error === 'invalid_grant' && grant !== 'client_credentials')
      throw new BankAuthLostError(
        t.slug,
        'token_invalid',
        `the bank refused the ${grant} grant (invalid_grant)`,
        res.status,
      );
    throw new BankBadResponseError(t.slug, `the token endpoint refused the ${grant} grant (${error})`, res.status);
  }
  const access = body.access_token;
  const expiresIn = Number(body.expires_in ?? 3600);
  if (typeof access !== 'string' || access === '' || !Number.isFinite(expiresIn))
    throw new BankBadResponseError(t.slug, 'the token answer has no access_token or a bad expires_in', 200);
  return {
    accessToken: access,
    refreshToken: typeof body.refresh_token === 'string' && body.refresh_token !== '' ? body.refresh_token : null,
    expiresAt: Math.floor(t.clock.now().getTime() / 1000) + Math.max(0, Math.floor(expiresIn)),
    scope: typeof body.scope === 'string' ? body.scope : null,
  };
}
