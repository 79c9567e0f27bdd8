/**
 * The cursor of the change feed (docs/decisions/0052-transaction-change-feed.md): the position in the customer's
 * changes (a value of transaction_change_seq), sealed with an HMAC under a key derived from the installation key over
 * the client, the customer and the position. Opaque to the client, valid across restarts (the key is the
 * installation's), and useless for another client or customer: its MAC does not verify there. Changing
 * OBI_SECRET_KEY makes every cursor invalid; a client then starts the feed again without one.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/app-error.ts';

const VERSION = 'v1';
const MAC_CHARS = 32;

function cursorKey(installationKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', installationKey, 'obi', 'transaction sync cursors', 32));
}

function mac(installationKey: string, clientId: string, customerId: string, position: string): string {
  return createHmac('sha256', cursorKey(installationKey))
    .update(`${VERSION}\u0000${clientId}\u0000${customerId}\u0000${position}`)
    .digest('base64url')
    .slice(0, MAC_CHARS);
}

export interface CursorOwner {
  installationKey: string;
  clientId: string;
  customerId: string;
}

/** The cursor of `position` (a change sequence value, 0 before the first change) for this client and customer. */
export function encodeFeedCursor(owner: CursorOwner, position: bigint): string {
  const p = position.toString(36);
  return `${VERSION}.${p}.${mac(owner.installationKey, owner.clientId, owner.customerId, p)}`;
}

/**
 * The position of a cursor this service issued to this client for this customer; a 400 cursor_invalid for anything
 * else (altered, made up, issued for another customer or client, or under another installation key).
 */
export function decodeFeedCursor(owner: CursorOwner, cursor: string): bigint {
  const parts = cursor.split('.');
  const [version, p, given] = parts;
  if (
    parts.length === 3 &&
    version === VERSION &&
    p !== undefined &&
    given !== undefined &&
    /^[0-9a-z]{1,13}$/.test(p)
  ) {
    const expected = Buffer.from(mac(owner.installationKey, owner.clientId, owner.customerId, p));
    const got = Buffer.from(given);
    if (expected.length === got.length && timingSafeEqual(expected, got)) return parseBase36(p);
  }
  throw new AppError(
    'cursor_invalid',
    'This cursor was not issued for this customer: use the next_cursor of an earlier answer for the same customer, or leave cursor out to start from the beginning.',
    { errors: [{ pointer: '/query/cursor', detail: 'not a cursor of this customer' }] },
  );
}

function parseBase36(p: string): bigint {
  let n = 0n;
  for (const ch of p) n = n * 36n + BigInt(parseInt(ch, 36));
  return n;
}
