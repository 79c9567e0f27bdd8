/** Wire shapes of endpoints 4, 5, 6, the customer's bank list, and the client's view of consents and pulls. */
import { described } from '../../http/wire.ts';
import { Type } from 'typebox';
import { BankWire } from '../banks/index.ts';

const OptText = Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()]));

const ThirdPartyInput = Type.Object(
  {
    company_name: described(Type.String({ minLength: 1, maxLength: 200 }), "the company's name, shown to the customer"),
    company_address: described(OptText, 'its address'),
    company_city: described(OptText, 'its city'),
    company_country: described(OptText, 'its country'),
    company_phone: described(OptText, 'its phone number'),
    company_email: described(OptText, 'its email address'),
    company_website: described(OptText, 'its website'),
  },
  { additionalProperties: false },
);

const PurposeInput = Type.Object(
  {
    description: Type.String({
      minLength: 1,
      maxLength: 500,
      description: "one purpose, in a sentence the customer reads (e.g. 'To assess your application for a loan')",
    }),
  },
  { additionalProperties: false },
);

/** Endpoints 4 and 5: both members optional, null allowed (spec). A missing body counts as {}. */
export const SharingBody = Type.Object(
  {
    application_sharing_third_parties: Type.Optional(
      described(
        Type.Union([Type.Array(ThirdPartyInput, { maxItems: 50 }), Type.Null()]),
        "the other companies you share the customer's data with, shown on the consent screen; null or absent for none",
      ),
    ),
    application_sharing_purposes: Type.Optional(
      described(
        Type.Union([Type.Array(PurposeInput, { maxItems: 20 }), Type.Null()]),
        "why you use the customer's data, shown on the consent screen",
      ),
    ),
  },
  { additionalProperties: false },
);

export const BankSlugParams = Type.Object({
  bank_slug: Type.String({
    minLength: 1,
    maxLength: 100,
    description: 'the bank (its slug from GET /public/v3/webflow/banks)',
  }),
});

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
  metadata: Type.Object(
    {
      name: described(Type.String(), "the bank's name"),
      slug: described(Type.String(), "the bank's slug"),
      logo_url: described(Type.String(), "the bank's logo"),
      company_name: described(Type.String(), "the company's name, shown to the customer"),
      application_name: described(Type.String(), "your application's name as the customer sees it"),
      application_sharing_purposes: Type.Array(
        Type.Object({ description: Type.String({ description: 'one purpose, in a sentence the customer reads' }) }),
        {
          description: "why you use the customer's data: the purposes you sent, or the default one when you sent none",
        },
      ),
      application_sharing_third_parties: Type.Array(
        Type.Object({
          company_name: described(Type.String(), "the company's name, shown to the customer"),
          company_address: Type.Optional(described(Type.String(), 'its address')),
          company_city: Type.Optional(described(Type.String(), 'its city')),
          company_country: Type.Optional(described(Type.String(), 'its country')),
          company_phone: Type.Optional(described(Type.String(), 'its phone number')),
          company_email: Type.Optional(described(Type.String(), 'its email address')),
          company_website: Type.Optional(described(Type.String(), 'its website')),
        }),
        { description: "the other companies you share the customer's data with; empty for none" },
      ),
      privacy_policy_url: described(NullableText, 'your privacy policy; null when not set'),
      terms_and_condition_url: described(NullableText, 'your terms and conditions; null when not set'),
      service_customer_center_url: described(NullableText, 'your customer service page; null when not set'),
      requested_permissions: described(
        Type.Array(Type.String()),
        'the Open Banking permissions asked for (e.g. ReadAccountsDetail, ReadTransactionsDetail)',
      ),
      data_access_from: Type.Integer({ description: 'Unix seconds' }),
      data_access_to: Type.Integer({ description: 'Unix seconds' }),
    },
    { description: 'what the consent screen shows: the bank, who asks (you), why, and for how long' },
  ),
  consents: described(
    Type.Array(
      Type.Object({
        type: Type.String({
          description: 'the section: account_details, account_transactions or additional_information',
        }),
        title: Type.String({ description: "the section's heading, for the customer" }),
        elements: Type.Array(Type.String(), {
          description: 'the data of the section, one line each, for the customer',
        }),
      }),
    ),
    "the consent screen's sections, each a group of data the customer agrees to share",
  ),
});

export const BankFlow = Type.Object({
  url: Type.String({ description: "the bank's authorisation page: send the customer there" }),
  consent_id: described(Type.String(), "the consent's id"),
  state: Type.String({ description: 'unique for this flow; comes back on the return URL' }),
  transaction_from_date_time: described(Type.Integer(), 'the earliest transactions the consent covers, Unix seconds'),
  transaction_to_date_time: described(Type.Integer(), 'the latest transactions the consent covers, Unix seconds'),
});

