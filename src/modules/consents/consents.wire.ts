/** Wire shapes of endpoints 4, 5, 6, the customer's bank list, and the client's view of consents and pulls. */
import { Type } from 'typebox';
import { BankWire } from '../banks/index.ts';

const OptText = Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()]));

export const ThirdPartyInput = Type.Object(
  {
    company_name: Type.String({ minLength: 1, maxLength: 200 }),
    company_address: OptText,
    company_city: OptText,
    company_country: OptText,
    company_phone: OptText,
    company_email: OptText,
    company_website: OptText,
  },
  { additionalProperties: false },
);

export const PurposeInput = Type.Object(
  { description: Type.String({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);

/** Endpoints 4 and 5: both members optional, null allowed (spec). A missing body counts as {}. */
export const SharingBody = Type.Object(
  {
    application_sharing_third_parties: Type.Optional(
      Type.Union([Type.Array(ThirdPartyInput, { maxItems: 50 }), Type.Null()]),
    ),
    application_sharing_purposes: Type.Optional(Type.Union([Type.Array(PurposeInput, { maxItems: 20 }), Type.Null()])),
  },
  { additionalProperties: false },
);

export const BankSlugParams = Type.Object({ bank_slug: Type.String({ minLength: 1, maxLength: 100 }) });

export const RedirectQuery = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: 2048,
      description: "where the customer returns to; must be on the client's redirect_urls",
    }),
  },
  { additionalProperties: false },
);

const NullableText = Type.Union([Type.String(), Type.Null()]);

export const ConsentScreen = Type.Object({
  metadata: Type.Object({
    name: Type.String(),
    slug: Type.String(),
    logo_url: Type.String(),
    company_name: Type.String(),
    application_name: Type.String(),
    application_sharing_purposes: Type.Array(Type.Object({ description: Type.String() })),
    application_sharing_third_parties: Type.Array(
      Type.Object({
        company_name: Type.String(),
        company_address: Type.Optional(Type.String()),
        company_city: Type.Optional(Type.String()),
        company_country: Type.Optional(Type.String()),
        company_phone: Type.Optional(Type.String()),
        company_email: Type.Optional(Type.String()),
        company_website: Type.Optional(Type.String()),
      }),
    ),
    privacy_policy_url: NullableText,
    terms_and_condition_url: NullableText,
    service_customer_center_url: NullableText,
    requested_permissions: Type.Array(Type.String()),
    data_access_from: Type.Integer({ description: 'Unix seconds' }),
    data_access_to: Type.Integer({ description: 'Unix seconds' }),
  }),
  consents: Type.Array(Type.Object({ type: Type.String(), title: Type.String(), elements: Type.Array(Type.String()) })),
});

export const BankFlow = Type.Object({
  url: Type.String({ description: "the bank's authorisation page: send the customer there" }),
  consent_id: Type.String(),
  state: Type.String({ description: 'unique for this flow; comes back on the return URL' }),
  transaction_from_date_time: Type.Integer(),
  transaction_to_date_time: Type.Integer(),
});

export const ConsentStatusWire = Type.Object({
  consent_id: Type.String(),
  creation_date_time: Type.Integer(),
  status: Type.Union([
    Type.Literal('AwaitingAuthorisation'),
    Type.Literal('Authorised'),
    Type.Literal('Rejected'),
    Type.Literal('Revoked'),
  ]),
  status_update_date_time: Type.Integer(),
  permissions: Type.Array(Type.String()),
  expiration_date_time: Type.Union([Type.Integer(), Type.Null()]),
  transaction_from_date_time: Type.Integer(),
  transaction_to_date_time: Type.Integer(),
  bank_slug: Type.String(),
  reconfirm_by_date_time: Type.Union([Type.Integer(), Type.Null()], {
    description: 'the customer must reconfirm by then (every 90 days), else access ends',
  }),
});

export const WebflowBank = Type.Object({
  ...BankWire.properties,
  is_connected: Type.Boolean({ description: 'the latest consent at this bank is Authorised' }),
  consent: Type.Union([ConsentStatusWire, Type.Null()]),
});

export const WebflowBankList = Type.Object({ data: Type.Array(WebflowBank) });

export const Pull = Type.Object({
  id: Type.String(),
  trigger: Type.String(),
  state: Type.Union([
    Type.Literal('queued'),
    Type.Literal('running'),
    Type.Literal('succeeded'),
    Type.Literal('failed'),
  ]),
  attempts: Type.Integer(),
  error_code: NullableText,
  error: NullableText,
  counts: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  created_at: Type.Integer(),
  started_at: Type.Union([Type.Integer(), Type.Null()]),
  finished_at: Type.Union([Type.Integer(), Type.Null()]),
  next_attempt_at: Type.Union([Type.Integer(), Type.Null()]),
});

export const ConsentView = Type.Object({
  ...ConsentStatusWire.properties,
  customer_id: Type.String(),
  status_reason: NullableText,
  bank_consent_id: Type.String({ description: "the consent's id at the bank (for support with the bank)" }),
  authorised_at: Type.Union([Type.Integer(), Type.Null()]),
  last_pulled_at: Type.Union([Type.Integer(), Type.Null()]),
  next_refresh_at: Type.Union([Type.Integer(), Type.Null()]),
  latest_pull: Type.Union([Pull, Type.Null()]),
});

export const ConsentDetail = Type.Object({ ...ConsentView.properties, pulls: Type.Array(Pull) });

export const ConsentList = Type.Object({ data: Type.Array(ConsentView) });

export const ConsentIdParams = Type.Object({
  customer_id: Type.String({ minLength: 1, maxLength: 100 }),
  consent_id: Type.String({ minLength: 1, maxLength: 100 }),
});

export const RefreshAnswer = Type.Object({ consent_id: Type.String(), pull: Pull });
