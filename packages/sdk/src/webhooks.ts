/**
 * Verifying the service's webhooks: they are signed by the Standard Webhooks scheme (webhook-id,
 * webhook-timestamp, webhook-signature; HMAC-SHA256 with the `whsec_…` secret shown when the webhook was created).
 * The standardwebhooks library checks the signature and the timestamp's age (5 minutes either way).
 */
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

/** What a webhook's body carries (docs/api-notes.md, "Webhooks"). */
export interface WebhookPayload {
  msg: string;
  webhook_type: string;
  customer_id?: string;
  account_id?: string;
  /** WEBHOOK_TEST (a test event asked for with POST /public/v3/webhooks/{webhook_id}/test): the webhook it went to */
  webhook_id?: string;
  event_id?: number;
  /** TRANSACTIONS_UPDATED: how many transactions the change feed (sync) added, modified and removed */
  added?: number;
  modified?: number;
  removed?: number;
  /** CONSENT_EXPIRING, CONSENT_EXPIRED, CONSENT_RECONFIRMED: the consent concerned and its bank */
  consent_id?: string;
  bank_slug?: string;
  /** CONSENT_ types: `expiry` (the bank's expiry date), `reconfirmation` (the 90-day reconfirmation), `reconfirmed` */
  reason?: 'expiry' | 'reconfirmation' | 'reconfirmed';
  /**
   * CONSENT_ types, Unix seconds: when access ends unless acted on (EXPIRING), when it ended (EXPIRED), when the next
   * reconfirmation falls due (RECONFIRMED)
   */
  due_at?: number;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/**
 * The payload of a webhook request whose signature is right, or a WebhookSignatureError. `body` must be the raw
 * request body exactly as received (not re-serialised JSON); `headers` the request's headers.
 */
export function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined> | Headers,
  body: string,
): WebhookPayload {
  const plain: Record<string, string> = {};
  if (headers instanceof Headers) headers.forEach((v, k) => (plain[k] = v));
  else for (const [k, v] of Object.entries(headers)) if (v !== undefined) plain[k.toLowerCase()] = String(v);
  try {
    return new Webhook(secret).verify(body, plain) as WebhookPayload;
  } catch (err) {
    if (err instanceof WebhookVerificationError) throw new WebhookSignatureError(err.message);
    throw err;
  }
}
