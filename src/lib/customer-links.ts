/**
 * What every link a client sends one customer has in common: invitations (docs/decisions/0012-invitations-and-web-component.md)
 * and reconfirmation links (docs/decisions/0060-reconfirmation-links.md).
 * - The address is signed rather than stored: an HMAC of the link's id under a key derived from the installation key
 *   (one key per kind of link), so the list endpoints can show each url again, the database never holds a usable
 *   link, and a guessed id opens nothing. Changing OBI_SECRET_KEY ends the links already sent.
 * - Its lifetime: `expires_in`, whole seconds from 5 minutes to 30 days, 7 days when not given.
 * - Its e-mails: at most INVITATION_EMAILS_PER_RECIPIENT_PER_DAY from one client to one address in 24 hours, per kind;
 *   past that the create call is refused with 429 and Retry-After (the client can send the url itself meanwhile).
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { AppError } from './app-error.ts';

export interface SignedLinks {
  signature(installationKey: string, id: string): string;
  isSignature(installationKey: string, id: string, signature: string): boolean;
  /** `{prefix}/{id}/{signature}` */
  path(installationKey: string, id: string): string;
  url(publicBaseUrl: string, installationKey: string, id: string): string;
}

/** The signed addresses of one kind of link ('invitation', 'reconfirmation'), served under `prefix`. */
export function signedLinks(kind: string, prefix: string): SignedLinks {
  const key = (installationKey: string) => Buffer.from(hkdfSync('sha256', installationKey, 'obi', `${kind} links`, 32));
  const signature = (installationKey: string, id: string) =>
    createHmac('sha256', key(installationKey)).update(`${kind}:${id}`).digest('base64url').slice(0, 32);
  const path = (installationKey: string, id: string) =>
    `${prefix}/${encodeURIComponent(id)}/${signature(installationKey, id)}`;
  return {
    signature,
    isSignature(installationKey, id, given) {
      const expected = Buffer.from(signature(installationKey, id));
      const actual = Buffer.from(given);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
    path,
    url: (publicBaseUrl, installationKey, id) => `${publicBaseUrl}${path(installationKey, id)}`,
  };
}

export const LINK_MIN_EXPIRES_IN = 300;
export const LINK_MAX_EXPIRES_IN = 30 * 86_400;
export const LINK_DEFAULT_EXPIRES_IN = 7 * 86_400;

/** `expires_in` as the create bodies take it (an integer or an integer as a string), checked; the default when absent. */
export function linkLifetimeSeconds(raw: number | string | undefined): number {
  if (raw === undefined) return LINK_DEFAULT_EXPIRES_IN;
  const n = typeof raw === 'number' ? raw : Number(raw.trim());
  if (!Number.isInteger(n) || n < LINK_MIN_EXPIRES_IN || n > LINK_MAX_EXPIRES_IN)
    throw new AppError(
      'validation_failed',
      `/expires_in must be whole seconds between ${LINK_MIN_EXPIRES_IN} and ${LINK_MAX_EXPIRES_IN}.`,
      {
        errors: [
          {
            pointer: '/expires_in',
            detail: `must be whole seconds between ${LINK_MIN_EXPIRES_IN} (5 minutes) and ${LINK_MAX_EXPIRES_IN} (30 days)`,
          },
        ],
      },
    );
  return n;
}

const DAY_MS = 86_400_000;

/**
 * Refuses one more e-mail of `what` ('invitation', 'reconfirmation') to an address that had `perDay` in the last 24
 * hours (`sent`: how many, and when the oldest of them went), with the moment the oldest leaves the window.
 */
export function requireEmailAllowance(
  what: string,
  sent: { count: number; oldest: Date | null },
  perDay: number,
  now: Date,
): void {
  if (sent.count < perDay) return;
  const retryAfter = Math.max(
    1,
    Math.ceil(((sent.oldest?.getTime() ?? now.getTime()) + DAY_MS - now.getTime()) / 1000),
  );
  throw new AppError(
    'rate_limited',
    `This address has been sent ${sent.count} ${what} e-mails in the last 24 hours; try again later or send the link yourself (send_email false).`,
    {
      headers: { 'retry-after': String(retryAfter) },
      errors: [{ pointer: '/email', detail: 'too many e-mails to this address today' }],
    },
  );
}

/** The start of the 24 hours an e-mail allowance counts. */
export const emailWindowStart = (now: Date): Date => new Date(now.getTime() - DAY_MS);
