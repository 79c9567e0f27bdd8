/**
 * The one place secrets at rest are sealed: values the service must use in clear text later (a connect session's
 * customer token, a bank's tokens, PKCE verifier and nonce, a customer's IP address in a pull's job, a webhook's signing secret) cannot be hashed, so they are
 * kept sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the installation key for one purpose only.
 * A copy of a table alone gives nothing away, and a value sealed for one purpose does not open for another.
 *
 * Format: `<tag>.<iv>.<auth tag>.<ciphertext>`, base64url, with a 12-byte random IV. The tag names the format
 * version per purpose (kept as the first sealing code wrote it, so stored values still open). Changing
 * OBI_SECRET_KEY makes every sealed value unreadable (docs/api-notes.md says what follows for each).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export type SealPurpose =
  | 'connect session tokens'
  | 'bank tokens'
  | 'bank flow urls'
  | 'bank flow state'
  | 'webhook signing secrets'
  | 'customer ip';

const FORMAT_TAG: Record<SealPurpose, string> = {
  'connect session tokens': 'v1',
  'bank tokens': 'b1',
  'bank flow urls': 'f1',
  'bank flow state': 's1',
  'webhook signing secrets': 'v1',
  'customer ip': 'c1',
};

export class SealedBoxError extends Error {
  constructor(purpose: SealPurpose) {
    super(`not a value sealed for ${purpose} with this installation key (or it was altered)`);
    this.name = 'SealedBoxError';
  }
}

function keyFor(installationKey: string, purpose: SealPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', installationKey, 'obi', purpose, 32));
}

export function seal(installationKey: string, purpose: SealPurpose, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(installationKey, purpose), iv);
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return [FORMAT_TAG[purpose], iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The clear value; throws SealedBoxError when it was not sealed for this purpose with this key, or was altered. */
export function unseal(installationKey: string, purpose: SealPurpose, sealed: string): string {
  const [tag, iv, authTag, body] = sealed.split('.');
  if (tag !== FORMAT_TAG[purpose] || !iv || !authTag || body === undefined) throw new SealedBoxError(purpose);
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(installationKey, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(authTag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedBoxError(purpose);
  }
}

/** As unseal, but null for a missing or unreadable value (callers that treat that as "access lost"). */
export function unsealOrNull(installationKey: string, purpose: SealPurpose, sealed: string | null): string | null {
  if (sealed === null) return null;
  try {
    return unseal(installationKey, purpose, sealed);
  } catch (err) {
    if (err instanceof SealedBoxError) return null;
    throw err;
  }
}
