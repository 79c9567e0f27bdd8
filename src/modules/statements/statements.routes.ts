/** Endpoints 13 (statements) and 14 (account parties); the singular /account/ path is accepted as an alias. */
import { Type } from 'typebox';
import type { App, AppDeps } from '../../app.ts';
import { clientOf, requireAuth } from '../../http/auth.ts';
import { problemResponses, STANDARD_ERRORS } from '../../http/wire.ts';
import { requireAccount } from '../accounts/accounts.service.ts';
import * as repo from './statements.repo.ts';
import { AccountParty, Statement, toPartyWire, toStatementWire } from './statements.wire.ts';

const Params = Type.Object({ customer_id: Type.String(), account_id: Type.String() });

export async function statementRoutes(app: App, deps: AppDeps): Promise<void> {
  const bearer = requireAuth(deps, 'bearer');
  const tags = ['Accounts'];
  const security = [{ Bearer: [] }];

  for (const segment of ['accounts', 'account']) {
    const alias = segment === 'account';
    app.get(
      `/public/v3/customers/:customer_id/${segment}/:account_id/statements`,
      {
        preHandler: bearer,
        schema: {
          summary: '13. Get statements',
          tags,
          security,
          hide: alias,
          params: Params,
          response: { 200: Type.Object({ data: Type.Array(Statement) }), ...problemResponses(...STANDARD_ERRORS) },
        },
      },
      async (request) => {
        const account = await requireAccount(
          deps.db,
          clientOf(request).clientId,
          request.params.customer_id,
          request.params.account_id,
        );
        return {
          data: (await repo.listStatements(deps.db, account.customer_id, account.id)).map((b) => toStatementWire(b)),
        };
      },
    );

    app.get(
      `/public/v3/customers/:customer_id/${segment}/:account_id/party`,
      {
        preHandler: bearer,
        schema: {
          summary: '14. Get account parties',
          tags,
          security,
          hide: alias,
          params: Params,
          response: { 200: Type.Object({ data: Type.Array(AccountParty) }), ...problemResponses(...STANDARD_ERRORS) },
        },
      },
      async (request) => {
        const account = await requireAccount(
          deps.db,
          clientOf(request).clientId,
          request.params.customer_id,
          request.params.account_id,
        );
        return { data: (await repo.listParties(deps.db, account.customer_id, account.id)).map((b) => toPartyWire(b)) };
      },
    );
  }
}
