/** Wire shapes of the webhook endpoints (20, 21, list, delivery log, replay). */
import { Type } from 'typebox';
import { PageNumber, PagingMembers, described } from '../../http/wire.ts';
import { MAX_URL_LENGTH } from './webhooks.url-guard.ts';
import { WEBHOOK_TYPES } from './webhooks.outbox.ts';

const Id = Type.String({ minLength: 1, maxLength: 100 });
const UnixSeconds = Type.Integer({ description: 'Unix seconds' });
const NullableSeconds = Type.Union([UnixSeconds, Type.Null()]);

export const WebhookIdParams = Type.Object({
  webhook_id: described(Id, "the webhook's id (from creation or the list)"),
});
export const DeliveryIdParams = Type.Object({
  webhook_id: described(Id, "the webhook's id"),
  delivery_id: described(Id, "the delivery's id (from the delivery log)"),
});

export const CreateWebhookBody = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: MAX_URL_LENGTH,
      description: 'https URL that receives the POSTs; must be publicly reachable',
    }),
    comment: Type.Optional(
      described(
        Type.Union([Type.String({ maxLength: 500 }), Type.Null()]),
        'your note about the webhook; null when none',
      ),
    ),
  },
  { additionalProperties: false },
);

/** docs/decisions/0011-webhooks.md: creation returns { id, webhook_id, url, comment, secret }; the secret is shown this once. */
export const CreatedWebhook = Type.Object({
  id: described(Type.String(), 'the id of this record'),
  webhook_id: Type.String({ description: 'the same as id (the spec shows both names)' }),
  url: described(Type.String(), 'the address that receives the POSTs'),
  comment: described(Type.Union([Type.String(), Type.Null()]), 'your note about the webhook; null when none'),
  secret: Type.String({ description: 'whsec_… signing secret (Standard Webhooks); shown only in this answer' }),
});

const Webhook = Type.Object({
  id: described(Type.String(), 'the id of this record'),
  webhook_id: described(Type.String(), "the webhook's id"),
  url: described(Type.String(), 'the address that receives the POSTs'),
  comment: described(Type.Union([Type.String(), Type.Null()]), 'your note about the webhook; null when none'),
  status: described(
    Type.Union([Type.Literal('active'), Type.Literal('disabled')]),
    'active, or disabled (no more deliveries; see disabled_reason)',
  ),
  disabled_reason: described(
    Type.Union([Type.String(), Type.Null()]),
    'why the webhook was disabled (e.g. the receiver answered 410 Gone); null while active',
  ),
  created_at: described(UnixSeconds, 'Unix seconds it was created'),
  disabled_at: described(NullableSeconds, 'Unix seconds it was disabled; null while active'),
});
export const WebhookList = Type.Object({
  data: Type.Array(Webhook, { description: "the client's webhooks, active and disabled, oldest first" }),
});

export const DeleteResult = Type.Object({
  status: Type.Literal('Success', { description: "Success (the spec's delete result): the webhook is gone" }),
  message: Type.String({ description: 'what happened, in a sentence meant for a developer' }),
});

/**
 * docs/decisions/0011-webhooks.md: an unknown or foreign id answers 404 Problem Details (RFC 9457: `status` is the
 * HTTP status, 404) carrying the spec's delete result as `result: "Error"` beside its `message`.
 */
export const DeleteNotFound = Type.Object(
  {
    type: described(Type.String(), 'URI naming the kind of problem'),
    title: described(Type.String(), 'short summary of the kind of problem'),
    status: described(Type.Literal(404), 'the HTTP status of this answer: 404'),
    detail: described(Type.String(), 'what went wrong'),
    code: described(Type.String(), 'stable error code: webhook_not_found'),
    errors: described(
      Type.Array(
        Type.Object({
          pointer: Type.String({ description: 'JSON Pointer to the bad input (/path/…)' }),
          detail: Type.String({ description: 'what is wrong with that input' }),
        }),
      ),
      'bad inputs (empty here)',
    ),
    result: described(Type.Literal('Error'), "Error (the spec's delete result)"),
    message: described(Type.String(), 'what happened, in a sentence'),
  },
  { description: 'Problem Details with the spec\'s delete result: `result` is "Error", `message` says why' },
);

const DeliveryState = Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]);

export const DeliveriesQuery = Type.Object(
  {
    state: Type.Optional(
      described(
        DeliveryState,
        'pending (waiting for its first attempt or a retry), delivered (a 2xx answer came) or failed (out of retries, or the webhook was disabled)',
      ),
    ),
    page: Type.Optional(described(PageNumber({ default: 1 }), 'which page to answer, from 1')),
    max_per_page: Type.Optional(
      described(Type.Integer({ minimum: 1, maximum: 500, default: 100 }), 'how many deliveries a page holds at most'),
    ),
  },
  { additionalProperties: false },
);

