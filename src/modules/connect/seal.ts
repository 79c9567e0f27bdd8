/**
 * The customer token a connect session acts with is needed in clear text on every page, so it cannot be hashed:
 * it is kept sealed (AES-256-GCM) under a key derived from the installation key. A copy of the sessions table
 * alone gives no usable token.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

function keyFrom(installationKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', installationKey, 'obi', 'connect session tokens', 32));
}

export function seal(installationKey: string, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(installationKey), iv);
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

/** Throws when the value was not sealed with this key (or was altered). */
export function unseal(installationKey: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed connect token');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(installationKey), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
