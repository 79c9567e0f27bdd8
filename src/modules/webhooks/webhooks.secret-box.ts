/**
 * Webhook signing secrets are needed in clear text to sign, so unlike client secrets they cannot be hashed.
 * They are kept sealed with AES-256-GCM under a key derived from the installation key (OBI_SECRET_KEY, or the
 * generated one): a copy of the webhooks table alone does not give away the secrets. Changing OBI_SECRET_KEY
 * makes the stored secrets unreadable (as it makes client secrets fail); such webhooks must be registered again.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

function keyFrom(installationKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', installationKey, 'obi', 'webhook signing secrets', 32));
}

export function sealSecret(installationKey: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(installationKey), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

/** Throws when the sealed value was not made with this key (or was altered). */
export function openSecret(installationKey: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed webhook secret');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(installationKey), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
