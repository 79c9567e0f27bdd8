/**
 * The addresses of the hosted connect pages (src/web serves them). Invitation links are signed rather than stored
 * (src/lib/customer-links.ts).
 */
import { signedLinks } from './customer-links.ts';

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

const invitationLinks = signedLinks('invitation', `${CONNECT_PREFIX}/invitations`);
export const isInvitationSignature = invitationLinks.isSignature;
export const invitationUrl = invitationLinks.url;

export function componentUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}${CONNECT_PREFIX}/component/${token}`;
}

export function sessionPath(secret: string, rest = ''): string {
  return `${CONNECT_PREFIX}/s/${secret}${rest}`;
}
