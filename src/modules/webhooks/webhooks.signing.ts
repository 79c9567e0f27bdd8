/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com), pure. The secret is "whsec_" + base64 of
 * random bytes; the signature is HMAC-SHA256, keyed with those bytes, over "<webhook-id>.<webhook-timestamp>.<body>",
 * sent as "v1,<base64>". Receivers verify with any Standard Webhooks library (README, "Webhooks").
 */
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new signing secret: 256 random bits (the scheme asks for 24 to 64 bytes). */
export function generateWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

/** "v1,<base64 HMAC-SHA256>" of "<messageId>.<timestamp>.<body>". */
export function signPayload(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  const mac = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one attempt. The id stays the same across retries; the timestamp and signature do not. */
export function signatureHeaders(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signPayload(secret, messageId, timestampSeconds, body),
  };
}
