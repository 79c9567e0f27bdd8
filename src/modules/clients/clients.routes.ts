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
        body: SettingsPatch,
        response: { 200: Settings, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) =>
      updateSettings(deps.db, clientOf(request).clientId, request.body, { actor: 'client', now: deps.clock.now() }),
  );
}
