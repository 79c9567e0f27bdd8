/** PKCE (RFC 7636) with S256, and the other random values of an authorisation request. */
import { createHash, randomBytes } from 'node:crypto';
import type { Pkce } from './connector.ts';

/** 32 random bytes → a 43-character verifier (the RFC's minimum length, 256 bits). */
export function createPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** An unguessable value for `state` and `nonce`. */
export function randomValue(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
