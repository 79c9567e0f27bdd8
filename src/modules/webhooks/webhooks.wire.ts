/** Wire shapes of the webhook endpoints (20, 21, list, delivery log, replay). */
import { Type } from 'typebox';
import { PageNumber, PagingMembers } from '../../http/wire.ts';
import { MAX_URL_LENGTH } from './webhooks.url-guard.ts';
import { WEBHOOK_TYPES } from './webhooks.outbox.ts';

const Id = Type.String({ minLength: 1, maxLength: 100 });
const UnixSeconds = Type.Integer({ description: 'Unix seconds' });
const NullableSeconds = Type.Union([UnixSeconds, Type.Null()]);

export const WebhookIdParams = Type.Object({ webhook_id: Id });
export const DeliveryIdParams = Type.Object({ webhook_id: Id, delivery_id: Id });

export const CreateWebhookBody = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: MAX_URL_LENGTH,
      description: 'https URL that receives the POSTs; must be publicly reachable',
    }),
    comment: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  },
  { additionalProperties: false },
);

/** docs/decisions/0011-webhooks.md: creation returns { id, webhook_id, url, comment, secret }; the secret is shown this once. */
export const CreatedWebhook = Type.Object({
  id: Type.String(),
  webhook_id: Type.String({ description: 'the same as id (the spec shows both names)' }),
  url: Type.String(),
  comment: Type.Union([Type.String(), Type.Null()]),
  secret: Type.String({ description: 'whsec_… signing secret (Standard Webhooks); shown only in this answer' }),
});

export const Webhook = Type.Object({
  id: Type.String(),
  webhook_id: Type.String(),
  url: Type.String(),
  comment: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Type.Literal('active'), Type.Literal('disabled')]),
  disabled_reason: Type.Union([Type.String(), Type.Null()]),
  created_at: UnixSeconds,
  disabled_at: NullableSeconds,
});
export const WebhookList = Type.Object({ data: Type.Array(Webhook) });

export const DeleteResult = Type.Object({ status: Type.Literal('Success'), message: Type.String() });

/**
 * docs/decisions/0011-webhooks.md: an unknown or foreign id answers 404 Problem Details (RFC 9457: `status` is the
 * HTTP status, 404) carrying the spec's delete result as `result: "Error"` beside its `message`.
 */
export const DeleteNotFound = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Literal(404),
    detail: Type.String(),
    code: Type.String(),
    errors: Type.Array(Type.Object({ pointer: Type.String(), detail: Type.String() })),
    result: Type.Literal('Error'),
    message: Type.String(),
  },
  { description: 'Problem Details with the spec\'s delete result: `result` is "Error", `message` says why' },
);

const DeliveryState = Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]);

export const DeliveriesQuery = Type.Object(
  {
    state: Type.Optional(DeliveryState),
    page: Type.Optional(PageNumber({ default: 1 })),
    max_per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
  },
  { additionalProperties: false },
);

const Attempt = Type.Object({
  attempt: Type.Integer({ description: '1 for the first attempt' }),
  attempted_at: UnixSeconds,
  status_code: Type.Union([Type.Integer(), Type.Null()], { description: 'null when no HTTP answer came' }),
  duration_ms: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
  outcome: Type.Union([Type.Literal('delivered'), Type.Literal('retry'), Type.Literal('failed')]),
});

export const Delivery = Type.Object({
  id: Type.String(),
  message_id: Type.String({ description: 'the webhook-id header: the same on every retry and replay of this event' }),
  webhook_type: Type.Enum([...WEBHOOK_TYPES, 'WEBHOOK_TEST']),
  customer_id: Type.Union([Type.String(), Type.Null()]),
  payload: Type.Object({
    msg: Type.String(),
    webhook_type: Type.String(),
    customer_id: Type.Optional(Type.String()),
    webhook_id: Type.Optional(Type.String()),
    account_id: Type.Optional(Type.String()),
    event_id: Type.Optional(Type.String()),
    added: Type.Optional(Type.Integer({ description: 'TRANSACTIONS_UPDATED: transactions added since the last one' })),
    modified: Type.Optional(Type.Integer({ description: 'TRANSACTIONS_UPDATED: transactions modified' })),
    removed: Type.Optional(Type.Integer({ description: 'TRANSACTIONS_UPDATED: transactions removed' })),
  }),
  state: DeliveryState,
  attempt_count: Type.Integer(),
  next_attempt_at: Type.Union([UnixSeconds, Type.Null()], {
    description: 'when the next attempt is due; null once delivered or failed',
  }),
  last_status_code: Type.Union([Type.Integer(), Type.Null()]),
  last_error: Type.Union([Type.String(), Type.Null()]),
  replay_of: Type.Union([Type.String(), Type.Null()]),
  created_at: UnixSeconds,
  finished_at: NullableSeconds,
  attempts: Type.Array(Attempt),
});
export const DeliveryList = Type.Object({ data: Type.Array(Delivery), ...PagingMembers });
