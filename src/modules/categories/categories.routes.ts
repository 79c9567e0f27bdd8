/** Endpoint 19: the category taxonomy for Personal or Business accounts, keyed by category id. */
import { Type } from 'typebox';
import type { HttpApp } from '../../http/server.ts';
import type { Database } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { requireAuth } from '../../http/auth.ts';
import { problemResponses, STANDARD_ERRORS, described } from '../../http/wire.ts';
import { categoriesFor } from '../../analytics/categories/taxonomy.ts';
import type { AccountType } from '../../analytics/types.ts';

const CategoryWire = Type.Object({
  id: Type.String({ description: "the category's id, as categorised transactions carry it" }),
  name: Type.String({ description: "the category's name" }),
  income_expenditure: described(
    Type.Union([Type.Literal('income'), Type.Literal('expenditure')]),
    'income or expenditure',
  ),
  fixed_flexible: Type.Optional(
    Type.Union([Type.Literal('fixed'), Type.Literal('flexible')], { description: 'expenditure categories only' }),
  ),
});

export interface CategoryRoutesDeps {
  db: Database;
  clock: Clock;
}

export async function categoryRoutes(app: HttpApp, deps: CategoryRoutesDeps): Promise<void> {
  app.get(
    '/public/v3/account_types/:account_type/transaction_categories',
    {
      onRequest: requireAuth(deps, 'bearer'),
      schema: {
        summary: '19. Get categories',
        description:
          'Lists the transaction categories the service assigns for an account type (personal), grouped by parent category, with their ids: the ids that categorised transactions and the reports use.',
        tags: ['Categories'],
        security: [{ Bearer: [] }],
        params: Type.Object({
          account_type: Type.Union([Type.Literal('Personal'), Type.Literal('Business')], {
            description: 'Personal or Business',
          }),
        }),
        response: { 200: Type.Record(Type.String(), CategoryWire), ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) => {
      const out: Record<
        string,
        {
          id: string;
          name: string;
          income_expenditure: 'income' | 'expenditure';
          fixed_flexible?: 'fixed' | 'flexible';
        }
      > = {};
      for (const c of categoriesFor(request.params.account_type as AccountType)) {
        out[c.id] = {
          id: c.id,
          name: c.name,
          income_expenditure: c.income_expenditure,
          ...(c.fixed_flexible ? { fixed_flexible: c.fixed_flexible } : {}),
        };
      }
      return out;
    },
  );
}