export const ConsentStatusWire = Type.Object({
  consent_id: described(Type.String(), "the consent's id"),
  creation_date_time: described(Type.Integer(), 'Unix seconds the consent was created'),
  status: Type.Union(
    [
      Type.Literal('AwaitingAuthorisation'),
      Type.Literal('Authorised'),
      Type.Literal('Rejected'),
      Type.Literal('Revoked'),
    ],
    {
      description:
        'AwaitingAuthorisation (the customer has not finished at the bank), Authorised (data can be read), Rejected (the customer declined or the flow failed) or Revoked (ended: by the customer, by you, by expiry or by the bank)',
    },
  ),
  status_update_date_time: described(Type.Integer(), 'Unix seconds the status last changed'),
  permissions: described(Type.Array(Type.String()), 'the Open Banking permissions granted'),
  expiration_date_time: described(
    Type.Union([Type.Integer(), Type.Null()]),
    'Unix seconds access ends; null when the bank set no end',
  ),
  transaction_from_date_time: described(Type.Integer(), 'the earliest transactions the consent covers, Unix seconds'),
  transaction_to_date_time: described(Type.Integer(), 'the latest transactions the consent covers, Unix seconds'),
  bank_slug: described(Type.String(), 'the bank (GET /public/v3/banks)'),
  reconfirm_by_date_time: Type.Union([Type.Integer(), Type.Null()], {
    description: 'the customer must reconfirm by then (every 90 days), else access ends',
  }),
});

const WebflowBank = Type.Object({
  ...BankWire.properties,
  is_connected: Type.Boolean({ description: 'the latest consent at this bank is Authorised' }),
  consent: described(
    Type.Union([ConsentStatusWire, Type.Null()]),
    "the customer's latest consent at this bank; null when none",
  ),
});

export const WebflowBankList = Type.Object({
  data: Type.Array(WebflowBank, {
    description: "the banks the customer can connect, each with the customer's latest consent there",
  }),
});

const Pull = Type.Object({
  id: described(Type.String(), "the pull's id"),
  trigger: described(
    Type.String(),
    'what started the pull: the authorisation, the scheduled refresh or a refresh you asked for',
  ),
  state: Type.Union(
    [Type.Literal('queued'), Type.Literal('running'), Type.Literal('succeeded'), Type.Literal('failed')],
    {
      description:
        'queued (waiting to run, or for its next attempt), running, succeeded (the data is stored) or failed (out of attempts; error_code says why)',
    },
  ),
  attempts: described(Type.Integer(), 'attempts made so far'),
  error_code: described(NullableText, 'a stable code for why the pull failed; null unless it failed'),
  error: described(NullableText, 'why the pull failed, in a sentence; null unless it failed'),
  counts: described(
    Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
    'what the pull fetched, by kind (accounts, balances, transactions, not_offered, skipped_items); null until it finished',
  ),
  created_at: described(Type.Integer(), 'Unix seconds the pull was queued'),
  started_at: described(Type.Union([Type.Integer(), Type.Null()]), 'Unix seconds it started; null while queued'),
  finished_at: described(Type.Union([Type.Integer(), Type.Null()]), 'Unix seconds it finished; null until then'),
  next_attempt_at: described(
    Type.Union([Type.Integer(), Type.Null()]),
    'Unix seconds of the next attempt after a failure; null when none is due',
  ),
});

export const ConsentView = Type.Object({
  ...ConsentStatusWire.properties,
  customer_id: described(Type.String(), 'the customer'),
  status_reason: described(
    NullableText,
    'why the consent has its status (e.g. revoked by the customer at the bank); null when nothing to add',
  ),
  bank_consent_id: Type.String({ description: "the consent's id at the bank (for support with the bank)" }),
  authorised_at: described(
    Type.Union([Type.Integer(), Type.Null()]),
    'Unix seconds the customer authorised; null until then',
  ),
  last_pulled_at: described(
    Type.Union([Type.Integer(), Type.Null()]),
    'Unix seconds data was last pulled; null until the first pull',
  ),
  next_refresh_at: described(
    Type.Union([Type.Integer(), Type.Null()]),
    'Unix seconds of the next scheduled pull; null when none (not authorised, or ended)',
  ),
  latest_pull: described(Type.Union([Pull, Type.Null()]), 'the most recent pull; null before the first'),
});

export const ConsentDetail = Type.Object({
  ...ConsentView.properties,
  pulls: Type.Array(Pull, { description: "the consent's pulls of data from the bank, newest first" }),
});

export const ConsentList = Type.Object({
  data: Type.Array(ConsentView, {
    description: "the customer's consents at every bank and in every status, newest first",
  }),
});

export const ConsentIdParams = Type.Object({
  customer_id: described(Type.String({ minLength: 1, maxLength: 100 }), 'the customer'),
  consent_id: described(Type.String({ minLength: 1, maxLength: 100 }), "the consent's id"),
});

export const RefreshAnswer = Type.Object({
  consent_id: Type.String({ description: "the consent's id" }),
  pull: described(Pull, 'the pull this refresh queued (or the one already queued or running)'),
});
