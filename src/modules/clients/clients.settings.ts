/**
 * A client's settings, declared once: each field with the schema it is read with (GET /public/v3/settings), the
 * schema it is written with (PATCH), and the check its values get beyond the schema. The TypeScript types, the
 * validation, the OpenAPI document and the stored columns (clients table, same names) all derive from this table.
 */
import { described } from '../../lib/described.ts';
import { Type, type Static, type TSchema } from 'typebox';
import { MAX_IMAGE_DATA_URL_LENGTH } from '../../lib/image-data-url.ts';

type Check = 'url' | 'url list' | 'origin list' | 'image' | 'brand colour';

/**
 * What a primary colour must read against at 4.5:1 (WCAG 2.x, normal text), named as the refusal names them: it is
 * the colour of links on the hosted pages' background (src/web/assets/connect.css, body) and the background of
 * buttons with white text. White is lighter than the page, so links on white cards pass whenever these do.
 */
export const BRAND_COLOUR_AGAINST = { 'the page background': '#f3f4f6', 'white button text': '#ffffff' } as const;

interface Field<R extends TSchema, W extends TSchema> {
  read: R;
  write: W;
  check?: Check;
}

const field = <R extends TSchema, W extends TSchema>(read: R, write: W, check?: Check): Field<R, W> => ({
  read,
  write,
  check,
});

const NullableUrl = Type.Union([Type.String({ maxLength: 2048 }), Type.Null()]);
const UrlList = Type.Array(Type.String({ maxLength: 2048 }), { maxItems: 100 });
const Name = Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()]);
const LOGO = {
  description:
    'the logo on the hosted pages: a data: URL of a PNG or SVG image (base64, at most 48 KB), served by this service',
};
const RETENTION = {
  description:
    "days the customers' data is kept, 1 to 36500: a customer with no new data, bank pull, consent or invitation for this long (and no consent still authorised) is erased, and the others' raw bank payloads, finished webhook deliveries and replaced reports older than this are deleted (hourly job retention.apply); null (the default) keeps data until the customer is deleted",
};
const COLOUR = {
  description:
    'buttons and links of the hosted pages, #rrggbb; refused unless it reads at 4.5:1 on the page background and under white text',
};

const RETURN = {
  description:
    "where the hosted pages' Return and Cancel buttons take an invited customer (an http(s) URL of yours); null: service_customer_center_url, else no link",
};
const COMPANY = 'your company name, shown to customers on the consent screen and hosted pages; null when not set';
const PRIVACY = 'your privacy policy, linked from the consent screen; null when not set';
const TERMS = 'your terms and conditions, linked from the consent screen; null when not set';
const SERVICE = 'your customer service page, linked from the hosted pages; null when not set';

const SETTINGS_FIELDS = {
  company_name: field(described(Type.Union([Type.String(), Type.Null()]), COMPANY), described(Name, COMPANY)),
  application_name: field(
    Type.Union([Type.String(), Type.Null()], { description: 'defaults to company_name on the consent screen' }),
    described(Name, 'your application as customers know it; null: company_name is shown'),
  ),
  privacy_policy_url: field(described(NullableUrl, PRIVACY), described(NullableUrl, PRIVACY), 'url'),
  terms_and_condition_url: field(described(NullableUrl, TERMS), described(NullableUrl, TERMS), 'url'),
  service_customer_center_url: field(described(NullableUrl, SERVICE), described(NullableUrl, SERVICE), 'url'),
  return_url: field(
    Type.Union([Type.String(), Type.Null()], RETURN),
    Type.Union([Type.String({ maxLength: 2048 }), Type.Null()], RETURN),
    'url',
  ),
  redirect_urls: field(
    Type.Array(Type.String(), { description: "exact-match allow-list for endpoint 5's url" }),
    described(UrlList, "exact-match allow-list for endpoint 5's url (https; http only for localhost)"),
    'url list',
  ),
  component_origins: field(
    Type.Array(Type.String(), { description: 'origins allowed to host the web component (endpoint 7)' }),
    described(UrlList, 'origins allowed to host the web component (endpoint 7), e.g. https://lender.example'),
    'origin list',
  ),
  logo_url: field(
    Type.Union([Type.String(), Type.Null()], LOGO),
    Type.Union([Type.String({ maxLength: MAX_IMAGE_DATA_URL_LENGTH }), Type.Null()], LOGO),
    'image',
  ),
  primary_colour: field(
    Type.Union([Type.String(), Type.Null()], COLOUR),
    Type.Union([Type.String({ pattern: '^#[0-9A-Fa-f]{6}$' }), Type.Null()], COLOUR),
    'brand colour',
  ),
  data_retention_days: field(
    Type.Union([Type.Integer(), Type.Null()], RETENTION),
    Type.Union([Type.Integer({ minimum: 1, maximum: 36500 }), Type.Null()], RETENTION),
  ),
};

type Fields = typeof SETTINGS_FIELDS;
export type SettingKey = keyof Fields;
export const SETTING_KEYS = Object.keys(SETTINGS_FIELDS) as SettingKey[];

function mapFields<T>(pick: (f: Fields[SettingKey]) => T): Record<SettingKey, T> {
  return Object.fromEntries(SETTING_KEYS.map((k) => [k, pick(SETTINGS_FIELDS[k])])) as Record<SettingKey, T>;
}

/** What GET /public/v3/settings answers. */
export const Settings = Type.Object(mapFields((f) => f.read) as { [K in SettingKey]: Fields[K]['read'] });

/** What PATCH /public/v3/settings takes: any of the fields, at least one, nothing else. */
export const SettingsPatch = Type.Object(
  mapFields((f) => Type.Optional(f.write)) as {
    [K in SettingKey]: ReturnType<typeof Type.Optional<Fields[K]['write']>>;
  },
  { additionalProperties: false, minProperties: 1 },
);

export type ClientSettings = Static<typeof Settings>;
export type ClientSettingsPatch = Static<typeof SettingsPatch>;

/** The keys whose values get a check beyond the schema, by kind. */
export function settingsWithCheck(check: Check): SettingKey[] {
  return SETTING_KEYS.filter((k) => SETTINGS_FIELDS[k].check === check);
}
