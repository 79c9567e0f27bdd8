/** GET /public/v3/banks (Bearer) and the banks' logos. The customer-facing list is modules/consents (GET /public/v3/webflow/banks). */
import { Type } from 'typebox';
import type { HttpApp } from '../../http/server.ts';
import type { Database } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../config/config.ts';
import { requireAuth } from '../../http/auth.ts';
import { problemResponses, STANDARD_ERRORS } from '../../http/wire.ts';
import { BANKS, bankLogoSvg, findBank } from '../../banks/registry.ts';
import { notFound } from '../../lib/app-error.ts';
import { BankWire, toBankWire } from './banks.wire.ts';

export interface BankRoutesDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'publicBaseUrl'>;
}

export async function bankRoutes(app: HttpApp, deps: BankRoutesDeps): Promise<void> {
  app.get(
    '/public/v3/banks',
    {
      onRequest: requireAuth(deps, 'bearer'),
      schema: {
        summary: 'List banks',
        description:
          'Lists the banks this installation can connect to, with their slugs (used in the bank flow paths), names and logos.',
        tags: ['Banks'],
        security: [{ Bearer: [] }],
        response: {
          200: Type.Object({
            data: Type.Array(BankWire, {
              description: 'the banks this installation knows, with the slug to use in paths and submissions',
            }),
          }),
          ...problemResponses(...STANDARD_ERRORS),
        },
      },
    },
    async () => ({ data: BANKS.map((b) => toBankWire(deps.config.publicBaseUrl, b)) }),
  );

  // Public: logos are shown on the customer's pages, which carry no client token.
  app.get(
    '/public/v3/banks/:bank_slug/logo.svg',
    {
      schema: {
        summary: "A bank's logo",
        description: "The bank's logo image, for your own bank picker; cacheable.",
        tags: ['Banks'],
        params: Type.Object({ bank_slug: Type.String() }),
        hide: true,
      },
    },
    async (request, reply) => {
      const b = findBank(request.params.bank_slug);
      if (!b) throw notFound('bank');
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(bankLogoSvg(b));
    },
  );
}
