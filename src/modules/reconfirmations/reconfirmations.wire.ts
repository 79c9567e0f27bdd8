/**
 * Wire shapes of the reconfirmation links (docs/decisions/0060-reconfirmation-links.md), shaped like the
 * invitations' (src/modules/invitations/invitations.wire.ts): create, list, get, revoke.
 */
import { Type } from 'typebox';
import { MAX_PAGE, PagingMembers } from '../../http/wire.ts';

import { LINK_DEFAULT_EXPIRES_IN, LINK_MAX_EXPIRES_IN, LINK_MIN_EXPIRES_IN } from '../../lib/customer-links.ts';

const Id = Type.String({ minLength: 1, maxLength: 100 });

export const CreateReconfirmationBody = Type.Object(
  {
    customer_id: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'the customer whose consent is to be reconfirmed (one of your customers)',
    }),
    consent_id: Type.String({
      minLength: 1,
      maxLength: 100,
      description:
        "the customer's consent to reconfirm or withdraw; it must be Authorised (the consent_id of a CONSENT_EXPIRING webhook, or of GET /public/v3/customers/{customer_id}/consents)",
    }),
    email: Type.Optional(
      Type.Union(
        [
          Type.String({
            maxLength: 254,
            pattern: '^[^\\s@<>(),;:"]+@[^\\s@<>(),;:"]+\\.[^\\s@<>(),;:"]+$',
            description: "the customer's e-mail address",
          }),
          Type.Null(),
        ],
        { description: "the customer's e-mail address; required when send_email is true" },
      ),
    ),
    send_email: Type.Optional(
      Type.Boolean({
        description: 'true: the service e-mails the link to `email`; false or absent: you send the url yourself',
      }),
    ),
    expires_in: Type.Optional(
      Type.Union(
        [
          Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }),
          Type.String({ pattern: '^\\s*-?\\d{1,15}\\s*$' }),
        ],
        {
          description: `seconds until the link stops working, ${LINK_MIN_EXPIRES_IN} to ${LINK_MAX_EXPIRES_IN} (an integer or an integer as a string); default ${LINK_DEFAULT_EXPIRES_IN} (7 days)`,
        },
      ),
    ),
  },
  { additionalProperties: false },
);

const NullableTime = (description: string) => Type.Union([Type.Integer(), Type.Null()], { description });

export const Reconfirmation = Type.Object({
  id: Type.String({ description: 'the reconfirmation link id' }),
  customer_id: Type.String({ description: 'the customer the link is for' }),
  consent_id: Type.String({ description: 'the consent the link reconfirms or withdraws' }),
  email: Type.Union([Type.String(), Type.Null()], { description: "the customer's e-mail address, if given" }),
  send_email: Type.Boolean({ description: 'whether the service e-mails the link' }),
  email_sent_at: NullableTime('Unix seconds the e-mail left; null while it has not (or is not to be sent)'),
  url: Type.String({
    description: 'the hosted reconfirmation page for the customer: what is shared, reconfirm or withdraw in one step',
  }),
  created_at: Type.Integer({ description: 'Unix seconds' }),
  expires_at: Type.Integer({ description: 'Unix seconds the link stops working' }),
  expires_in: Type.Integer({ description: 'seconds until the link stops working (0 once it has)' }),
  revoked_at: NullableTime('Unix seconds the link was revoked; null while it is not'),
  used_at: NullableTime('Unix seconds the customer answered; null while they have not'),
  outcome: Type.Union([Type.Literal('reconfirmed'), Type.Literal('withdrawn'), Type.Null()], {
    description:
      "the customer's answer: `reconfirmed` (access goes on for 90 days more; CONSENT_RECONFIRMED) or `withdrawn` (the consent is Revoked, revoked_by_customer); null while unanswered",
  }),
  status: Type.Union(
    [Type.Literal('pending'), Type.Literal('used'), Type.Literal('revoked'), Type.Literal('expired')],
    {
      description:
        '`pending` the link works, `used` the customer answered, `revoked` you revoked it, `expired` its time passed',
    },
  ),
});

export const ReconfirmationList = Type.Object({
  data: Type.Array(Reconfirmation, { description: 'reconfirmation links, newest first' }),
  ...PagingMembers,
});

export const ListReconfirmationsQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, description: 'the page to answer (default 1)' })),
    max_per_page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 500, description: 'links per page (default 100)' }),
    ),
    customer_id: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: "only this customer's links" }),
    ),
    consent_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: "only this consent's links" })),
  },
  { additionalProperties: false },
);

export const ReconfirmationIdParams = Type.Object({
  reconfirmation_id: Type.String({ ...Id, description: 'the reconfirmation link id' }),
});
