/** GET/PATCH /public/v3/settings: the calling client's own settings (consent screen, redirect allow-list, component origins). */
import type { HttpApp } from '../../http/server.ts';
import type { Database } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { clientOf, requireAuth } from '../../http/auth.ts';
import { problemResponses, STANDARD_ERRORS } from '../../http/wire.ts';
import { getSettings, updateSettings } from './clients.service.ts';
import { Settings, SettingsPatch } from './clients.settings.ts';

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
      onRequest: bearer,
      schema: {
        ...common,
        summary: "Read the client's settings",
        description:
          "Reads your client's settings: the redirect URLs the bank flow may return to, your display name and logo on the hosted pages, and the other per-client options.",
        response: { 200: Settings, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) => getSettings(deps.db, clientOf(request).clientId),
  );

  app.patch(
    '/public/v3/settings',
    {
      onRequest: bearer,
      schema: {
        ...common,
        summary: "Change the client's settings (members not sent stay as they are)",
        description:
          "Changes some of your client's settings; members you do not send keep their values. Answers with every setting as it now is.",
        body: SettingsPatch,
        response: { 200: Settings, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) =>
      updateSettings(deps.db, clientOf(request).clientId, request.body, { actor: 'client', now: deps.clock.now() }),
  );
}
