/** The random values of an authorisation request: the PKCE verifier (RFC 7636, openid-client's), state and nonce. */
import { randomBytes } from 'node:crypto';
import { randomPKCECodeVerifier } from 'openid-client';

/** A 43-character verifier (256 bits); the bank gets its S256 challenge (src/banks/obie/fapi.ts). */
export function createPkceVerifier(): string {
  return randomPKCECodeVerifier();
}

/** An unguessable value for `state` and `nonce`. */
export function randomValue(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
