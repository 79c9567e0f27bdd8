/** The client's view of its customers' consents (Bearer): list, one with its pulls, refresh on demand, revoke. */
import type { HttpApp } from '../../http/server.ts';
import type { ConsentDeps } from './bank-access.ts';
import { clientOf, requireAuth } from '../../http/auth.ts';
import { problemResponses, STANDARD_ERRORS } from '../../http/wire.ts';
import { CustomerIdParams } from '../customers/index.ts';
import * as service from './consents.service.ts';
import { ConsentDetail, ConsentIdParams, ConsentList, ConsentView, RefreshAnswer } from './consents.wire.ts';

export async function consentRoutes(app: HttpApp, deps: ConsentDeps): Promise<void> {
  await consentReadRoutes(app, deps);
  await consentActionRoutes(app, deps);
}

/** A customer's consents, as the client sees them. */
async function consentReadRoutes(app: HttpApp, deps: ConsentDeps): Promise<void> {
  const bearer = requireAuth(deps, 'bearer');
  const tags = ['Consents'];
  const security = [{ Bearer: [] }];

  app.get(
    '/public/v3/customers/:customer_id/consents',
    {
      onRequest: bearer,
      schema: {
        summary: "A customer's bank consents, newest first",
        description:
          "Client side: lists the customer's bank consents, newest first, with their status, bank, expiry and accounts.",
        tags,
        security,
        params: CustomerIdParams,
        response: { 200: ConsentList, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) => service.listCustomerConsents(deps, clientOf(request).clientId, request.params.customer_id),
  );

  app.get(
    '/public/v3/customers/:customer_id/consents/:consent_id',
    {
      onRequest: bearer,
      schema: {
        summary: 'One consent with its recent pulls',
        description:
          'Client side: one consent with its recent data pulls (when, what was fetched, and any error), to see why data is or is not up to date.',
        tags,
        security,
        params: ConsentIdParams,
        response: { 200: ConsentDetail, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) =>
      service.getCustomerConsent(
        deps,
        clientOf(request).clientId,
        request.params.customer_id,
        request.params.consent_id,
      ),
  );
}

/** What a client can do to a consent: refresh it, or revoke it. */
async function consentActionRoutes(app: HttpApp, deps: ConsentDeps): Promise<void> {
  const bearer = requireAuth(deps, 'bearer');
  const tags = ['Consents'];
  const security = [{ Bearer: [] }];

  app.post(
    '/public/v3/customers/:customer_id/consents/:consent_id/refresh',
    {
      onRequest: bearer,
      schema: {
        summary: "Pull the consent's data again now",
        description:
          "Client side: pulls the consent's accounts, balances and transactions from the bank now rather than at the next scheduled refresh. Answers 202 with the queued pull; a webhook follows when the reports are updated.",
        tags,
        security,
        params: ConsentIdParams,
        response: { 202: RefreshAnswer, ...problemResponses(...STANDARD_ERRORS, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await service.refreshConsent(
            deps,
            clientOf(request).clientId,
            request.params.customer_id,
            request.params.consent_id,
          ),
        ),
  );

  app.delete(
    '/public/v3/customers/:customer_id/consents/:consent_id',
    {
      onRequest: bearer,
      schema: {
        summary: 'Revoke the consent (here and at the bank)',
        description:
          'Client side: revokes the consent here and at the bank; the data already pulled stays until you delete the customer.',
        tags,
        security,
        params: ConsentIdParams,
        response: { 200: ConsentView, ...problemResponses(...STANDARD_ERRORS) },
      },
    },
    async (request) =>
      service.revokeConsentByClient(
        deps,
        clientOf(request).clientId,
        request.params.customer_id,
        request.params.consent_id,
      ),
  );
}
