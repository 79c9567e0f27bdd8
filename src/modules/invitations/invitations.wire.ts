/** Wire shapes of endpoints 8 and 9, revoke and get: the spec's Invitation, plus a few members of ours (api-notes). */
import { Type } from 'typebox';
import { IntegerInput, PageNumber, PagingMembers, described } from '../../http/wire.ts';

const OptName = Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()]));

export const CreateInvitationBody = Type.Object(
  {
    customer_type: Type.Optional(
      Type.Union([Type.Literal('Individual'), Type.Literal('Business')], { description: 'default Individual' }),
    ),
    last_name: described(OptName, "the invitee's last name; null when not given"),
    first_name: described(OptName, "the invitee's first name; null when not given"),
    company_name: described(OptName, "the invitee's company, for a Business; null when not given"),
    email: Type.String({
      maxLength: 254,
      pattern: '^[^\\s@<>(),;:"]+@[^\\s@<>(),;:"]+\\.[^\\s@<>(),;:"]+$',
      description: "the customer's e-mail address",
    }),
    phone: Type.Optional(
      described(
        Type.Union([Type.String({ pattern: '^[0-9+()\\-. ]{3,50}$' }), Type.Null()]),
        "the invitee's phone number; null when not given",
      ),
    ),
    reference: Type.String({
      minLength: 1,
      maxLength: 255,
      description:
        "the client's reference; the invited customer is the customer with this user_reference (created when there is none)",
    }),
    send_email: Type.Optional(Type.Boolean({ description: 'true: the service sends the invitation e-mail' })),
    expires_in: Type.Optional(described(IntegerInput, 'how many seconds the link works')),
  },
  { additionalProperties: false },
);

const InvitationStatus = Type.Union([
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
  id: Type.String({ description: "the invitation's id" }),
  customer_type: described(
    Type.Union([Type.Literal('Individual'), Type.Literal('Business')]),
    'Individual or Business',
  ),
  last_name: described(NullableText, "the invitee's last name; null when not given"),
  first_name: described(NullableText, "the invitee's first name; null when not given"),
  company_name: described(NullableText, "the invitee's company, for a Business; null when not given"),
  email: Type.String({ description: 'where the invitation is sent' }),
  phone: described(NullableText, "the invitee's phone number; null when not given"),
  reference: Type.String({ description: 'your own reference for the invitation (e.g. the application id)' }),
  send_email: Type.Boolean({ description: 'whether the service emails the link' }),
  created_at: Type.Integer({ description: 'Unix seconds' }),
  revoked_at: described(NullableTime, 'Unix seconds it was revoked; null unless revoked'),
  used_at: described(NullableTime, 'Unix seconds the invitee connected a bank; null until then'),
  expires_in: Type.Integer({ description: 'seconds until the invitation expires (0 once it has)' }),
  url: Type.String({ description: 'opens the hosted connect pages for this invitation' }),
  customer_id: Type.String({ description: 'the customer the invitation created' }),
  expires_at: Type.Integer({ description: 'Unix seconds' }),
  status: described(InvitationStatus, 'pending, used, expired or revoked'),
  email_sent_at: described(NullableTime, 'Unix seconds the email went; null when none was sent'),
});

export const InvitationList = Type.Object({
  data: Type.Array(Invitation, { description: "the client's invitations on this page, newest first" }),
  ...PagingMembers,
});

export const ListInvitationsQuery = Type.Object(
  {
    page: Type.Optional(PageNumber()),
    max_per_page: Type.Optional(
      described(Type.Integer({ minimum: 1, maximum: 500 }), 'how many invitations a page holds at most'),
    ),
    reference: Type.Optional(
      described(
        Type.String({ minLength: 1, maxLength: 255 }),
        'your own reference for the invitation (e.g. the application id)',
      ),
    ),
  },
  { additionalProperties: false },
);

export const InvitationIdParams = Type.Object({
  invitation_id: Type.String({ description: "the invitation's id", minLength: 1, maxLength: 100 }),
});
