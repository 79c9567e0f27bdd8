/** Endpoints 13 (statements) and 14 (account parties); the singular /account/ path is accepted as an alias. */
import { Type } from 'typebox';
import type { HttpApp } from '../../http/server.ts';
import type { Database } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { clientOf, requireAuth } from '../../http/auth.ts';
import { problemResponses, STANDARD_ERRORS } from '../../http/wire.ts';
import { listAccountParties, listAccountStatements } from './statements.service.ts';
import { AccountParty, Statement, toPartyWire, toStatementWire } from './statements.wire.ts';

const Params = Type.Object({
  customer_id: Type.String({ description: "the customer's id" }),
  account_id: Type.String({ description: "the account's id (from GET …/accounts)" }),
});

export interface StatementRoutesDeps {
  db: Database;
  clock: Clock;
}

export async function statementRoutes(app: HttpApp, deps: StatementRoutesDeps): Promise<void> {
  const bearer = requireAuth(deps, 'bearer');
  const tags = ['Accounts'];
  const security = [{ Bearer: [] }];

  for (const segment of ['accounts', 'account']) {
    const alias = segment === 'account';
    app.get(
      `/public/v3/customers/:customer_id/${segment}/:account_id/statements`,
      {
        onRequest: bearer,
        schema: {
          summary: '13. Get statements',
          description:
            "Lists the account's statements as the bank gave them: period, amounts and dates. Empty when the bank does not offer statements.",
          tags,
          security,
          hide: alias,
          params: Params,
          response: {
            200: Type.Object({
              data: Type.Array(Statement, {
                description: "the account's statements as the bank gave them, the latest period first",
              }),
            }),
            ...problemResponses(...STANDARD_ERRORS),
          },
        },
      },
      async (request) => {
        const { customer_id, account_id } = request.params;
        const statements = await listAccountStatements(deps.db, clientOf(request).clientId, customer_id, account_id);
        return { data: statements.map((b) => toStatementWire(b)) };
      },
    );

    app.get(
      `/public/v3/customers/:customer_id/${segment}/:account_id/party`,
      {
        onRequest: bearer,
        schema: {
          summary: '14. Get account parties',
          description:
            "Lists the account's parties (holders) as the bank gave them: names, type and contact details. Empty when the bank does not offer them.",
          tags,
          security,
          hide: alias,
          params: Params,
          response: {
            200: Type.Object({
              data: Type.Array(AccountParty, {
                description: 'the people or businesses on the account (holders, joint holders, delegates)',
              }),
            }),
            ...problemResponses(...STANDARD_ERRORS),
          },
        },
      },
      async (request) => {
        const { customer_id, account_id } = request.params;
        const parties = await listAccountParties(deps.db, clientOf(request).clientId, customer_id, account_id);
        return { data: parties.map((b) => toPartyWire(b)) };
      },
    );
  }
}
