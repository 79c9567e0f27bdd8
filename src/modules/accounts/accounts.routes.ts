/** Account collections (docs/decisions/0006-banks-and-accounts.md), endpoint 12, and balances. */
import { Type } from 'typebox';
import type { HttpApp } from '../../http/server.ts';
import type { Database } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Queue } from '../../jobs/queue.ts';
import { clientOf, requireAuth } from '../../http/auth.ts';
import { problemResponses, STANDARD_ERRORS } from '../../http/wire.ts';
import { CustomerIdParams } from '../customers/index.ts';
import * as service from './accounts.service.ts';
import { AccountCollectionBody, AccountList, Balance, BalanceCollectionBody } from './accounts.wire.ts';

export interface AccountRoutesDeps {
  db: Database;
  clock: Clock;
  queue: Queue;
}

export async function accountRoutes(app: HttpApp, deps: AccountRoutesDeps): Promise<void> {
  await accountCollectionRoutes(app, deps);
  await balanceRoutes(app, deps);
}

/** Accounts: submit (idempotent on bank_slug + number) and list (endpoint 12). */
async function accountCollectionRoutes(app: HttpApp, deps: AccountRoutesDeps): Promise<void> {
  const bearer = requireAuth(deps, 'bearer');
  const tags = ['Accounts'];
  const security = [{ Bearer: [] }];

  app.post(
    '/public/v3/customers/:customer_id/account_collections',
    {
      onRequest: bearer,
      schema: {
        summary: 'Create accounts (idempotent on bank_slug + number)',
        description:
          "Submits a customer's accounts (bank data by submission). An account with the same bank slug and account number as one already held is the same account, updated, so a retry or a resubmission does not duplicate it. Answers with the accounts' ids, needed to submit their balances and transactions.",
        tags,
        security,
        params: CustomerIdParams,
        body: AccountCollectionBody,
        response: { 200: AccountList, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) =>
      service.createAccounts(
        deps.db,
        clientOf(request).clientId,
        request.params.customer_id,
        request.body.accounts,
        deps.clock.now(),
      ),
  );

  app.get(
    '/public/v3/customers/:customer_id/accounts',
    {
      onRequest: bearer,
      schema: {
        summary: '12. Get accounts',
        description:
          "Lists the customer's accounts, submitted or pulled from their banks, with type, currency, identifiers and the bank they are held at.",
        tags,
        security,
        params: CustomerIdParams,
        response: { 200: AccountList, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) => service.listAccounts(deps.db, clientOf(request).clientId, request.params.customer_id),
  );
}

/** Balances: submit and read per account. */
async function balanceRoutes(app: HttpApp, deps: AccountRoutesDeps): Promise<void> {
  const bearer = requireAuth(deps, 'bearer');
  const tags = ['Accounts'];
  const security = [{ Bearer: [] }];

  app.post(
    '/public/v3/customers/:customer_id/balance_collections',
    {
      onRequest: bearer,
      schema: {
        summary: 'Submit balances (one per account, type and day)',
        description:
          "Submits balances for the customer's accounts: one per account, balance type and day; a second for the same account, type and day replaces the first.",
        tags,
        security,
        params: CustomerIdParams,
        body: BalanceCollectionBody,
        response: {
          200: Type.Object({
            status: Type.Literal('success', { description: 'success: every balance was stored' }),
            stored: Type.Integer({ description: 'how many balances were stored' }),
          }),
          ...problemResponses(...STANDARD_ERRORS, 422),
        },
      },
    },
    async (request) =>
      service.submitBalances(
        deps.db,
        deps.queue,
        clientOf(request).clientId,
        request.params.customer_id,
        request.body.balances,
        deps.clock.now(),
      ),
  );

  app.get(
    '/public/v3/customers/:customer_id/accounts/:account_id/balances',
    {
      onRequest: bearer,
      schema: {
        summary: "An account's balances, newest day first",
        description:
          "Lists one account's balances, newest day first, each with its type (e.g. closing booked, interim available), amount and currency, and the credit line when the bank gives one.",
        tags,
        security,
        params: Type.Object({
          customer_id: Type.String({ description: "the customer's id" }),
          account_id: Type.String({ description: "the account's id (from GET …/accounts)" }),
        }),
        response: {
          200: Type.Object({
            data: Type.Array(Balance, {
              description: "the account's balances, one per type and day, newest day first",
            }),
          }),
          ...problemResponses(...STANDARD_ERRORS),
        },
      },
    },
    async (request) =>
      service.listBalances(deps.db, clientOf(request).clientId, request.params.customer_id, request.params.account_id),
  );
}
