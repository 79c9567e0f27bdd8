/** GET/PATCH /public/v3/settings: the calling client's own settings (consent screen, redirect allow-list, component origins). */
import { Type } from 'typebox';
import type { HttpApp } from '../../http/server.ts';
import type { Database } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { clientOf, requireAuth } from '../../http/auth.ts';
import { problemResponses, STANDARD_ERRORS } from '../../http/wire.ts';
import { getSettings, updateSettings } from './clients.service.ts';

const NullableUrl = Type.Union([Type.String({ maxLength: 2048 }), Type.Null()]);
const UrlList = Type.Array(Type.String({ maxLength: 2048 }), { maxItems: 100 });

const Settings = Type.Object({
  company_name: Type.Union([Type.String(), Type.Null()]),
  application_name: Type.Union([Type.String(), Type.Null()], {
    description: 'defaults to company_name on the consent screen',
  }),
  privacy_policy_url: NullableUrl,
  terms_and_condition_url: NullableUrl,
  service_customer_center_url: NullableUrl,
  redirect_urls: Type.Array(Type.String(), { description: "exact-match allow-list for endpoint 5's url" }),
  component_origins: Type.Array(Type.String(), {
    description: 'origins allowed to host the web component (endpoint 7)',
  }),
});

const SettingsPatch = Type.Object(
  {
    company_name: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()])),
    application_name: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()])),
    privacy_policy_url: Type.Optional(NullableUrl),
    terms_and_condition_url: Type.Optional(NullableUrl),
    service_customer_center_url: Type.Optional(NullableUrl),
    redirect_urls: Type.Optional(UrlList),
    component_origins: Type.Optional(UrlList),
  },
  { additionalProperties: false, minProperties: 1 },
);

export interface SettingsRoutesDeps {
  db: Database;
  clock: Clock;
}

export async function settingsRoutes(app: HttpApp, deps: SettingsRoutesDeps): Promise<void> {
  const bearer = requireAuth(deps, 'bearer');
  const common = { tags: ['Settings'], security: [{ Bearer: [] }] };
  app.get(
    '/public/v3/settings',
    {
      preHandler: bearer,
      schema: {
        ...common,
        summary: "Read the client's settings",
        response: { 200: Settings, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) => getSettings(deps.db, clientOf(request).clientId),
  );

  app.patch(
    '/public/v3/settings',
    {
      preHandler: bearer,
      schema: {
        ...common,
        summary: "Change the client's settings (members not sent stay as they are)",
        body: SettingsPatch,
        response: { 200: Settings, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) => updateSettings(deps.db, clientOf(request).clientId, request.body, deps.clock.now()),
  );
}
