/**
 * The bank's tokens and the PKCE verifier are needed in clear text to use them, so they are kept sealed
 * (AES-256-GCM) under a key derived from the installation key for this purpose only: a copy of the consents
 * table alone gives nothing away. Changing OBI_SECRET_KEY makes them unreadable: those consents then fail as
 * revoked ones do, and the customer authorises again.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'b1';

function keyFrom(installationKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', installationKey, 'obi', 'bank tokens', 32));
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

/** null when it was not sealed with this key (or was altered). */
export function unseal(installationKey: string, sealed: string | null): string | null {
  if (sealed === null) return null;
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(installationKey), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
