/**
 * PS256 signing keys (RSA 2048), generated at start: the banks' id_token / JARM keys, the sandbox directory's
 * software-statement key and the built-in client's request-object key. UK Open Banking allows PS256 only.
 */
import { generateKeyPair, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { exportJWK, type JWK } from 'jose';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  /** PKCS8 PEM */
  privatePem: string;
  /** the private JWK (kid, alg PS256, use sig): what oidc-provider's `jwks` takes */
  privateJwk: JWK;
  /** the public JWK (kid, alg PS256, use sig): what a JWKS publishes */
  publicJwk: JWK;
}

const generate = promisify(generateKeyPair);

export async function generateSigningKey(): Promise<SigningKey> {
  const { privateKey } = await generate('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cryptoKey = await globalThis.crypto.subtle.importKey(
    'pkcs8',
    privateKey.export({ type: 'pkcs8', format: 'der' }),
    { name: 'RSA-PSS', hash: 'SHA-256' },
    true,
    ['sign'],
  );
  const jwk = await exportJWK(privateKey);
  const meta = { kid, alg: 'PS256', use: 'sig' };
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...pub } = jwk;
  return { kid, privateKey: cryptoKey, privatePem, privateJwk: { ...jwk, ...meta }, publicJwk: { ...pub, ...meta } };
}
