/**
 * The address of a hosted reconfirmation page (docs/decisions/0060-reconfirmation-links.md), signed like an
 * invitation link (src/lib/hosted-links.ts) but under a key of its own: an HMAC of the link id, so the list
 * endpoint can show the url again, the database never holds a usable link, and a guessed id opens nothing.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const RECONFIRM_PREFIX = '/connect/reconfirm';

function linkKey(installationKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', installationKey, 'obi', 'reconfirmation links', 32));
}

function reconfirmationSignature(installationKey: string, id: string): string {
  return createHmac('sha256', linkKey(installationKey)).update(`reconfirmation:${id}`).digest('base64url').slice(0, 32);
}

export function isReconfirmationSignature(installationKey: string, id: string, signature: string): boolean {
  const expected = Buffer.from(reconfirmationSignature(installationKey, id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function reconfirmationPath(installationKey: string, id: string): string {
  return `${RECONFIRM_PREFIX}/${encodeURIComponent(id)}/${reconfirmationSignature(installationKey, id)}`;
}

export function reconfirmationUrl(publicBaseUrl: string, installationKey: string, id: string): string {
  return `${publicBaseUrl}${reconfirmationPath(installationKey, id)}`;
}
