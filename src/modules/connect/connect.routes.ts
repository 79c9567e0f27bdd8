/** Endpoint 7: the web component's one-time URL (docs/decisions/0012-invitations-and-web-component.md). */
import type { HttpApp } from '../../http/server.ts';
import type { Database } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../config/config.ts';
import { clientOf, requireAuth } from '../../http/auth.ts';
import { problemResponses, STANDARD_ERRORS } from '../../http/wire.ts';
import { createComponentUrl } from './connect.service.ts';
import { ComponentInitBody, ComponentUrl } from './connect.wire.ts';

export interface ConnectRoutesDeps {
  db: Database;
  clock: Clock;
  installationKey: string;
  config: Pick<Config, 'publicBaseUrl'>;
}

export async function componentAuthRoutes(app: HttpApp, deps: ConnectRoutesDeps): Promise<void> {
  app.post(
    '/public/v3/component_auth/init',
    {
      onRequest: requireAuth(deps, 'bearer'),
      schema: {
        tags: ['Web component'],
        security: [{ Bearer: [] }],
        summary: '7. Get one-time URL for the web component',
        description:
          "Answers a one-time URL that loads the connect web component for this customer in your page (an iframe or the script's element). It can be opened once and expires quickly; make a new one per page view.",
        body: ComponentInitBody,
        response: { 200: ComponentUrl, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) => createComponentUrl(deps, clientOf(request).clientId, request.body, deps.clock.now()),
  );
}