const Attempt = Type.Object({
  attempt: Type.Integer({ description: '1 for the first attempt' }),
  attempted_at: described(UnixSeconds, 'Unix seconds of the attempt'),
  status_code: Type.Union([Type.Integer(), Type.Null()], { description: 'null when no HTTP answer came' }),
  duration_ms: described(Type.Integer(), 'milliseconds from sending to the answer (or to the failure)'),
  error: described(
    Type.Union([Type.String(), Type.Null()]),
    'why the attempt failed (e.g. receiver answered 500, timeout); null when it succeeded',
  ),
  outcome: described(
    Type.Union([Type.Literal('delivered'), Type.Literal('retry'), Type.Literal('failed')]),
    'delivered, retry (another attempt is scheduled) or failed (no more attempts)',
  ),
});

export const Delivery = Type.Object({
  id: described(Type.String(), 'the id of this record'),
  message_id: Type.String({ description: 'the webhook-id header: the same on every retry and replay of this event' }),
  webhook_type: described(
    Type.Enum([...WEBHOOK_TYPES, 'WEBHOOK_TEST']),
    'the event: REPORT_AVAILABLE, REPORT_UPDATED, NEW_EVENT, ACCOUNT_AUTHORIZATION_GRANTED, ACCOUNT_AUTHORIZATION_LOST, TRANSACTIONS_UPDATED, or WEBHOOK_TEST for a test event',
  ),
  customer_id: described(
    Type.Union([Type.String(), Type.Null()]),
    'the customer the event is about; null for a test event',
  ),
  payload: Type.Object(
    {
      msg: described(Type.String(), 'a short sentence saying what happened; never personal data'),
      webhook_type: described(
        Type.String(),
        'the event: REPORT_AVAILABLE, REPORT_UPDATED, NEW_EVENT, ACCOUNT_AUTHORIZATION_GRANTED, ACCOUNT_AUTHORIZATION_LOST, TRANSACTIONS_UPDATED, or WEBHOOK_TEST for a test event',
      ),
      customer_id: Type.Optional(described(Type.String(), 'the customer the event is about; null for a test event')),
      webhook_id: Type.Optional(described(Type.String(), "the webhook's id")),
      account_id: Type.Optional(described(Type.String(), 'ACCOUNT_AUTHORIZATION_GRANTED and _LOST: the account')),
      event_id: Type.Optional(described(Type.String(), "NEW_EVENT: the event's id (endpoint 17)")),
      added: Type.Optional(
        Type.Integer({ description: 'TRANSACTIONS_UPDATED: transactions added since the last one' }),
      ),
      modified: Type.Optional(Type.Integer({ description: 'TRANSACTIONS_UPDATED: transactions modified' })),
      removed: Type.Optional(Type.Integer({ description: 'TRANSACTIONS_UPDATED: transactions removed' })),
      consent_id: Type.Optional(
        Type.String({ description: 'CONSENT_EXPIRING, CONSENT_EXPIRED, CONSENT_RECONFIRMED: the consent concerned' }),
      ),
      bank_slug: Type.Optional(Type.String({ description: 'CONSENT_ types: the bank the consent is with' })),
      reason: Type.Optional(
        Type.Union([Type.Literal('expiry'), Type.Literal('reconfirmation'), Type.Literal('reconfirmed')], {
          description:
            "CONSENT_ types: `expiry` the bank's expiry date of the consent, `reconfirmation` the 90-day reconfirmation, `reconfirmed` the customer reconfirmed",
        }),
      ),
      due_at: Type.Optional(
        Type.Integer({
          description:
            'CONSENT_ types, Unix seconds: CONSENT_EXPIRING when access ends unless acted on, CONSENT_EXPIRED when it ended, CONSENT_RECONFIRMED when the next reconfirmation falls due',
        }),
      ),
    },
    {
      description:
        'the JSON body the receiver was (or will be) sent, exactly as signed; which members it holds depends on webhook_type',
    },
  ),
  state: described(
    DeliveryState,
    'pending (waiting for its first attempt or a retry), delivered (a 2xx answer came) or failed (out of retries, or the webhook was disabled)',
  ),
  attempt_count: described(Type.Integer(), 'attempts made so far'),
  next_attempt_at: Type.Union([UnixSeconds, Type.Null()], {
    description: 'when the next attempt is due; null once delivered or failed',
  }),
  last_status_code: described(
    Type.Union([Type.Integer(), Type.Null()]),
    'the HTTP status of the last attempt; null when none came or nothing was tried yet',
  ),
  last_error: described(Type.Union([Type.String(), Type.Null()]), 'why the last attempt failed; null when it did not'),
  replay_of: described(
    Type.Union([Type.String(), Type.Null()]),
    'the delivery this one replays (same message_id); null when it is not a replay',
  ),
  created_at: described(UnixSeconds, 'Unix seconds it was created'),
  finished_at: described(NullableSeconds, 'Unix seconds it was delivered or failed; null while pending'),
  attempts: described(Type.Array(Attempt), 'every attempt, oldest first'),
});
export const DeliveryList = Type.Object({
  data: Type.Array(Delivery, { description: "the webhook's deliveries on this page, newest first" }),
  ...PagingMembers,
});
