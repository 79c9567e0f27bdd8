/** Endpoints 2 and 3, plus list/get/delete of customers (docs/decisions/0005-customers.md). */
import type { HttpApp } from '../../http/server.ts';
import type { Database } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../config/config.ts';
import { clientOf, requireAuth } from '../../http/auth.ts';
import { pagingEnvelope, problemResponses, STANDARD_ERRORS } from '../../http/wire.ts';
import { Type } from 'typebox';
import * as service from './customers.service.ts';
import { deleteCustomer, type ErasureSteps } from './customers.erasure.ts';
import {
  CreateCustomerBody,
  Customer,
  CustomerIdParams,
  CustomerList,
  CustomerToken,
  ListCustomersQuery,
} from './customers.wire.ts';

export interface CustomerRoutesDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'customerTokenTtlSeconds' | 'publicBaseUrl'>;
  /** what other modules do in an erasure (the composition root wires the consents, invitations and transactions modules') */
  erasure: ErasureSteps;
}

export async function customerRoutes(app: HttpApp, deps: CustomerRoutesDeps): Promise<void> {
  await customerCollectionRoutes(app, deps);
  await customerItemRoutes(app, deps);
}

/** Endpoint 2 and the list (find by user_reference). */
async function customerCollectionRoutes(app: HttpApp, deps: CustomerRoutesDeps): Promise<void> {
  const bearer = requireAuth(deps, 'bearer');
  const tags = ['Customers'];
  const security = [{ Bearer: [] }];

  app.post(
    '/public/v3/customers',
    {
      onRequest: bearer,
      schema: {
        summary: '2. Create customer',
        description:
          "Creates a customer: the person whose bank data you will read. `user_reference` is your own reference for them, unique per client; creating one that exists answers 409 naming the existing customer's id.",
        tags,
        security,
        body: CreateCustomerBody,
        response: { 201: Customer, ...problemResponses(...STANDARD_ERRORS, 409) },
      },
    },
    async (request, reply) => {
      const created = await service.createCustomer(
        deps.db,
        clientOf(request).clientId,
        request.body.user_reference,
        deps.clock.now(),
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/public/v3/customers',
    {
      onRequest: bearer,
      schema: {
        summary: 'List customers (find by user_reference)',
        description:
          'Lists your customers, oldest first, paged. Filter by `user_reference` to find the customer you created for one of your own records.',
        tags,
        security,
        querystring: ListCustomersQuery,
        response: { 200: CustomerList, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const maxPerPage = request.query.max_per_page ?? 1000;
      const { data, total } = await service.listCustomers(deps.db, clientOf(request).clientId, {
        userReference: request.query.user_reference,
        page,
        maxPerPage,
      });
      return {
        data,
        ...pagingEnvelope(deps.config.publicBaseUrl, '/public/v3/customers', request.query, page, maxPerPage, total),
      };
    },
  );
}

/** One customer: read, delete (erasure), and its customer token (endpoint 3). */
async function customerItemRoutes(app: HttpApp, deps: CustomerRoutesDeps): Promise<void> {
  const bearer = requireAuth(deps, 'bearer');
  const tags = ['Customers'];
  const security = [{ Bearer: [] }];

  app.get(
    '/public/v3/customers/:customer_id',
    {
      onRequest: bearer,
      schema: {
        summary: 'Get a customer',
        description: "Reads one of your customers. Another client's customer, like an unknown id, answers 404.",
        tags,
        security,
        params: CustomerIdParams,
        response: { 200: Customer, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) => service.getCustomer(deps.db, clientOf(request).clientId, request.params.customer_id),
  );

  app.delete(
    '/public/v3/customers/:customer_id',
    {
      onRequest: bearer,
      schema: {
        summary: 'Delete a customer and all of their data',
        description:
          "Erases the customer at once, in one transaction: every row that holds their data (accounts, balances, transactions and their categories, statements, parties, raw bank payloads and pulls, consents, reports, events, webhook deliveries and their attempts, invitations, connect sessions, Idempotency-Key records, staged uploads, the change feed) and the invitation e-mails kept as files. Each of the customer's bank consents still alive is revoked at its bank by a background job that carries only the bank's consent id. The client's audit log records the erasure by the customer's id (never their data). A 100 000-transaction customer is erased in about a second or two (bench/erasure.bench.ts). Answers 404 for an id the client does not have, including one already erased.",
        tags,
        security,
        params: CustomerIdParams,
        response: {
          204: Type.Null({ description: 'Erased: nothing of the customer remains' }),
          ...problemResponses(...STANDARD_ERRORS),
        },
      },
    },
    async (request, reply) => {
      // docs/decisions/0063-customer-erasure.md: the other modules' parts come from the composition root (src/app/routes.ts).
      await deleteCustomer(deps.db, clientOf(request).clientId, request.params.customer_id, deps.erasure, {
        actor: 'client',
        reason: 'request',
        now: deps.clock.now(),
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/public/v3/customers/:customer_id/token',
    {
      onRequest: bearer,
      schema: {
        summary: '3. Create customer token',
        description:
          "Issues a short-lived customer token (`obi_ut_…`) for the customer's side of the flow: the consent screen, the bank flow and its status. Hand it to your front end, never your Bearer token; it acts on this one customer only.",
        tags,
        security,
        params: CustomerIdParams,
        response: { 200: CustomerToken, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) =>
      service.createCustomerToken(
        deps.db,
        clientOf(request).clientId,
        request.params.customer_id,
        deps.config.customerTokenTtlSeconds,
        deps.clock.now(),
      ),
  );
}
