/** Wire shapes of endpoints 8 and 9, revoke and get: the spec's Invitation, plus a few members of ours (api-notes). */
import { Type } from 'typebox';
import { IntegerInput, PageNumber, PagingMembers } from '../../http/wire.ts';

const OptName = Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()]));

export const MIN_EXPIRES_IN = 300;
export const MAX_EXPIRES_IN = 30 * 86_400;
/** docs/decisions/0012-invitations-and-web-component.md: an invitation expires after 7 days by default. */
export const DEFAULT_EXPIRES_IN = 7 * 86_400;

export const CreateInvitationBody = Type.Object(
  {
    customer_type: Type.Optional(
      Type.Union([Type.Literal('Individual'), Type.Literal('Business')], { description: 'default Individual' }),
    ),
    last_name: OptName,
    first_name: OptName,
    company_name: OptName,
    email: Type.String({
      maxLength: 254,
      pattern: '^[^\\s@<>(),;:"]+@[^\\s@<>(),;:"]+\\.[^\\s@<>(),;:"]+$',
      description: "the customer's e-mail address",
    }),
    phone: Type.Optional(Type.Union([Type.String({ pattern: '^[0-9+()\\-. ]{3,50}$' }), Type.Null()])),
    reference: Type.String({
      minLength: 1,
      maxLength: 255,
      description:
        "the client's reference; the invited customer is the customer with this user_reference (created when there is none)",
    }),
    send_email: Type.Optional(Type.Boolean({ description: 'true: the service sends the invitation e-mail' })),
    expires_in: Type.Optional(IntegerInput),
  },
  { additionalProperties: false },
);

export const InvitationStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('used'),
  Type.Literal('revoked'),
  Type.Literal('expired'),
]);

const NullableText = Type.Union([Type.String(), Type.Null()]);
const NullableTime = Type.Union([Type.Integer(), Type.Null()], {
  description: 'Unix seconds; null while it has not happened',
});

export const Invitation = Type.Object({
  id: Type.String(),
  customer_type: Type.Union([Type.Literal('Individual'), Type.Literal('Business')]),
  last_name: NullableText,
  first_name: NullableText,
  company_name: NullableText,
  email: Type.String(),
  phone: NullableText,
  reference: Type.String(),
  send_email: Type.Boolean(),
  created_at: Type.Integer({ description: 'Unix seconds' }),
  revoked_at: NullableTime,
  used_at: NullableTime,
  expires_in: Type.Integer({ description: 'seconds until the invitation expires (0 once it has)' }),
  url: Type.String({ description: 'opens the hosted connect pages for this invitation' }),
  customer_id: Type.String(),
  expires_at: Type.Integer({ description: 'Unix seconds' }),
  status: InvitationStatus,
  email_sent_at: NullableTime,
});

export const InvitationList = Type.Object({ data: Type.Array(Invitation), ...PagingMembers });

export const ListInvitationsQuery = Type.Object(
  {
    page: Type.Optional(PageNumber()),
    max_per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    reference: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  },
  { additionalProperties: false },
);

export const InvitationIdParams = Type.Object({ invitation_id: Type.String({ minLength: 1, maxLength: 100 }) });
