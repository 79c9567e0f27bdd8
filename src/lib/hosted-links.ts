/**
 * The addresses of the hosted connect pages (src/web serves them). Invitation links are signed rather than stored:
 * the signature is an HMAC of the invitation id under a key derived from the installation key, so the list endpoint
 * can show every invitation's url again, the database never holds a usable link, and a guessed id opens nothing.
 * Changing OBI_SECRET_KEY ends the links of invitations already sent.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const CONNECT_PREFIX = '/connect';
/** Where the bank flow (endpoint 5) returns the customer to when it was started from the hosted pages. */
const HOSTED_RETURN_PATH = `${CONNECT_PREFIX}/return`;

export function hostedReturnUrl(publicBaseUrl: string): string {
  return `${publicBaseUrl}${HOSTED_RETURN_PATH}`;
}

/** True for the hosted pages' own return address: endpoint 5 accepts it beside the client's redirect_urls. */
export function isHostedReturnUrl(publicBaseUrl: string, url: string): boolean {
  return url === hostedReturnUrl(publicBaseUrl);
}

function linkKey(installationKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', installationKey, 'obi', 'invitation links', 32));
}

function invitationSignature(installationKey: string, invitationId: string): string {
  return createHmac('sha256', linkKey(installationKey))
    .update(`invitation:${invitationId}`)
    .digest('base64url')
    .slice(0, 32);
}

export function isInvitationSignature(installationKey: string, invitationId: string, signature: string): boolean {
  const expected = Buffer.from(invitationSignature(installationKey, invitationId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function invitationUrl(publicBaseUrl: string, installationKey: string, invitationId: string): string {
  return `${publicBaseUrl}${CONNECT_PREFIX}/invitations/${encodeURIComponent(invitationId)}/${invitationSignature(installationKey, invitationId)}`;
}

export function componentUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}${CONNECT_PREFIX}/component/${token}`;
}

export function sessionPath(secret: string, rest = ''): string {
  return `${CONNECT_PREFIX}/s/${secret}${rest}`;
}
